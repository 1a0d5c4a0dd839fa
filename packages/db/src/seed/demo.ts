import { accountType, softwareType, userRole, whereCreated } from '@colophon/domain';
import { hash } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import type { Db } from '../create-db';
import {
  accounts,
  manufacturerClosures,
  manufacturers,
  manufacturerTurnTimes,
  manufacturingPlants,
  userAccounts,
  users,
} from '../schema/index';
import { seedClientErrors } from './client-errors';
import { seedDigitalYearbook } from './mobile-yearbooks';
import { seedQueueJobs } from './queues';
import { seedSeason } from './season';
import { seedTeacherGradeCombinations } from './teacher-grade-combinations';

export interface DemoSignIn {
  email: string;
  role: string;
  note?: string;
}

export interface DemoOptions {
  password: string;
  /** Extra generated users per school, for lists that page. */
  extraUsersPerSchool?: number;
  /** Demo jobs in every status on the processing pages (default yes; the API tests start with empty queues). */
  queueJobs?: boolean;
}

type NewAccount = typeof accounts.$inferInsert;
type NewUser = typeof users.$inferInsert;

const SCHOOL_NAMES = [
  'Maple Grove Elementary',
  'Riverside Middle School',
  'Lincoln High School',
  'Cedar Park K-8',
  'Westview K-12 Academy',
  'Little Acorns Preschool',
  'St. Mark Lutheran Church',
  'Northside Tigers',
  'Lakeshore University',
  'Starlight Dance Company',
  'Summit Community Group',
  'Hillcrest High School',
];

/** True when the database already holds data (the demo is loaded only into an empty one). */
export async function hasData(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return Number(row?.total ?? 0) > 0;
}

/**
 * Longer (or shorter) than a manufacturer's standard turn time, by book type: saddle stitching is
 * quickest, sewn and Smyth-sewn hard covers slowest. Ours, for the demo's turn-time table.
 */
const TURN_TIME_OFFSET_BY_BOOK_TYPE: Record<number, number> = {
  1: -2,
  2: -2,
  3: 0,
  4: 0,
  5: 2,
  6: 2,
  7: -1,
  8: -1,
  9: 4,
  10: 3,
};

/**
 * The demo's turn times (every manufacturer × book type 1..10; a redo takes about half) and a few
 * closures beyond federal holidays: Beltsville's year-end shutdown week and Phoenix's summer
 * maintenance week, so business days visibly skip them.
 */
async function seedManufacturerCalendars(
  db: Db,
  rows: { id: number; plantId: number; turnTimeDays: number }[],
  plants: { beltsville: number; phoenix: number },
) {
  await db.insert(manufacturerTurnTimes).values(
    rows.flatMap((manufacturer) =>
      Object.entries(TURN_TIME_OFFSET_BY_BOOK_TYPE).map(([typeBook, offset]) => {
        const turnTimeDays = Math.max(3, manufacturer.turnTimeDays + offset);
        return {
          manufacturerId: manufacturer.id,
          typeBook: Number(typeBook),
          turnTimeDays,
          redoTurnTimeDays: Math.max(2, Math.ceil(turnTimeDays / 2)),
        };
      }),
    ),
  );
  const shutdowns: Record<number, { dates: string[]; reason: string }> = {
    [plants.beltsville]: {
      dates: ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31'],
      reason: 'Year-end plant shutdown',
    },
    [plants.phoenix]: {
      dates: ['2027-07-06', '2027-07-07', '2027-07-08', '2027-07-09'],
      reason: 'Summer maintenance shutdown',
    },
  };
  await db.insert(manufacturerClosures).values(
    rows.flatMap((manufacturer) => {
      const shutdown = shutdowns[manufacturer.plantId];
      return (shutdown?.dates ?? []).map((date) => ({
        manufacturerId: manufacturer.id,
        date,
        reason: shutdown?.reason,
      }));
    }),
  );
}

/**
 * The demo season: the house account, a studio with two sub-studios and a sales-rep branch, schools
 * of many kinds in three countries, one sign-in per role, and the two plants with their presses;
 * then the season (`seedSeason`): about 40 schools with projects, proofs, orders, stores and
 * notifications. Later capabilities add their own demo records on top of these.
 */
export async function seedDemo(db: Db, options: DemoOptions): Promise<DemoSignIn[]> {
  // One argon2id hash serves every demo user: they share the demo password.
  const passwordHash = await hash(options.password, { algorithm: 2 });

  const [beltsville, phoenix] = await db
    .insert(manufacturingPlants)
    .values([
      { code: 'B', name: 'Beltsville', zip: '20705' },
      { code: 'P', name: 'Phoenix', zip: '85034' },
    ])
    .returning();
  if (!beltsville || !phoenix) throw new Error('plants not created');
  const demoManufacturers = await db
    .insert(manufacturers)
    .values(
      [
        {
          code: 'BLT1',
          name: 'Beltsville Offset Line 1',
          plantId: beltsville.id,
          turnTimeDays: 15,
          expeditedTurnTimeDays: 8,
        },
        {
          code: 'BLT2',
          name: 'Beltsville Offset Line 2',
          plantId: beltsville.id,
          turnTimeDays: 15,
          expeditedTurnTimeDays: 8,
        },
        {
          code: 'BLTD',
          name: 'Beltsville Digital',
          plantId: beltsville.id,
          turnTimeDays: 10,
          expeditedTurnTimeDays: 5,
        },
        {
          code: 'BLTS',
          name: 'Beltsville Softcover Bindery',
          plantId: beltsville.id,
          turnTimeDays: 12,
          expeditedTurnTimeDays: 6,
        },
        {
          code: 'PHX1',
          name: 'Phoenix Offset Line 1',
          plantId: phoenix.id,
          turnTimeDays: 18,
          expeditedTurnTimeDays: 10,
        },
        { code: 'PHXD', name: 'Phoenix Digital', plantId: phoenix.id, turnTimeDays: 10, expeditedTurnTimeDays: 5 },
        {
          code: 'PHXH',
          name: 'Phoenix Hardcover Bindery',
          plantId: phoenix.id,
          turnTimeDays: 20,
          expeditedTurnTimeDays: 12,
        },
        { code: 'DL1', name: 'Digital Lizard East', plantId: beltsville.id, turnTimeDays: 7, expeditedTurnTimeDays: 3 },
        { code: 'DL2', name: 'Digital Lizard West', plantId: phoenix.id, turnTimeDays: 7, expeditedTurnTimeDays: 3 },
        {
          code: 'PHXS',
          name: 'Phoenix Saddle Stitch',
          plantId: phoenix.id,
          turnTimeDays: 9,
          expeditedTurnTimeDays: null,
          isActive: false,
        },
      ].map((manufacturer) => ({
        ...manufacturer,
        // H4's postback tests and the e2e tests sign as the plant with this conventional secret.
        postbackSecret: `demo-${manufacturer.code.toLowerCase()}-postback-secret`,
      })),
    )
    .returning();
  await seedManufacturerCalendars(db, demoManufacturers, { beltsville: beltsville.id, phoenix: phoenix.id });

  const insertAccount = async (account: NewAccount) => {
    const [row] = await db.insert(accounts).values(account).returning();
    if (!row) throw new Error(`account ${account.code} not created`);
    return row;
  };
  const house = await insertAccount({
    code: 'S00001',
    name: 'Colophon House Account',
    type: accountType.Other,
    typeWhereCreated: whereCreated.Studio,
  });
  const studio = await insertAccount({
    code: 'S10000',
    name: 'Evergreen Portrait Studio',
    type: accountType.Studio,
    typeWhereCreated: whereCreated.Studio,
  });
  const northStudio = await insertAccount({
    code: 'S10001',
    name: 'Evergreen North',
    type: accountType.Studio,
    typeWhereCreated: whereCreated.Studio,
    parentAccountId: studio.id,
    depth: 1,
  });
  const southStudio = await insertAccount({
    code: 'S10002',
    name: 'Evergreen South',
    type: accountType.Studio,
    typeWhereCreated: whereCreated.Studio,
    parentAccountId: studio.id,
    depth: 1,
  });
  const branch = await insertAccount({
    code: 'R20000',
    name: 'Great Lakes Sales Office',
    type: accountType.SalesRepBranchOffice,
    typeWhereCreated: whereCreated.Studio,
    parentAccountId: studio.id,
    depth: 1,
  });
  const countries = ['US', 'US', 'US', 'CA', 'US', 'US', 'US', 'CA', 'US', 'US', 'BR', 'US'];
  const types = [
    accountType.Elementary,
    accountType.Middle,
    accountType.HighSchool,
    accountType.K8,
    accountType.K12,
    accountType.Preschool,
    accountType.Church,
    accountType.Team,
    accountType.University,
    accountType.Dance,
    accountType.Other,
    accountType.HighSchool,
  ];
  const parents = [
    northStudio,
    northStudio,
    southStudio,
    southStudio,
    branch,
    studio,
    studio,
    northStudio,
    southStudio,
    branch,
    studio,
    northStudio,
  ];
  const schools = [];
  for (const [index, name] of SCHOOL_NAMES.entries()) {
    const parent = parents[index] ?? studio;
    schools.push(
      await insertAccount({
        code: `A${String(30001 + index)}`,
        name,
        type: types[index] ?? accountType.HighSchool,
        typeSoftware:
          index % 3 === 0
            ? softwareType.NonePDFSubmission
            : index % 3 === 1
              ? softwareType.LayoutSoftwareB
              : softwareType.StoreOnly,
        typeWhereCreated: index % 2 === 0 ? whereCreated.School : whereCreated.Studio,
        country: countries[index] ?? 'US',
        parentAccountId: parent.id,
        depth: parent.depth + 1,
        // Hillcrest asks every user for a second factor.
        mfaRequired: name === 'Hillcrest High School',
      }),
    );
  }
  const directSchool = await insertAccount({
    code: 'A39001',
    name: 'Oak Valley High School',
    type: accountType.HighSchool,
    typeSoftware: softwareType.NonePDFSubmission,
    typeWhereCreated: whereCreated.School,
  });
  const lincoln = schools[2]!;

  const people: { user: NewUser; accountIds: number[]; note?: string }[] = [
    {
      user: {
        email: 'super@colophon.test',
        firstName: 'Sam',
        lastName: 'Superadmin',
        role: userRole.StudioOwner,
        bSuperAdmin: true,
        timezone: 'EST',
      },
      accountIds: [house.id],
    },
    {
      user: {
        email: 'owner@colophon.test',
        firstName: 'Olivia',
        lastName: 'Owner',
        role: userRole.StudioOwner,
        timezone: 'CST',
      },
      accountIds: [studio.id],
    },
    {
      user: {
        email: 'studioadmin@colophon.test',
        firstName: 'Adam',
        lastName: 'Studioadmin',
        role: userRole.StudioAdministrator,
        timezone: 'CST',
      },
      accountIds: [studio.id],
    },
    {
      user: {
        email: 'contact@colophon.test',
        firstName: 'Cora',
        lastName: 'Contact',
        role: userRole.StudioContact,
        timezone: 'MST',
      },
      accountIds: [northStudio.id],
    },
    {
      user: {
        email: 'salesrep@colophon.test',
        firstName: 'Reggie',
        lastName: 'Rep',
        role: userRole.SalesRep,
        timezone: 'CST',
      },
      accountIds: [branch.id],
    },
    {
      user: {
        email: 'schooladmin@colophon.test',
        firstName: 'Sofia',
        lastName: 'Principal',
        role: userRole.SchoolAdministrator,
        timezone: 'PST',
      },
      accountIds: [lincoln.id],
    },
    {
      user: {
        email: 'adviser@colophon.test',
        firstName: 'Avery',
        lastName: 'Adviser',
        role: userRole.SchoolYearbookAdviser,
        timezone: 'CST',
      },
      accountIds: [lincoln.id],
    },
    {
      user: {
        email: 'volunteer@colophon.test',
        firstName: 'Val',
        lastName: 'Volunteer',
        role: userRole.SchoolYearbookVolunteer,
        timezone: 'CST',
      },
      accountIds: [lincoln.id],
    },
    {
      user: {
        email: 'salesmanager@colophon.test',
        firstName: 'Sal',
        lastName: 'Salesmanager',
        role: userRole.SchoolYearbookSalesManager,
        timezone: 'EST',
      },
      accountIds: [lincoln.id],
    },
    {
      user: {
        email: 'treasurer@colophon.test',
        firstName: 'Tess',
        lastName: 'Treasurer',
        role: userRole.Treasurer,
        timezone: 'HST',
      },
      accountIds: [lincoln.id],
    },
    {
      user: {
        email: 'mfa@colophon.test',
        firstName: 'Morgan',
        lastName: 'Factor',
        role: userRole.SchoolYearbookAdviser,
        timezone: 'CST',
        mfaRequired: true,
        mfaMethod: 'email',
      },
      accountIds: [schools[0]!.id],
      note: 'e-mail MFA: the code is in the server log and the outbox',
    },
    {
      user: {
        email: 'direct@colophon.test',
        firstName: 'Dana',
        lastName: 'Direct',
        role: userRole.SchoolYearbookAdviser,
        timezone: 'EST',
      },
      accountIds: [directSchool.id],
      note: 'adviser of a school that works with the plant directly',
    },
    {
      user: {
        email: 'newadviser@colophon.test',
        firstName: 'Nico',
        lastName: 'Newcomer',
        role: userRole.SchoolYearbookAdviser,
        timezone: 'CST',
        mustChangePassword: true,
      },
      accountIds: [lincoln.id],
      note: 'must choose a new password at first sign-in',
    },
  ];
  const firstNames = [
    'Jordan',
    'Taylor',
    'Casey',
    'Riley',
    'Jamie',
    'Morgan',
    'Quinn',
    'Parker',
    'Reese',
    'Rowan',
    'Emerson',
    'Hayden',
  ];
  const lastNames = [
    'Nguyen',
    'Garcia',
    'Smith',
    'Johnson',
    'Okafor',
    'Silva',
    'Martin',
    'Kowalski',
    'Tremblay',
    'Haddad',
    'Lee',
    'Brown',
  ];
  const staffRoles = [
    userRole.SchoolYearbookAdviser,
    userRole.SchoolYearbookVolunteer,
    userRole.SchoolYearbookVolunteer,
    userRole.SchoolYearbookSalesManager,
    userRole.Treasurer,
    userRole.SchoolAdministrator,
  ] as const;
  const perSchool = options.extraUsersPerSchool ?? 4;
  for (const [schoolIndex, school] of [...schools, directSchool].entries()) {
    for (let n = 0; n < perSchool; n++) {
      const first = firstNames[(schoolIndex * 7 + n * 3) % firstNames.length]!;
      const last = lastNames[(schoolIndex * 5 + n) % lastNames.length]!;
      people.push({
        user: {
          email: `${first}.${last}.${school.code}.${n}@schools.colophon.test`.toLowerCase(),
          firstName: first,
          lastName: last,
          role: staffRoles[(schoolIndex + n) % staffRoles.length]!,
          timezone: school.country === 'CA' ? 'EST' : 'CST',
          isActive: n !== 3,
        },
        accountIds: [school.id],
      });
    }
  }

  const created = await db
    .insert(users)
    .values(people.map((person) => ({ ...person.user, passwordHash })))
    .returning({ id: users.id, email: users.email });
  const idByEmail = new Map(created.map((row) => [row.email, row.id]));
  await db
    .insert(userAccounts)
    .values(
      people.flatMap((person) =>
        person.accountIds.map((accountId) => ({ userId: idByEmail.get(person.user.email)!, accountId })),
      ),
    );

  await seedSeason(db, { studio, northStudio, southStudio, branch, schools, directSchool, passwordHash });
  await seedTeacherGradeCombinations(db, { lincoln: lincoln.id, mapleGrove: schools[0]!.id });
  await seedClientErrors(db);
  await seedDigitalYearbook(db, new Date());
  if (options.queueJobs !== false) await seedQueueJobs(db, new Date());

  const roleNames: Record<number, string> = {
    8: 'Studio Owner',
    7: 'Studio Administrator',
    16: 'Studio Contact',
    3: 'School Administrator',
    5: 'School Yearbook Adviser',
    6: 'School Yearbook Volunteer',
    22: 'School Yearbook Sales Manager',
    20: 'Treasurer',
    99: 'Sales Rep',
  };
  return people
    .filter((person) => person.user.email.endsWith('@colophon.test'))
    .map((person) => ({
      email: person.user.email,
      role: person.user.bSuperAdmin ? 'Super Administrator' : (roleNames[person.user.role] ?? String(person.user.role)),
      ...(person.note ? { note: person.note } : {}),
    }));
}
