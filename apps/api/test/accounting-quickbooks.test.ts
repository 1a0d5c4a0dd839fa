import { accountAddresses, accountingConnections, accounts, createDb, invoiceLines, invoices } from '@colophon/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { AccountingRejectedError } from '../src/integrations/accounting/accounting-adapter';
import { loadAccountingInvoice } from '../src/integrations/accounting/invoice-source';
import { createQuickBooksAccounting } from '../src/integrations/accounting/quickbooks';
import { openToken } from '../src/integrations/accounting/token-crypto';
import { FakeQuickBooks } from './fake-quickbooks';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let fake: FakeQuickBooks;
let base: string;
let accountId: number;
let accountCode: string;

const db = () => t.handle.db;
const settings = () => {
  const config = loadConfig({
    QUICKBOOKS_CLIENT_ID: 'client',
    QUICKBOOKS_CLIENT_SECRET: 'secret',
    QUICKBOOKS_REALM_ID: fake.realmId,
    QUICKBOOKS_REFRESH_TOKEN: 'rt-0',
    QUICKBOOKS_API_BASE: base,
    QUICKBOOKS_TOKEN_URL: `${base}/oauth2/v1/tokens/bearer`,
    INTEGRATION_TIMEOUT_MS: '5000',
  });
  if (!config.quickbooks) throw new Error('QuickBooks not configured');
  return config.quickbooks;
};
const adapter = () =>
  createQuickBooksAccounting({ settings: settings(), db: db(), secret: t.app.services.tokenSecret });

let numbered = 0;
async function invoiceFor(values: Partial<typeof invoices.$inferInsert> = {}) {
  numbered++;
  const [invoice] = await db()
    .insert(invoices)
    .values({
      accountId,
      number: `QB-${process.pid % 1000}-${numbered}`,
      status: 'open',
      subtotalCents: 30_000,
      taxCents: 0,
      totalCents: 30_000,
      issuedAt: new Date('2026-04-01T12:00:00Z'),
      ...values,
    })
    .returning();
  if (!invoice) throw new Error('no invoice');
  await db()
    .insert(invoiceLines)
    .values([
      {
        invoiceId: invoice.id,
        position: 1,
        kind: 'book',
        label: 'Yearbooks',
        quantity: 120,
        unitCents: 250,
        amountCents: 30_000,
      },
    ]);
  const loaded = await loadAccountingInvoice(db(), invoice.id);
  if (!loaded) throw new Error('not loaded');
  return loaded;
}

beforeAll(async () => {
  fake = new FakeQuickBooks();
  base = await fake.listen();
  t = await createTestApp();
  const [account] = await db().select({ id: accounts.id, code: accounts.code }).from(accounts).limit(1);
  if (!account) throw new Error('no account');
  accountId = account.id;
  accountCode = account.code;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the QuickBooks adapter (against a local fake)', () => {
  it('refreshes the token, makes the customer and the invoice, and keeps the rotated tokens sealed', async () => {
    const invoice = await invoiceFor();
    const pushed = await adapter().pushInvoice({ invoice, idempotencyKey: `colophon-invoice-${invoice.invoiceId}` });
    expect(pushed).toMatchObject({ docNumber: invoice.number, balanceCents: 30_000, status: 'Open' });
    expect(fake.refreshes).toEqual(['rt-0']);
    expect([...fake.customers.values()].map((customer) => customer.DisplayName)).toEqual([
      expect.stringMatching(new RegExp(`\\[${accountCode}\\]$`)),
    ]);
    expect(fake.invoices.get(pushed.externalId)).toMatchObject({ DocNumber: invoice.number, TotalAmt: 300 });

    const [connection] = await db().select().from(accountingConnections);
    expect(connection?.realmId).toBe(fake.realmId);
    // Sealed at rest: the tokens are not in the row as they are.
    expect(connection?.accessToken).not.toContain('at-1');
    expect(connection?.refreshToken).not.toContain('rt-1');
    expect(openToken(connection?.refreshToken ?? '', t.app.services.tokenSecret)).toBe('rt-1');
    expect(openToken(connection?.accessToken ?? '', t.app.services.tokenSecret)).toBe('at-1');
  });

  it('finds the customer and the invoice again: a retried push makes neither twice', async () => {
    const invoice = await invoiceFor();
    const first = await adapter().pushInvoice({ invoice, idempotencyKey: `colophon-invoice-${invoice.invoiceId}` });
    const invoicesBefore = fake.invoices.size;
    const again = await adapter().pushInvoice({ invoice, idempotencyKey: `colophon-invoice-${invoice.invoiceId}` });
    expect(again).toEqual(first);
    expect(fake.invoices.size).toBe(invoicesBefore);
    expect(fake.customers.size, fake.queries.join('\n')).toBe(1);
    // The stored token was still good: no second refresh.
    expect(fake.refreshes).toEqual(['rt-0']);
  });

  it('books what was paid as one payment, once', async () => {
    const invoice = await invoiceFor();
    await adapter().pushInvoice({ invoice, idempotencyKey: `k-${invoice.invoiceId}` });
    await db().update(invoices).set({ paidCents: 12_345 }).where(eq(invoices.id, invoice.invoiceId));
    const paid = await loadAccountingInvoice(db(), invoice.invoiceId);
    if (!paid) throw new Error('gone');
    const first = await adapter().pushInvoice({ invoice: paid, idempotencyKey: `k-${invoice.invoiceId}` });
    const second = await adapter().pushInvoice({ invoice: paid, idempotencyKey: `k-${invoice.invoiceId}` });
    expect(first).toMatchObject({ balanceCents: 17_655, status: 'Partially paid' });
    expect(second).toEqual(first);
    expect(fake.payments.filter((payment) => payment.invoiceId === first.externalId)).toEqual([
      expect.objectContaining({ TotalAmt: 123.45 }),
    ]);
    expect(await adapter().invoiceStatus(first.externalId)).toEqual({ balanceCents: 17_655, status: 'Partially paid' });
  });

  it('voids a voided invoice there too', async () => {
    const invoice = await invoiceFor();
    const booked = await adapter().pushInvoice({ invoice, idempotencyKey: `v-${invoice.invoiceId}` });
    const voided = await adapter().pushInvoice({
      invoice: { ...invoice, status: 'void' },
      idempotencyKey: `v-${invoice.invoiceId}`,
    });
    expect(voided).toMatchObject({ externalId: booked.externalId, status: 'Voided', balanceCents: 0 });
  });

  it('refreshes within five minutes of expiry, and after a 401', async () => {
    const invoice = await invoiceFor();
    const refreshes = fake.refreshes.length;
    await db()
      .update(accountingConnections)
      .set({ accessTokenExpiresAt: sql`now() + interval '4 minutes'` })
      .where(eq(accountingConnections.provider, 'quickbooks'));
    await adapter().pushInvoice({ invoice, idempotencyKey: `r-${invoice.invoiceId}` });
    expect(fake.refreshes).toHaveLength(refreshes + 1);
    // The token is revoked early at QuickBooks: the 401 brings a refresh and one more try.
    fake.accessToken = 'revoked';
    const status = await adapter().invoiceStatus(
      [...fake.invoices.values()].find((booked) => booked.DocNumber === invoice.number)?.Id ?? '',
    );
    expect(status.status).toBe('Open');
    expect(fake.refreshes).toHaveLength(refreshes + 2);
  });

  it('answers a refused invoice as a rejection (no retry) and an outage as a plain error (retry)', async () => {
    const invoice = await invoiceFor();
    fake.failNextCreate = 'Invalid Reference Id: Item assigned to this line is inactive';
    await expect(adapter().pushInvoice({ invoice, idempotencyKey: `f-${invoice.invoiceId}` })).rejects.toBeInstanceOf(
      AccountingRejectedError,
    );
    fake.down = true;
    try {
      const failure = await adapter()
        .pushInvoice({ invoice, idempotencyKey: `f-${invoice.invoiceId}` })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(AccountingRejectedError);
      expect((failure as Error).message).toMatch(/503/);
      expect((failure as Error).message).not.toMatch(/Bearer|at-\d/);
    } finally {
      fake.down = false;
    }
  });

  it('downloads the invoice PDF', async () => {
    const invoice = await invoiceFor();
    const booked = await adapter().pushInvoice({ invoice, idempotencyKey: `p-${invoice.invoiceId}` });
    const pdf = await adapter().invoicePdf(booked.externalId);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString()).toContain(invoice.number ?? '');
  });
});

describe('the billing address of the customer', () => {
  it('sends the billing address (else the mailing one) and keeps the customer up to date', async () => {
    // An account of its own, so its customer is made here.
    const [account] = await db()
      .insert(accounts)
      .values({ code: `BILL${process.pid % 10000}`, name: 'Billing Test School', type: 2, country: 'US' })
      .returning({ id: accounts.id, code: accounts.code });
    if (!account) throw new Error('no account');
    await db()
      .insert(accountAddresses)
      .values([
        { accountId: account.id, kind: 'shipping', line1: '1 Dock Rd', city: 'Austin', region: 'TX', country: 'US' },
        {
          accountId: account.id,
          kind: 'mailing',
          line1: '12 Main St',
          city: 'Dallas',
          region: 'TX',
          postalCode: '75201',
          country: 'US',
        },
      ]);
    const first = await invoiceFor({ accountId: account.id });
    expect(first.customer.billingAddress).toMatchObject({ line1: '12 Main St', city: 'Dallas' });
    await adapter().pushInvoice({ invoice: first, idempotencyKey: `b-${first.invoiceId}` });
    const customer = () =>
      [...fake.customers.values()].find((entry) => entry.DisplayName.endsWith(`[${account.code}]`));
    expect(customer()?.BillAddr).toEqual({
      Line1: '12 Main St',
      City: 'Dallas',
      CountrySubDivisionCode: 'TX',
      PostalCode: '75201',
      Country: 'US',
    });

    // A billing address is added: the next push moves the customer's there, once.
    await db().insert(accountAddresses).values({
      accountId: account.id,
      kind: 'billing',
      line1: 'Accounts Payable',
      line2: 'PO Box 9',
      city: 'Houston',
      region: 'TX',
      postalCode: '77001',
      country: 'US',
    });
    const second = await invoiceFor({ accountId: account.id });
    await adapter().pushInvoice({ invoice: second, idempotencyKey: `b-${second.invoiceId}` });
    expect(customer()?.BillAddr).toEqual({
      Line1: 'Accounts Payable',
      Line2: 'PO Box 9',
      City: 'Houston',
      CountrySubDivisionCode: 'TX',
      PostalCode: '77001',
      Country: 'US',
    });
    const syncToken = customer()?.SyncToken;
    await adapter().pushInvoice({ invoice: second, idempotencyKey: `b-${second.invoiceId}` });
    // Unchanged: not updated again.
    expect(customer()?.SyncToken).toBe(syncToken);
  });
});

describe('the token refresh across processes', () => {
  it('refreshes once when two processes find the token expiring at the same moment', async () => {
    // Two processes: two adapters, each with its own connections (a second pool on PostgreSQL).
    const second = t.databaseUrl ? createDb({ databaseUrl: t.databaseUrl, poolSize: 2 }) : null;
    try {
      const other = createQuickBooksAccounting({
        settings: settings(),
        db: second?.db ?? db(),
        secret: t.app.services.tokenSecret,
      });
      const invoice = await invoiceFor();
      const booked = await adapter().pushInvoice({ invoice, idempotencyKey: `c-${invoice.invoiceId}` });
      await db()
        .update(accountingConnections)
        .set({ accessTokenExpiresAt: sql`now() + interval '1 minute'` })
        .where(eq(accountingConnections.provider, 'quickbooks'));
      const refreshes = fake.refreshes.length;
      // The token endpoint is slow: the second process asks while the first one's refresh is under way.
      fake.tokenDelayMs = 300;
      try {
        const both = await Promise.all([
          adapter().invoiceStatus(booked.externalId),
          other.invoiceStatus(booked.externalId),
        ]);
        expect(both.map((status) => status.status)).toEqual(['Open', 'Open']);
      } finally {
        fake.tokenDelayMs = 0;
      }
      expect(fake.refreshes).toHaveLength(refreshes + 1);
      const [connection] = await db().select().from(accountingConnections);
      expect(openToken(connection?.refreshToken ?? '', t.app.services.tokenSecret)).toBe(fake.refreshToken);
      expect(connection?.refreshedAt).toBeInstanceOf(Date);
    } finally {
      await second?.close();
    }
  });
});
