/*
 * The accounting adapter (issue 13): where a studio's invoices are booked. One interface, two
 * implementations: QuickBooks Online (chosen when QUICKBOOKS_CLIENT_ID is set) and the embedded
 * default (offline), which numbers the invoices and renders their PDFs itself. The queue_accounting
 * worker calls only this interface.
 */

export interface AccountingAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

/** The account billed, as the accounting system's customer: found (or made) by its code. */
export interface AccountingCustomer {
  accountId: number;
  code: string;
  name: string;
  email: string | null;
  billingAddress: AccountingAddress | null;
}

export interface AccountingInvoiceLine {
  position: number;
  kind: string;
  label: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** A refund of a payment on the invoice (an `invoice_payments` row of kind 'refund' that succeeded). */
export interface AccountingRefund {
  /** The refund's own id: what makes booking it idempotent. */
  refundId: number;
  amountCents: number;
  /** The payment method given back ('credit_card', 'ach', 'check', …). */
  method: string;
  /** London day of the refund, YYYY-MM-DD. */
  refundedOn: string;
}

/** Our invoice as it stands when pushed: amounts in cents, lines in order. */
export interface AccountingInvoice {
  invoiceId: number;
  /** Our number ('INV-000123'); null while the invoice has none. */
  number: string | null;
  /** 'open', 'paid' or 'void' (a draft is never pushed). */
  status: string;
  /** London day the invoice was issued, YYYY-MM-DD. */
  issuedOn: string;
  dueOn: string | null;
  year: number | null;
  notes: string | null;
  lines: AccountingInvoiceLine[];
  subtotalCents: number;
  adjustmentsCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  /** total − paid + refunded. */
  balanceCents: number;
  customer: AccountingCustomer;
  /** The succeeded refunds, oldest first. */
  refunds: AccountingRefund[];
}

export interface PushInvoiceRequest {
  invoice: AccountingInvoice;
  /** Derived from our invoice, never random: a retried push finds what the first one made. */
  idempotencyKey: string;
}

export interface AccountingInvoiceStatus {
  /** What the customer still owes, as the accounting system reckons it. */
  balanceCents: number;
  /** The accounting system's word: 'Open', 'Partially paid', 'Paid', 'Voided'. */
  status: string;
}

export interface PushInvoiceResult extends AccountingInvoiceStatus {
  externalId: string;
  docNumber: string;
}

export interface BookRefundRequest {
  invoice: AccountingInvoice;
  refund: AccountingRefund;
  /** The invoice as the books know it (what `pushInvoice` answered). */
  invoiceExternalId: string;
  /** Derived from the refund's id: a retried booking finds the first one instead of making a second. */
  idempotencyKey: string;
}

export interface BookRefundResult {
  externalId: string;
  docNumber: string;
}

export interface AccountingAdapter {
  readonly provider: 'quickbooks' | 'embedded';
  /** Creates the invoice, or brings the one a previous push made up to date: never two for one invoice. */
  pushInvoice(request: PushInvoiceRequest): Promise<PushInvoiceResult>;
  /** Books a refund of the invoice (after `pushInvoice`): never twice for one refund. */
  bookRefund(request: BookRefundRequest): Promise<BookRefundResult>;
  invoiceStatus(externalId: string): Promise<AccountingInvoiceStatus>;
  invoicePdf(externalId: string): Promise<Buffer>;
}

/**
 * The accounting system refused the invoice itself (a validation error): pushing it again will not
 * help, so the job stops for a person to look at it instead of retrying.
 */
export class AccountingRejectedError extends Error {
  override name = 'AccountingRejectedError';
}

/** No such invoice in the accounting system (a status or PDF asked of an unknown id). */
export class AccountingNotFoundError extends Error {
  override name = 'AccountingNotFoundError';
}

/** Status words shared by both adapters, from our own amounts. */
export function statusFromAmounts(invoice: Pick<AccountingInvoice, 'status' | 'balanceCents' | 'totalCents'>) {
  if (invoice.status === 'void') return 'Voided';
  if (invoice.balanceCents <= 0) return 'Paid';
  if (invoice.balanceCents < invoice.totalCents) return 'Partially paid';
  return 'Open';
}
