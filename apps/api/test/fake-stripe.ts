import { createServer, type Server } from 'node:http';

/*
 * A local fake of the few Stripe endpoints we call (never the real Stripe), for the Stripe adapter's
 * tests: PaymentIntents (on-session with a PaymentMethod, off-session with a customer's saved card),
 * refunds, Customers, SetupIntents and PaymentMethods. It answers the same response for the same
 * idempotency key, as Stripe does. Stripe's test PaymentMethods decide the outcome:
 * `pm_card_chargeDeclined` declines, `pm_card_chargeDeclinedInsufficientFunds` fails for funds,
 * `pm_card_threeDSecure2Required` needs the customer's action.
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

export class FakeStripe {
  server: Server;
  intents = new Map<string, FakeIntent>();
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
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.sequence}` });
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

  private handle(method: string, url: string, form: URLSearchParams): { status: number; body: unknown } {
    this.sequence += 1;
    if (method === 'POST' && url === '/v1/customers') {
      const customer = { id: `cus_fake_${this.sequence}`, object: 'customer' as const, name: form.get('name') };
      this.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && url === '/v1/setup_intents') {
      const id = `seti_fake_${this.sequence}`;
      return {
        status: 200,
        body: {
          id,
          object: 'setup_intent',
          customer: form.get('customer'),
          usage: form.get('usage'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_x`,
        },
      };
    }
    const paymentMethodPath = /^\/v1\/payment_methods\/([\w]+)(\/detach)?$/.exec(url);
    if (paymentMethodPath?.[1]) {
      const saved = this.paymentMethods.get(paymentMethodPath[1]);
      if (!saved) {
        return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
      }
      if (method === 'POST' && paymentMethodPath[2]) saved.customer = null;
      return { status: 200, body: saved };
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
}
