import { randomUUID } from 'node:crypto';
import {
  accounts,
  notifications,
  onlineOrderItems,
  onlineOrders,
  onlinePayments,
  onlineRefundLines,
  paymentWebhookEvents,
  productPrices,
  products,
  storeStatuses,
} from '@colophon/db';
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeIntent, FakeStripe } from './fake-stripe';
import type { TestApp } from './harness';
import { createStripeTestApp, type StripeTestApp } from './stripe-test-app';

/*
 * The Stripe adapter and its webhooks (issue 12), against a local fake of Stripe's API — never the
 * real Stripe: PaymentIntents confirmed with a PaymentMethod (paid, declined, needing 3-D Secure),
 * idempotency keys sent, and signed events: good, bad, stale and replayed.
 */

const WEBHOOK_SECRET = 'whsec_test_colophon_webhooks';
const SLUG = 'lincoln-stripe-test';
const YEAR = 2033;

let stripe: StripeTestApp;
let t: TestApp;
let fake: FakeStripe;
let bookId: number;

const checkoutBody = (paymentMethodId: string, fields: object = {}) => ({
  items: [{ productId: bookId, quantity: 1 }],
  shipping: 1,
  parent: { name: 'Pat Parent', email: 'pat@parents.test' },
  student: { firstName: 'Sam', lastName: 'Student' },
  checkoutKey: randomUUID(),
  payment: { paymentMethodId },
  ...fields,
});

const signed = (event: object, timestamp?: number) => stripe.signed(event, timestamp);

// The webhook's first address, which answers the same handler.
const sendWebhook = (payload: string, header: string | undefined) =>
  stripe.sendWebhook(payload, header, '/api/payments/webhooks/stripe');

const intentEvent = (type: string, intent: Partial<FakeIntent> & { id: string }, id = `evt_${randomUUID()}`) => ({
  id,
  object: 'event',
  type,
  data: { object: { object: 'payment_intent', ...intent } },
});

async function orderOf(orderNumber: string) {
  const [order] = await t.handle.db.select().from(onlineOrders).where(eq(onlineOrders.orderNumber, orderNumber));
  if (!order) throw new Error(`no order ${orderNumber}`);
  return order;
}

beforeAll(async () => {
  stripe = await createStripeTestApp(WEBHOOK_SECRET);
  ({ t, fake } = stripe);
  const [lincoln] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Lincoln High School'));
  if (!lincoln) throw new Error('no Lincoln');
  const [store] = await t.handle.db
    .insert(storeStatuses)
    .values({ accountId: lincoln.id, year: YEAR, slug: SLUG, isOpen: true })
    .returning({ id: storeStatuses.id });
  if (!store) throw new Error('no store');
  const [book] = await t.handle.db
    .insert(products)
    .values({ storeId: store.id, typeProduct: 1, name: 'Yearbook' })
    .returning({ id: products.id });
  if (!book) throw new Error('no product');
  bookId = book.id;
  await t.handle.db
    .insert(productPrices)
    .values({ productId: bookId, priceCents: 5000, startsAt: new Date('2021-01-01') });
}, 120_000);
afterAll(() => stripe?.close());

describe('checkout through Stripe', () => {
  it('tells the storefront to use Stripe.js with the publishable key', async () => {
    const store = (await t.call({ method: 'GET', url: `/api/storefront/${SLUG}` })).json();
    expect(store).toMatchObject({ paymentsProvider: 'stripe', stripePublishableKey: 'pk_test_colophon' });
  });

  it('confirms a PaymentIntent under the checkout key and pays the order; a card number is refused', async () => {
    const body = checkoutBody('pm_card_visa');
    const response = await t.call({ method: 'POST', url: `/api/storefront/${SLUG}/checkout`, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'paid' });
    expect(fake.idempotencyKeys).toContain(`checkout:${body.checkoutKey}`);
    const order = await orderOf(response.json().orderNumber);
    expect(order.paymentIntentId).toMatch(/^pi_fake_/);
    const intent = fake.intents.get(order.paymentIntentId ?? '');
    expect(intent?.amount).toBe(order.totalCents);

    const card = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/checkout`,
      payload: {
        ...checkoutBody('pm_x'),
        payment: { card: { number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' } },
      },
    });
    expect(card.statusCode).toBe(400);
  });

  it("answers Stripe's decline as a 402 with its message; the order is failed", async () => {
    const response = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/checkout`,
      payload: checkoutBody('pm_card_chargeDeclined'),
    });
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().detail).toBe('Your card was declined.');
  });

  it('3-D Secure: pending with the client secret, then paid by the confirm call', async () => {
    const body = checkoutBody('pm_card_threeDSecure2Required');
    const response = await t.call({ method: 'POST', url: `/api/storefront/${SLUG}/checkout`, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.status).toBe('pending');
    expect(result.clientSecret).toMatch(/_secret_/);
    const order = await orderOf(result.orderNumber);
    // The parent finishes the challenge; Stripe now says succeeded.
    const intent = fake.intents.get(order.paymentIntentId ?? '');
    if (!intent) throw new Error('no intent');
    intent.status = 'succeeded';
    const url = `/api/storefront/${SLUG}/checkout/${result.orderNumber}/confirm`;
    const stranger = await t.call({ method: 'POST', url, payload: { checkoutKey: randomUUID() } });
    expect(stranger.statusCode).toBe(404);
    const confirmed = await t.call({ method: 'POST', url, payload: { checkoutKey: body.checkoutKey } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('paid');
  });
});

describe('webhooks', () => {
  async function pendingOrder() {
    const response = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/checkout`,
      payload: checkoutBody('pm_card_threeDSecure2Required'),
    });
    expect(response.statusCode, response.body).toBe(201);
    return orderOf(response.json().orderNumber);
  }

  it('payment_intent.succeeded pays the order once, however often the event is delivered', async () => {
    const order = await pendingOrder();
    const event = intentEvent('payment_intent.succeeded', { id: order.paymentIntentId ?? '', status: 'succeeded' });
    const { payload, header } = signed(event);
    const first = await sendWebhook(payload, header);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    const again = await sendWebhook(payload, header);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await orderOf(order.orderNumber)).status).toBe('paid');
    const notified = await t.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderExternalId, order.orderNumber));
    expect(notified).toHaveLength(1);
    const events = await t.handle.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, event.id));
    expect(events.map((row) => row.outcome)).toEqual(['paid']);
  });

  it('refuses a bad signature, a missing one and a stale one (400), changing nothing', async () => {
    const order = await pendingOrder();
    const event = intentEvent('payment_intent.succeeded', { id: order.paymentIntentId ?? '' });
    const { payload, header } = signed(event);
    expect((await sendWebhook(payload.replace('succeeded', 'succeeded '), header)).statusCode).toBe(400);
    expect((await sendWebhook(payload, undefined)).statusCode).toBe(400);
    const forged = new Stripe('sk_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect((await sendWebhook(payload, forged)).statusCode).toBe(400);
    const stale = signed(event, Math.floor(Date.now() / 1000) - 600);
    expect((await sendWebhook(stale.payload, stale.header)).statusCode).toBe(400);
    expect((await orderOf(order.orderNumber)).status).toBe('pending');
  });

  it('payment_intent.payment_failed fails the order with its message', async () => {
    const order = await pendingOrder();
    const { payload, header } = signed(
      intentEvent('payment_intent.payment_failed', {
        id: order.paymentIntentId ?? '',
        status: 'requires_payment_method',
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    expect((await sendWebhook(payload, header)).json()).toEqual({ received: true, outcome: 'failed' });
    expect((await orderOf(order.orderNumber)).status).toBe('failed');
    const [charge] = await t.handle.db.select().from(onlinePayments).where(eq(onlinePayments.onlineOrderId, order.id));
    expect(charge).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
  });

  it("charge.refunded brings in a refund made in Stripe's dashboard", async () => {
    const paid = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/checkout`,
      payload: checkoutBody('pm_card_visa'),
    });
    const order = await orderOf(paid.json().orderNumber);
    const { payload, header } = signed({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      data: { object: { object: 'charge', id: 'ch_1', payment_intent: order.paymentIntentId, amount_refunded: 1000 } },
    });
    expect((await sendWebhook(payload, header)).json()).toEqual({ received: true, outcome: 'refund_synced' });
    const after = await orderOf(order.orderNumber);
    expect(after).toMatchObject({ refundedCents: 1000, status: 'partially_refunded' });
  });

  it('a refund in full in Stripe gives back every line and takes the lines out of the reports', async () => {
    const paid = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/checkout`,
      payload: checkoutBody('pm_card_visa'),
    });
    const order = await orderOf(paid.json().orderNumber);
    const refundedIn = (amount: number) =>
      signed({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'charge.refunded',
        data: {
          object: { object: 'charge', id: 'ch_2', payment_intent: order.paymentIntentId, amount_refunded: amount },
        },
      });
    // In part first: no line named, none moved.
    const part = refundedIn(1000);
    await sendWebhook(part.payload, part.header);
    const linesOf = () =>
      t.handle.db.select().from(onlineOrderItems).where(eq(onlineOrderItems.onlineOrderId, order.id));
    expect((await linesOf()).every((line) => line.refundedCents === 0 && line.paidAt !== null)).toBe(true);
    const whole = refundedIn(order.totalCents);
    expect((await sendWebhook(whole.payload, whole.header)).json()).toEqual({
      received: true,
      outcome: 'refund_synced',
    });
    expect(await orderOf(order.orderNumber)).toMatchObject({ refundedCents: order.totalCents, status: 'refunded' });
    const lines = await linesOf();
    expect(lines.every((line) => line.refundedCents === line.totalCents && line.paidAt === null)).toBe(true);
    const recorded = await t.handle.db
      .select()
      .from(onlineRefundLines)
      .where(
        inArray(
          onlineRefundLines.onlineOrderItemId,
          lines.map((line) => line.id),
        ),
      );
    expect(recorded.reduce((sum, line) => sum + line.amountCents, 0)).toBe(
      lines.reduce((sum, line) => sum + line.totalCents, 0),
    );
  });

  it('the adapter refunds under our idempotency key', async () => {
    const refund = await t.app.services.payments.refund({
      paymentId: 'pi_fake_1',
      amountCents: 500,
      idempotencyKey: 'refund:test:1',
      reason: 'Duplicate order',
    });
    expect(refund.status).toBe('succeeded');
    expect(fake.idempotencyKeys).toContain('refund:test:1');
  });
});
