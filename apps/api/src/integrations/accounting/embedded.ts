import type { Db } from '@colophon/db';
import {
  type AccountingAdapter,
  type AccountingInvoice,
  AccountingNotFoundError,
  type AccountingRefund,
  statusFromAmounts,
} from './accounting-adapter';
import { renderInvoicePdf } from './invoice-pdf';
import { loadAccountingInvoice } from './invoice-source';

const EXTERNAL_ID = /^emb_inv_(\d{1,12})$/;

/**
 * The invoice's number in the embedded books: 'COL-<year issued>-<invoice id, six digits>'. It comes
 * from the invoice's own id (a database sequence), so the same invoice always gets the same number
 * however often it is pushed, and no two invoices share one.
 */
export function embeddedDocNumber(invoice: Pick<AccountingInvoice, 'invoiceId' | 'issuedOn'>): string {
  return `COL-${invoice.issuedOn.slice(0, 4)}-${String(invoice.invoiceId).padStart(6, '0')}`;
}

/**
 * A refund's credit entry in the embedded books: 'COL-CR-<year refunded>-<refund id, six digits>',
 * from the refund's own id, so the same refund always has the same number and no two share one.
 */
export function embeddedCreditNumber(refund: Pick<AccountingRefund, 'refundId' | 'refundedOn'>): string {
  return `COL-CR-${refund.refundedOn.slice(0, 4)}-${String(refund.refundId).padStart(6, '0')}`;
}

/**
 * The offline accounting books: nothing leaves the process. The status and the PDF are read from our
 * own invoice each time (the embedded books are our invoices), so they are never stale.
 */
export function createEmbeddedAccounting(db: Db): AccountingAdapter {
  async function invoiceOf(externalId: string) {
    const match = EXTERNAL_ID.exec(externalId);
    const invoice = match ? await loadAccountingInvoice(db, Number(match[1])) : null;
    if (!invoice) throw new AccountingNotFoundError(`No invoice ${externalId} in the books.`);
    return invoice;
  }
  return {
    provider: 'embedded',
    async pushInvoice({ invoice }) {
      return {
        externalId: `emb_inv_${invoice.invoiceId}`,
        docNumber: embeddedDocNumber(invoice),
        balanceCents: invoice.balanceCents,
        status: statusFromAmounts(invoice),
      };
    },
    async bookRefund({ refund }) {
      return { externalId: `emb_cr_${refund.refundId}`, docNumber: embeddedCreditNumber(refund) };
    },
    async invoiceStatus(externalId) {
      const invoice = await invoiceOf(externalId);
      return { balanceCents: invoice.balanceCents, status: statusFromAmounts(invoice) };
    },
    async invoicePdf(externalId) {
      const invoice = await invoiceOf(externalId);
      return renderInvoicePdf(invoice, embeddedDocNumber(invoice), embeddedCreditNumber);
    },
  };
}
