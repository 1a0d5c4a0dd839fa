import { randomUUID } from 'node:crypto';
import { accountingCredits, accounts, invoicePayments, storedCards } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createQuickBooksAccounting } from '../src/integrations/accounting/quickbooks';
import { createAccountingWorker } from '../src/modules/accounting/worker';
import { FakeQuickBooks } from './fake-quickbooks';
import { SUPER, type TestApp } from './harness';
import { createStripeTestApp, type StripeTestApp } from './stripe-test-app';

/*
 * A card refund made in Stripe's dashboard (`charge.refunded`) is booked in QuickBooks like one made
 * through us: the webhook's refund queues the invoice's push, which books one RefundReceipt.
 */

const WEBHOOK_SECRET = 'whsec_test_colophon_accounting_refunds';
let stripe: StripeTestApp;
let t: TestApp;
let quickBooks: FakeQuickBooks;
let lincolnId: number;

beforeAll(async () => {
  quickBooks = new FakeQuickBooks();
  await quickBooks.listen();
  stripe = await createStripeTestApp(WEBHOOK_SECRET);
  t = stripe.t;
  const [lincoln] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Lincoln High School'));
  if (!lincoln) throw new Error('no Lincoln');
  lincolnId = lincoln.id;
}, 120_000);

afterAll(async () => {
  await stripe?.close();
  await quickBooks?.close();
});

describe("a refund made in Stripe's dashboard", () => {
  it('is booked in QuickBooks as one RefundReceipt', async () => {
    const base = `http://127.0.0.1:${(quickBooks.server.address() as { port: number }).port}`;
    const config = loadConfig({
      QUICKBOOKS_CLIENT_ID: 'client',
      QUICKBOOKS_CLIENT_SECRET: 'secret',
      QUICKBOOKS_REALM_ID: quickBooks.realmId,
      QUICKBOOKS_REFRESH_TOKEN: 'rt-0',
      QUICKBOOKS_API_BASE: base,
      QUICKBOOKS_TOKEN_URL: `${base}/oauth2/v1/tokens/bearer`,
      QUICKBOOKS_REFUND_ACCOUNT_ID: '35',
      INTEGRATION_TIMEOUT_MS: '5000',
    });
    if (!config.quickbooks) throw new Error('QuickBooks not configured');
    const books = createQuickBooksAccounting({
      settings: config.quickbooks,
      db: t.handle.db,
      secret: t.app.services.tokenSecret,
    });
    const drain = () => createAccountingWorker({ ...t.app.services, accounting: books }).drain();

    stripe.fake.addCard('cus_fake_lincoln', 'pm_card_visa');
    await t.handle.db.update(storedCards).set({ isDefault: false }).where(eq(storedCards.accountId, lincolnId));
    await t.handle.db
      .insert(storedCards)
      .values({
        accountId: lincolnId,
        provider: 'stripe',
        customerRef: 'cus_fake_lincoln',
        cardRef: 'pm_card_visa',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2040,
        isDefault: true,
      })
      .onConflictDoUpdate({ target: [storedCards.provider, storedCards.cardRef], set: { isDefault: true } });
    const draft = await t.call({
      method: 'POST',
      url: '/api/invoices',
      as: SUPER,
      payload: { accountId: lincolnId, lines: [{ label: 'Yearbooks', quantity: 1, unitCents: 9000 }] },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const invoiceId = draft.json<{ id: number }>().id;
    expect((await t.call({ method: 'POST', url: `/api/invoices/${invoiceId}/issue`, as: SUPER })).statusCode).toBe(200);
    const charged = await t.call({
      method: 'POST',
      url: '/api/payments/invoice_stripe',
      as: SUPER,
      payload: { invoiceId, idempotencyKey: randomUUID() },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    await drain();

    const refunded = stripe.signed({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_fake_accounting',
          object: 'charge',
          payment_intent: charged.json().payment.providerRef as string,
          amount: 9000,
          amount_refunded: 2500,
        },
      },
    });
    const response = await stripe.sendWebhook(refunded.payload, refunded.header);
    expect(response.json().outcome).toBe('invoice_refund_synced');
    await drain();
    await drain();

    const [refund] = await t.handle.db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.kind, 'refund')));
    if (!refund) throw new Error('no refund');
    expect([...quickBooks.refundReceipts.values()]).toEqual([
      expect.objectContaining({ DocNumber: `COL-RF-${refund.id}`, TotalAmt: 25, DepositToAccountRef: { value: '35' } }),
    ]);
    expect(
      await t.handle.db.select().from(accountingCredits).where(eq(accountingCredits.invoiceId, invoiceId)),
    ).toEqual([expect.objectContaining({ refundId: refund.id, provider: 'quickbooks', amountCents: 2500 })]);
  });
});
