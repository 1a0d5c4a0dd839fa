import {
  type AccountingInvoiceRow,
  accountingInvoicesContract,
  connectQuickBooks,
  disconnectQuickBooks,
  getInvoiceSync,
  getQuickBooksConnection,
  linkAccountingInvoice,
  type QuickBooksConnection,
  retryAccountingInvoice,
} from '@colophon/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';

/** The accounting sync rows (super administrators): list, get, CSV export. */
export const accountingInvoicesResource = createResource(accountingInvoicesContract);

export const invoiceSyncKey = (invoiceId: number) => ['quickbooks_invoices', 'invoice', invoiceId] as const;

/** Queues an invoice's push again; the list and the invoice's own status are read again after. */
export function useRetryAccountingInvoice() {
  return useInvalidatingMutation<AccountingInvoiceRow, number>(
    [accountingInvoicesResource.keys.all, ['quickbooks_invoices', 'invoice']],
    {
      mutationFn: (id) => call(retryAccountingInvoice, { params: { id } }),
    },
  );
}

/** An invoice's sync as anyone who sees the invoice reads it; asked again every 3 s while a push is pending. */
export function useInvoiceSync(invoiceId: number) {
  return useQuery({
    queryKey: invoiceSyncKey(invoiceId),
    queryFn: ({ signal }) => call(getInvoiceSync, { params: { id: invoiceId } }, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });
}

/**
 * Opens the invoice's PDF from the accounting system in a new tab, through a fresh signed link. The
 * tab is opened first, in the click itself, so a pop-up blocker lets it through; it is closed again
 * if no link comes.
 */
export async function openAccountingPdf(invoiceId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const links = await call(linkAccountingInvoice, { params: { id: invoiceId } });
    if (tab) {
      tab.opener = null;
      tab.location.href = links.pdfUrl;
    } else {
      window.location.assign(links.pdfUrl);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export const quickBooksConnectionKey = ['quickbooks', 'connection'] as const;

/** Whether QuickBooks is configured, and the company connected (super administrators). */
export function useQuickBooksConnection() {
  return useQuery({
    queryKey: quickBooksConnectionKey,
    queryFn: ({ signal }) => call(getQuickBooksConnection, {}, signal),
  });
}

/** Sends the browser to Intuit to connect a company; Intuit sends it back to the API's callback. */
export async function startQuickBooksConnection(): Promise<void> {
  const { authorizeUrl } = await call(connectQuickBooks, {});
  window.location.assign(authorizeUrl);
}

/** Revokes the company's tokens and forgets them; the connection is read again after. */
export function useDisconnectQuickBooks() {
  return useInvalidatingMutation<QuickBooksConnection, void>([quickBooksConnectionKey], {
    mutationFn: () => call(disconnectQuickBooks, {}),
  });
}
