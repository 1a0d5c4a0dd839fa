import {
  accountAddresses,
  accounts,
  type Db,
  manufacturers,
  manufacturingPlants,
  orders,
  projects,
  proofs,
} from '@colophon/db';
import {
  bookSize,
  bookType,
  coverApplication,
  coverBoardWeight,
  coverStyle,
  coverType,
  type Enumeration,
  endsheet,
  finish,
  orderType,
  personalization,
  shippingMethod,
} from '@colophon/domain';
import { asc, eq } from 'drizzle-orm';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

/*
 * The job ticket: the XML a plant reads to print an order (issue 11). Built from the order and its
 * project's book specification, or as edited by hand in the order admin; either way it must pass
 * `ticketSchema` before it is saved or sent. Codes are the domain's enumerations, with their labels
 * as attributes for the person at the plant (the labels are not checked: the code is the contract).
 */

export type OrderRow = typeof orders.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type AddressRow = typeof accountAddresses.$inferSelect;
export type ManufacturerRow = typeof manufacturers.$inferSelect;
export type PlantRow = typeof manufacturingPlants.$inferSelect;

export const TICKET_VERSION = '1';
const ATTRIBUTE = '@_';

// ——— The schema ———

/** `<X code=".." label=".."/>`: a code of one enumeration (label free text, for people). */
function codedElement(enumeration: Enumeration<number> | Enumeration<string>, noun: string) {
  const codes = enumeration.codes.join(', ');
  return z.strictObject(
    {
      [`${ATTRIBUTE}code`]: z
        .string({ error: 'the code attribute is required' })
        .refine(
          (value) => enumeration.codes.some((code) => String(code) === value),
          `must be one of the ${noun} codes ${codes}`,
        ),
      [`${ATTRIBUTE}label`]: z.string().max(200).optional(),
    },
    { error: `must be an element with a ${noun} code attribute` },
  );
}

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,7}$/, message)
    .refine((value) => Number(value) >= min && Number(value) <= max, message);
}

const yesNo = z.enum(['true', 'false'], { error: 'must be true or false' });

function text(max: number, required = true) {
  const message = required ? `must be text of 1 to ${max} characters` : `must be text of at most ${max} characters`;
  const base = z.string({ error: message }).max(max, message);
  return required ? base.min(1, message) : base;
}

const isoDate = z
  .string({ error: 'must be a date YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'must be a real date YYYY-MM-DD',
  );

/** An element that may repeat: the parser gives one as an object and several as a list. */
function repeated<Item extends z.ZodType>(item: Item, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max, `at most ${max}`),
  );
}

const addressSchema = z.strictObject(
  {
    [`${ATTRIBUTE}kind`]: z
      .enum(['mailing', 'shipping', 'billing'], { error: 'must be mailing, shipping or billing' })
      .optional(),
    Name: text(200).optional(),
    Line1: text(200),
    Line2: text(200, false).optional(),
    City: text(100),
    Region: text(100, false).optional(),
    PostalCode: text(20, false).optional(),
    Country: z
      .string({ error: 'must be a two-letter country code' })
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  },
  { error: 'must be an address element' },
);

/** An element of elements; written empty (`<Shipping/>`) it is one whose children are all absent. */
const section = <Shape extends z.ZodRawShape>(shape: Shape, what: string) =>
  z.preprocess((value) => (value === '' ? {} : value), z.strictObject(shape, { error: `must be the ${what} element` }));

export const ticketSchema = z.strictObject(
  {
    JobTicket: section(
      {
        [`${ATTRIBUTE}version`]: z.literal(TICKET_VERSION, { error: `must be version="${TICKET_VERSION}"` }),
        Order: section(
          {
            Id: wholeNumber(1, 2_147_483_647).optional(),
            ExternalId: text(64),
            Type: codedElement(orderType, 'order type'),
            Expedited: yesNo,
            ShipBy: isoDate.optional(),
          },
          'Order',
        ),
        Customer: section(
          {
            AccountCode: text(16),
            Name: text(200),
            Address: addressSchema.optional(),
          },
          'Customer',
        ),
        Book: section(
          {
            Type: codedElement(bookType, 'book type'),
            Size: codedElement(bookSize, 'size').optional(),
            Pages: wholeNumber(4, 1000),
            Cover: section(
              {
                Type: codedElement(coverType, 'cover type').optional(),
                Style: codedElement(coverStyle, 'cover style').optional(),
                BoardWeight: codedElement(coverBoardWeight, 'cover board weight').optional(),
                Applications: z
                  .union([
                    z.literal(''),
                    section(
                      { Application: repeated(codedElement(coverApplication, 'cover application'), 20) },
                      'Applications',
                    ),
                  ])
                  .optional(),
              },
              'Cover',
            ),
            Endsheet: codedElement(endsheet, 'endsheet').optional(),
            Finish: codedElement(finish, 'finish').optional(),
            Personalization: codedElement(personalization, 'personalization').optional(),
            Copies: wholeNumber(1, 100_000),
            Extras: wholeNumber(0, 100_000),
            CombineCopies: yesNo,
          },
          'Book',
        ),
        Shipping: section(
          {
            Method: codedElement(shippingMethod, 'shipping method').optional(),
            ShipTo: addressSchema.optional(),
          },
          'Shipping',
        ),
        Plant: section(
          {
            Manufacturer: z.strictObject(
              { [`${ATTRIBUTE}code`]: text(8), [`${ATTRIBUTE}name`]: text(120, false).optional() },
              { error: 'must be an element with the manufacturer code attribute' },
            ),
            Plant: z.strictObject(
              { [`${ATTRIBUTE}code`]: text(1), [`${ATTRIBUTE}name`]: text(100, false).optional() },
              { error: 'must be an element with the plant code attribute' },
            ),
          },
          'Plant',
        ),
      },
      'JobTicket',
    ),
  },
  { error: 'the root element must be JobTicket' },
);
export type TicketDocument = z.infer<typeof ticketSchema>;

// ——— Parsing ———

const ticketParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // The parser leaves references as written (no entity of its own is expanded): only XML's five and
  // character references are read, below, so nothing can expand (a DOCTYPE is refused first).
  processEntities: false,
  htmlEntities: false,
  tagValueProcessor: (_name, value) => decodeReferences(value),
  attributeValueProcessor: (_name, value) => decodeReferences(value),
});

const NAMED_REFERENCES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeReferences(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#')) {
      const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[name] ?? whole;
  });
}

export type TicketParse = { ok: true; document: TicketDocument } | { ok: false; message: string };

/** `JobTicket/Book/Pages` from a zod path (attributes as `@code`). */
function elementPath(path: readonly PropertyKey[]): string {
  const parts = path
    .filter((part) => typeof part === 'string')
    .map((part) => (part.startsWith(ATTRIBUTE) ? `@${part.slice(ATTRIBUTE.length)}` : part));
  return parts.length > 0 ? parts.join('/') : 'JobTicket';
}

/**
 * The ticket as a document, or the first problem in words: 'Malformed XML at line 3: …' or
 * '<element path>: <reason>' ('JobTicket/Book/Pages: must be a whole number from 4 to 1000').
 */
export function parseTicket(xml: string): TicketParse {
  // No DOCTYPE, so no entity declarations: nothing external is read and nothing expands (XXE, bombs).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    return { ok: false, message: 'JobTicket: a DOCTYPE or entity declaration is not allowed' };
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, message: `Malformed XML at line ${valid.err.line}: ${valid.err.msg}` };
  const raw: unknown = ticketParser.parse(xml);
  const roots = raw && typeof raw === 'object' ? Object.keys(raw) : [];
  if (roots.length !== 1 || roots[0] !== 'JobTicket') {
    return { ok: false, message: 'JobTicket: the root element must be JobTicket' };
  }
  const parsed = ticketSchema.safeParse(raw);
  if (parsed.success) return { ok: true, document: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue) return { ok: false, message: 'JobTicket: not a job ticket' };
  // An unknown element is named by its own path, not its parent's.
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return { ok: false, message: `${elementPath([...issue.path, key])}: unknown element or attribute` };
  }
  return { ok: false, message: `${elementPath(issue.path)}: ${issue.message}` };
}

// ——— Building ———

export interface TicketInput {
  order: OrderRow;
  project: ProjectRow;
  account: AccountRow & { addresses: AddressRow[] };
  manufacturer: ManufacturerRow | null;
  plant: PlantRow | null;
  /** The pages of the proof the order was placed from (the project's planned count otherwise). */
  proofPageCount?: number | null;
}

// The builder escapes `&`, `<`, `>`, `"` and `'` in text and attributes itself (processEntities).
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

function coded(enumeration: Enumeration<number> | Enumeration<string>, code: number | string | null | undefined) {
  if (code === null || code === undefined) return undefined;
  return { [`${ATTRIBUTE}code`]: String(code), [`${ATTRIBUTE}label`]: enumeration.label(code) };
}

function addressElement(address: AddressRow | undefined, name?: string) {
  if (!address) return undefined;
  return {
    [`${ATTRIBUTE}kind`]: address.kind,
    ...(name ? { Name: name } : {}),
    Line1: address.line1,
    ...(address.line2 ? { Line2: address.line2 } : {}),
    City: address.city,
    ...(address.region ? { Region: address.region } : {}),
    ...(address.postalCode ? { PostalCode: address.postalCode } : {}),
    Country: address.country,
  };
}

const dropUndefined = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined));

/** The ticket as built from the order as it stands (what GET answers when nobody edited it). */
export function buildTicket(input: TicketInput): string {
  const { order, project, account, manufacturer, plant } = input;
  const byKind = (kind: string) => account.addresses.find((address) => address.kind === kind);
  const shipTo = byKind('shipping') ?? byKind('mailing') ?? account.addresses[0];
  const applications = project.coverApplications.filter((code) => code !== 0);
  const document = {
    JobTicket: {
      [`${ATTRIBUTE}version`]: TICKET_VERSION,
      Order: dropUndefined({
        Id: String(order.id),
        ExternalId: order.externalId ?? `ORDER-${order.id}`,
        Type: coded(orderType, order.typeOrder),
        Expedited: String(order.isExpedited),
        ShipBy: order.shipBy ?? undefined,
      }),
      Customer: dropUndefined({
        AccountCode: account.code,
        Name: account.name,
        Address: addressElement(byKind('mailing') ?? account.addresses[0]),
      }),
      Book: dropUndefined({
        Type: coded(bookType, project.typeBook),
        Size: coded(bookSize, project.typeSize),
        Pages: String(input.proofPageCount ?? project.pageCount ?? ''),
        Cover: dropUndefined({
          Type: coded(coverType, project.typeCover),
          Style: coded(coverStyle, project.typeCoverStyle),
          BoardWeight: coded(coverBoardWeight, project.typeCoverBoardWeight),
          Applications:
            applications.length > 0
              ? { Application: applications.map((code) => coded(coverApplication, code)) }
              : undefined,
        }),
        Endsheet: coded(endsheet, project.typeEndsheet),
        Finish: coded(finish, project.typeFinish),
        Personalization: coded(personalization, project.typePersonalization),
        Copies: String(order.copies),
        Extras: String(order.countExtras),
        CombineCopies: String(order.bCombineCopies),
      }),
      Shipping: dropUndefined({
        Method: coded(shippingMethod, order.shippingMethod),
        ShipTo: addressElement(shipTo, account.name),
      }),
      Plant: {
        // Manufacturers and plants are rows, not enumerations: their codes are written as they are.
        Manufacturer: {
          [`${ATTRIBUTE}code`]: manufacturer?.code ?? '',
          [`${ATTRIBUTE}name`]: manufacturer?.name ?? '',
        },
        Plant: { [`${ATTRIBUTE}code`]: plant?.code ?? '', [`${ATTRIBUTE}name`]: plant?.name ?? '' },
      },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(document)}`;
}

/** Everything the ticket of one order is built from; null when the order does not exist. */
export async function loadTicketInput(db: Db, orderId: number): Promise<TicketInput | null> {
  const [row] = await db
    .select({ order: orders, project: projects, account: accounts, proofPageCount: proofs.pageCount })
    .from(orders)
    .innerJoin(projects, eq(projects.id, orders.projectId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(proofs, eq(proofs.id, orders.proofId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [addresses, [manufacturer], [plant]] = await Promise.all([
    db
      .select()
      .from(accountAddresses)
      .where(eq(accountAddresses.accountId, row.account.id))
      .orderBy(asc(accountAddresses.id)),
    row.order.manufacturerId === null
      ? Promise.resolve([])
      : db.select().from(manufacturers).where(eq(manufacturers.id, row.order.manufacturerId)),
    row.order.plantId === null
      ? Promise.resolve([])
      : db.select().from(manufacturingPlants).where(eq(manufacturingPlants.id, row.order.plantId)),
  ]);
  return {
    order: row.order,
    project: row.project,
    account: { ...row.account, addresses },
    manufacturer: manufacturer ?? null,
    plant: plant ?? null,
    proofPageCount: row.proofPageCount,
  };
}

/** The ticket a plant gets: as edited in the order admin, else built from the order as it stands. */
export async function currentTicket(
  db: Db,
  orderId: number,
): Promise<{ xml: string; source: 'edited' | 'built'; updatedAt: Date | null } | null> {
  const input = await loadTicketInput(db, orderId);
  if (!input) return null;
  if (input.order.xml !== null) return { xml: input.order.xml, source: 'edited', updatedAt: input.order.xmlUpdatedAt };
  return { xml: buildTicket(input), source: 'built', updatedAt: null };
}
