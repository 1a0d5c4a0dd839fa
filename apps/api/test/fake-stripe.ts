import { createServer, type Server } from 'node:http';

/*
 * A local fake of the few Stripe endpoints we call (never the real Stripe), for the Stripe adapter's
 * tests: PaymentIntents (on-session with a PaymentMethod, off-session with a customer's saved card),
 * refunds, Customers, SetupIntents and PaymentMethods. It answers the same response for the same
 * idempotency key, as Stripe does. Stripe's test PaymentMethods decide the outcome:
 * `pm_card_chargeDeclined` declines, `pm_card_chargeDeclinedInsufficientFunds` fails for funds,
 * `pm_card_threeDSecure2Required` needs the customer's action.
 *
 * It also confirms SetupIntents the way Stripe.js does from the browser (`POST
 * /v1/setup_intents/:id/confirm` with the publishable key, the client secret and the card typed into
 * Elements), for the end-to-end test of adding a card in Stripe mode (e2e/stripe/), where it runs as
 * its own server (e2e/support/start-stripe-server.ts). `failDetaches(n)` makes the next n detach calls
 * fail as a Stripe outage does.
 */

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  last_payment_error: { message: string } | null;
  metadata: Record<string, string>;
}

/** The fake server: listen on port 0 and give `http://127.0.0.1:<port>` as the adapter's apiBase. */
/** A saved card at the fake: which customer it belongs to, and its card. */
export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  customer: string | null;
  usage: string | null;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  payment_method: string | null;
}

/** A card brand from its number, as Stripe names it. */
function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  return 'unknown';
}

export class FakeStripe {
  server: Server;
  intents = new Map<string, FakeIntent>();
  setupIntents = new Map<string, FakeSetupIntent>();
  /** Every detach call, in order, with the status it was answered. */
  detachCalls: { paymentMethod: string; status: number }[] = [];
  private failingDetaches = 0;
  customers = new Map<string, { id: string; object: 'customer'; name: string | null }>();
  paymentMethods = new Map<string, FakePaymentMethod>();
  idempotencyKeys: string[] = [];
  private answered = new Map<string, { status: number; body: unknown }>();
  private sequence = 0;

  constructor() {
    this.server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        const key = request.headers['idempotency-key'];
        const send = ({ status, body }: { status: number; body: unknown }) => {
          response.writeHead(status, {
            'content-type': 'application/json',
            'request-id': `req_${this.sequence}`,
            // The outage is the test's: the client's own quick retries would only hide it.
            ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
          });
          response.end(JSON.stringify(body));
        };
        if (typeof key === 'string') {
          this.idempotencyKeys.push(key);
          const earlier = this.answered.get(key);
          if (earlier) return send(earlier);
        }
        const answer = this.handle(request.method ?? 'GET', request.url ?? '/', new URLSearchParams(text));
        if (typeof key === 'string') this.answered.set(key, answer);
        send(answer);
      });
    });
  }

  /**
   * A card as Stripe Elements would have saved it through a SetupIntent: attached to the customer.
   * `id` may be one of Stripe's test PaymentMethods (`pm_card_chargeDeclined`…) to choose the outcome.
   */
  addCard(customer: string, id: string, card: Partial<FakePaymentMethod['card']> = {}): FakePaymentMethod {
    const method: FakePaymentMethod = {
      id,
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, ...card },
    };
    this.paymentMethods.set(id, method);
    return method;
  }

  /** The next `count` detach calls answer 500, as during a Stripe outage (and say not to retry at once). */
  failDetaches(count: number): void {
    this.failingDetaches = count;
  }

  private handle(method: string, url: string, form: URLSearchParams): { status: number; body: unknown } {
    this.sequence += 1;
    if (method === 'POST' && url === '/v1/customers') {
      const customer = { id: `cus_fake_${this.sequence}`, object: 'customer' as const, name: form.get('name') };
      this.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && url === '/v1/setup_intents') {
      const id = `seti_fake_${this.sequence}`;
      const intent: FakeSetupIntent = {
        id,
        object: 'setup_intent',
        customer: form.get('customer'),
        usage: form.get('usage'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_x`,
        payment_method: null,
      };
      this.setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    const confirmSetup = /^\/v1\/setup_intents\/([\w]+)\/confirm$/.exec(url);
    if (method === 'POST' && confirmSetup?.[1]) return this.confirmSetup(confirmSetup[1], form);
    const paymentMethodPath = /^\/v1\/payment_methods\/([\w]+)(\/detach)?$/.exec(url);
    if (paymentMethodPath?.[1]) {
      const detach = method === 'POST' && Boolean(paymentMethodPath[2]);
      const answer = this.paymentMethod(paymentMethodPath[1], detach);
      if (detach) this.detachCalls.push({ paymentMethod: paymentMethodPath[1], status: answer.status });
      return answer;
    }
    if (method === 'POST' && url === '/v1/payment_intents') {
      const paymentMethod = form.get('payment_method');
      const id = `pi_fake_${this.sequence}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'succeeded',
        client_secret: `${id}_secret_x`,
        last_payment_error: null,
        metadata: {},
      };
      const declined =
        paymentMethod === 'pm_card_chargeDeclined'
          ? 'Your card was declined.'
          : paymentMethod === 'pm_card_chargeDeclinedInsufficientFunds'
            ? 'Your card has insufficient funds.'
            : null;
      if (declined) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { message: declined };
        this.intents.set(id, intent);
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: declined === 'Your card was declined.' ? 'generic_decline' : 'insufficient_funds',
              message: declined,
              payment_intent: intent,
            },
          },
        };
      }
      if (paymentMethod === 'pm_card_threeDSecure2Required') intent.status = 'requires_action';
      this.intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([\w]+)$/.exec(url);
    if (method === 'GET' && retrieve?.[1]) {
      const intent = this.intents.get(retrieve[1]);
      return intent
        ? { status: 200, body: intent }
        : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    }
    if (method === 'POST' && url === '/v1/refunds') {
      return {
        status: 200,
        body: {
          id: `re_fake_${this.sequence}`,
          object: 'refund',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No route ${method} ${url}` } } };
  }

  private paymentMethod(id: string, detach: boolean): { status: number; body: unknown } {
    if (detach && this.failingDetaches > 0) {
      this.failingDetaches -= 1;
      return {
        status: 500,
        body: { error: { type: 'api_error', message: 'An unknown error occurred (fake outage).' } },
      };
    }
    const saved = this.paymentMethods.get(id);
    if (!saved) return missing('PaymentMethod', id);
    if (detach) {
      if (!saved.customer) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
            },
          },
        };
      }
      saved.customer = null;
    }
    return { status: 200, body: saved };
  }

  /** What Stripe.js asks when Elements saves a card: the card becomes a PaymentMethod on the intent's customer. */
  private confirmSetup(id: string, form: URLSearchParams): { status: number; body: unknown } {
    const intent = this.setupIntents.get(id);
    if (!intent) return missing('setup_intent', id);
    if (form.get('client_secret') !== intent.client_secret) {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid client secret.' } } };
    }
    const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
    const expMonth = Number(form.get('payment_method_data[card][exp_month]'));
    const expYear = Number(form.get('payment_method_data[card][exp_year]'));
    if (!/^\d{12,19}$/.test(number) || !(expMonth >= 1 && expMonth <= 12) || !(expYear >= 2000)) {
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } },
      };
    }
    const method = this.addCard(intent.customer ?? '', `pm_fake_${this.sequence}`, {
      brand: brandOf(number),
      last4: number.slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
    });
    intent.status = 'succeeded';
    intent.payment_method = method.id;
    return { status: 200, body: intent };
  }
}

/** Stripe's answer for an id it does not know. */
const missing = (kind: string, id: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` },
  },
});
