import { randomUUID } from 'node:crypto';
import { accounts, invoicePayments, invoices, paymentWebhookEvents, storedCards } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from './fake-stripe';
import { SUPER, type TestApp } from './harness';
import { createStripeTestApp, type StripeTestApp } from './stripe-test-app';

/*
 * Invoice charges through Stripe (issue 13), against the local fake of Stripe's API: an off-session
 * PaymentIntent under the charge's idempotency key, a decline as a 402, and the one webhook
 * (`/api/payments/stripe/webhook`, its first address too): a charge settled after its request died,
 * a refund made in Stripe's dashboard, a bad signature refused, a replay changing nothing.
 */

const WEBHOOK_SECRET = 'whsec_test_colophon_invoices';
let stripe: StripeTestApp;
let t: TestApp;
let fake: FakeStripe;
let lincolnId: number;

const signed = (event: object) => stripe.signed(event);
const send = (payload: string, header: string | undefined, url?: string) => stripe.sendWebhook(payload, header, url);

const event = (type: string, object: object, id = `evt_${randomUUID()}`) => ({
  id,
  object: 'event',
  type,
  data: { object },
});

async function openInvoice(unitCents: number) {
  const draft = await t.call({
    method: 'POST',
    url: '/api/invoices',
    as: SUPER,
    payload: { accountId: lincolnId, lines: [{ label: 'Yearbooks', quantity: 1, unitCents }] },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const issued = await t.call({ method: 'POST', url: `/api/invoices/${draft.json().id}/issue`, as: SUPER });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json<{ id: number; totalCents: number }>();
}

async function useCard(cardRef: string) {
  await t.handle.db.update(storedCards).set({ isDefault: false }).where(eq(storedCards.accountId, lincolnId));
  fake.addCard('cus_fake_lincoln', cardRef);
  await t.handle.db
    .insert(storedCards)
    .values({
      accountId: lincolnId,
      provider: 'stripe',
      customerRef: 'cus_fake_lincoln',
      cardRef,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      isDefault: true,
    })
    .onConflictDoUpdate({ target: [storedCards.provider, storedCards.cardRef], set: { isDefault: true } });
}

async function invoiceRow(id: number) {
  const [row] = await t.handle.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error(`no invoice ${id}`);
  return row;
}

beforeAll(async () => {
  stripe = await createStripeTestApp(WEBHOOK_SECRET);
  ({ t, fake } = stripe);
  const [lincoln] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Lincoln High School'));
  if (!lincoln) throw new Error('no Lincoln');
  lincolnId = lincoln.id;
}, 120_000);
afterAll(() => stripe?.close());

describe('invoice charges through Stripe', () => {
  it('charges the saved card off-session under the charge key, once; a decline is a 402', async () => {
    await useCard('pm_card_visa');
    const invoice = await openInvoice(12_345);
    const key = randomUUID();
    const body = { invoiceId: invoice.id, idempotencyKey: key };
    const first = await t.call({ method: 'POST', url: '/api/payments/invoice_stripe', as: SUPER, payload: body });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().invoice).toMatchObject({ status: 'paid', paidCents: 12_345 });
    expect(fake.idempotencyKeys).toContain(`invoice-charge:${key}`);
    const intent = fake.intents.get(first.json().payment.providerRef);
    expect(intent?.amount).toBe(12_345);
    const again = await t.call({ method: 'POST', url: '/api/payments/invoice_stripe', as: SUPER, payload: body });
    expect(again.json().payment.id).toBe(first.json().payment.id);
    expect([...fake.intents.values()].filter((entry) => entry.amount === 12_345)).toHaveLength(1);

    await useCard('pm_card_chargeDeclined');
    const declined = await openInvoice(500);
    const refused = await t.call({
      method: 'POST',
      url: '/api/payments/invoice_stripe',
      as: SUPER,
      payload: { invoiceId: declined.id, idempotencyKey: randomUUID() },
    });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().detail).toBe('Your card was declined.');
    expect(await invoiceRow(declined.id)).toMatchObject({ status: 'open', paidCents: 0 });
  });

  it('settles a charge whose request died from the webhook, once; a replay changes nothing', async () => {
    await useCard('pm_card_visa');
    const invoice = await openInvoice(7000);
    // A charge row left pending (the request died after the provider took the money).
    const [pending] = await t.handle.db
      .insert(invoicePayments)
      .values({
        invoiceId: invoice.id,
        kind: 'payment',
        method: 'credit_card',
        provider: 'stripe',
        amountCents: 7000,
        status: 'pending',
        idempotencyKey: `invoice-charge:${randomUUID()}`,
      })
      .returning();
    if (!pending) throw new Error('no pending payment');
    const succeeded = event('payment_intent.succeeded', {
      id: 'pi_fake_late_1',
      object: 'payment_intent',
      amount: 7000,
      status: 'succeeded',
      metadata: { invoiceId: String(invoice.id), invoicePaymentId: String(pending.id) },
    });
    const { payload, header } = signed(succeeded);
    const response = await send(payload, header);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'invoice_paid' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid', paidCents: 7000 });

    const replay = await send(payload, header);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    // The same news under another event id is late news: nothing moves twice.
    const late = signed({ ...succeeded, id: `evt_${randomUUID()}` });
    expect((await send(late.payload, late.header)).json()).toEqual({ received: true, outcome: 'unchanged' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidCents: 7000 });
  });

  it('brings in a refund made in the dashboard, at the first address too, and reopens the invoice', async () => {
    await useCard('pm_card_visa');
    const invoice = await openInvoice(9000);
    const charged = await t.call({
      method: 'POST',
      url: '/api/payments/invoice_stripe',
      as: SUPER,
      payload: { invoiceId: invoice.id, idempotencyKey: randomUUID() },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const intentId = charged.json().payment.providerRef as string;
    const refunded = event('charge.refunded', {
      id: 'ch_fake_1',
      object: 'charge',
      payment_intent: intentId,
      amount: 9000,
      amount_refunded: 2500,
    });
    const { payload, header } = signed(refunded);
    const response = await send(payload, header, '/api/payments/webhooks/stripe');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toBe('invoice_refund_synced');
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'open', paidCents: 9000, refundedCents: 2500 });
    expect((await send(payload, header)).json().outcome).toBe('duplicate');
    expect((await invoiceRow(invoice.id)).refundedCents).toBe(2500);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const forged = event('payment_intent.succeeded', { id: 'pi_forged', object: 'payment_intent', metadata: {} });
    const before = await t.handle.db.select().from(paymentWebhookEvents);
    const response = await send(JSON.stringify(forged), 't=1,v1=deadbeef');
    expect(response.statusCode).toBe(400);
    expect((await send(JSON.stringify(forged), undefined)).statusCode).toBe(400);
    expect(await t.handle.db.select().from(paymentWebhookEvents)).toHaveLength(before.length);
  });
});
