import type { Invoice } from '@colophon/contract';
import { accountingInvoices, type Db, invoiceLines, invoicePayments, invoices, storedCards } from '@colophon/db';
import {
  type InvoiceLineInput,
  type InvoiceTransition,
  invoiceBalance,
  invoiceLineAmount,
  invoiceTotals,
  invoiceTransition,
} from '@colophon/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { accountVisible, type Viewer } from '../../access/scope';
import { jsonRow } from '../../engine/json-row';
import type { ResourceContext } from '../../engine/resource';
import { readForPage } from '../../engine/search-page';
import { AppError, invalidField, notFound } from '../../errors';
import { enqueueInvoiceSync } from '../accounting/enqueue';
import { includeAccountNames } from '../accounts/tree';
import { orderInvoicePaid } from '../orders/invoice';

/*
 * What every invoice write shares: the invoice read under its tenant limit (and locked), the one
 * state machine applied to the row, the lines written with the totals they make, and what follows a
 * change (the accounting sync; a paid order's invoice lets the order go to its plant).
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
type Row = Record<string, unknown> & { id: number };

/** The invoice a call acts on, if the caller sees its account; another tenant's is the same 404. */
export async function visibleInvoice(db: Db, viewer: Viewer, invoiceId: number, lock = false): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), accountVisible(viewer, invoices.accountId)));
  const [invoice] = lock ? await query.for('update') : await query;
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** Our invoice number, given when it leaves draft: the id, so numbers are unique without a counter. */
export const invoiceNumberOf = (invoiceId: number) => `INV-${String(invoiceId).padStart(6, '0')}`;

/**
 * Applies a transition of the state machine to the locked invoice: 409 for its state, 400 naming
 * `amountCents` for an amount it cannot take. Writes the money, the status and its instants; a
 * change of the money or the status queues the accounting sync, and an order's invoice that became
 * paid lets the order go.
 */
export async function applyTransition(
  tx: Db,
  invoice: InvoiceRow,
  transition: InvoiceTransition,
  input: { now: Date; userId: number | null; message?: string },
): Promise<InvoiceRow> {
  const result = invoiceTransition(invoice, transition);
  if (!result.ok) {
    if (result.reason === 'invalid') throw invalidField('amountCents', result.message);
    throw new AppError('conflict', result.message);
  }
  const { now } = input;
  const becamePaid = result.status === 'paid' && invoice.status !== 'paid';
  const [updated] = await tx
    .update(invoices)
    .set({
      status: result.status,
      paidCents: result.paidCents,
      refundedCents: result.refundedCents,
      ...(transition.kind === 'issue' ? { issuedAt: now, number: invoice.number ?? invoiceNumberOf(invoice.id) } : {}),
      ...(becamePaid ? { paidAt: now } : {}),
      ...(result.status === 'open' && invoice.status === 'paid' ? { paidAt: null } : {}),
      ...(transition.kind === 'void' ? { voidedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!updated) throw new Error('invoice update returned nothing');
  await enqueueInvoiceSync(tx, updated.id, { invoice: updated });
  if (becamePaid && updated.orderId !== null) {
    await orderInvoicePaid(tx, updated.orderId, {
      userId: input.userId,
      message: input.message ?? `Invoice ${updated.number ?? updated.id} paid`,
      now,
    });
  }
  return updated;
}

/** The lines as typed (or as the quote made them), numbered in order. */
export interface LineToWrite extends InvoiceLineInput {
  readonly label: string;
}

/** Replaces the invoice's lines and writes the totals they make with its tax rate. */
export async function writeLines(
  tx: Db,
  invoice: Pick<InvoiceRow, 'id' | 'taxBasisPoints'>,
  lines: readonly LineToWrite[],
  now: Date,
): Promise<InvoiceRow> {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  if (lines.length) {
    await tx.insert(invoiceLines).values(
      lines.map((line, index) => ({
        invoiceId: invoice.id,
        position: index + 1,
        kind: line.kind,
        label: line.label,
        quantity: line.quantity,
        unitCents: line.unitCents,
        amountCents: invoiceLineAmount(line),
      })),
    );
  }
  const totals = invoiceTotals(lines, invoice.taxBasisPoints);
  if (totals.totalCents > 2_147_483_647)
    throw invalidField('lines', 'The invoice comes to more than the largest total.');
  const [updated] = await tx
    .update(invoices)
    .set({ ...totals, updatedAt: now })
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!updated) throw new Error('invoice update returned nothing');
  return updated;
}

/** Succeeded refunds of each payment: what was given back of it. */
export async function refundedOfPayments(db: Db, paymentIds: number[]): Promise<Map<number, number>> {
  const refunds = await readForPage(paymentIds, (ids) =>
    db
      .select({ refundOfId: invoicePayments.refundOfId, amountCents: invoicePayments.amountCents })
      .from(invoicePayments)
      .where(
        and(
          inArray(invoicePayments.refundOfId, ids),
          eq(invoicePayments.kind, 'refund'),
          inArray(invoicePayments.status, ['succeeded', 'pending']),
        ),
      ),
  );
  const refunded = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.refundOfId === null) continue;
    refunded.set(refund.refundOfId, (refunded.get(refund.refundOfId) ?? 0) + refund.amountCents);
  }
  return refunded;
}

async function fillInvoices(rows: Row[]): Promise<void> {
  for (const row of rows) row.balanceCents = invoiceBalance(row as unknown as InvoiceRow);
}

const pageIds = (rows: Row[]) => rows.map((row) => row.id);

export const invoiceIncludeFills: Record<string, (rows: Row[], context: ResourceContext) => Promise<void>> = {
  async lines(rows, context) {
    const lines = await readForPage(pageIds(rows), (ids) =>
      context.db
        .select()
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, ids))
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position)),
    );
    for (const row of rows) row.lines = lines.filter((line) => line.invoiceId === row.id).map((line) => jsonRow(line));
  },
  async payments(rows, context) {
    const payments = await readForPage(pageIds(rows), (ids) =>
      context.db
        .select()
        .from(invoicePayments)
        .where(inArray(invoicePayments.invoiceId, ids))
        .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id)),
    );
    // A refund is a row of its payment's invoice: what was given back of each payment is among the
    // rows just read (as `refundedOfPayments` counts it: succeeded and pending refunds).
    const refunded = new Map<number, number>();
    for (const refund of payments) {
      if (refund.kind !== 'refund' || refund.refundOfId === null) continue;
      if (refund.status !== 'succeeded' && refund.status !== 'pending') continue;
      refunded.set(refund.refundOfId, (refunded.get(refund.refundOfId) ?? 0) + refund.amountCents);
    }
    for (const row of rows) {
      row.payments = payments
        .filter((payment) => payment.invoiceId === row.id)
        .map((payment) =>
          jsonRow({
            ...payment,
            ...(payment.kind === 'payment' && payment.status === 'succeeded'
              ? { refundableCents: payment.amountCents - (refunded.get(payment.id) ?? 0) }
              : {}),
          }),
        );
    }
  },
  async sync(rows, context) {
    const found = await readForPage(pageIds(rows), (ids) =>
      context.db.select().from(accountingInvoices).where(inArray(accountingInvoices.invoiceId, ids)),
    );
    for (const row of rows) {
      const sync = found.find((entry) => entry.invoiceId === row.id);
      row.sync = sync
        ? jsonRow({
            provider: sync.provider,
            status: sync.status,
            docNumber: sync.docNumber,
            attempts: sync.attempts,
            lastError: sync.lastError,
            syncedAt: sync.syncedAt,
          })
        : null;
    }
  },
  account: includeAccountNames,
  async cards(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.accountId as number),
      (ids) =>
        context.db
          .select({
            id: storedCards.id,
            accountId: storedCards.accountId,
            brand: storedCards.brand,
            last4: storedCards.last4,
            expMonth: storedCards.expMonth,
            expYear: storedCards.expYear,
            isDefault: storedCards.isDefault,
          })
          .from(storedCards)
          .where(inArray(storedCards.accountId, ids))
          .orderBy(desc(storedCards.isDefault), desc(storedCards.createdAt), desc(storedCards.id)),
    );
    for (const row of rows) {
      row.cards = found
        .filter((card) => card.accountId === row.accountId)
        .map(({ accountId: _accountId, ...card }) => card);
    }
  },
};

export const fillInvoiceRows = fillInvoices;

/** One invoice as every call answers it: with its lines, payments, sync, account and cards. */
export async function invoiceItem(
  context: ResourceContext,
  invoice: InvoiceRow,
  includes: readonly string[] = ['lines', 'payments', 'sync', 'account'],
): Promise<Invoice> {
  const row = { ...invoice } as unknown as Row;
  await fillInvoices([row]);
  for (const include of includes) await invoiceIncludeFills[include]?.([row], context);
  // The row is the table's own with `balanceCents` (and the includes): what the item schema describes.
  return jsonRow(row) as unknown as Invoice;
}

export const paymentItem = (payment: InvoicePaymentRow) =>
  jsonRow(payment) as unknown as Invoice['payments'] extends (infer Item)[] | undefined ? Item : never;
