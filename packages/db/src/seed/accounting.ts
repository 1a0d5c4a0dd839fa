import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../create-db';
import { accountingCredits, accountingInvoices, invoicePayments, invoices, queueAccounting } from '../schema/index';

const MINUTE = 60_000;

/** What the books say of an invoice, in the embedded adapter's words (apps/api's statusFromAmounts). */
function booksStatus(invoice: typeof invoices.$inferSelect, balance: number) {
  if (invoice.status === 'void') return 'Voided';
  if (balance <= 0) return 'Paid';
  return balance < invoice.totalCents ? 'Partially paid' : 'Open';
}

/**
 * The accounting sync of the demo's issued invoices (runs after the invoices are made): most are in
 * the embedded books, as the worker leaves them (number 'COL-<year>-<id>'); every seventh failed its
 * last push (its job in Error, for Retry on the page); every fifth waits for a retry after a timeout.
 * Which is which goes by the invoice's place in id order: deterministic. The refunds of a synced
 * invoice are booked as the embedded books' numbered credits ('COL-CR-<year>-<refund id>').
 */
export async function seedAccountingSync(db: Db, now: Date): Promise<void> {
  const issued = await db
    .select()
    .from(invoices)
    .where(and(isNotNull(invoices.number), ne(invoices.status, 'draft')))
    .orderBy(asc(invoices.id));
  const rows: (typeof accountingInvoices.$inferInsert)[] = [];
  const jobs: (typeof queueAccounting.$inferInsert)[] = [];
  issued.forEach((invoice, index) => {
    const balance = invoice.totalCents - invoice.paidCents + invoice.refundedCents;
    const changedAt = invoice.updatedAt ?? invoice.createdAt;
    const base = { invoiceId: invoice.id, accountId: invoice.accountId, provider: 'embedded', createdAt: changedAt };
    if (index % 7 === 6) {
      const error = 'The accounting system did not answer within 10000 ms.';
      rows.push({ ...base, status: 'failed', attempts: 5, lastError: error, updatedAt: changedAt });
      jobs.push({
        status: 3,
        payload: { invoiceId: invoice.id },
        attempts: 5,
        lastError: error,
        createdAt: changedAt,
        updatedAt: changedAt,
      });
      return;
    }
    if (index % 5 === 4) {
      const error = 'QuickBooks 503: Service unavailable';
      rows.push({ ...base, status: 'pending', attempts: 1, lastError: error, updatedAt: now });
      // Waiting out the backoff: the worker pushes it once run_after comes.
      jobs.push({
        status: 0,
        payload: { invoiceId: invoice.id },
        attempts: 1,
        lastError: error,
        runAfter: new Date(now.getTime() + 30 * MINUTE),
        createdAt: now,
        updatedAt: now,
      });
      return;
    }
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric' }).format(
      invoice.issuedAt ?? invoice.createdAt,
    );
    const syncedAt = new Date(changedAt.getTime() + 2 * MINUTE);
    rows.push({
      ...base,
      status: 'synced',
      externalId: `emb_inv_${invoice.id}`,
      docNumber: `COL-${year}-${String(invoice.id).padStart(6, '0')}`,
      externalBalanceCents: balance,
      externalStatus: booksStatus(invoice, balance),
      attempts: 1,
      syncedAt,
      updatedAt: syncedAt,
      snapshot: { number: invoice.number, status: invoice.status, totalCents: invoice.totalCents },
    });
    jobs.push({
      status: 2,
      payload: { invoiceId: invoice.id },
      attempts: 1,
      result: { invoiceId: invoice.id, provider: 'embedded' },
      createdAt: changedAt,
      updatedAt: syncedAt,
      completedAt: syncedAt,
    });
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(accountingInvoices)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
  }
  for (let start = 0; start < jobs.length; start += 500) {
    await db.insert(queueAccounting).values(jobs.slice(start, start + 500));
  }
  await seedBookedRefunds(
    db,
    rows.filter((row) => row.status === 'synced').map((row) => row.invoiceId),
  );
}

const londonYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric' });

/** The synced invoices' succeeded refunds, as the worker books them in the embedded books. */
async function seedBookedRefunds(db: Db, invoiceIds: number[]) {
  const credits: (typeof accountingCredits.$inferInsert)[] = [];
  for (let start = 0; start < invoiceIds.length; start += 500) {
    const refunds = await db
      .select()
      .from(invoicePayments)
      .where(
        and(
          inArray(invoicePayments.invoiceId, invoiceIds.slice(start, start + 500)),
          eq(invoicePayments.kind, 'refund'),
          eq(invoicePayments.status, 'succeeded'),
        ),
      )
      .orderBy(asc(invoicePayments.id));
    for (const refund of refunds) {
      credits.push({
        invoiceId: refund.invoiceId,
        refundId: refund.id,
        provider: 'embedded',
        externalId: `emb_cr_${refund.id}`,
        docNumber: `COL-CR-${londonYear.format(refund.createdAt)}-${String(refund.id).padStart(6, '0')}`,
        amountCents: refund.amountCents,
        bookedAt: new Date(refund.createdAt.getTime() + 2 * MINUTE),
      });
    }
  }
  for (let start = 0; start < credits.length; start += 500) {
    await db
      .insert(accountingCredits)
      .values(credits.slice(start, start + 500))
      .onConflictDoNothing();
  }
}
