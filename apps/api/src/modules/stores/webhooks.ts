import { Readable } from 'node:stream';
import { problemResponses } from '@colophon/contract';
import { onlineOrders, onlinePayments, paymentWebhookEvents } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../context';
import { AppError } from '../../errors';
import { type PaymentEvent, WebhookSignatureError } from '../../integrations/payments/payments-adapter';
import { applyInvoicePaymentEvent } from '../invoices/webhook-events';
import { yearbookCodeMakerOf } from '../mobile-yearbooks/access';
import { markOnlineOrderFailed, markOnlineOrderPaid } from './place-online-order';
import { receiptUrlOf } from './receipt-email';
import { giveBackRemainingLines } from './refunds';

/*
 * `POST /api/payments/stripe/webhook` (and its first address, `/api/payments/webhooks/stripe`, kept
 * for the Stripe dashboards already pointed at it): Stripe tells of payments settled outside a request (3-D
 * Secure finished after the page closed, a late failure, a refund made in the dashboard). The raw
 * body's signature is checked before any parsing; each event id is processed once
 * (`payment_webhook_events`), so Stripe's retries and replays change nothing twice. One endpoint
 * serves every payment: an event's PaymentIntent is an online order's or an invoice charge's.
 */

const MAX_WEBHOOK_BYTES = 512 * 1024;
/** The webhook's address, and its first one (issue 12), which answers the same. */
const WEBHOOK_URLS = ['/api/payments/stripe/webhook', '/api/payments/webhooks/stripe'] as const;
const verified = new WeakMap<FastifyRequest, PaymentEvent>();

async function readRaw(payload: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_WEBHOOK_BYTES) throw new AppError('payload_too_large', 'A webhook is at most 512 KB.');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** What an event does to its order; the outcome is kept with the event. */
async function apply(services: Services, event: PaymentEvent): Promise<string> {
  const { db } = services;
  if (!event.paymentIntentId) return 'ignored';
  const now = services.clock.now();
  const [order] = await db.select().from(onlineOrders).where(eq(onlineOrders.paymentIntentId, event.paymentIntentId));
  // Not an online order's: an invoice's card charge (issue 13), or nobody's.
  if (!order) return applyInvoicePaymentEvent(db, event, now);
  switch (event.type) {
    case 'payment_intent.succeeded':
      return (await markOnlineOrderPaid(db, order.id, {
        providerRef: event.paymentIntentId,
        now,
        receiptUrl: receiptUrlOf(services),
        yearbookCode: yearbookCodeMakerOf(services),
      }))
        ? 'paid'
        : 'unchanged';
    case 'payment_intent.payment_failed':
      return (await markOnlineOrderFailed(db, order.id, {
        providerRef: event.paymentIntentId,
        message: event.failureMessage ?? 'Your card was declined.',
        now,
      }))
        ? 'failed'
        : 'unchanged';
    case 'charge.refunded': {
      // Refunds made through us are already counted (S4's refunds); one made in Stripe's dashboard
      // is brought in here: the order's refunded total follows Stripe's, never past the total.
      const refunded = Math.min(event.amountRefundedCents ?? 0, order.totalCents);
      if (refunded <= order.refundedCents) return 'unchanged';
      await db.transaction(async (tx) => {
        const status = refunded >= order.totalCents ? 'refunded' : 'partially_refunded';
        const [updated] = await tx
          .update(onlineOrders)
          .set({ refundedCents: refunded, status, updatedAt: now })
          .where(eq(onlineOrders.id, order.id))
          .returning();
        const [payment] = await tx
          .insert(onlinePayments)
          .values({
            onlineOrderId: order.id,
            kind: 'refund',
            provider: 'stripe',
            providerRef: event.paymentIntentId,
            amountCents: refunded - order.refundedCents,
            status: 'succeeded',
            idempotencyKey: `webhook:${event.id}`,
            reason: 'Refunded in Stripe',
          })
          .onConflictDoNothing()
          .returning({ id: onlinePayments.id });
        // Refunded in full in Stripe: every line's rest is given back and leaves the reports.
        if (updated && payment && status === 'refunded') await giveBackRemainingLines(tx, updated, payment.id);
      });
      return 'refund_synced';
    }
    default:
      return 'ignored';
  }
}

export async function registerPaymentWebhookRoutes(app: FastifyInstance) {
  const services = app.services;
  await app.register(async function webhookScope(scope) {
    scope.addHook('preParsing', async (request, _reply, payload) => {
      const raw = await readRaw(payload);
      const verify = services.payments.verifyWebhook;
      if (services.payments.name !== 'stripe' || !verify) throw new AppError('not_found', 'No payment webhooks here.');
      try {
        const signature = request.headers['stripe-signature'];
        verified.set(request, verify(raw, typeof signature === 'string' ? signature : undefined));
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('bad_request', 'The signature does not verify.');
        throw error;
      }
      const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      replay.receivedEncodedLength = raw.length;
      return replay;
    });
    async function stripeWebhook(request: FastifyRequest) {
      const event = verified.get(request);
      if (!event) throw new AppError('bad_request', 'The signature does not verify.');
      // The event's row is the lock: of two deliveries of one event, one inserts and processes it.
      return services.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(paymentWebhookEvents)
          .values({ provider: 'stripe', eventId: event.id, type: event.type, payload: event.payload as object })
          .onConflictDoNothing()
          .returning({ id: paymentWebhookEvents.id });
        if (!row) return { received: true, outcome: 'duplicate' };
        const outcome = await apply({ ...services, db: tx }, event);
        await tx.update(paymentWebhookEvents).set({ outcome }).where(eq(paymentWebhookEvents.id, row.id));
        return { received: true, outcome };
      });
    }
    for (const url of WEBHOOK_URLS) {
      scope.withTypeProvider<ZodTypeProvider>().post(
        url,
        {
          config: { public: true },
          schema: {
            tags: ['payments'],
            summary:
              url === WEBHOOK_URLS[0]
                ? "Stripe's payment events (signed): payments settled, failed or refunded outside a request"
                : 'The same webhook at its first address (Stripe dashboards already set to it)',
            response: {
              200: z.object({ received: z.boolean(), outcome: z.string() }),
              ...problemResponses(400, 404, 413),
            },
          },
        },
        stripeWebhook,
      );
    }
  });
}
