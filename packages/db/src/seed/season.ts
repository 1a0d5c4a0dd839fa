import {
  accountType,
  bookType,
  coverBoardWeight,
  coverType,
  credentialsDestination,
  dock,
  finish,
  internalProofStatus,
  isHardCover,
  isStoreOnlySoftware,
  notificationType,
  orderStatus,
  orderType,
  printer,
  productType,
  proofProcessingStatus,
  proofStatus,
  softwareType,
  userRole,
  whereCreated,
} from '@colophon/domain';
import { asc } from 'drizzle-orm';
import type { Db } from '../create-db';
import {
  accountAddresses,
  accountContacts,
  accountManufacturerRelationships,
  accountSettings,
  accounts,
  manufacturers,
  notifications,
  orders,
  presets,
  projectMeta,
  projects,
  proofs,
  salesRepProjectMeta,
  userAccounts,
  users,
} from '../schema/index';
import { seedAccountingSync } from './accounting';
import { seedStoredCards } from './cards';
import { seedFundRequests } from './fund-requests';
import { seedInvoices } from './invoices';
import { seedMoneyTimeline } from './money-timeline';
import { seedOnlineSales } from './online-sales';
import { completeDemoOrders } from './orders';
import { seedPricing } from './pricing';
import { seedStores } from './stores';

type AccountRow = typeof accounts.$inferSelect;
type NewAccount = typeof accounts.$inferInsert;
type NewProject = typeof projects.$inferInsert;
type NewOrder = typeof orders.$inferInsert;

export interface SeasonTree {
  studio: AccountRow;
  northStudio: AccountRow;
  southStudio: AccountRow;
  branch: AccountRow;
  /** The demo's first schools (Lincoln High School among them) and the direct school Oak Valley. */
  schools: AccountRow[];
  directSchool: AccountRow;
  passwordHash: string;
}

/** More schools for the season: every account type, in the United States, Canada and Brazil. */
const MORE_SCHOOLS: {
  name: string;
  type: number;
  country: string;
  software: number;
  parent: 'north' | 'south' | 'branch' | 'prairie' | 'studio';
}[] = [
  { name: 'Bright Beginnings Preschool', type: 1, country: 'US', software: 0, parent: 'north' },
  { name: 'Willow Creek Elementary', type: 2, country: 'US', software: 1, parent: 'north' },
  { name: 'Fraser Valley Elementary', type: 2, country: 'CA', software: 3, parent: 'south' },
  { name: 'Escola Primavera', type: 2, country: 'BR', software: 0, parent: 'studio' },
  { name: 'Jefferson Middle School', type: 3, country: 'US', software: 4, parent: 'branch' },
  { name: 'Laurentian Middle School', type: 3, country: 'CA', software: 0, parent: 'south' },
  { name: 'Pine Ridge K-8', type: 4, country: 'US', software: 5, parent: 'prairie' },
  { name: 'Harbor View K-8', type: 4, country: 'US', software: 9, parent: 'north' },
  { name: 'Rocky Mountain K-12', type: 5, country: 'US', software: 7, parent: 'prairie' },
  { name: 'Colégio Horizonte K-12', type: 5, country: 'BR', software: 3, parent: 'studio' },
  { name: 'Roosevelt High School', type: 6, country: 'US', software: 10, parent: 'branch' },
  { name: 'Central Plains High School', type: 6, country: 'US', software: 0, parent: 'prairie' },
  { name: 'Ottawa Collegiate Institute', type: 6, country: 'CA', software: 2, parent: 'south' },
  { name: 'Eastside High School', type: 6, country: 'US', software: 6, parent: 'north' },
  { name: 'Grace Community Church', type: 7, country: 'US', software: 0, parent: 'branch' },
  { name: 'Holy Trinity Parish', type: 7, country: 'CA', software: 9, parent: 'south' },
  { name: 'River City Rowing Club', type: 8, country: 'US', software: 0, parent: 'prairie' },
  { name: 'Valley Youth Soccer League', type: 8, country: 'US', software: 8, parent: 'north' },
  { name: 'Northern Plains University', type: 11, country: 'US', software: 3, parent: 'prairie' },
  { name: 'Université du Lac', type: 11, country: 'CA', software: 0, parent: 'south' },
  { name: 'Rhythm & Grace Dance Academy', type: 12, country: 'US', software: 9, parent: 'branch' },
  { name: 'Companhia de Dança Aurora', type: 12, country: 'BR', software: 0, parent: 'studio' },
  { name: 'Lakeside Scouts Troop 12', type: 13, country: 'US', software: 0, parent: 'prairie' },
  { name: 'Meadowbrook Montessori', type: 1, country: 'CA', software: 1, parent: 'north' },
  { name: 'Summit Ridge Middle School', type: 3, country: 'US', software: 3, parent: 'branch' },
  { name: 'Cascade K-12 Charter', type: 5, country: 'US', software: 0, parent: 'south' },
  { name: 'Westfield High School', type: 6, country: 'US', software: 4, parent: 'prairie' },
  { name: 'Old Mill Elementary', type: 2, country: 'US', software: 0, parent: 'north' },
];

const DAY = 86_400_000;
const dateOnly = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Order cases that, with the part 4 rule, show every order status and every derived display. */
const CURRENT_ORDER_CASES: Omit<NewOrder, 'projectId' | 'accountId'>[] = [
  { status: orderStatus.Error, typeOrder: orderType.Production },
  { status: orderStatus.Processing, typeOrder: orderType.Production },
  { status: orderStatus.Waiting, typeOrder: orderType.Production },
  { status: orderStatus.Submitted, typeOrder: orderType.Production },
  { status: orderStatus.Customizing, typeOrder: orderType.Production },
  { status: orderStatus.Customized, typeOrder: orderType.Production },
  { status: orderStatus.OnHoldInManufacturing, typeOrder: orderType.Production },
  { status: orderStatus.InProduction, typeOrder: orderType.Production },
  { status: orderStatus.InProduction, typeOrder: orderType.Production, countExtras: 20 },
  { status: orderStatus.CanceledInManufacturing, typeOrder: orderType.Production },
  {
    status: orderStatus.Shipped,
    typeOrder: orderType.Sample,
    shippingMethod: 'UG',
    bCombineCopies: true,
    schoolTracking: '1ZSAMPLE0001',
  },
];
const PAST_ORDER_CASES: Omit<NewOrder, 'projectId' | 'accountId'>[] = [
  { status: orderStatus.Delivered, shippingMethod: 'FG', schoolTracking: '7790001' },
  {
    status: orderStatus.BothCopiesDelivered,
    shippingMethod: 'UG',
    countExtras: 25,
    schoolTracking: '1Z001',
    studioTracking: '1Z002',
  },
  {
    status: orderStatus.OnlySchoolCopiesDelivered,
    shippingMethod: 'UG',
    countExtras: 10,
    schoolTracking: '1Z003',
    studioTracking: '1Z004',
  },
  {
    status: orderStatus.OnlyStudioCopiesDelivered,
    shippingMethod: 'FG',
    countExtras: 12,
    schoolTracking: '7790002',
    studioTracking: '7790003',
  },
  { status: orderStatus.Shipped, shippingMethod: 'PP' },
  { status: orderStatus.Shipped, shippingMethod: 'FG', bCombineCopies: true, schoolTracking: '7790004' },
  { status: orderStatus.Shipped, shippingMethod: 'UG', countExtras: 30, studioTracking: '1Z005' },
  { status: orderStatus.Shipped, shippingMethod: 'UG', countExtras: 30, schoolTracking: '1Z006' },
  {
    status: orderStatus.Shipped,
    shippingMethod: 'LTL',
    countExtras: 40,
    schoolTracking: 'PRO-1',
    studioTracking: 'PRO-2',
  },
  { status: orderStatus.LostInTransit, shippingMethod: 'FC', schoolTracking: '9400001' },
  { status: orderStatus.Delivered, typeOrder: orderType.Redo, shippingMethod: 'PR', schoolTracking: '9400002' },
  { status: orderStatus.Delivered, typeOrder: orderType.SummerSingleShipToHome, shippingMethod: 'PA' },
];

/** Notification types of the demo, cycled over the schools (999 is an unknown code: it shows Unknown). */
const NOTIFICATION_TYPES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 18, 20, 21, 22, 23, 24, 40, 41, 42, 47, 51, 61, 62, 87, 97, 101, 105, 107, 108, 109,
  110, 999,
];

/**
 * The season on top of the demo's accounts and users: more schools (one adviser each) under the
 * studio's tree and a new Prairie branch office that must be paid before production; a project of
 * every book type for each school this year and last; proofs, orders and stores in every status;
 * notifications of many types; settings, presets, project meta, addresses and contacts.
 * Dates are relative to today, so deadlines are always ahead.
 */
export async function seedSeason(db: Db, tree: SeasonTree) {
  const now = Date.now();
  const [prairie] = await db
    .insert(accounts)
    .values({
      code: 'R20001',
      name: 'Prairie Sales Office',
      type: accountType.SalesRepBranchOffice,
      typeWhereCreated: whereCreated.Studio,
      parentAccountId: tree.studio.id,
      depth: 1,
      bMustPayBeforeProduction: true,
    })
    .returning();
  if (!prairie) throw new Error('Prairie Sales Office not created');
  const parents = {
    north: tree.northStudio,
    south: tree.southStudio,
    branch: tree.branch,
    prairie,
    studio: tree.studio,
  };
  const newSchools = await db
    .insert(accounts)
    .values(
      MORE_SCHOOLS.map(
        (school, index): NewAccount => ({
          code: `A${30013 + index}`,
          name: school.name,
          type: school.type,
          typeSoftware: school.software,
          typeWhereCreated: index % 3 === 0 ? whereCreated.School : whereCreated.Studio,
          country: school.country,
          parentAccountId: parents[school.parent].id,
          depth: parents[school.parent].depth + 1,
          isActive: school.name !== 'Lakeside Scouts Troop 12',
        }),
      ),
    )
    .returning();
  const advisers = await db
    .insert(users)
    .values(
      newSchools.map((school, index) => ({
        email: `adviser.${school.code.toLowerCase()}@schools.colophon.test`,
        firstName: ['Jordan', 'Priya', 'Mateo', 'Chloé', 'Aisha', 'Liam', 'Ana', 'Noah'][index % 8]!,
        lastName: school.name.split(' ')[0]!.replace(/[^A-Za-zÀ-ÿ]/g, '') || 'Adviser',
        role: userRole.SchoolYearbookAdviser,
        timezone: school.country === 'CA' ? 'EST' : 'CST',
        passwordHash: tree.passwordHash,
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(userAccounts)
    .values(advisers.map((adviser, index) => ({ userId: adviser.id, accountId: newSchools[index]!.id })));

  const allSchools = [...tree.schools, tree.directSchool, ...newSchools];
  const projectValues: NewProject[] = [];
  allSchools.forEach((school, index) => {
    const storeOnly = isStoreOnlySoftware(school.typeSoftware);
    const typeBook = (index % 10) + 1;
    const hardCover = isHardCover(typeBook);
    const saddle = typeBook <= 2;
    const spec = {
      typeBook,
      typeSize: [8, 9, 5, 11][index % 4]!,
      pageCount: saddle ? 48 : 96 + (index % 5) * 16,
      typeCover: (index % 2) + 1,
      typeCoverStyle: index % 3,
      typeCoverBoardWeight: hardCover ? (index % 2 ? 120 : 100) : coverBoardWeight.NA,
      coverApplications: index % 4 === 0 ? [3, 11] : index % 4 === 1 ? [0] : [],
      typeEndsheet: index % 4,
      typeFinish: [1, 3, 4, 96][index % 4]!,
      typePersonalization: index % 5,
      typeCustomPages: [0, 2, 4][index % 3]!,
      typePrinter: (index % 3) + 1,
      typeSoftware: storeOnly ? softwareType.StoreOnly : school.typeSoftware,
      typeCredentialsDestination:
        storeOnly || school.typeSoftware === softwareType.NonePDFSubmission
          ? credentialsDestination.NA
          : (index % 2) + 1,
      typeCreationKitDestination: (index % 2) + 1,
      typeDock: index % 3,
      copies: 80 + index * 15,
    };
    // This season: a deadline from three weeks ago to four months ahead.
    const deadline = now + (index * 4 - 20) * DAY;
    projectValues.push({
      ...spec,
      accountId: school.id,
      name: `${school.name} Yearbook 2025-2026`,
      year: 2026,
      agreementYear: '2025-2026',
      submissionDeadline: dateOnly(deadline),
      inHomeDate: dateOnly(deadline + 45 * DAY),
    });
    // Last season (all but a few schools had a book).
    if (index % 7 !== 6) {
      projectValues.push({
        ...spec,
        typeBook: ((index + 3) % 10) + 1,
        typeCoverBoardWeight: isHardCover(((index + 3) % 10) + 1) ? 100 : coverBoardWeight.NA,
        pageCount: ((index + 3) % 10) + 1 <= 2 ? 40 : 80,
        accountId: school.id,
        name: `${school.name} Yearbook 2024-2025`,
        year: 2025,
        agreementYear: '2024-2025',
        submissionDeadline: dateOnly(now - (300 - index) * DAY),
        inHomeDate: dateOnly(now - (250 - index) * DAY),
      });
    }
  });
  const createdProjects = await db.insert(projects).values(projectValues).returning();
  const current = createdProjects.filter((project) => project.year === 2026);
  const past = createdProjects.filter((project) => project.year === 2025);

  // Proofs: none for the first few, then every customer and internal status.
  const proofValues: (typeof proofs.$inferInsert)[] = [];
  current.forEach((project, index) => {
    if (index % 6 === 5) return;
    const count = (index % 3) + 1;
    for (let n = 0; n < count; n++) {
      const latest = n === count - 1;
      const createdAt = new Date(now - (30 - n * 7 - (index % 5)) * DAY);
      proofValues.push({
        projectId: project.id,
        status: latest ? (index % 3) + 1 : 2,
        internalStatus: latest ? (index % 8) + 1 : 2,
        roundNumber: n + 1,
        ...importedProof(createdAt),
      });
    }
  });
  past.forEach((project) => {
    proofValues.push({
      projectId: project.id,
      status: proofStatus.Approved,
      internalStatus: internalProofStatus.Approved,
      ...importedProof(new Date(now - 280 * DAY)),
    });
  });
  await db.insert(proofs).values(proofValues);

  // Orders: this season's in every production status, last season's shipped and delivered.
  const orderValues: NewOrder[] = [];
  current.forEach((project, index) => {
    if (index % 3 !== 0) return;
    const orderCase = CURRENT_ORDER_CASES[(index / 3) % CURRENT_ORDER_CASES.length]!;
    orderValues.push({
      typeProduct: productType.Yearbook,
      ...orderCase,
      projectId: project.id,
      accountId: project.accountId,
      submittedAt:
        (orderCase.status ?? orderStatus.Waiting) >= orderStatus.Submitted ? new Date(now - (index % 9) * DAY) : null,
      createdAt: new Date(now - (index % 9) * DAY - DAY),
    });
  });
  // A Prairie school's book waits for payment: its branch office must be paid before production.
  const prairieIds = new Set(
    newSchools.filter((school) => school.parentAccountId === prairie.id).map((school) => school.id),
  );
  const waiting = current.find(
    (project) => prairieIds.has(project.accountId) && !orderValues.some((order) => order.projectId === project.id),
  );
  if (waiting) {
    orderValues.push({
      projectId: waiting.id,
      accountId: waiting.accountId,
      status: orderStatus.Submitted,
      typeOrder: orderType.Production,
      submittedAt: new Date(now - 2 * DAY),
      createdAt: new Date(now - 3 * DAY),
    });
  }
  past.forEach((project, index) => {
    const orderCase = PAST_ORDER_CASES[index % PAST_ORDER_CASES.length]!;
    orderValues.push({
      typeOrder: orderType.Production,
      ...orderCase,
      projectId: project.id,
      accountId: project.accountId,
      submittedAt: new Date(now - (290 - index) * DAY),
      createdAt: new Date(now - (291 - index) * DAY),
    });
  });
  // A proof copy printed before last season's first book: every order type appears, and the
  // project's latest order stays its production one.
  const firstPast = past[0];
  if (firstPast) {
    orderValues.push({
      typeOrder: orderType.Proof,
      status: orderStatus.Delivered,
      shippingMethod: 'FG',
      schoolTracking: 'proof',
      projectId: firstPast.id,
      accountId: firstPast.accountId,
      submittedAt: new Date(now - 300 * DAY),
      createdAt: new Date(now - 301 * DAY),
    });
  }
  const insertedOrders = await db
    .insert(orders)
    .values(orderValues)
    .returning({ id: orders.id, projectId: orders.projectId });
  const waitingOrder = waiting ? insertedOrders.find((order) => order.projectId === waiting.id) : undefined;
  await completeDemoOrders(db, now, waitingOrder?.id ?? null);
  // The order notifications below name the project's real order (its latest), when it has one.
  const orderExternalIds = new Map(
    (
      await db
        .select({ projectId: orders.projectId, externalId: orders.externalId })
        .from(orders)
        .orderBy(asc(orders.createdAt))
    ).map((row) => [row.projectId, row.externalId]),
  );

  // Stores (seed/stores.ts): every school's store this year, most open; last year's closed; products, prices, coupons.
  await seedStores(db, allSchools, now);
  // Online sales (seed/online-sales.ts): three seasons of parents' orders in those stores, and a 2024 store each.
  await seedOnlineSales(db, allSchools, now);
  // Fund, summer fund and sales-tax requests (seed/fund-requests.ts): paid out and waiting, from those sales.
  await seedFundRequests(db, allSchools, now);
  // Stored cards (seed/cards.ts): test brands on a few schools, one default each, a declining and an expired card.
  await seedStoredCards(db, allSchools, now);
  // Price lists (seed/pricing.ts): 2024 to 2026, each school's designation, a few adjustments.
  await seedPricing(db, allSchools, tree.directSchool);
  // Invoices (seed/invoices.ts): one in every state on the schools with cards — paid by card, declined, partly
  // paid, refunded, refunded and void, void, paid by ACH and check, a draft.
  await seedInvoices(db, allSchools, now);
  // The money timeline's demo school (seed/money-timeline.ts): Lincoln's season whole — payouts and its invoices.
  await seedMoneyTimeline(db, allSchools, now);
  // Accounting sync (seed/accounting.ts), after every invoice is made: synced, failed and pending pushes.
  await seedAccountingSync(db, new Date(now));

  // Notifications: many types over the last two months; every fifth school has none.
  const notificationValues: (typeof notifications.$inferInsert)[] = [];
  allSchools.forEach((school, index) => {
    if (index % 5 === 4) return;
    const project = current.find((candidate) => candidate.accountId === school.id);
    for (let n = 0; n < 3; n++) {
      const typeNotification = NOTIFICATION_TYPES[(index * 3 + n) % NOTIFICATION_TYPES.length]!;
      notificationValues.push({
        accountId: school.id,
        projectId: project?.id ?? null,
        typeNotification,
        date: new Date(now - (index * 1.3 + n * 9) * DAY),
        userName: 'Avery Adviser',
        projectName: project?.name ?? null,
        typeBook: project?.typeBook ?? null,
        orderExternalId: [5, 6, 7, 87, 101, 108, 109].includes(typeNotification)
          ? (orderExternalIds.get(project?.id ?? 0) ?? null)
          : null,
        carrier: [6, 108].includes(typeNotification) ? 'UPS' : null,
        trackingNumber: [6, 108].includes(typeNotification) ? `1Z${index}${n}00042` : null,
        shippingMethod: [6, 108].includes(typeNotification) ? 'UG' : null,
        info: typeNotification === notificationType.EPUBReady ? 'The digital edition is ready to share.' : null,
        errorMessage: [20, 21, 22, 23, 24].includes(typeNotification) ? 'Page 14 is 8.25 x 10.75 inches.' : null,
      });
    }
  });
  await db.insert(notifications).values(notificationValues);

  // Settings: the studio turns internal review on; one school opts out; one sub-studio adds notes.
  const lincoln = tree.schools[2]!;
  await db.insert(accountSettings).values([
    {
      accountId: tree.studio.id,
      internalReview: true,
      projectDefaults: {
        typeSize: 8,
        typeFinish: finish.LaminateGloss,
        typePrinter: printer.InHousePrinting,
        typeDock: dock.Unknown,
        copies: 150,
      },
    },
    { accountId: tree.northStudio.id, optInAdviserReviewNotes: true, projectDefaults: { typeCover: coverType.Duplex } },
    { accountId: newSchools[1]!.id, optOutInternalReview: true },
    { accountId: lincoln.id, optInAdviserReviewNotes: true },
  ]);

  await db.insert(presets).values([
    {
      accountId: tree.studio.id,
      name: 'Classic hard cover',
      specification: {
        typeBook: bookType.StandardHardCover,
        typeSize: 8,
        pageCount: 120,
        typeCoverBoardWeight: 100,
        typeFinish: finish.LaminateGloss,
      },
    },
    {
      accountId: tree.studio.id,
      name: 'Elementary soft cover',
      specification: {
        typeBook: bookType.SoftCoverPerfectBound,
        typeSize: 8,
        pageCount: 64,
        typeCoverBoardWeight: coverBoardWeight.NA,
        typeFinish: finish.UVGloss,
      },
    },
    {
      accountId: lincoln.id,
      name: 'Lincoln senior book',
      specification: { typeBook: bookType.SmythHardCover, pageCount: 200 },
    },
  ]);

  const lincolnProject = current.find((project) => project.accountId === lincoln.id)!;
  await db.insert(projectMeta).values([
    {
      projectId: lincolnProject.id,
      theme: 'Roots & Wings',
      coverTitle: 'The Lincoln Log',
      enrollment: 1200,
      staffSize: 18,
      notes: 'Senior portraits due in October.',
    },
  ]);
  await db.insert(salesRepProjectMeta).values(
    current.slice(0, 6).map((project, index) => ({
      projectId: project.id,
      commissionPercent: [0, 5, 10, 15, 20, 25][index]!,
      pricePerBookCents: 2495 + index * 250,
      pricingDesignation: ['K', 'L', 'M', 'N', 'R', 'S'][index]!,
      estimatedCopies: 100 + index * 50,
      followUpDate: dateOnly(now + (index + 3) * DAY),
    })),
  );

  await db.insert(accountAddresses).values([
    {
      accountId: lincoln.id,
      kind: 'mailing',
      line1: '1200 Lincoln Way',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62704',
      country: 'US',
    },
    {
      accountId: lincoln.id,
      kind: 'shipping',
      line1: 'Loading dock B, 1200 Lincoln Way',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62704',
      country: 'US',
    },
    {
      accountId: tree.studio.id,
      kind: 'billing',
      line1: '77 Evergreen Terrace',
      city: 'Madison',
      region: 'WI',
      postalCode: '53703',
      country: 'US',
    },
  ]);
  await db.insert(accountContacts).values([
    {
      accountId: lincoln.id,
      name: 'Avery Adviser',
      title: 'Yearbook Adviser',
      email: 'adviser@colophon.test',
      phone: '217-555-0142',
      isPrimary: true,
    },
    { accountId: lincoln.id, name: 'Front Office', phone: '217-555-0100' },
    { accountId: tree.studio.id, name: 'Olivia Owner', title: 'Owner', email: 'owner@colophon.test', isPrimary: true },
  ]);

  const printers = await db.select({ id: manufacturers.id, code: manufacturers.code }).from(manufacturers);
  const byCode = new Map(printers.map((printer) => [printer.code, printer.id]));
  await db.insert(accountManufacturerRelationships).values([
    { accountId: tree.studio.id, manufacturerId: byCode.get('BLT1')!, typeBook: null },
    { accountId: tree.studio.id, manufacturerId: byCode.get('BLTS')!, typeBook: bookType.SoftCoverPerfectBound },
    {
      accountId: lincoln.id,
      manufacturerId: byCode.get('PHXH')!,
      typeBook: bookType.SmythHardCover,
      notes: 'Smyth sewn at Phoenix.',
    },
  ]);
}

/**
 * The season's proofs are history imported without their PDFs (the real, processed demo books are
 * queued by the API at first start): finished processing, with no pages to show.
 */
function importedProof(createdAt: Date) {
  return { createdAt, processingStatus: proofProcessingStatus.Processed, processedAt: createdAt } as const;
}
