import Stripe from 'stripe';
import {
  CardRefusedError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentEvent,
  type PaymentsAdapter,
  type RefundResult,
  WebhookSignatureError,
} from './payments-adapter';

/*
 * Stripe, through its official package. Every call that moves money carries our idempotency key as
 * Stripe's `Idempotency-Key`, so a retried request (ours or the package's own network retries)
 * charges or refunds once. Cards never pass through us: Stripe.js makes a PaymentMethod in the
 * browser and we confirm a PaymentIntent with it.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Another endpoint than api.stripe.com (the tests' fake server): `http://127.0.0.1:12111`. */
  apiBase?: string | undefined;
  /** Seconds a webhook's signature stays good (Stripe's default: 300). */
  webhookToleranceSeconds?: number;
}

function statusOf(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { id: intent.id, status: 'succeeded' };
  if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') {
    return {
      id: intent.id,
      status: 'requires_action',
      ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
    };
  }
  if (intent.status === 'processing') return { id: intent.id, status: 'requires_action' };
  return {
    id: intent.id,
    status: 'failed',
    failureMessage: intent.last_payment_error?.message ?? 'Your card was declined.',
  };
}

export function createStripePayments(settings: StripeSettings): PaymentsAdapter {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 30_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  const tolerance = settings.webhookToleranceSeconds ?? 300;

  return {
    name: 'stripe',
    async createCustomer(request) {
      const customer = await stripe.customers.create(
        { name: request.name, ...(request.email ? { email: request.email } : {}) },
        { idempotencyKey: request.idempotencyKey },
      );
      return { customerRef: customer.id };
    },
    async startCardSetup(customerRef) {
      const intent = await stripe.setupIntents.create({
        customer: customerRef,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret.');
      return { clientSecret: intent.client_secret };
    },
    async saveCard(request) {
      if (!request.paymentMethodId) throw new CardRefusedError('Enter the card in the card field.', 'card');
      const method = await stripe.paymentMethods.retrieve(request.paymentMethodId);
      const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      // The SetupIntent attached it to this account's customer; a method of anyone else is refused.
      if (owner !== request.customerRef || !method.card) {
        throw new CardRefusedError('This card was not set up for this account.', 'card');
      }
      return {
        cardRef: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },
    async removeCard(request) {
      // Only a card still on this customer is detached: a rerun of the detach job, or a card detached
      // in Stripe's dashboard (or attached to someone else since), changes nothing. An unknown card
      // throws Stripe's resource_missing, which the caller counts as done.
      const method = await stripe.paymentMethods.retrieve(request.cardRef);
      const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      if (owner !== request.customerRef) return;
      await stripe.paymentMethods.detach(request.cardRef);
    },
    async chargeStoredCard(request): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerRef,
            payment_method: request.cardRef,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return statusOf(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            id: error.payment_intent?.id ?? '',
            status: 'failed',
            failureMessage: error.message || 'Your card was declined.',
          };
        }
        throw error;
      }
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (!request.paymentMethodId) return { id: '', status: 'failed', failureMessage: 'A payment method is needed.' };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            payment_method: request.paymentMethodId,
            confirm: true,
            description: request.description,
            metadata: request.metadata,
            // The page finishes 3-D Secure in place with Stripe.js; no redirect-only methods.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return statusOf(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            id: error.payment_intent?.id ?? '',
            status: 'failed',
            failureMessage: error.message || 'Your card was declined.',
          };
        }
        throw error;
      }
    },
    async retrieve(paymentId: string): Promise<ChargeResult> {
      return statusOf(await stripe.paymentIntents.retrieve(paymentId));
    },
    async refund(request): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentId,
            amount: request.amountCents,
            reason: 'requested_by_customer',
            metadata: { reason: request.reason.slice(0, 500) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
        return { id: refund.id, status, ...(refund.failure_reason ? { failureMessage: refund.failure_reason } : {}) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { id: '', status: 'failed', failureMessage: error.message };
        }
        throw error;
      }
    },
    verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
      if (!settings.webhookSecret || !signatureHeader) throw new WebhookSignatureError('No signature.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret, tolerance);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature.');
      }
      return eventOf(event);
    },
  };
}

/** The part of a Stripe event we act on. */
function eventOf(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  let paymentIntentId: string | null = null;
  let failureMessage: string | null = null;
  let amountRefundedCents: number | null = null;
  if (event.type.startsWith('payment_intent.')) {
    paymentIntentId = typeof object.id === 'string' ? object.id : null;
    const lastError = object.last_payment_error as { message?: unknown } | null | undefined;
    failureMessage = typeof lastError?.message === 'string' ? lastError.message : null;
  } else if (event.type.startsWith('charge.')) {
    const intent = object.payment_intent;
    paymentIntentId =
      typeof intent === 'string'
        ? intent
        : typeof (intent as { id?: unknown })?.id === 'string'
          ? String((intent as { id: string }).id)
          : null;
    amountRefundedCents = typeof object.amount_refunded === 'number' ? object.amount_refunded : null;
  }
  return { id: event.id, type: event.type, paymentIntentId, failureMessage, amountRefundedCents, payload: event };
}
