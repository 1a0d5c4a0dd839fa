import { accountingInvoices, type Db, invoices, queueAccounting } from '@colophon/db';
import { and, eq, sql } from 'drizzle-orm';
import { enqueue, QueueStatus } from '../../queue';

/** What a `queue_accounting` job carries: the invoice to push (its current state is read when it runs). */
export interface AccountingJobPayload {
  invoiceId: number;
}

/** The provider a new sync row names until the worker pushes it (the worker writes the one it used). */
const DEFAULT_PROVIDER = 'embedded';

/**
 * Marks the invoice's accounting sync pending and queues one push of it. Called (inside the caller's
 * transaction) whenever an invoice is issued, paid, refunded or voided. The job reads the invoice when
 * it runs, so one Waiting job covers any number of changes: no second one is queued while one waits.
 * The upsert of the sync row locks it until the caller commits, so two concurrent calls for one
 * invoice queue one job, not two. Returns whether a job was queued. A draft is never pushed. A
 * caller that has just written the invoice passes its account and status (`options.invoice`) rather
 * than have them read again.
 */
export async function enqueueInvoiceSync(
  db: Db,
  invoiceId: number,
  options: { provider?: string; invoice?: { accountId: number; status: string } } = {},
): Promise<boolean> {
  const [invoice] = options.invoice
    ? [options.invoice]
    : await db
        .select({ accountId: invoices.accountId, status: invoices.status })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.status === 'draft') return false;
  await db
    .insert(accountingInvoices)
    .values({
      invoiceId,
      accountId: invoice.accountId,
      provider: options.provider ?? DEFAULT_PROVIDER,
      status: 'pending',
    })
    .onConflictDoUpdate({
      target: accountingInvoices.invoiceId,
      set: { status: 'pending', accountId: invoice.accountId, updatedAt: sql`now()` },
    });
  const [waiting] = await db
    .select({ id: queueAccounting.id })
    .from(queueAccounting)
    .where(
      and(
        eq(queueAccounting.status, QueueStatus.Waiting),
        sql`${queueAccounting.payload}->>'invoiceId' = ${String(invoiceId)}`,
      ),
    )
    .limit(1);
  if (waiting) return false;
  await enqueue<AccountingJobPayload>(db, 'accounting', { invoiceId });
  return true;
}
