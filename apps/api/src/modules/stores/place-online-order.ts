import { type Db, discounts, onlineOrderItems, onlineOrders, onlinePayments, rowsOf } from '@colophon/db';
import { type CartPricing, notificationType, onlineOrderNumber } from '@colophon/domain';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { invalidField } from '../../errors';
import { enqueue } from '../../queue';
import { issueYearbookAccess, type YearbookCodeMaker } from '../mobile-yearbooks/access';
import { notify } from '../notifications/notify';
import { RECEIPT_MAX_ATTEMPTS, type ReceiptJobPayload } from './receipt-email';

/*
 * The one service that writes an online order: its row, its items, the coupon's use and the payment
 * row, in one transaction. The storefront's checkout and the staff's cash or check entry both place
 * orders through it; the card's outcome settles the order afterwards (`markOnlineOrderPaid`,
 * `markOnlineOrderFailed`), each a guarded transition that only one caller wins.
 */

export type OnlineOrderRow = typeof onlineOrders.$inferSelect;
export type OnlineOrderItemInsert = Omit<
  typeof onlineOrderItems.$inferInsert,
  'onlineOrderId' | 'accountId' | 'year' | 'paidAt' | 'typeShipping'
>;

export interface PlaceOnlineOrderInput {
  store: { id: number; accountId: number; year: number };
  /** Online order payment of part 3: 2 credit card, 3 check, 4 cash. */
  typePayment: 2 | 3 | 4;
  /** Online order shipping of part 3. */
  typeShipping: 0 | 1 | 2 | 3;
  parent: { name: string; email: string; phone?: string | undefined };
  student: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    grade?: string | undefined;
    homeroom?: string | undefined;
  };
  shipTo?: Record<string, unknown> | undefined;
  items: OnlineOrderItemInsert[];
  pricing: CartPricing;
  discountId: number | null;
  tax: { zip: string | null; rateBasisPoints: number };
  /** The storefront's idempotency key (none for staff entry). */
  checkoutKey?: string | undefined;
  /** Who holds the money: the payments adapter's name, or 'cash' / 'check'. */
  provider: 'embedded' | 'stripe' | 'cash' | 'check';
  /** The charge's idempotency key (the payment row's). */
  paymentKey: string;
  /** Cash and check are paid as they are entered; a card waits for its charge. */
  paid: boolean;
  enteredByUserId?: number | undefined;
  checkNumber?: string | undefined;
  now: Date;
  /** The parent's signed receipt link of an order number (`receiptUrlOf(services)`). */
  receiptUrl: (orderNumber: string) => string;
  /** The access code of a digital yearbook line (`yearbookCodeMakerOf(services)`). */
  yearbookCode: YearbookCodeMaker;
}

export interface PlacedOnlineOrder {
  order: OnlineOrderRow;
  paymentId: number;
}

export const COUPON_USED_UP = 'This coupon has been used up.';

/** The unique index a second checkout under the same key runs into. */
export function isCheckoutKeyConflict(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (
      code === '23505' &&
      (constraint === 'online_orders_checkout_key' || message?.includes('online_orders_checkout_key'))
    )
      return true;
  }
  return false;
}

export async function placeOnlineOrder(db: Db, input: PlaceOnlineOrderInput): Promise<PlacedOnlineOrder> {
  return db.transaction(async (tx) => {
    if (input.discountId !== null) {
      // The use is counted by one conditional update: the row lock it takes serialises concurrent
      // checkouts, so `max_uses` holds however many parents use the last coupon at once.
      const [used] = await tx
        .update(discounts)
        .set({ timesUsed: sql`${discounts.timesUsed} + 1`, updatedAt: input.now })
        .where(
          and(
            eq(discounts.id, input.discountId),
            or(isNull(discounts.maxUses), lt(discounts.timesUsed, discounts.maxUses)),
          ),
        )
        .returning({ id: discounts.id });
      if (!used) throw invalidField('couponCode', COUPON_USED_UP);
    }
    // The order's number is made from its id, so the id is taken first.
    const [sequence] = await rowsOf<{ id: number }>(
      tx.execute(sql`select nextval(pg_get_serial_sequence('online_orders', 'id'))::int as id`),
    );
    if (!sequence) throw new Error('online order sequence returned nothing');
    const id = Number(sequence.id);
    const paidAt = input.paid ? input.now : null;
    const { pricing } = input;
    const [order] = await tx
      .insert(onlineOrders)
      .values({
        id,
        storeId: input.store.id,
        accountId: input.store.accountId,
        year: input.store.year,
        orderNumber: onlineOrderNumber(input.store.year, id),
        status: input.paid ? 'paid' : 'pending',
        typePayment: input.typePayment,
        typeShipping: input.typeShipping,
        parentName: input.parent.name,
        parentEmail: input.parent.email,
        parentPhone: input.parent.phone ?? null,
        studentFirstName: input.student.firstName ?? null,
        studentLastName: input.student.lastName ?? null,
        grade: input.student.grade ?? null,
        homeroom: input.student.homeroom ?? null,
        shipTo: input.shipTo ?? null,
        subtotalCents: pricing.subtotalCents,
        discountCents: pricing.discountCents,
        shippingCents: pricing.shippingCents,
        feeCents: pricing.feeCents,
        taxCents: pricing.taxCents,
        totalCents: pricing.totalCents,
        discountId: input.discountId,
        taxZip: input.tax.zip,
        taxRateBasisPoints: input.tax.rateBasisPoints,
        checkoutKey: input.checkoutKey ?? null,
        enteredByUserId: input.enteredByUserId ?? null,
        checkNumber: input.checkNumber ?? null,
        paidAt,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!order) throw new Error('online order insert returned nothing');
    await tx.insert(onlineOrderItems).values(
      input.items.map((item) => ({
        ...item,
        onlineOrderId: order.id,
        accountId: order.accountId,
        year: order.year,
        typeShipping: order.typeShipping,
        paidAt,
      })),
    );
    const [payment] = await tx
      .insert(onlinePayments)
      .values({
        onlineOrderId: order.id,
        kind: 'charge',
        provider: input.provider,
        amountCents: pricing.totalCents,
        status: input.paid ? 'succeeded' : 'pending',
        idempotencyKey: input.paymentKey,
        createdByUserId: input.enteredByUserId ?? null,
      })
      .returning({ id: onlinePayments.id });
    if (!payment) throw new Error('online payment insert returned nothing');
    if (input.paid) await announcePaid(tx, order, input, input.now);
    return { order, paymentId: payment.id };
  });
}

/**
 * Notification 42 to the school, the digital yearbooks' access codes and the parent's receipt e-mail
 * (which prints them), all with the change that paid.
 */
async function announcePaid(
  tx: Db,
  order: OnlineOrderRow,
  { receiptUrl, yearbookCode }: Pick<PlaceOnlineOrderInput, 'receiptUrl' | 'yearbookCode'>,
  now: Date,
): Promise<void> {
  await issueYearbookAccess(tx, order, yearbookCode, now);
  await notify(tx, {
    accountId: order.accountId,
    typeNotification: notificationType.OnlineOrderReceived,
    orderExternalId: order.orderNumber,
    info: `${order.parentName}: ${(order.totalCents / 100).toFixed(2)} USD`,
  });
  await enqueue<ReceiptJobPayload>(
    tx,
    'notifications',
    { receiptOrderId: order.id, receiptUrl: receiptUrl(order.orderNumber) },
    { maxAttempts: RECEIPT_MAX_ATTEMPTS },
  );
}

/**
 * A pending card order is paid: the order and its items get their paid instant, the charge its
 * provider id. Only the first caller (the checkout, the confirm call or the webhook) makes the
 * change; the others get false.
 */
export async function markOnlineOrderPaid(
  db: Db,
  orderId: number,
  payment: {
    providerRef: string;
    now: Date;
    receiptUrl: (orderNumber: string) => string;
    yearbookCode: YearbookCodeMaker;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(onlineOrders)
      .set({ status: 'paid', paidAt: payment.now, paymentIntentId: payment.providerRef, updatedAt: payment.now })
      .where(and(eq(onlineOrders.id, orderId), eq(onlineOrders.status, 'pending')))
      .returning();
    if (!order) return false;
    await tx.update(onlineOrderItems).set({ paidAt: payment.now }).where(eq(onlineOrderItems.onlineOrderId, orderId));
    await tx
      .update(onlinePayments)
      .set({ status: 'succeeded', providerRef: payment.providerRef, failureMessage: null, updatedAt: payment.now })
      .where(and(eq(onlinePayments.onlineOrderId, orderId), eq(onlinePayments.kind, 'charge')));
    await announcePaid(tx, order, payment, payment.now);
    return true;
  });
}

/** A pending card order's charge failed: nothing was sold, and the coupon's use is given back. */
export async function markOnlineOrderFailed(
  db: Db,
  orderId: number,
  failure: { providerRef: string | null; message: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(onlineOrders)
      .set({
        status: 'failed',
        updatedAt: failure.now,
        ...(failure.providerRef ? { paymentIntentId: failure.providerRef } : {}),
      })
      .where(and(eq(onlineOrders.id, orderId), eq(onlineOrders.status, 'pending')))
      .returning();
    if (!order) return false;
    await tx
      .update(onlinePayments)
      .set({
        status: 'failed',
        failureMessage: failure.message,
        updatedAt: failure.now,
        ...(failure.providerRef ? { providerRef: failure.providerRef } : {}),
      })
      .where(and(eq(onlinePayments.onlineOrderId, orderId), eq(onlinePayments.kind, 'charge')));
    if (order.discountId !== null) {
      await tx
        .update(discounts)
        .set({ timesUsed: sql`${discounts.timesUsed} - 1` })
        .where(and(eq(discounts.id, order.discountId), gt(discounts.timesUsed, 0)));
    }
    return true;
  });
}

/** A pending card order waits for the parent's card action: remember its PaymentIntent. */
export async function rememberPaymentIntent(db: Db, orderId: number, providerRef: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(onlineOrders).set({ paymentIntentId: providerRef }).where(eq(onlineOrders.id, orderId));
    await tx
      .update(onlinePayments)
      .set({ providerRef })
      .where(and(eq(onlinePayments.onlineOrderId, orderId), eq(onlinePayments.kind, 'charge')));
  });
}
