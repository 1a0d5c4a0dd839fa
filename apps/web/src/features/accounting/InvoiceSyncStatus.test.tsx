import type { InvoiceAccountingSync } from '@colophon/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { InvoiceSyncStatus } from './InvoiceSyncStatus';

function sync(extra: Partial<InvoiceAccountingSync> = {}): InvoiceAccountingSync {
  return {
    invoiceId: 7,
    status: 'synced',
    provider: 'embedded',
    docNumber: 'COL-2026-000007',
    externalStatus: 'Partially paid',
    externalBalanceCents: 16_250,
    lastError: null,
    attempts: 1,
    syncedAt: '2026-03-02T10:02:00.000Z',
    credits: [],
    ...extra,
  };
}

function serve(answer: InvoiceAccountingSync) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/api/quickbooks_invoices/7/link')) {
      return jsonResponse({
        pdfUrl: '/api/quickbooks_invoices/download_invoice_pdf/7?token=1.abc',
        statusUrl: '/api/check_qbo_status_invoice/7?token=1.def',
        expiresAt: '2026-03-02T10:17:00.000Z',
      });
    }
    return jsonResponse(answer);
  });
  configureApiClient({ fetch: fetchMock });
  return fetchMock;
}

afterEach(() => {
  resetApiClient();
  vi.restoreAllMocks();
});

describe('InvoiceSyncStatus', () => {
  it('shows a synced invoice with its number, the books’ status and a PDF that opens through a fresh link', async () => {
    signInAs(makeUser());
    const fetchMock = serve(sync());
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<InvoiceSyncStatus invoiceId={7} />);
    const region = await screen.findByLabelText('Accounting sync');
    expect(within(region).getByText('Synced')).toBeTruthy();
    expect(within(region).getByText('COL-2026-000007')).toBeTruthy();
    expect(within(region).getByText(/Books: Partially paid, balance \$162\.50/)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('/api/quickbooks_invoices/download_invoice_pdf/7?token=1.abc'));
    expect(tab.opener).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/quickbooks_invoices/invoice/7'))).toBe(true);
  });

  it('shows a failed push with its error and no PDF', async () => {
    signInAs(makeUser());
    serve(
      sync({
        status: 'failed',
        docNumber: null,
        externalStatus: null,
        externalBalanceCents: null,
        lastError: 'QuickBooks 400: Invalid Reference Id',
      }),
    );
    renderWithProviders(<InvoiceSyncStatus invoiceId={7} />);
    const region = await screen.findByLabelText('Accounting sync');
    expect(within(region).getByText('Sync failed')).toBeTruthy();
    expect(within(region).getByText('QuickBooks 400: Invalid Reference Id')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'PDF' })).toBeNull();
  });

  it('lists each refund as the books hold it: the embedded credit or the QuickBooks refund receipt', async () => {
    signInAs(makeUser());
    serve(
      sync({
        externalStatus: 'Open',
        externalBalanceCents: 5_000,
        credits: [
          { refundId: 41, docNumber: 'COL-CR-2026-000041', amountCents: 5_000, bookedAt: '2026-03-05T09:00:00.000Z' },
        ],
      }),
    );
    renderWithProviders(<InvoiceSyncStatus invoiceId={7} />);
    const region = await screen.findByLabelText('Accounting sync');
    expect(within(region).getByText(/Credit COL-CR-2026-000041: \$50\.00 refunded/)).toBeTruthy();
  });
});
