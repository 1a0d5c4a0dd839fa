import {
  type OnlineOrder,
  onlineOrderItemsContract,
  onlineOrdersContract,
  type onlineOrderUpdateSchema,
} from '@colophon/contract';
import { type Db, onlineOrderItems, onlineOrders, onlinePayments, products, storeStatuses } from '@colophon/db';
import {
  onlineOrderPayment,
  onlineOrderShipping,
  SOURCE_TIME_ZONE,
  zonedDayEnd,
  zonedDayStart,
} from '@colophon/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { accountVisible, type Viewer } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import type { ResourceContext } from '../../engine/resource';
import { readForPage } from '../../engine/search-page';
import { notFound } from '../../errors';
import { includeAccountNames, subtreeIdsSql } from '../accounts/tree';
import { enterCashOrCheckOrder } from './cash-check-orders';
import type { OnlineOrderRow } from './place-online-order';

export type { OnlineOrderRow };

type Row = Record<string, unknown> & { id: number };

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Paid from an instant, or from the start of a London day (part 5). */
const paidFrom = (from: string) =>
  gte(
    onlineOrders.paidAt,
    isDateOnly(from) ? (zonedDayStart(from, SOURCE_TIME_ZONE) ?? new Date(from)) : new Date(from),
  );
/** Paid up to an instant, or through the end of a London day. */
const paidTo = (to: string) =>
  isDateOnly(to)
    ? lt(onlineOrders.paidAt, zonedDayEnd(to, SOURCE_TIME_ZONE) ?? new Date(to))
    : lte(onlineOrders.paidAt, new Date(to));

/** What may still be refunded: what was paid, less what was refunded; nothing for an order never paid. */
export function refundableCents(order: Pick<OnlineOrderRow, 'paidAt' | 'totalCents' | 'refundedCents'>): number {
  return order.paidAt === null ? 0 : Math.max(0, order.totalCents - order.refundedCents);
}

/**
 * The online order a call acts on, if the caller sees its account: another school's order answers
 * 404 exactly like one that does not exist. `lock` reads it `FOR UPDATE` (inside a transaction).
 */
export async function visibleOnlineOrder(db: Db, viewer: Viewer, orderId: number, lock = false) {
  const query = db
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.id, orderId), accountVisible(viewer, onlineOrders.accountId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound('Online order');
  return order;
}

/** The order's lines with their product's current name, oldest first. */
export async function onlineOrderLines(db: Db, orderIds: number[]) {
  const found = await readForPage(orderIds, (ids) =>
    db
      .select({ item: onlineOrderItems, productName: products.name })
      .from(onlineOrderItems)
      .leftJoin(products, eq(products.id, onlineOrderItems.productId))
      .where(inArray(onlineOrderItems.onlineOrderId, ids))
      .orderBy(asc(onlineOrderItems.id)),
  );
  return found.map((found) => ({ ...found.item, productName: found.productName }));
}

/** The order's charge and refunds, oldest first. */
export async function onlineOrderPayments(db: Db, orderIds: number[]) {
  return readForPage(orderIds, (ids) =>
    db
      .select()
      .from(onlinePayments)
      .where(inArray(onlinePayments.onlineOrderId, ids))
      .orderBy(asc(onlinePayments.createdAt), asc(onlinePayments.id)),
  );
}

async function fillOnlineOrders(rows: Row[]): Promise<void> {
  for (const row of rows) row.refundableCents = refundableCents(row as unknown as OnlineOrderRow);
}

export const onlineOrderIncludeFills: Record<string, (rows: Row[], context: ResourceContext) => Promise<void>> = {
  async items(rows, context) {
    const lines = await onlineOrderLines(
      context.db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      row.items = lines.filter((line) => line.onlineOrderId === row.id).map((line) => jsonRow(line));
    }
  },
  async payments(rows, context) {
    const payments = await onlineOrderPayments(
      context.db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      row.payments = payments.filter((payment) => payment.onlineOrderId === row.id).map((payment) => jsonRow(payment));
    }
  },
  async store(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.storeId as number),
      (ids) =>
        context.db
          .select({ id: storeStatuses.id, title: storeStatuses.title })
          .from(storeStatuses)
          .where(inArray(storeStatuses.id, ids)),
    );
    for (const row of rows) row.store = found.find((store) => store.id === row.storeId);
  },
  account: includeAccountNames,
};

/** One order as every call answers it, with the includes asked for. */
export async function onlineOrderItem(
  context: ResourceContext,
  order: OnlineOrderRow,
  includes: readonly string[] = [],
): Promise<OnlineOrder> {
  const row = { ...order } as unknown as Row;
  await fillOnlineOrders([row]);
  for (const include of includes) await onlineOrderIncludeFills[include]?.([row], context);
  // The row is the table's own with `refundableCents` (and the includes): what the item schema describes.
  return jsonRow(row) as unknown as OnlineOrder;
}

/** Staff correct the parent's and student's contact fields and the homeroom; nothing else changes. */
async function updateContact(
  existing: OnlineOrderRow,
  input: z.output<typeof onlineOrderUpdateSchema>,
  context: ResourceContext,
) {
  const [row] = await context.db
    .update(onlineOrders)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(onlineOrders.id, existing.id))
    .returning();
  return row;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const iso = (value: Date | null) => value?.toISOString() ?? '';

/**
 * Online orders (part 3) and their lines, of the schools the caller sees (a school its own, a
 * studio its schools'). Staff enter cash and check orders; card orders come from the storefront.
 */
export function registerOnlineOrderResources(app: FastifyInstance) {
  registerResource(app, onlineOrdersContract, {
    table: onlineOrders,
    // A season of a large studio runs to hundreds of thousands of orders.
    large: true,
    scope: (context) => accountVisible(context.auth, onlineOrders.accountId),
    filterBy: {
      ancestorId: (ancestorId) => inArray(onlineOrders.accountId, subtreeIdsSql(ancestorId)),
      paidFrom,
      paidTo,
    },
    hooks: {
      fill: fillOnlineOrders,
      includes: onlineOrderIncludeFills,
      create: (input, context) => enterCashOrCheckOrder(context, input),
      update: (existing, input, context) => updateContact(existing, input, context),
    },
    csv: [
      { header: 'Order', value: (row) => row.orderNumber },
      { header: 'Date', value: (row) => iso(row.createdAt) },
      { header: 'Paid', value: (row) => iso(row.paidAt) },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Year', value: (row) => row.year },
      { header: 'Parent', value: (row) => row.parentName },
      { header: 'E-mail', value: (row) => row.parentEmail },
      { header: 'Student', value: (row) => [row.studentFirstName, row.studentLastName].filter(Boolean).join(' ') },
      { header: 'Homeroom', value: (row) => row.homeroom },
      { header: 'Payment', value: (row) => onlineOrderPayment.label(row.typePayment) },
      { header: 'Shipping', value: (row) => onlineOrderShipping.label(row.typeShipping) },
      { header: 'Status', value: (row) => row.status },
      { header: 'Total $', value: (row) => dollars(row.totalCents) },
      { header: 'Refunded $', value: (row) => dollars(row.refundedCents) },
    ],
  });

  registerResource(app, onlineOrderItemsContract, {
    table: onlineOrderItems,
    scope: (context) => accountVisible(context.auth, onlineOrderItems.accountId),
    filterBy: {
      // The homeroom is the order's (the student's), not the line's.
      homeroom: (homeroom) =>
        inArray(onlineOrderItems.onlineOrderId, sql`(select o.id from online_orders o where o.homeroom = ${homeroom})`),
      distributed: (distributed) =>
        distributed ? isNotNull(onlineOrderItems.distributedAt) : isNull(onlineOrderItems.distributedAt),
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Order', value: (row) => row.onlineOrderId },
      { header: 'Product type', value: (row) => row.typeProduct },
      { header: 'Quantity', value: (row) => row.quantity },
      { header: 'Total $', value: (row) => dollars(row.totalCents) },
      { header: 'Distributed', value: (row) => iso(row.distributedAt) },
    ],
  });
}
