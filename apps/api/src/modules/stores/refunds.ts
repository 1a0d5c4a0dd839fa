import { type OnlineRefundResult, partialRefundOnlineOrder, refundOnlineOrder } from '@colophon/contract';
import { type Db, onlineOrderItems, onlineOrders, onlinePayments, onlineRefundLines } from '@colophon/db';
import { notificationType, onlineOrderPayment } from '@colophon/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { AppError, invalidField } from '../../errors';
import type { RefundResult } from '../../integrations/payments/payments-adapter';
import { syncYearbookAccessWithRefunds } from '../mobile-yearbooks/access';
import { notify } from '../notifications/notify';
import { type OnlineOrderRow, onlineOrderItem, refundableCents, visibleOnlineOrder } from './online-orders';

/*
 * Refunds of online orders (issue 12): in full (`online_sales/refund`) or in part
 * (`payments/partial_refund`). One path for both: the order's row is locked, the amount checked
 * against what remains refundable, the money moved once (the payments adapter for a card; a cash or
 * check refund is only recorded), and the refund row, the order's totals, notification 43 and (by
 * the audit hook) the audit log written together.
 *
 * Lines: a refund of chosen lines gives back the rest of each (never a line twice, never past its
 * total), a refund in full the rest of every line; each records what it gave back of which line
 * (`online_refund_lines`) and raises the line's `refunded_cents`. A refund of an amount names no line.
 */

type PaymentRow = typeof onlinePayments.$inferSelect;

/** What is to be refunded: what remains, a sum, or the chosen lines' totals. */
type RefundAmount = { kind: 'rest' } | { kind: 'cents'; cents: number } | { kind: 'items'; itemIds: number[] };

interface RefundRequest {
  orderId: number;
  amount: RefundAmount;
  reason: string;
  /** The client's `Idempotency-Key` header, if it sent one. */
  clientKey: string | undefined;
  /** Checks of the request against the locked order (the full refund's transaction and account). */
  check?: (order: OnlineOrderRow, charge: PaymentRow | undefined) => void;
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The header a client sends so that its retry of one refund refunds once. */
function clientKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!/^[\w.:-]{8,100}$/.test(key)) {
    throw invalidField('Idempotency-Key', 'Between 8 and 100 letters, digits, dashes, dots or colons');
  }
  return key;
}

/** The order's successful charge (the card's payment the adapter refunds), newest first. */
async function chargeOf(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  const [charge] = await db
    .select()
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.onlineOrderId, orderId),
        eq(onlinePayments.kind, 'charge'),
        eq(onlinePayments.status, 'succeeded'),
      ),
    )
    .orderBy(desc(onlinePayments.createdAt), desc(onlinePayments.id))
    .limit(1);
  return charge;
}

async function paymentByKey(db: Db, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(onlinePayments).where(eq(onlinePayments.idempotencyKey, key));
  return row;
}

const sameIds = (a: number[], b: number[]) => {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
};

/** A refund already made under this key: the same request again answers it; another request is refused. */
async function replayOf(
  db: Db,
  existing: PaymentRow,
  order: OnlineOrderRow,
  amount: RefundAmount,
): Promise<PaymentRow> {
  let same = existing.kind === 'refund' && existing.onlineOrderId === order.id;
  if (same && amount.kind === 'cents') same = existing.amountCents === amount.cents;
  if (same && amount.kind === 'items') {
    // The same key for other lines is another request, even if their totals happen to match.
    const refunded = await db
      .select({ itemId: onlineRefundLines.onlineOrderItemId })
      .from(onlineRefundLines)
      .where(eq(onlineRefundLines.onlinePaymentId, existing.id));
    same = sameIds(
      refunded.map((line) => line.itemId),
      amount.itemIds,
    );
  }
  if (!same) throw new AppError('conflict', 'This Idempotency-Key was already used for another request.');
  return existing;
}

/** A line a refund gives back, and how much of it. */
interface LineRefund {
  itemId: number;
  cents: number;
}

/**
 * The rest of each chosen line (its total less what was refunded of it). Each must be the order's
 * own (else 400 naming itemIds) and not refunded in full already (else 409: a line is refunded once).
 */
async function chosenLines(db: Db, order: OnlineOrderRow, itemIds: number[]): Promise<LineRefund[]> {
  const unique = [...new Set(itemIds)];
  const lines = await db
    .select({
      id: onlineOrderItems.id,
      totalCents: onlineOrderItems.totalCents,
      refundedCents: onlineOrderItems.refundedCents,
    })
    .from(onlineOrderItems)
    .where(and(eq(onlineOrderItems.onlineOrderId, order.id), inArray(onlineOrderItems.id, unique)))
    .orderBy(asc(onlineOrderItems.id));
  if (lines.length !== unique.length) throw invalidField('itemIds', `Choose lines of order ${order.orderNumber}`);
  const done = lines.filter((line) => line.refundedCents >= line.totalCents);
  if (done.length) {
    const which = done.map((line) => line.id).join(', ');
    throw new AppError('conflict', `Line ${which} of order ${order.orderNumber} is already refunded in full.`);
  }
  return lines.map((line) => ({ itemId: line.id, cents: line.totalCents - line.refundedCents }));
}

/** The rest of every line of the order: what a refund in full gives back of each. */
async function remainingLines(db: Db, order: OnlineOrderRow): Promise<LineRefund[]> {
  const lines = await db
    .select({
      id: onlineOrderItems.id,
      totalCents: onlineOrderItems.totalCents,
      refundedCents: onlineOrderItems.refundedCents,
    })
    .from(onlineOrderItems)
    .where(eq(onlineOrderItems.onlineOrderId, order.id))
    .orderBy(asc(onlineOrderItems.id));
  return lines
    .filter((line) => line.totalCents > line.refundedCents)
    .map((line) => ({ itemId: line.id, cents: line.totalCents - line.refundedCents }));
}

/** Records what the refund gave back of each line and raises (or, `sign` -1, lowers) the lines' refunded cents. */
async function moveLineRefunds(tx: Db, lines: LineRefund[], sign: 1 | -1) {
  for (const line of lines) {
    // The table's check (0 ≤ refunded ≤ total) is the last guard against a line refunded twice.
    await tx
      .update(onlineOrderItems)
      .set({ refundedCents: sql`${onlineOrderItems.refundedCents} + ${sign * line.cents}` })
      .where(eq(onlineOrderItems.id, line.itemId));
  }
}

const statusAfter = (refundedCents: number, totalCents: number) =>
  refundedCents <= 0 ? 'paid' : refundedCents >= totalCents ? 'refunded' : 'partially_refunded';

/**
 * The sales reports count an item while its `paid_at` is set: an order refunded in full takes its
 * items out of them, so does a line refunded in full, and a card refund that fails after all puts
 * them back.
 */
async function countItemsAsSold(tx: Db, order: OnlineOrderRow, status: string) {
  const soldAt = status === 'refunded' ? null : order.paidAt;
  await tx
    .update(onlineOrderItems)
    .set({
      paidAt: sql`case when ${onlineOrderItems.refundedCents} > 0 and ${onlineOrderItems.refundedCents} >= ${onlineOrderItems.totalCents} then null else ${soldAt}::timestamptz end`,
    })
    .where(eq(onlineOrderItems.onlineOrderId, order.id));
  // A digital yearbook refunded in full no longer opens (and opens again if the refund failed).
  await syncYearbookAccessWithRefunds(tx, order.id);
}

/**
 * A refund made outside us (Stripe's dashboard) that completes the order's refund: records what it
 * gave back of each line (the rest of every line) and takes the lines out of the reports, as a
 * refund in full through us does. A refund in part from outside names no lines, so it moves none.
 */
export async function giveBackRemainingLines(tx: Db, order: OnlineOrderRow, refundPaymentId: number) {
  const lines = await remainingLines(tx, order);
  if (lines.length) {
    await tx.insert(onlineRefundLines).values(
      lines.map((line) => ({
        onlinePaymentId: refundPaymentId,
        onlineOrderItemId: line.itemId,
        amountCents: line.cents,
      })),
    );
    await moveLineRefunds(tx, lines, 1);
  }
  await countItemsAsSold(tx, order, 'refunded');
}

/** The charge's provider id the adapter refunds (a card order's). */
function cardPaymentId(order: OnlineOrderRow, charge: PaymentRow | undefined): string {
  const paymentId = charge?.providerRef ?? order.paymentIntentId;
  if (!paymentId) throw new AppError('conflict', `Order ${order.orderNumber} has no card payment to refund.`);
  return paymentId;
}

/** Notification 43 Online Order Refunded, to the school. */
async function notifyRefunded(db: Db, order: OnlineOrderRow, payment: PaymentRow, context: ResourceContext, now: Date) {
  const { user } = context.auth;
  await notify(db, {
    accountId: order.accountId,
    typeNotification: notificationType.OnlineOrderRefunded,
    orderExternalId: order.orderNumber,
    userName: `${user.firstName} ${user.lastName}`,
    info: `${money(payment.amountCents)} refunded to ${order.parentName}: ${payment.reason ?? ''}`,
    date: now,
  });
}

/**
 * The one refund path, in two steps so that no outside call runs while the order is locked:
 *
 * 1. The order row is locked `FOR UPDATE`; the amount is judged against what remains refundable;
 *    the refund row is written (a card's 'pending') and the order's `refundedCents` raised at once.
 *    Two refunds at once are judged one after the other and never add up past what was paid.
 * 2. A card refund then goes through the payments adapter with the refund's idempotency key; if it
 *    fails, the row is marked failed and the amount given back to the order (502).
 *
 * Cash and check refunds are recorded in step 1 alone: the school hands the money back.
 */
async function refund(context: ResourceContext, request: RefundRequest): Promise<OnlineRefundResult> {
  const visible = await visibleOnlineOrder(context.db, context.auth, request.orderId);
  const now = context.request.server.services.clock.now();
  const { user } = context.auth;
  const reserved = await context.db.transaction(async (tx) => {
    const order = await visibleOnlineOrder(tx, context.auth, visible.id, true);
    const charge = await chargeOf(tx, order.id);
    request.check?.(order, charge);
    const clientKey = request.clientKey ? `refund:${order.id}:${request.clientKey}` : undefined;
    if (clientKey) {
      const existing = await paymentByKey(tx, clientKey);
      // The same key with another amount is another request: refused, never answered with the first.
      if (existing) return { order, payment: await replayOf(tx, existing, order, request.amount), paymentId: null };
    }
    const refundable = refundableCents(order);
    if (refundable === 0) throw new AppError('conflict', `Nothing of order ${order.orderNumber} is left to refund.`);
    const lines =
      request.amount.kind === 'rest'
        ? await remainingLines(tx, order)
        : request.amount.kind === 'items'
          ? await chosenLines(tx, order, request.amount.itemIds)
          : [];
    const cents =
      request.amount.kind === 'rest'
        ? refundable
        : request.amount.kind === 'cents'
          ? request.amount.cents
          : lines.reduce((sum, line) => sum + line.cents, 0);
    if (cents > refundable) throw new AppError('conflict', `At most ${money(refundable)} can be refunded.`);
    // Without the client's key, the request itself names the refund: a retry after our answer was
    // lost (the adapter refunded, the client never heard) reaches the adapter with the same key.
    const [earlier] = await tx
      .select({ refunds: count() })
      .from(onlinePayments)
      .where(and(eq(onlinePayments.onlineOrderId, order.id), eq(onlinePayments.kind, 'refund')));
    const key = clientKey ?? `refund:${order.id}:${cents}:${earlier?.refunds ?? 0}`;
    const existing = await paymentByKey(tx, key);
    if (existing)
      return { order, payment: await replayOf(tx, existing, order, { kind: 'cents', cents }), paymentId: null };

    const byCard = order.typePayment === onlineOrderPayment.CreditCard;
    const paymentId = byCard ? cardPaymentId(order, charge) : null;
    const provider = byCard
      ? (charge?.provider ?? context.request.server.services.payments.name)
      : order.typePayment === onlineOrderPayment.Check
        ? 'check'
        : 'cash';
    const [payment] = await tx
      .insert(onlinePayments)
      .values({
        onlineOrderId: order.id,
        kind: 'refund',
        provider,
        amountCents: cents,
        status: byCard ? 'pending' : 'succeeded',
        idempotencyKey: key,
        createdByUserId: user.id,
        reason: request.reason,
      })
      .returning();
    if (!payment) throw new Error('refund insert returned nothing');
    if (lines.length) {
      await tx.insert(onlineRefundLines).values(
        lines.map((line) => ({
          onlinePaymentId: payment.id,
          onlineOrderItemId: line.itemId,
          amountCents: line.cents,
        })),
      );
      await moveLineRefunds(tx, lines, 1);
    }
    const refundedCents = order.refundedCents + cents;
    const [updated] = await tx
      .update(onlineOrders)
      .set({ refundedCents, status: statusAfter(refundedCents, order.totalCents), updatedAt: now })
      .where(eq(onlineOrders.id, order.id))
      .returning();
    if (!updated) throw new Error('order update returned nothing');
    if (lines.length || updated.status === 'refunded') await countItemsAsSold(tx, updated, updated.status);
    if (!byCard) await notifyRefunded(tx, updated, payment, context, now);
    return { order: updated, payment, paymentId };
  });

  let { payment } = reserved;
  if (reserved.paymentId) payment = await refundCard(context, reserved.order, payment, reserved.paymentId, now);
  const current = await visibleOnlineOrder(context.db, context.auth, reserved.order.id);
  return {
    order: await onlineOrderItem(context, current, ['payments']),
    refund: jsonRow(payment) as unknown as OnlineRefundResult['refund'],
  };
}

/** Step 2 of a card refund: the adapter moves the money, or the reservation is given back. */
async function refundCard(
  context: ResourceContext,
  order: OnlineOrderRow,
  payment: PaymentRow,
  paymentId: string,
  now: Date,
): Promise<PaymentRow> {
  const payments = context.request.server.services.payments;
  let result: RefundResult;
  try {
    result = await payments.refund({
      paymentId,
      amountCents: payment.amountCents,
      idempotencyKey: payment.idempotencyKey,
      reason: payment.reason ?? '',
    });
  } catch (error) {
    result = { id: '', status: 'failed', failureMessage: error instanceof Error ? error.message : String(error) };
  }
  if (result.status === 'failed') {
    const message = result.failureMessage || 'The card refund failed.';
    await context.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(onlineOrders).where(eq(onlineOrders.id, order.id)).for('update');
      if (!locked) return;
      const refundedCents = locked.refundedCents - payment.amountCents;
      const status = statusAfter(refundedCents, locked.totalCents);
      await tx.update(onlineOrders).set({ refundedCents, status, updatedAt: now }).where(eq(onlineOrders.id, order.id));
      // The lines it gave back are given back to them; the refund row, failed, keeps no lines.
      const lines = await tx
        .delete(onlineRefundLines)
        .where(eq(onlineRefundLines.onlinePaymentId, payment.id))
        .returning({ itemId: onlineRefundLines.onlineOrderItemId, cents: onlineRefundLines.amountCents });
      await moveLineRefunds(tx, lines, -1);
      if (lines.length || (locked.status === 'refunded' && status !== 'refunded')) {
        await countItemsAsSold(tx, locked, status);
      }
      await tx
        .update(onlinePayments)
        .set({ status: 'failed', failureMessage: message, updatedAt: now })
        .where(eq(onlinePayments.id, payment.id));
    });
    throw new AppError('integration_failed', `${message} Nothing was refunded.`);
  }
  return context.db.transaction(async (tx) => {
    const [settled] = await tx
      .update(onlinePayments)
      .set({ status: result.status, providerRef: result.id, updatedAt: now })
      .where(eq(onlinePayments.id, payment.id))
      .returning();
    if (!settled) throw new Error('refund update returned nothing');
    await notifyRefunded(tx, order, settled, context, now);
    return settled;
  });
}

/** `transactionId` names the order's charge: its payment row's id or the provider's reference. */
function matchesCharge(transactionId: number | string, order: OnlineOrderRow, charge: PaymentRow | undefined): boolean {
  if (typeof transactionId === 'number') return charge?.id === transactionId;
  return transactionId === charge?.providerRef || transactionId === order.paymentIntentId;
}

export async function registerRefundRoutes(app: FastifyInstance) {
  implement(app, refundOnlineOrder, async function refundInFull(request) {
    const { orderId, transactionId, parentId, reason } = request.body;
    return refund(requestContext(app, request), {
      orderId,
      amount: { kind: 'rest' },
      reason,
      clientKey: clientKeyOf(request),
      check(order, charge) {
        if (parentId !== order.accountId)
          throw invalidField('parentId', `Not the account of order ${order.orderNumber}`);
        if (!matchesCharge(transactionId, order, charge)) {
          throw invalidField('transactionId', `Not the payment of order ${order.orderNumber}`);
        }
      },
    });
  });

  implement(app, partialRefundOnlineOrder, async function refundInPart(request) {
    const { id, amountCents, itemIds, reason } = request.body;
    const amount: RefundAmount =
      amountCents !== undefined ? { kind: 'cents', cents: amountCents } : { kind: 'items', itemIds: itemIds ?? [] };
    return refund(requestContext(app, request), { orderId: id, amount, reason, clientKey: clientKeyOf(request) });
  });
}
