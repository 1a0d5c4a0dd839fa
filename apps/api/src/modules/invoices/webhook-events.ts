import { type Db, invoicePayments, invoices } from '@colophon/db';
import { and, eq, or } from 'drizzle-orm';
import type { PaymentEvent } from '../../integrations/payments/payments-adapter';
import { settleCardPayment } from './charges';
import { applyTransition, refundedOfPayments } from './service';

/*
 * Stripe's events about invoice charges (issue 13), from the one webhook: a charge settled after its
 * request died (the PaymentIntent succeeded or failed), and a refund made in Stripe's dashboard. The
 * webhook's event row makes each event count once; the guarded updates make a late event harmless.
 */

/** The invoice payment an event is about: by the PaymentIntent, or the payment id in its metadata. */
function invoicePaymentIdOf(event: PaymentEvent): number | null {
  const payload = event.payload as { data?: { object?: { metadata?: Record<string, string> } } } | null;
  const id = Number(payload?.data?.object?.metadata?.invoicePaymentId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What the event did ('unknown_payment' when it is not an invoice's). */
export async function applyInvoicePaymentEvent(db: Db, event: PaymentEvent, now: Date): Promise<string> {
  if (!event.paymentIntentId) return 'unknown_payment';
  const metadataId = invoicePaymentIdOf(event);
  const [payment] = await db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.kind, 'payment'),
        eq(invoicePayments.method, 'credit_card'),
        or(
          eq(invoicePayments.providerRef, event.paymentIntentId),
          metadataId === null ? undefined : eq(invoicePayments.id, metadataId),
        ),
      ),
    )
    .limit(1);
  if (!payment) return 'unknown_payment';
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const succeeded = event.type === 'payment_intent.succeeded';
      const settled = await settleCardPayment(
        db,
        payment.id,
        succeeded
          ? { status: 'succeeded', providerRef: event.paymentIntentId }
          : {
              status: 'failed',
              providerRef: event.paymentIntentId,
              failureMessage: event.failureMessage ?? 'The card was declined.',
            },
        { now, userId: null },
      );
      if (!settled.settledNow) return 'unchanged';
      return succeeded ? 'invoice_paid' : 'invoice_charge_failed';
    }
    case 'charge.refunded': {
      if (payment.status !== 'succeeded') return 'unchanged';
      return db.transaction(async (tx) => {
        const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update');
        if (!invoice) return 'unknown_payment';
        // Refunds made through us are counted already; the rest of Stripe's total is brought in,
        // never past what was paid on this payment.
        const known = (await refundedOfPayments(tx, [payment.id])).get(payment.id) ?? 0;
        const total = Math.min(event.amountRefundedCents ?? 0, payment.amountCents);
        const amountCents = total - known;
        if (amountCents <= 0 || invoice.status === 'void') return 'unchanged';
        await applyTransition(tx, invoice, { kind: 'refund', amountCents }, { now, userId: null });
        await tx.insert(invoicePayments).values({
          invoiceId: invoice.id,
          kind: 'refund',
          method: payment.method,
          provider: payment.provider,
          providerRef: event.paymentIntentId,
          cardId: payment.cardId,
          cardLabel: payment.cardLabel,
          amountCents,
          status: 'succeeded',
          reference: 'Refunded in Stripe',
          idempotencyKey: `webhook:${event.id}`,
          refundOfId: payment.id,
        });
        return 'invoice_refund_synced';
      });
    }
    default:
      return 'ignored';
  }
}
