import {
  accountingInvoicesContract,
  checkAccountingInvoiceStatus,
  downloadAccountingInvoicePdf,
  getInvoiceSync,
  linkAccountingInvoice,
  retryAccountingInvoice,
} from '@colophon/contract';
import { accountingCredits, accountingInvoices, accounts, invoices } from '@colophon/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible } from '../../access/scope';
import { implement, type ResourceRow, registerResource } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { AppError, notFound } from '../../errors';
import { type AccountingAdapter, AccountingNotFoundError } from '../../integrations/accounting/accounting-adapter';
import { callerOf } from '../../plugins/authentication';
import { registerQuickBooksConnectionRoutes } from './connection';
import { enqueueInvoiceSync } from './enqueue';
import { type AccountingLinkPurpose, checkAccountingLink, signAccountingLink } from './links';
import { accountingOf } from './worker';

type SyncRow = ResourceRow<typeof accountingInvoices, typeof accountingInvoicesContract>;

const iso = (value: Date | null | undefined) => value?.toISOString() ?? '';

/** Each row's invoice (number, status, amounts) and account, for a page of rows at once. */
async function fillSyncRows(rows: SyncRow[], db: FastifyInstance['services']['db']) {
  if (rows.length === 0) return;
  const found = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      refundedCents: invoices.refundedCents,
      accountId: accounts.id,
      code: accounts.code,
      name: accounts.name,
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(inArray(invoices.id, [...new Set(rows.map((row) => row.invoiceId))]));
  const byId = new Map(found.map((invoice) => [invoice.id, invoice]));
  for (const row of rows) {
    const invoice = byId.get(row.invoiceId);
    if (!invoice) continue;
    row.invoice = {
      number: invoice.number,
      status: invoice.status,
      totalCents: invoice.totalCents,
      balanceCents: invoice.totalCents - invoice.paidCents + invoice.refundedCents,
    };
    row.account = { id: invoice.accountId, code: invoice.code, name: invoice.name };
  }
}

/** Our invoice, when the caller sees its account: 404 otherwise (another tenant's is not there). */
async function visibleInvoice(app: FastifyInstance, auth: ReturnType<typeof callerOf>, invoiceId: number) {
  const [invoice] = await app.services.db
    .select({ id: invoices.id, accountId: invoices.accountId, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), accountVisible(auth, invoices.accountId)));
  if (!invoice) throw notFound(`Invoice ${invoiceId}`);
  return invoice;
}

async function syncRowOf(app: FastifyInstance, invoiceId: number) {
  const [row] = await app.services.db
    .select()
    .from(accountingInvoices)
    .where(eq(accountingInvoices.invoiceId, invoiceId));
  return row ?? null;
}

export function registerAccountingRoutes(app: FastifyInstance) {
  const { services } = app;
  // Made on first use: the routes are registered before anything is pushed.
  let adapter: AccountingAdapter | null = null;
  const accounting = () => {
    adapter ??= accountingOf(services);
    return adapter;
  };

  registerQuickBooksConnectionRoutes(app);

  registerResource(app, accountingInvoicesContract, {
    table: accountingInvoices,
    hooks: { fill: (rows, context) => fillSyncRows(rows, context.db) },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Invoice', value: (row) => row.invoice?.number ?? row.invoiceId },
      { header: 'Account', value: (row) => row.account?.code },
      { header: 'Provider', value: (row) => row.provider },
      { header: 'Status', value: (row) => row.status },
      { header: 'Document number', value: (row) => row.docNumber },
      { header: 'External balance (cents)', value: (row) => row.externalBalanceCents },
      { header: 'External status', value: (row) => row.externalStatus },
      { header: 'Attempts', value: (row) => row.attempts },
      { header: 'Last error', value: (row) => row.lastError },
      { header: 'Synced', value: (row) => iso(row.syncedAt) },
    ],
  });

  implement(app, retryAccountingInvoice, async function retryAccountingPush(request) {
    const [row] = await services.db
      .select()
      .from(accountingInvoices)
      .where(eq(accountingInvoices.id, request.params.id));
    if (!row) throw notFound(`Accounting invoice ${request.params.id}`);
    const queued = await services.db.transaction((tx) =>
      enqueueInvoiceSync(tx, row.invoiceId, { provider: row.provider }),
    );
    const [current] = await services.db.select().from(accountingInvoices).where(eq(accountingInvoices.id, row.id));
    if (!current) throw notFound(`Accounting invoice ${request.params.id}`);
    if (!queued && current.status !== 'pending')
      throw new AppError('conflict', 'This invoice is a draft again: it is pushed once it is issued.');
    const filled: SyncRow = { ...current };
    await fillSyncRows([filled], services.db);
    return accountingInvoicesContract.item.parse(jsonRow(filled));
  });

  implement(app, getInvoiceSync, async function invoiceSyncStatus(request) {
    const invoice = await visibleInvoice(app, callerOf(request), request.params.id);
    const row = await syncRowOf(app, invoice.id);
    const credits = row
      ? await services.db
          .select()
          .from(accountingCredits)
          .where(and(eq(accountingCredits.invoiceId, invoice.id), eq(accountingCredits.provider, row.provider)))
          .orderBy(asc(accountingCredits.refundId))
      : [];
    return {
      invoiceId: invoice.id,
      status: (row?.status as 'pending' | 'synced' | 'failed' | undefined) ?? null,
      provider: row?.provider ?? null,
      docNumber: row?.docNumber ?? null,
      externalStatus: row?.externalStatus ?? null,
      externalBalanceCents: row?.externalBalanceCents ?? null,
      lastError: row?.lastError ?? null,
      attempts: row?.attempts ?? 0,
      syncedAt: row?.syncedAt?.toISOString() ?? null,
      credits: credits.map((credit) => ({
        refundId: credit.refundId,
        docNumber: credit.docNumber,
        amountCents: credit.amountCents,
        bookedAt: credit.bookedAt.toISOString(),
      })),
    };
  });

  implement(app, linkAccountingInvoice, async function accountingInvoiceLinks(request) {
    const invoice = await visibleInvoice(app, callerOf(request), request.params.id);
    const row = await syncRowOf(app, invoice.id);
    if (!row?.externalId)
      throw new AppError(
        'conflict',
        'This invoice is not in the accounting system yet: its links come once it is synced.',
      );
    const now = services.clock.now();
    const pdf = signAccountingLink(services.tokenSecret, 'pdf', invoice.id, now);
    const status = signAccountingLink(services.tokenSecret, 'status', invoice.id, now);
    return {
      pdfUrl: `/api/quickbooks_invoices/download_invoice_pdf/${invoice.id}?token=${pdf.token}`,
      statusUrl: `/api/check_qbo_status_invoice/${invoice.id}?token=${status.token}`,
      expiresAt: pdf.expiresAt.toISOString(),
    };
  });

  /** The synced row a good link opens: 403 for a bad or expired token, before anything is read. */
  async function linkedRow(purpose: AccountingLinkPurpose, invoiceId: number, token: string) {
    const check = checkAccountingLink(services.tokenSecret, purpose, invoiceId, token, services.clock.now());
    if (check === 'expired')
      throw new AppError('forbidden', 'This link has expired. Open the invoice again for a new one.');
    if (check === 'invalid') throw new AppError('forbidden', 'This link is not valid for this invoice.');
    const row = await syncRowOf(app, invoiceId);
    if (!row?.externalId) throw new AppError('conflict', 'This invoice is not in the accounting system yet.');
    return { ...row, externalId: row.externalId };
  }

  /** The accounting system's failure, as a 502 that says which system and never leaks a token. */
  const outsideFailure = (error: unknown, invoiceId: number): never => {
    if (error instanceof AccountingNotFoundError) throw notFound(`Invoice ${invoiceId} in the accounting system`);
    if (error instanceof AppError) throw error;
    request502Log(app, error);
    throw new AppError('integration_failed', 'The accounting system did not answer. Try again in a moment.');
  };

  implement(app, downloadAccountingInvoicePdf, async function accountingInvoicePdf(request, reply) {
    const row = await linkedRow('pdf', request.params.id, request.query.token);
    const bytes = await accounting()
      .invoicePdf(row.externalId)
      .catch((error) => outsideFailure(error, row.invoiceId));
    // The document number is ours or QuickBooks': letters, digits and dashes, safe in the header.
    const filename = `Invoice ${(row.docNumber ?? String(row.invoiceId)).replace(/[^\w-]/g, '')}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  implement(app, checkAccountingInvoiceStatus, async function accountingInvoiceStatus(request) {
    const row = await linkedRow('status', request.params.id, request.query.token);
    const status = await accounting()
      .invoiceStatus(row.externalId)
      .catch((error) => outsideFailure(error, row.invoiceId));
    // What the books say now is kept, so the list shows it without asking again.
    await services.db
      .update(accountingInvoices)
      .set({ externalBalanceCents: status.balanceCents, externalStatus: status.status })
      .where(eq(accountingInvoices.id, row.id));
    return {
      invoiceId: row.invoiceId,
      provider: row.provider,
      externalId: row.externalId,
      docNumber: row.docNumber,
      balanceCents: status.balanceCents,
      status: status.status,
    };
  });
}

function request502Log(app: FastifyInstance, error: unknown) {
  app.log.warn({ err: error }, 'accounting system call failed');
}
