import { inflateSync } from 'node:zlib';
import { accountingCredits, accounts, invoiceLines, invoicePayments, invoices, queueAccounting } from '@colophon/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type QuickBooksSettings } from '../src/config';
import type { AccountingAdapter } from '../src/integrations/accounting/accounting-adapter';
import { createQuickBooksAccounting } from '../src/integrations/accounting/quickbooks';
import { enqueueInvoiceSync } from '../src/modules/accounting/enqueue';
import { createAccountingWorker } from '../src/modules/accounting/worker';
import { QueueStatus } from '../src/queue';
import { FakeQuickBooks } from './fake-quickbooks';
import { createTestApp, SUPER, type TestApp } from './harness';

/*
 * Refunds booked in the accounting system (issue 13): a refund of an invoice's payment queues the
 * invoice's push, and the push books the refund once — a numbered credit in the embedded books, a
 * RefundReceipt in QuickBooks — however often the job runs.
 */

let t: TestApp;
let fake: FakeQuickBooks;
let base: string;
let accountId: number;

const db = () => t.handle.db;
const quickBooks = (overrides: Partial<QuickBooksSettings> = {}) => {
  const config = loadConfig({
    QUICKBOOKS_CLIENT_ID: 'client',
    QUICKBOOKS_CLIENT_SECRET: 'secret',
    QUICKBOOKS_REALM_ID: fake.realmId,
    QUICKBOOKS_REFRESH_TOKEN: 'rt-0',
    QUICKBOOKS_API_BASE: base,
    QUICKBOOKS_TOKEN_URL: `${base}/oauth2/v1/tokens/bearer`,
    QUICKBOOKS_REFUND_ACCOUNT_ID: '35',
    INTEGRATION_TIMEOUT_MS: '5000',
  });
  if (!config.quickbooks) throw new Error('QuickBooks not configured');
  return createQuickBooksAccounting({
    settings: { ...config.quickbooks, ...overrides },
    db: db(),
    secret: t.app.services.tokenSecret,
  });
};
const drain = (accounting?: AccountingAdapter) =>
  createAccountingWorker({ ...t.app.services, ...(accounting ? { accounting } : {}) }).drain();
const creditsOf = (invoiceId: number) =>
  db().select().from(accountingCredits).where(eq(accountingCredits.invoiceId, invoiceId)).orderBy(accountingCredits.id);

/** The text a PDF draws: its streams inflated, pdf-lib's hex strings (<436F6C…>) read as WinAnsi. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const data = Buffer.from(match[1] ?? '', 'latin1');
    try {
      parts.push(inflateSync(data).toString('latin1'));
    } catch {
      parts.push(match[1] ?? '');
    }
  }
  return parts.join('\n').replace(/<([0-9A-Fa-f]+)>/g, (_, hex: string) => Buffer.from(hex, 'hex').toString('latin1'));
}

let numbered = 0;
/** An open invoice of $300.00, issued. */
async function openInvoice() {
  numbered++;
  const [invoice] = await db()
    .insert(invoices)
    .values({
      accountId,
      number: `RF-${process.pid % 1000}-${numbered}`,
      status: 'open',
      subtotalCents: 30_000,
      taxCents: 0,
      totalCents: 30_000,
      issuedAt: new Date('2026-04-01T12:00:00Z'),
    })
    .returning();
  if (!invoice) throw new Error('no invoice');
  await db().insert(invoiceLines).values({
    invoiceId: invoice.id,
    position: 1,
    kind: 'book',
    label: 'Yearbooks',
    quantity: 120,
    unitCents: 250,
    amountCents: 30_000,
  });
  return invoice;
}

/** A check of `amountCents` recorded on the invoice through the route; answers the payment's id. */
async function pay(invoiceId: number, amountCents: number) {
  const response = await t.call({
    method: 'POST',
    url: `/api/invoices/${invoiceId}/payments`,
    as: SUPER,
    payload: {
      method: 'check',
      amountCents,
      reference: 'Check 1042',
      idempotencyKey: `pay-${invoiceId}-${amountCents}`,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ payment: { id: number } }>().payment.id;
}

async function refund(invoiceId: number, paymentId: number, amountCents: number, key: string) {
  const response = await t.call({
    method: 'POST',
    url: `/api/invoices/${invoiceId}/refunds`,
    as: SUPER,
    payload: { paymentId, amountCents, reason: 'Books returned', idempotencyKey: key },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ payment: { id: number } }>().payment.id;
}

beforeAll(async () => {
  fake = new FakeQuickBooks();
  base = await fake.listen();
  t = await createTestApp();
  const [account] = await db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.parentAccountId} is not null`)
    .limit(1);
  if (!account) throw new Error('no account');
  accountId = account.id;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('refunds in the embedded books', () => {
  it("shows the demo's refunded invoices with their credits booked", async () => {
    const credits = await db()
      .select({ credit: accountingCredits, refund: invoicePayments })
      .from(accountingCredits)
      .innerJoin(invoicePayments, eq(invoicePayments.id, accountingCredits.refundId));
    expect(credits.length).toBeGreaterThan(0);
    for (const { credit, refund } of credits) {
      expect(refund).toMatchObject({ kind: 'refund', status: 'succeeded', invoiceId: credit.invoiceId });
      expect(credit.amountCents).toBe(refund.amountCents);
      expect(credit.docNumber).toMatch(new RegExp(`^COL-CR-\\d{4}-${String(refund.id).padStart(6, '0')}$`));
    }
    const [first] = credits;
    const status = await t.call({
      method: 'GET',
      url: `/api/quickbooks_invoices/invoice/${first?.credit.invoiceId}`,
      as: SUPER,
    });
    expect(status.json<{ credits: { docNumber: string }[] }>().credits).toContainEqual(
      expect.objectContaining({ docNumber: first?.credit.docNumber }),
    );
  });

  it('books each refund once as a numbered credit, shown on the invoice sync and its PDF', async () => {
    const invoice = await openInvoice();
    const paymentId = await pay(invoice.id, 30_000);
    await drain();
    const refundId = await refund(invoice.id, paymentId, 5_000, `refund-${invoice.id}-a`);
    // The refund queued the invoice's push.
    const [job] = await db()
      .select()
      .from(queueAccounting)
      .where(
        and(
          eq(queueAccounting.status, QueueStatus.Waiting),
          sql`${queueAccounting.payload}->>'invoiceId' = ${String(invoice.id)}`,
        ),
      );
    expect(job).toBeDefined();
    await drain();
    const year = new Date().getUTCFullYear();
    const number = `COL-CR-${year}-${String(refundId).padStart(6, '0')}`;
    expect(await creditsOf(invoice.id)).toEqual([
      expect.objectContaining({ refundId, provider: 'embedded', docNumber: number, amountCents: 5_000 }),
    ]);

    // A second refund and the job run again: one credit each, never two.
    const second = await refund(invoice.id, paymentId, 2_500, `refund-${invoice.id}-b`);
    await drain();
    await enqueueInvoiceSync(db(), invoice.id);
    await drain();
    const credits = await creditsOf(invoice.id);
    expect(credits.map((credit) => [credit.refundId, credit.amountCents])).toEqual([
      [refundId, 5_000],
      [second, 2_500],
    ]);

    const status = await t.call({ method: 'GET', url: `/api/quickbooks_invoices/invoice/${invoice.id}`, as: SUPER });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      status: 'synced',
      externalBalanceCents: 7_500,
      credits: [
        { refundId, docNumber: number, amountCents: 5_000 },
        { refundId: second, amountCents: 2_500 },
      ],
    });

    const links = await t.call({ method: 'POST', url: `/api/quickbooks_invoices/${invoice.id}/link`, as: SUPER });
    const pdf = await t.app.inject({ method: 'GET', url: links.json<{ pdfUrl: string }>().pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain(`Credit ${number}`);
  });
});

describe('refunds in QuickBooks (against the local fake)', () => {
  it('books a refund as one RefundReceipt for the customer, naming the invoice, however often the job runs', async () => {
    const books = quickBooks();
    const invoice = await openInvoice();
    const paymentId = await pay(invoice.id, 30_000);
    await drain(books);
    const booked = [...fake.invoices.values()].find((entry) => entry.DocNumber === invoice.number);
    expect(booked).toMatchObject({ TotalAmt: 300, Balance: 0 });
    expect(fake.payments.filter((payment) => payment.invoiceId === booked?.Id)).toEqual([
      expect.objectContaining({ TotalAmt: 300 }),
    ]);

    const refundId = await refund(invoice.id, paymentId, 4_250, `refund-${invoice.id}-q`);
    await drain(books);
    const receipts = () =>
      [...fake.refundReceipts.values()].filter((receipt) => receipt.PaymentRefNum === invoice.number);
    expect(receipts()).toEqual([
      expect.objectContaining({
        DocNumber: `COL-RF-${refundId}`,
        TotalAmt: 42.5,
        CustomerRef: booked?.CustomerRef,
        DepositToAccountRef: { value: '35' },
      }),
    ]);
    expect(receipts()[0]?.PrivateNote).toContain(`invoice ${invoice.number}`);
    // The invoice stays paid in QuickBooks: the refund is the receipt's, not a payment taken back.
    expect(fake.payments.filter((payment) => payment.invoiceId === booked?.Id)).toHaveLength(1);
    expect(await creditsOf(invoice.id)).toEqual([
      expect.objectContaining({
        refundId,
        provider: 'quickbooks',
        docNumber: `COL-RF-${refundId}`,
        amountCents: 4_250,
      }),
    ]);

    // Run again: the credit's row stops it.
    await enqueueInvoiceSync(db(), invoice.id);
    await drain(books);
    expect(receipts()).toHaveLength(1);

    // A run that died after QuickBooks booked it but before the row: found by its number, not booked again.
    await db().delete(accountingCredits).where(eq(accountingCredits.refundId, refundId));
    await enqueueInvoiceSync(db(), invoice.id);
    await drain(books);
    expect(receipts()).toHaveLength(1);
    expect(await creditsOf(invoice.id)).toHaveLength(1);
  });

  it('sends the refund id as requestid: a create QuickBooks already took answers the first receipt', async () => {
    const books = quickBooks();
    const invoice = await openInvoice();
    const paymentId = await pay(invoice.id, 30_000);
    const refundId = await refund(invoice.id, paymentId, 1_000, `refund-${invoice.id}-r`);
    await drain(books);
    const before = fake.refundReceipts.size;
    // The receipt is not found by its number (QuickBooks' query lags a create): the requestid still holds.
    const receipt = [...fake.refundReceipts.values()].find((entry) => entry.DocNumber === `COL-RF-${refundId}`);
    if (!receipt) throw new Error('no receipt');
    receipt.DocNumber = 'not-yet-indexed';
    await db().delete(accountingCredits).where(eq(accountingCredits.refundId, refundId));
    await enqueueInvoiceSync(db(), invoice.id);
    await drain(books);
    expect(fake.refundReceipts.size).toBe(before);
    expect(await creditsOf(invoice.id)).toEqual([expect.objectContaining({ refundId, externalId: receipt.Id })]);
  });

  it('stops for a person when no refund account is set, and books once it is', async () => {
    const invoice = await openInvoice();
    const paymentId = await pay(invoice.id, 30_000);
    const refundId = await refund(invoice.id, paymentId, 3_000, `refund-${invoice.id}-s`);
    await drain(quickBooks({ refundAccountId: undefined }));
    const [row] = await db()
      .select()
      .from(queueAccounting)
      .where(sql`${queueAccounting.payload}->>'invoiceId' = ${String(invoice.id)}`)
      .orderBy(sql`${queueAccounting.id} desc`)
      .limit(1);
    expect(row?.status).toBe(QueueStatus.Error);
    const status = await t.call({ method: 'GET', url: `/api/quickbooks_invoices/invoice/${invoice.id}`, as: SUPER });
    expect(status.json()).toMatchObject({ status: 'failed', credits: [] });
    expect(status.json<{ lastError: string }>().lastError).toMatch(/QUICKBOOKS_REFUND_ACCOUNT_ID/);

    await enqueueInvoiceSync(db(), invoice.id);
    await drain(quickBooks());
    expect(await creditsOf(invoice.id)).toEqual([expect.objectContaining({ refundId, amountCents: 3_000 })]);
  });
});
