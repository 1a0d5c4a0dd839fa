import { type Order, ordersContract, type orderUpdateSchema, type searchOrders } from '@colophon/contract';
import {
  accounts,
  invoices,
  manufacturers,
  manufacturingPlants,
  orderEvents,
  orders,
  projects,
  shipments,
  users,
} from '@colophon/db';
import {
  displayOrderStatus,
  orderStatus,
  orderType,
  SOURCE_TIME_ZONE,
  shippingMethod,
  trackingUrl,
  zonedDayEnd,
  zonedDayStart,
} from '@colophon/domain';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import type { ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { includeAccount, readForPage } from '../../engine/search-page';
import { AppError } from '../../errors';
import { subtreeIdsSql } from '../accounts/tree';
import { parentMustPay, placeOrder } from './placement';
import type { OrderRow } from './status';

type Row = Record<string, unknown> & { id: number };
type OrderFilters = Omit<z.output<typeof searchOrders.body>, 'page' | 'perPage' | 'sort' | 'include'>;

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** From an instant, or from the start of a London day (part 5), daylight saving time included. */
const submittedFrom = (from: string) =>
  gte(
    orders.submittedAt,
    isDateOnly(from) ? (zonedDayStart(from, SOURCE_TIME_ZONE) ?? new Date(from)) : new Date(from),
  );
/** Up to an instant, or through the end of a London day. */
const submittedTo = (to: string) =>
  isDateOnly(to)
    ? lt(orders.submittedAt, zonedDayEnd(to, SOURCE_TIME_ZONE) ?? new Date(to))
    : lte(orders.submittedAt, new Date(to));

/** Orders of this account and of every account below it. */
const underAccount = (ancestorId: number) => inArray(orders.accountId, subtreeIdsSql(ancestorId));
/** Orders of projects of these years (the project's year, not the order's date). */
const ofYears = (years: number[]) =>
  years.length ? inArray(orders.projectId, sql`(select p.id from projects p where p.year in ${years})`) : undefined;

/**
 * The order's external id, or its account's name or code, or its project's name, contains the
 * search. The account and project sides are subqueries, so a count needs no join.
 */
export function orderSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return or(
    textSearch(search, orders.externalId),
    inArray(orders.accountId, sql`(select a.id from accounts a where ${textSearch(search, sql`a.name`, sql`a.code`)})`),
    inArray(orders.projectId, sql`(select p.id from projects p where ${textSearch(search, sql`p.name`)})`),
  );
}

/** Every filter of the Order Status list, for the POST search (the GET list reads the same through `filterBy`). */
export function orderFilters(filters: OrderFilters): (SQL | undefined)[] {
  return [
    orderSearch(filters.search),
    filters.ids?.length ? inArray(orders.id, filters.ids) : undefined,
    filters.status?.length ? inArray(orders.status, filters.status) : undefined,
    filters.typeOrder?.length ? inArray(orders.typeOrder, filters.typeOrder) : undefined,
    filters.accountId?.length ? inArray(orders.accountId, filters.accountId) : undefined,
    filters.ancestorId ? underAccount(filters.ancestorId) : undefined,
    filters.projectId ? eq(orders.projectId, filters.projectId) : undefined,
    filters.manufacturerId?.length ? inArray(orders.manufacturerId, filters.manufacturerId) : undefined,
    filters.plantId?.length ? inArray(orders.plantId, filters.plantId) : undefined,
    filters.year?.length ? ofYears(filters.year) : undefined,
    filters.submittedFrom ? submittedFrom(filters.submittedFrom) : undefined,
    filters.submittedTo ? submittedTo(filters.submittedTo) : undefined,
  ];
}

/** The page's orders whose invoice is paid: those no longer wait for payment. */
async function paidOrderIds(context: ResourceContext, orderIds: number[]): Promise<Set<number>> {
  const paid = await readForPage(orderIds, (ids) =>
    context.db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(and(inArray(invoices.orderId, ids), eq(invoices.status, 'paid'))),
  );
  return new Set(paid.map((row) => row.orderId).filter((id) => id !== null));
}

/**
 * The fields of every answer that are not columns: part 4's displayed status (Waiting for Payment
 * while the account's parent must pay first and the order's invoice is not paid) and whether the
 * job ticket was edited by hand. Two queries for the whole page.
 */
export async function fillOrders(rows: Row[], context: ResourceContext): Promise<void> {
  const orderRows = rows as unknown as (OrderRow & Row)[];
  const mustPay = await parentMustPay(
    context.db,
    orderRows.map((row) => row.accountId),
  );
  const waiting = orderRows.filter(
    (row) =>
      row.typeOrder === orderType.Production && row.status === orderStatus.Submitted && mustPay.get(row.accountId),
  );
  const paid = await paidOrderIds(
    context,
    waiting.map((row) => row.id),
  );
  for (const row of orderRows) {
    const stillWaiting = (mustPay.get(row.accountId) ?? false) && !paid.has(row.id);
    row.displayStatus = displayOrderStatus({ ...row, account: { parent: { bMustPayBeforeProduction: stillWaiting } } });
    row.xmlEdited = row.xml !== null && row.xml !== undefined;
  }
}

/** One order as every call answers it: its columns with the filled fields, as JSON. */
export async function orderItem(context: ResourceContext, order: OrderRow): Promise<Order> {
  const row = { ...order } as unknown as Row;
  await fillOrders([row], context);
  // The row is the table's own with `displayStatus` and `xmlEdited`: what the item schema describes.
  return jsonRow(row) as unknown as Order;
}

type ShipmentRow = typeof shipments.$inferSelect & { trackingUrl?: string | null };
const withTrackingUrl = (row: ShipmentRow) => {
  row.trackingUrl = trackingUrl(row.carrier, row.trackingNumber);
  return row;
};

export const orderIncludeFills: Record<string, (rows: Row[], context: ResourceContext) => Promise<void>> = {
  async account(rows, context) {
    await includeAccount(rows, (ids) =>
      context.db
        .select({
          id: accounts.id,
          code: accounts.code,
          name: accounts.name,
          parentMustPayBeforeProduction: sql<boolean>`coalesce(parent.b_must_pay_before_production, false)`,
        })
        .from(accounts)
        .leftJoin(sql`accounts as parent`, sql`parent.id = ${accounts.parentAccountId}`)
        .where(inArray(accounts.id, ids)),
    );
  },
  async project(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.projectId as number),
      (ids) =>
        context.db
          .select({ id: projects.id, name: projects.name, year: projects.year, typeBook: projects.typeBook })
          .from(projects)
          .where(inArray(projects.id, ids)),
    );
    for (const row of rows) row.project = found.find((project) => project.id === row.projectId);
  },
  async manufacturer(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.manufacturerId as number | null),
      (ids) =>
        context.db
          .select({ id: manufacturers.id, code: manufacturers.code, name: manufacturers.name })
          .from(manufacturers)
          .where(inArray(manufacturers.id, ids)),
    );
    for (const row of rows) row.manufacturer = found.find((found) => found.id === row.manufacturerId) ?? null;
  },
  async plant(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.plantId as number | null),
      (ids) =>
        context.db
          .select({ id: manufacturingPlants.id, code: manufacturingPlants.code, name: manufacturingPlants.name })
          .from(manufacturingPlants)
          .where(inArray(manufacturingPlants.id, ids)),
    );
    for (const row of rows) row.plant = found.find((plant) => plant.id === row.plantId) ?? null;
  },
  async shipments(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.id),
      (ids) =>
        context.db
          .select()
          .from(shipments)
          .where(inArray(shipments.orderId, ids))
          .orderBy(asc(shipments.createdAt), asc(shipments.id)),
    );
    for (const row of rows) {
      row.shipments = found
        .filter((shipment) => shipment.orderId === row.id)
        .map((shipment) => jsonRow(withTrackingUrl(shipment)));
    }
  },
  async events(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.id),
      (ids) =>
        context.db
          .select({
            event: orderEvents,
            userName: sql<
              string | null
            >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
          })
          .from(orderEvents)
          .leftJoin(users, eq(users.id, orderEvents.userId))
          .where(inArray(orderEvents.orderId, ids))
          .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    );
    for (const row of rows) {
      row.events = found
        .filter((found) => found.event.orderId === row.id)
        .map((found) => jsonRow({ ...found.event, userName: found.userName }));
    }
  },
};

const conflictAtPlant = () => new AppError('conflict', 'The order is at the plant: ask the plant side to change it.');

/** What the orderer may still change: before the plant has it (Waiting or Submitted, not yet sent). */
async function updateOrder(existing: OrderRow, input: z.output<typeof orderUpdateSchema>, context: ResourceContext) {
  const editable = and(
    eq(orders.id, existing.id),
    inArray(orders.status, [orderStatus.Waiting, orderStatus.Submitted]),
    isNull(orders.sentAt),
  );
  // The condition is checked in the update itself, so a send that lands meanwhile wins and this answers 409.
  const [row] = await context.db
    .update(orders)
    .set({ ...input, updatedAt: new Date() })
    .where(editable)
    .returning();
  if (!row) throw conflictAtPlant();
  return row;
}

const iso = (value: Date | null) => value?.toISOString() ?? '';

/**
 * Orders to the printing plants (part 3): the Order Status list and an order's page, in the
 * caller's tree. Creating one orders the book from its approved proof (placement.ts).
 */
export function registerOrdersResource(app: FastifyInstance) {
  registerResource(app, ordersContract, {
    table: orders,
    // The Order Status list runs to millions of rows (bench/orders-list.bench.ts).
    large: true,
    scope: (context) => accountVisible(context.auth, orders.accountId),
    filterBy: { search: orderSearch, ancestorId: underAccount, year: ofYears, submittedFrom, submittedTo },
    hooks: {
      fill: fillOrders,
      includes: orderIncludeFills,
      create: (input, context) => placeOrder(context, input),
      async validate(_input, _context, existing) {
        // Checked before the body, so a change to an order at the plant is a 409 whatever it says.
        if (existing && (existing.sentAt !== null || !(existing.status === 0 || existing.status === 1))) {
          throw conflictAtPlant();
        }
      },
      update: (existing, input, context) => updateOrder(existing, input, context),
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Order', value: (row) => row.externalId },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Project', value: (row) => row.project?.name ?? String(row.projectId) },
      { header: 'Type', value: (row) => orderType.label(row.typeOrder) },
      { header: 'Status', value: (row) => row.displayStatus ?? orderStatus.label(row.status) },
      { header: 'Copies', value: (row) => row.copies },
      { header: 'Extras', value: (row) => row.countExtras },
      { header: 'Shipping', value: (row) => (row.shippingMethod ? shippingMethod.label(row.shippingMethod) : '') },
      { header: 'Manufacturer', value: (row) => row.manufacturer?.name ?? '' },
      { header: 'Plant', value: (row) => row.plant?.name ?? '' },
      { header: 'Ship by', value: (row) => row.shipBy },
      { header: 'Submitted', value: (row) => iso(row.submittedAt) },
      { header: 'Shipped', value: (row) => iso(row.shippedAt) },
      { header: 'Delivered', value: (row) => iso(row.deliveredAt) },
    ],
  });
}
