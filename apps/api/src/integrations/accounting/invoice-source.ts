import { accounts, type Db, invoiceLines, invoices } from '@colophon/db';
import { asc, eq } from 'drizzle-orm';
import type { AccountingInvoice } from './accounting-adapter';

const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Our invoice as the accounting system is given it, read fresh (null when it does not exist). */
export async function loadAccountingInvoice(db: Db, invoiceId: number): Promise<AccountingInvoice | null> {
  const [row] = await db
    .select({
      invoice: invoices,
      account: { id: accounts.id, code: accounts.code, name: accounts.name, country: accounts.country },
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const { invoice, account } = row;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
  return {
    invoiceId: invoice.id,
    number: invoice.number,
    status: invoice.status,
    issuedOn: londonDay.format(invoice.issuedAt ?? invoice.createdAt),
    dueOn: invoice.dueOn,
    year: invoice.year,
    notes: invoice.notes,
    lines: lines.map((line) => ({
      position: line.position,
      kind: line.kind,
      label: line.label,
      quantity: line.quantity,
      unitCents: line.unitCents,
      amountCents: line.amountCents,
    })),
    subtotalCents: invoice.subtotalCents,
    adjustmentsCents: invoice.adjustmentsCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    refundedCents: invoice.refundedCents,
    balanceCents: invoice.totalCents - invoice.paidCents + invoice.refundedCents,
    customer: {
      accountId: account.id,
      code: account.code,
      name: account.name,
      email: null,
      billingAddress: {
        line1: null,
        line2: null,
        city: null,
        state: null,
        postalCode: null,
        country: account.country,
      },
    },
  };
}

/**
 * The lines as booked: ours, then the tax as a line of its own when the lines do not carry it (the
 * quote's lines may include a 'tax' line already), so the booked total is always our total.
 */
export function bookedLines(invoice: AccountingInvoice) {
  const lines = [...invoice.lines];
  const linesTotal = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (
    invoice.taxCents > 0 &&
    !lines.some((line) => line.kind === 'tax') &&
    linesTotal + invoice.taxCents === invoice.totalCents
  ) {
    lines.push({
      position: lines.length + 1,
      kind: 'tax',
      label: 'Sales tax',
      quantity: 1,
      unitCents: invoice.taxCents,
      amountCents: invoice.taxCents,
    });
  }
  return lines;
}
