import type { OrderInvoiceStatus } from '@colophon/contract';
import { type Db, invoices, orders } from '@colophon/db';
import { notificationType, orderStatus, orderType } from '@colophon/domain';
import { desc, eq } from 'drizzle-orm';
import type { ResourceContext } from '../../engine/resource';
import { AppError, notFound } from '../../errors';
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
 * The plant side records a payment received outside the card flow: the open invoice is paid (its
 * row locked, so two recordings at once pay it once and the second gets 409), the timeline says so,
 * 52 Payment Received is raised, and an order that waited goes to its plant.
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
    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(eq(invoices.id, invoice.id))
      .returning();
    if (!paid) throw new Error('invoice update returned nothing');
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!current) throw notFound(`Order ${order.id}`);
    await recordOrderEvent(tx, {
      orderId: current.id,
      kind: 'paid',
      source: 'user',
      userId: user.id,
      message: reason,
      occurredAt: now,
    });
    await notify(tx, {
      ...(await orderNotificationFields(tx, current, user.id)),
      typeNotification: notificationType.PaymentReceived,
      info: reason,
      date: now,
    });
    // Only an order still waiting goes out: one already sent (or at the plant) is not sent twice.
    if (current.sentAt === null && current.status === orderStatus.Submitted) {
      await enqueueOrderSend(tx, current, user.id);
    }
    return invoiceStatusOf(tx, current, paid);
  });
}
