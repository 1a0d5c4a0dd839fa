import { accountingCredits, accountingInvoices, type Db, queueAccounting } from '@colophon/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Services } from '../../context';
import {
  type AccountingAdapter,
  type AccountingInvoice,
  AccountingRejectedError,
} from '../../integrations/accounting/accounting-adapter';
import { createAccounting } from '../../integrations/accounting/create-accounting';
import { bookedLines, loadAccountingInvoice } from '../../integrations/accounting/invoice-source';
import { errorMessage, type JobHandler, PermanentJobError, QueueStatus, QueueWorker } from '../../queue';
import type { AccountingJobPayload } from './enqueue';

export interface AccountingJobResult {
  invoiceId: number;
  provider: string;
  externalId?: string;
  docNumber?: string;
  skipped?: string;
}

export interface AccountingWorkerServices {
  db: Db;
  accounting: AccountingAdapter;
}

/** The adapter the app is configured with (QuickBooks, or the embedded books). */
export const accountingOf = (services: Pick<Services, 'config' | 'db' | 'tokenSecret' | 'clock'>) =>
  createAccounting(services.config, services.db, services.tokenSecret, services.clock);

/** The idempotency key of every outside call for this invoice: the same on every run of every job. */
export const accountingKeyOf = (invoiceId: number) => `colophon-invoice-${invoiceId}`;

/**
 * `queue_accounting`: pushes the invoice as it stands now to the accounting system and writes its
 * `quickbooks_invoices` row. Idempotent: the adapter finds what an earlier run made (by document
 * number, with a request id derived from the invoice) and the row is overwritten, never appended to.
 * A refusal of the invoice itself (QuickBooks' validation) stops the job (3 Error) for a person; any
 * other failure is retried with the queue's backoff. Either way the row says 'failed' with the error.
 */
export function accountingHandler(
  services: AccountingWorkerServices,
): JobHandler<AccountingJobPayload, AccountingJobResult> {
  return async (job, context) => {
    const { db, accounting } = services;
    const invoiceId = Number(job.payload?.invoiceId);
    if (!Number.isInteger(invoiceId) || invoiceId <= 0)
      throw new PermanentJobError('The accounting job names no invoice.');
    const invoice = await loadAccountingInvoice(db, invoiceId);
    if (!invoice) throw new PermanentJobError(`Invoice ${invoiceId} does not exist.`);
    if (invoice.status === 'draft')
      return { invoiceId, provider: accounting.provider, skipped: 'a draft is not booked' };

    const where = eq(accountingInvoices.invoiceId, invoiceId);
    await db
      .insert(accountingInvoices)
      .values({
        invoiceId,
        accountId: invoice.customer.accountId,
        provider: accounting.provider,
        status: 'pending',
        attempts: 1,
      })
      .onConflictDoUpdate({
        target: accountingInvoices.invoiceId,
        set: {
          provider: accounting.provider,
          attempts: sql`${accountingInvoices.attempts} + 1`,
          updatedAt: sql`now()`,
        },
      });
    try {
      const pushed = await accounting.pushInvoice({ invoice, idempotencyKey: accountingKeyOf(invoiceId) });
      if (context.signal.aborted) throw new Error('The job lost its lease.');
      await bookRefunds(db, accounting, invoice, pushed.externalId, context.signal);
      // A change made while this push ran has its own job waiting: the row stays pending until it runs.
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
      await db
        .update(accountingInvoices)
        .set({
          status: waiting ? 'pending' : 'synced',
          externalId: pushed.externalId,
          docNumber: pushed.docNumber,
          externalBalanceCents: pushed.balanceCents,
          externalStatus: pushed.status,
          lastError: null,
          syncedAt: sql`now()`,
          snapshot: {
            number: invoice.number,
            status: invoice.status,
            lines: bookedLines(invoice),
            totalCents: invoice.totalCents,
            taxCents: invoice.taxCents,
            paidCents: invoice.paidCents,
            refundedCents: invoice.refundedCents,
          },
          updatedAt: sql`now()`,
        })
        .where(where);
      return { invoiceId, provider: accounting.provider, externalId: pushed.externalId, docNumber: pushed.docNumber };
    } catch (error) {
      const message = errorMessage(error).slice(0, 2000);
      await db
        .update(accountingInvoices)
        .set({ status: 'failed', lastError: message, updatedAt: sql`now()` })
        .where(where);
      if (error instanceof AccountingRejectedError) throw new PermanentJobError(message);
      throw error;
    }
  };
}

/** The idempotency key of a refund's booking: the refund's own id, the same on every run. */
export const refundKeyOf = (refundId: number) => `colophon-refund-${refundId}`;

/**
 * Books each refund of the invoice the books do not hold yet, oldest first, and keeps a row for each
 * (`accounting_credits`): a refund with a row is never sent again. A run that died between the
 * booking and the row is covered by the adapter (it finds the booking by its number, and QuickBooks
 * answers a repeated `requestid` with the first result).
 */
async function bookRefunds(
  db: Db,
  accounting: AccountingAdapter,
  invoice: AccountingInvoice,
  invoiceExternalId: string,
  signal: AbortSignal,
) {
  if (invoice.refunds.length === 0) return;
  const booked = await db
    .select({ refundId: accountingCredits.refundId })
    .from(accountingCredits)
    .where(
      and(eq(accountingCredits.invoiceId, invoice.invoiceId), eq(accountingCredits.provider, accounting.provider)),
    );
  const done = new Set(booked.map((row) => row.refundId));
  for (const refund of invoice.refunds) {
    if (done.has(refund.refundId)) continue;
    const credit = await accounting.bookRefund({
      invoice,
      refund,
      invoiceExternalId,
      idempotencyKey: refundKeyOf(refund.refundId),
    });
    if (signal.aborted) throw new Error('The job lost its lease.');
    await db
      .insert(accountingCredits)
      .values({
        invoiceId: invoice.invoiceId,
        refundId: refund.refundId,
        provider: accounting.provider,
        externalId: credit.externalId,
        docNumber: credit.docNumber,
        amountCents: refund.amountCents,
      })
      .onConflictDoNothing({ target: [accountingCredits.refundId, accountingCredits.provider] });
  }
}

/** The `queue_accounting` worker. */
export function createAccountingWorker(
  services: Pick<Services, 'config' | 'db' | 'tokenSecret' | 'clock'> & { accounting?: AccountingAdapter },
  options: {
    onError?: ((error: unknown) => void) | undefined;
    idleMs?: number | undefined;
    leaseMs?: number | undefined;
  } = {},
) {
  return new QueueWorker<AccountingJobPayload, AccountingJobResult>({
    db: services.db,
    queue: 'accounting',
    handler: accountingHandler({ db: services.db, accounting: services.accounting ?? accountingOf(services) }),
    onError: options.onError,
    idleMs: options.idleMs,
    leaseMs: options.leaseMs,
  });
}
