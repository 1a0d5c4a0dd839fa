import { type InvoiceStatusCode, invoiceStatus } from './orders';
import { basisPointsOf } from './quote';

/*
 * A studio's invoice (issue 13): its totals from its lines, its balance, and the one state machine
 * every write goes through. Amounts are integer cents; tax is basis points (625 = 6.25 %), rounded
 * half up once, on the taxable amount (every line), as the quote does, so an invoice made from a
 * quote's lines has the quote's total.
 */

/** 'draft', 'open', 'paid' or 'void' (the `invoiceStatus` enumeration). */
export type InvoiceStatus = InvoiceStatusCode;

/** What an invoice line is: the quote's kinds, and 'manual' for a line typed by hand. */
export const invoiceLineKinds = ['book', 'extra', 'adjustment', 'commission', 'shipping', 'manual'] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

export interface InvoiceLineInput {
  readonly kind: InvoiceLineKind;
  readonly quantity: number;
  readonly unitCents: number;
}

export interface InvoiceTotals {
  /** Every line but the adjustments. */
  readonly subtotalCents: number;
  /** The adjustment lines (discounts, negative). */
  readonly adjustmentsCents: number;
  readonly taxCents: number;
  readonly totalCents: number;
}

/** A line's amount: quantity × unit, exact in integer cents. */
export const invoiceLineAmount = (line: Pick<InvoiceLineInput, 'quantity' | 'unitCents'>): number =>
  line.quantity * line.unitCents;

/**
 * The invoice's totals. A discount never takes the taxable amount below zero (the quote cuts its
 * adjustments the same way), so the tax and the total are never negative.
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[], taxBasisPoints: number): InvoiceTotals {
  let subtotalCents = 0;
  let adjustmentsCents = 0;
  for (const line of lines) {
    const amount = invoiceLineAmount(line);
    if (line.kind === 'adjustment') adjustmentsCents += amount;
    else subtotalCents += amount;
  }
  adjustmentsCents = Math.max(adjustmentsCents, -subtotalCents);
  const taxable = subtotalCents + adjustmentsCents;
  const taxCents = basisPointsOf(taxable, taxBasisPoints);
  return { subtotalCents, adjustmentsCents, taxCents, totalCents: taxable + taxCents };
}

export interface InvoiceMoney {
  readonly totalCents: number;
  readonly paidCents: number;
  readonly refundedCents: number;
}

/** What is still owed: the total less what was received and kept. Negative when overpaid. */
export const invoiceBalance = (invoice: InvoiceMoney): number =>
  invoice.totalCents - invoice.paidCents + invoice.refundedCents;

/** What was received and kept. */
export const invoiceKept = (invoice: Pick<InvoiceMoney, 'paidCents' | 'refundedCents'>): number =>
  invoice.paidCents - invoice.refundedCents;

/** Open or paid, from the money: paid once what was kept covers the total. */
export const settledStatus = (invoice: InvoiceMoney): 'open' | 'paid' =>
  invoiceKept(invoice) >= invoice.totalCents ? 'paid' : 'open';

export type InvoiceTransition =
  | { readonly kind: 'issue' }
  | { readonly kind: 'edit' }
  | { readonly kind: 'pay'; readonly amountCents: number }
  | { readonly kind: 'refund'; readonly amountCents: number }
  | { readonly kind: 'void' };

export type InvoiceTransitionResult =
  | { readonly ok: true; readonly status: InvoiceStatus; readonly paidCents: number; readonly refundedCents: number }
  | {
      readonly ok: false;
      /** 'conflict' for the invoice's state (409), 'invalid' for the amount (400 on `amountCents`). */
      readonly reason: 'conflict' | 'invalid';
      readonly message: string;
    };

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The state machine: draft → open (issued) → paid once what is kept covers the total; a partial
 * payment keeps it open; a refund of a paid invoice reopens it; open or paid → void only with
 * nothing kept (refund first); a draft is edited, a void invoice is final.
 */
export function invoiceTransition(
  /** `status` as stored; a value that is not an invoice status moves nowhere. */
  invoice: InvoiceMoney & { readonly status: string },
  transition: InvoiceTransition,
): InvoiceTransitionResult {
  const { status } = invoice;
  const same = { paidCents: invoice.paidCents, refundedCents: invoice.refundedCents };
  const conflict = (message: string) => ({ ok: false, reason: 'conflict', message }) as const;
  const invalid = (message: string) => ({ ok: false, reason: 'invalid', message }) as const;
  if (!(invoiceStatus.codes as readonly string[]).includes(status))
    return conflict(`Unknown invoice status ${status}.`);
  switch (transition.kind) {
    case 'edit':
      return status === 'draft'
        ? { ok: true, status: 'draft', ...same }
        : conflict(`A ${status} invoice is not edited.`);
    case 'issue':
      if (status !== 'draft') return conflict(`The invoice is ${status}: only a draft is issued.`);
      // An invoice of nothing is settled the moment it is issued.
      return { ok: true, status: settledStatus(invoice), ...same };
    case 'pay': {
      if (status !== 'open') return conflict(`The invoice is ${status}: only an open invoice is paid.`);
      const { amountCents } = transition;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return invalid('At least 1 cent, in whole cents.');
      const balance = invoiceBalance(invoice);
      if (amountCents > balance) return invalid(`At most the balance, ${money(balance)}.`);
      const next = { ...invoice, paidCents: invoice.paidCents + amountCents };
      return { ok: true, status: settledStatus(next), paidCents: next.paidCents, refundedCents: next.refundedCents };
    }
    case 'refund': {
      if (status !== 'open' && status !== 'paid') return conflict(`The invoice is ${status}: nothing to refund.`);
      const { amountCents } = transition;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return invalid('At least 1 cent, in whole cents.');
      const kept = invoiceKept(invoice);
      if (amountCents > kept) return invalid(`At most what was kept, ${money(kept)}.`);
      const next = { ...invoice, refundedCents: invoice.refundedCents + amountCents };
      return { ok: true, status: settledStatus(next), paidCents: next.paidCents, refundedCents: next.refundedCents };
    }
    case 'void':
      if (status === 'void') return conflict('The invoice is void already.');
      if (invoiceKept(invoice) !== 0) {
        return conflict(`Refund the ${money(invoiceKept(invoice))} received before voiding the invoice.`);
      }
      return { ok: true, status: 'void', ...same };
  }
}
