import {
  accountAddresses,
  accountContacts,
  accounts,
  type Db,
  invoiceLines,
  invoicePayments,
  invoices,
} from '@colophon/db';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AccountingAddress, AccountingInvoice } from './accounting-adapter';

const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The address kinds a bill goes to, best first: the billing address, else the main (mailing) one. */
const BILLING_KINDS = ['billing', 'mailing'] as const;

/**
 * The account's billing address: its 'billing' address if it has one, else its 'mailing' one (the
 * main address); the oldest of a kind when there are several. Null when it has neither (a shipping
 * address is where books go, not where the bill does).
 */
export async function billingAddressOf(db: Db, accountId: number): Promise<AccountingAddress | null> {
  const rows = await db
    .select()
    .from(accountAddresses)
    .where(and(eq(accountAddresses.accountId, accountId), inArray(accountAddresses.kind, [...BILLING_KINDS])))
    .orderBy(asc(accountAddresses.id));
  for (const kind of BILLING_KINDS) {
    const address = rows.find((row) => row.kind === kind);
    if (address)
      return {
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        state: address.region,
        postalCode: address.postalCode,
        country: address.country,
      };
  }
  return null;
}

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
  const refunds = await db
    .select({
      id: invoicePayments.id,
      amountCents: invoicePayments.amountCents,
      method: invoicePayments.method,
      at: invoicePayments.createdAt,
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, invoiceId),
        eq(invoicePayments.kind, 'refund'),
        eq(invoicePayments.status, 'succeeded'),
      ),
    )
    .orderBy(asc(invoicePayments.id));
  // The primary contact's e-mail, else the first contact's that has one.
  const [contact] = await db
    .select({ email: accountContacts.email })
    .from(accountContacts)
    .where(and(eq(accountContacts.accountId, account.id), isNotNull(accountContacts.email)))
    .orderBy(desc(accountContacts.isPrimary), asc(accountContacts.id))
    .limit(1);
  const billingAddress = await billingAddressOf(db, account.id);
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
      email: contact?.email ?? null,
      billingAddress: billingAddress ?? {
        line1: null,
        line2: null,
        city: null,
        state: null,
        postalCode: null,
        country: account.country,
      },
    },
    refunds: refunds.map((refund) => ({
      refundId: refund.id,
      amountCents: refund.amountCents,
      method: refund.method,
      refundedOn: londonDay.format(refund.at),
    })),
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
