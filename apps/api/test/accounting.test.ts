import {
  accountingInvoices,
  accounts,
  invoiceLines,
  invoices,
  queueAccounting,
  userAccounts,
  users,
} from '@colophon/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountingAdapter, AccountingRejectedError } from '../src/integrations/accounting/accounting-adapter';
import { createEmbeddedAccounting } from '../src/integrations/accounting/embedded';
import { enqueueInvoiceSync } from '../src/modules/accounting/enqueue';
import { signAccountingLink } from '../src/modules/accounting/links';
import { createAccountingWorker } from '../src/modules/accounting/worker';
import { QueueStatus } from '../src/queue';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
let schoolId: number;
let otherId: number;

const db = () => t.handle.db;
const syncRow = async (invoiceId: number) =>
  (await db().select().from(accountingInvoices).where(eq(accountingInvoices.invoiceId, invoiceId)))[0];
const jobsOf = (invoiceId: number) =>
  db()
    .select()
    .from(queueAccounting)
    .where(sql`${queueAccounting.payload}->>'invoiceId' = ${String(invoiceId)}`)
    .orderBy(queueAccounting.id);

let numbered = 0;
/** An open invoice of two lines and tax: $250.00 + $12.50 tax = $262.50. */
async function openInvoice(accountId: number, values: Partial<typeof invoices.$inferInsert> = {}) {
  numbered++;
  const [invoice] = await db()
    .insert(invoices)
    .values({
      accountId,
      number: `ACC-T${process.pid % 1000}-${numbered}`,
      status: 'open',
      subtotalCents: 25_000,
      taxCents: 1_250,
      totalCents: 26_250,
      year: 2026,
      issuedAt: new Date('2026-03-02T10:00:00Z'),
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
        quantity: 100,
        unitCents: 240,
        amountCents: 24_000,
      },
      {
        invoiceId: invoice.id,
        position: 2,
        kind: 'shipping',
        label: 'Shipping',
        quantity: 1,
        unitCents: 1_000,
        amountCents: 1_000,
      },
    ]);
  return invoice;
}

/** Runs the accounting jobs due now through a worker of this adapter (the embedded books by default). */
const drain = (accounting?: AccountingAdapter) =>
  createAccountingWorker({ ...t.app.services, ...(accounting ? { accounting } : {}) }).drain();

beforeAll(async () => {
  t = await createTestApp();
  const [link] = await db()
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(eq(users.email, ADVISER));
  if (!link) throw new Error('the adviser has no account');
  schoolId = link.accountId;
  const [other] = await db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(ne(accounts.id, schoolId), sql`${accounts.parentAccountId} is not null`))
    .limit(1);
  if (!other) throw new Error('no other account');
  otherId = other.id;
});

afterAll(async () => {
  await t?.close();
});

describe('enqueueInvoiceSync', () => {
  it('marks the sync pending and queues one job, however often it is called while one waits', async () => {
    const invoice = await openInvoice(schoolId);
    expect(await db().transaction((tx) => enqueueInvoiceSync(tx, invoice.id))).toBe(true);
    expect(await enqueueInvoiceSync(db(), invoice.id)).toBe(false);
    expect(await syncRow(invoice.id)).toMatchObject({ status: 'pending', accountId: schoolId });
    expect(await jobsOf(invoice.id)).toHaveLength(1);
  });

  it('queues one job for two concurrent calls', async () => {
    const invoice = await openInvoice(schoolId);
    const both = await Promise.all([
      db().transaction((tx) => enqueueInvoiceSync(tx, invoice.id)),
      db().transaction((tx) => enqueueInvoiceSync(tx, invoice.id)),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await jobsOf(invoice.id)).toHaveLength(1);
  });

  it('leaves a draft alone', async () => {
    const invoice = await openInvoice(schoolId, { status: 'draft', number: null });
    expect(await enqueueInvoiceSync(db(), invoice.id)).toBe(false);
    expect(await syncRow(invoice.id)).toBeUndefined();
    expect(await jobsOf(invoice.id)).toHaveLength(0);
  });
});

describe('the queue_accounting worker', () => {
  it('pushes the invoice to the embedded books: synced, numbered, with its balance', async () => {
    const invoice = await openInvoice(schoolId);
    await enqueueInvoiceSync(db(), invoice.id);
    await drain();
    const row = await syncRow(invoice.id);
    expect(row).toMatchObject({
      status: 'synced',
      provider: 'embedded',
      externalId: `emb_inv_${invoice.id}`,
      docNumber: `COL-2026-${String(invoice.id).padStart(6, '0')}`,
      externalBalanceCents: 26_250,
      externalStatus: 'Open',
      attempts: 1,
      lastError: null,
    });
    expect(row?.syncedAt).toBeInstanceOf(Date);
    const [job] = await jobsOf(invoice.id);
    expect(job?.status).toBe(QueueStatus.Complete);
  });

  it('runs a job again to the same result (the same number, one row)', async () => {
    const invoice = await openInvoice(schoolId);
    await enqueueInvoiceSync(db(), invoice.id);
    await drain();
    const first = await syncRow(invoice.id);
    // The invoice is paid in part, then pushed again.
    await db().update(invoices).set({ paidCents: 10_000 }).where(eq(invoices.id, invoice.id));
    await enqueueInvoiceSync(db(), invoice.id);
    await drain();
    const rows = await db().select().from(accountingInvoices).where(eq(accountingInvoices.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'synced',
      docNumber: first?.docNumber,
      externalId: first?.externalId,
      externalBalanceCents: 16_250,
      externalStatus: 'Partially paid',
      attempts: 2,
    });
  });

  it('records a failure, retries with the backoff, then syncs', async () => {
    const invoice = await openInvoice(schoolId);
    const books = createEmbeddedAccounting(db());
    let calls = 0;
    const flaky: AccountingAdapter = {
      ...books,
      async pushInvoice(request) {
        calls++;
        if (calls === 1) throw new Error('QuickBooks 503: Service unavailable');
        return books.pushInvoice(request);
      },
    };
    await enqueueInvoiceSync(db(), invoice.id);
    await drain(flaky);
    expect(await syncRow(invoice.id)).toMatchObject({
      status: 'failed',
      lastError: 'QuickBooks 503: Service unavailable',
      attempts: 1,
    });
    const [waiting] = await jobsOf(invoice.id);
    expect(waiting).toMatchObject({ status: QueueStatus.Waiting, attempts: 1 });
    expect(waiting?.runAfter.getTime()).toBeGreaterThan(Date.now());
    // The backoff's wait, passed.
    await db()
      .update(queueAccounting)
      .set({ runAfter: sql`now()` })
      .where(eq(queueAccounting.id, waiting?.id ?? 0));
    await drain(flaky);
    expect(await syncRow(invoice.id)).toMatchObject({ status: 'synced', lastError: null, attempts: 2 });
    expect(calls).toBe(2);
  });

  it('stops on a refusal of the invoice itself (Error, for a person), and the retry route queues it again', async () => {
    const invoice = await openInvoice(schoolId);
    const refusing: AccountingAdapter = {
      ...createEmbeddedAccounting(db()),
      async pushInvoice() {
        throw new AccountingRejectedError(
          'QuickBooks 400: Invalid Reference Id: Item assigned to this line is inactive',
        );
      },
    };
    await enqueueInvoiceSync(db(), invoice.id);
    await drain(refusing);
    const row = await syncRow(invoice.id);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.lastError).toMatch(/Item assigned to this line is inactive/);
    expect((await jobsOf(invoice.id))[0]?.status).toBe(QueueStatus.Error);

    const retried = await t.call({ method: 'POST', url: `/api/quickbooks_invoices/${row?.id}/retry`, as: SUPER });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', invoiceId: invoice.id });
    expect(await jobsOf(invoice.id)).toHaveLength(2);
    await drain();
    expect(await syncRow(invoice.id)).toMatchObject({ status: 'synced', lastError: null });
  });
});

describe('signed links', () => {
  let invoiceId: number;
  beforeAll(async () => {
    const invoice = await openInvoice(schoolId);
    invoiceId = invoice.id;
    await enqueueInvoiceSync(db(), invoiceId);
    await drain();
  });

  it('gives the school fresh links; the PDF and the status open without a session', async () => {
    const linked = await t.call({ method: 'POST', url: `/api/quickbooks_invoices/${invoiceId}/link`, as: ADVISER });
    expect(linked.statusCode).toBe(200);
    const { pdfUrl, statusUrl, expiresAt } = linked.json();
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);

    const pdf = await t.call({ method: 'GET', url: pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const status = await t.call({ method: 'GET', url: statusUrl });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ invoiceId, provider: 'embedded', balanceCents: 26_250, status: 'Open' });
  });

  it('refuses a bad, altered, expired or other-purpose token with 403', async () => {
    const secret = t.app.services.tokenSecret;
    const expired = signAccountingLink(secret, 'pdf', invoiceId, new Date(Date.now() - 20 * 60_000)).token;
    const status = signAccountingLink(secret, 'status', invoiceId, new Date()).token;
    const good = signAccountingLink(secret, 'pdf', invoiceId, new Date()).token;
    const [expires, mac = ''] = good.split('.');
    const cases = {
      garbage: 'nonsense',
      altered: `${Number(expires) + 3600}.${mac}`,
      expired,
      'a status token': status,
    };
    for (const [name, token] of Object.entries(cases)) {
      const response = await t.call({
        method: 'GET',
        url: `/api/quickbooks_invoices/download_invoice_pdf/${invoiceId}?token=${token}`,
      });
      expect(response.statusCode, name).toBe(403);
      expect(response.json().detail, name).toMatch(name === 'expired' ? /expired/ : /not valid/);
    }
    // Another invoice's token does not open this one.
    const missing = await t.call({
      method: 'GET',
      url: `/api/check_qbo_status_invoice/${invoiceId + 1}?token=${good}`,
    });
    expect(missing.statusCode).toBe(403);
    const none = await t.call({ method: 'GET', url: `/api/check_qbo_status_invoice/${invoiceId}` });
    expect(none.statusCode).toBe(400);
  });

  it('keeps another school out of the links and the sync', async () => {
    const foreign = await openInvoice(otherId);
    await enqueueInvoiceSync(db(), foreign.id);
    await drain();
    const link = await t.call({ method: 'POST', url: `/api/quickbooks_invoices/${foreign.id}/link`, as: ADVISER });
    expect(link.statusCode).toBe(404);
    const sync = await t.call({ method: 'GET', url: `/api/quickbooks_invoices/invoice/${foreign.id}`, as: ADVISER });
    expect(sync.statusCode).toBe(404);
    const own = await t.call({ method: 'GET', url: `/api/quickbooks_invoices/invoice/${invoiceId}`, as: ADVISER });
    expect(own.json()).toMatchObject({ invoiceId, status: 'synced' });
  });
});

describe('the quickbooks_invoices resource', () => {
  it('lists for super administrators only, filtered by status and invoice', async () => {
    const invoice = await openInvoice(schoolId);
    await enqueueInvoiceSync(db(), invoice.id);
    const list = await t.call({
      method: 'GET',
      url: `/api/quickbooks_invoices?status[]=pending&invoiceId[]=${invoice.id}`,
      as: SUPER,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      data: [{ invoiceId: invoice.id, status: 'pending', invoice: { totalCents: 26_250, balanceCents: 26_250 } }],
    });
    for (const who of [OWNER, ADVISER]) {
      const refused = await t.call({ method: 'GET', url: '/api/quickbooks_invoices', as: who });
      expect(refused.statusCode, who).toBe(403);
    }
    const csv = await t.call({
      method: 'GET',
      url: `/api/quickbooks_invoices/export?invoiceId[]=${invoice.id}`,
      as: SUPER,
    });
    expect(csv.statusCode).toBe(200);
  });
});
