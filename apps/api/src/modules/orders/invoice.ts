import type { OrderInvoiceStatus } from '@colophon/contract';
import { type Db, invoicePayments, invoices, orders } from '@colophon/db';
import { invoiceBalance, invoiceKept, notificationType, orderStatus, orderType } from '@colophon/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { ResourceContext } from '../../engine/resource';
import { AppError, notFound } from '../../errors';
import { enqueueInvoiceSync } from '../accounting/enqueue';
import { notify } from '../notifications/notify';
import { enqueueOrderSend, parentMustPay } from './placement';
import { type OrderRow, orderNotificationFields, recordOrderEvent } from './status';
import { visibleOrder } from './visible';

type InvoiceRow = typeof invoices.$inferSelect;

/** The order's invoice (its latest, should the money capability ever reissue one). */
async function invoiceOf(db: Db, orderId: number, lock = false): Promise<InvoiceRow | undefined> {
  const query = db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function invoiceStatusOf(db: Db, order: OrderRow, invoice: InvoiceRow | undefined): Promise<OrderInvoiceStatus> {
  const mustPay = (await parentMustPay(db, [order.accountId])).get(order.accountId) ?? false;
  const waitingForPayment =
    mustPay &&
    order.typeOrder === orderType.Production &&
    order.status === orderStatus.Submitted &&
    invoice?.status !== 'paid';
  return {
    orderId: order.id,
    invoiceId: invoice?.id ?? null,
    status: invoice?.status ?? 'none',
    totalCents: invoice?.totalCents ?? null,
    paidCents: invoice ? invoiceKept(invoice) : null,
    balanceCents: invoice ? invoiceBalance(invoice) : null,
    paidAt: invoice?.paidAt?.toISOString() ?? null,
    waitingForPayment,
  };
}

/** `GET orders/invoice/status/{id}`: the order's invoice and whether the order waits for it. */
export async function orderInvoiceStatus(context: ResourceContext, orderId: number): Promise<OrderInvoiceStatus> {
  const order = await visibleOrder(context.db, context.auth, orderId);
  return invoiceStatusOf(context.db, order, await invoiceOf(context.db, order.id));
}

/**
 * An order's invoice was paid (by hand here, or by a card charge or a recorded payment on the
 * invoice): the timeline says so, 52 Payment Received is raised, and an order that waited goes to
 * its plant. Runs in the transaction that paid the invoice.
 */
export async function orderInvoicePaid(
  tx: Db,
  orderId: number,
  input: { userId: number | null; message: string; now: Date },
): Promise<OrderRow> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!current) throw notFound(`Order ${orderId}`);
  await recordOrderEvent(tx, {
    orderId: current.id,
    kind: 'paid',
    source: input.userId === null ? 'system' : 'user',
    userId: input.userId,
    message: input.message,
    occurredAt: input.now,
  });
  await notify(tx, {
    ...(await orderNotificationFields(tx, current, input.userId)),
    typeNotification: notificationType.PaymentReceived,
    info: input.message,
    date: input.now,
  });
  // Only an order still waiting goes out: one already sent (or at the plant) is not sent twice.
  if (current.sentAt === null && current.status === orderStatus.Submitted) {
    await enqueueOrderSend(tx, current, input.userId);
  }
  return current;
}

/**
 * The plant side records a payment received outside the card flow: the open invoice is paid (its
 * row locked, so two recordings at once pay it once and the second gets 409). The balance is
 * recorded as a check payment with the reason as its reference, so the invoice's money adds up.
 */
export async function recordPayment(
  context: ResourceContext,
  orderId: number,
  reason: string,
): Promise<OrderInvoiceStatus> {
  const order = await visibleOrder(context.db, context.auth, orderId);
  const now = context.request.server.services.clock.now();
  const { user } = context.auth;
  return context.db.transaction(async (tx) => {
    const invoice = await invoiceOf(tx, order.id, true);
    if (!invoice) throw new AppError('conflict', `Order ${order.id} has no invoice to pay.`);
    if (invoice.status !== 'open') {
      throw new AppError('conflict', `The invoice of order ${order.id} is ${invoice.status}, not open.`);
    }
    const balance = invoiceBalance(invoice);
    if (balance > 0) {
      await tx.insert(invoicePayments).values({
        invoiceId: invoice.id,
        kind: 'payment',
        method: 'check',
        provider: 'manual',
        amountCents: balance,
        status: 'succeeded',
        reference: reason.slice(0, 200),
        idempotencyKey: `order-paid:${invoice.id}:${now.getTime()}`,
        createdById: user.id,
      });
    }
    const [paid] = await tx
      .update(invoices)
      .set({
        status: 'paid',
        paidCents: sql`${invoices.paidCents} + ${Math.max(balance, 0)}`,
        paidAt: now,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoice.id))
      .returning();
    if (!paid) throw new Error('invoice update returned nothing');
    await enqueueInvoiceSync(tx, paid.id);
    const current = await orderInvoicePaid(tx, order.id, { userId: user.id, message: reason, now });
    return invoiceStatusOf(tx, current, paid);
  });
}
