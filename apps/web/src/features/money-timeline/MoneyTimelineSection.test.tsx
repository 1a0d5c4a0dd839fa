import type { Account, MoneyEvent, MoneyTimelineSummary } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

/* The account page's Money tab: figures, the timeline with its balances and links, filters in the URL, the CSV. */

const lincoln: Account = {
  id: 10,
  code: 'A30010',
  name: 'Lincoln High School',
  type: 6,
  typeSoftware: 0,
  typeWhereCreated: 2,
  country: 'US',
  parentAccountId: 2,
  depth: 1,
  mfaRequired: false,
  isActive: true,
  bMustPayBeforeProduction: false,
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
};

const event = (values: Partial<MoneyEvent> & Pick<MoneyEvent, 'id' | 'kind' | 'label' | 'record'>): MoneyEvent => ({
  at: '2031-02-20T15:00:00.000Z',
  amountCents: 0,
  effectCents: 0,
  balanceCents: 0,
  ...values,
});

const rows: MoneyEvent[] = [
  event({
    id: 'invoice_credit-3',
    kind: 'invoice_credit',
    label: 'Invoice INV-000045 paid from online sales credits',
    amountCents: 4000,
    effectCents: 0,
    balanceCents: -12000,
    record: { resource: 'invoices', id: 45 },
  }),
  event({
    id: 'invoice_payment-2',
    kind: 'invoice_payment',
    label: 'Invoice INV-000045 paid by visa •••• 4242',
    amountCents: 8000,
    effectCents: 8000,
    balanceCents: -12000,
    record: { resource: 'invoices', id: 45 },
  }),
  event({
    id: 'online_order-7',
    kind: 'online_order',
    label: 'Online order W31-000007',
    amountCents: 4693,
    effectCents: 4693,
    balanceCents: 4693,
    record: { resource: 'online_orders', id: 7 },
  }),
  event({
    id: 'presale_payout-4',
    kind: 'presale_payout',
    label: 'Presale funds request #4 paid by Check',
    amountCents: 123456,
    effectCents: -123456,
    balanceCents: -118763,
    record: { resource: 'fund_requests', id: 4 },
  }),
];

const summary: MoneyTimelineSummary = {
  balanceCents: -12000,
  collectedCents: 1_234_567,
  feesCents: 491,
  refundsCents: 1500,
  payoutsCents: 5000,
  invoicedCents: 20000,
  paidCents: 19500,
  creditsCents: 4000,
  events: 14,
};

let requests: URL[];

beforeEach(() => {
  queryClient.clear();
  requests = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    if (url.pathname === '/api/auth/me') {
      const raw = localStorage.getItem('colophon.session');
      return jsonResponse(makeSessionState(raw ? JSON.parse(raw).user : makeUser()));
    }
    if (url.pathname === '/api/accounts/10') return jsonResponse(lincoln);
    if (url.pathname === '/api/accounts/10/money_timeline/summary') return jsonResponse(summary);
    if (url.pathname === '/api/accounts/10/money_timeline')
      return jsonResponse({ data: rows, total: 60, page: 1, perPage: 25 });
    if (url.pathname === '/api/accounts/10/money_timeline.csv')
      return new Response('Date,Event\r\n', { headers: { 'Content-Type': 'text/csv' } });
    return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
  });
  configureApiClient({ fetch: fetchMock });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

function renderAt(path: string) {
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

const timelineCalls = () => requests.filter((url) => url.pathname === '/api/accounts/10/money_timeline');

describe('the Money tab', () => {
  it('shows the figures, and each event with its amount, the balance after it and a link to its record', async () => {
    signInAs(makeUser({ role: 8 }));
    renderAt('/admin/accounts/10?tab=money');
    const table = await screen.findByRole('table', { name: 'Money timeline' });
    await within(table).findByText('Online order W31-000007');

    const figures = screen.getByLabelText('Money figures');
    expect(within(figures).getByText('-$120.00')).toBeTruthy();
    expect(within(figures).getByText('$12,345.67')).toBeTruthy();
    expect(within(figures).getByText(/\$195\.00 \(\$40\.00 from online sales credits\)/)).toBeTruthy();
    expect(screen.getByText(/what the studio holds for the school \(positive\) or what the school owes/)).toBeTruthy();

    // Amounts with their sign, two decimals and grouping; the credits' amount shown, net nothing.
    expect(within(table).getByText('-$1,234.56')).toBeTruthy();
    expect(within(table).getByText('-$1,187.63')).toBeTruthy();
    expect(within(table).getByText('$40.00')).toBeTruthy();
    expect(within(table).getByText('(net $0.00)')).toBeTruthy();

    // A studio owner opens online orders, the school's requests and its invoices (read-only Invoices).
    expect(within(table).getByRole('link', { name: 'Online order W31-000007' }).getAttribute('href')).toBe(
      '/admin/online-sales/orders?edit=7',
    );
    expect(
      within(table).getByRole('link', { name: 'Presale funds request #4 paid by Check' }).getAttribute('href'),
    ).toBe('/admin/request-bulk-presale-funds?accountId[]=10');
    expect(
      within(table).getByRole('link', { name: 'Invoice INV-000045 paid by visa •••• 4242' }).getAttribute('href'),
    ).toBe('/admin/invoices?edit=45');
    expect(timelineCalls().at(-1)?.searchParams.get('sort')).toBeNull();
  });

  it('links invoices for a super administrator', async () => {
    signInAs(makeUser({ bSuperAdmin: true }));
    renderAt('/admin/accounts/10?tab=money');
    const table = await screen.findByRole('table', { name: 'Money timeline' });
    const link = await within(table).findByRole('link', { name: 'Invoice INV-000045 paid by visa •••• 4242' });
    expect(link.getAttribute('href')).toBe('/admin/super/invoices?edit=45');
  });

  it('asks for the filters the URL holds, keeps a new sort and page in it, and exports what it shows', async () => {
    signInAs(makeUser({ role: 8 }));
    const router = renderAt('/admin/accounts/10?tab=money&kind[]=invoice_payment&kind[]=online_order&from=2031-01-01');
    const table = await screen.findByRole('table', { name: 'Money timeline' });
    await within(table).findByText('Online order W31-000007');
    const asked = timelineCalls().at(-1)?.searchParams;
    expect(asked?.getAll('kind[]')).toEqual(['invoice_payment', 'online_order']);
    expect(asked?.get('from')).toBe('2031-01-01');
    const summaryAsked = requests.filter((url) => url.pathname.endsWith('/money_timeline/summary')).at(-1);
    expect(summaryAsked?.searchParams.get('from')).toBe('2031-01-01');
    expect(summaryAsked?.searchParams.get('kind[]')).toBeNull();

    await userEvent.click(within(table).getByText('Date'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'at', tab: 'money' }));
    await waitFor(() => expect(timelineCalls().at(-1)?.searchParams.get('sort')).toBe('at'));

    // The download's link is clicked in memory: jsdom navigates nowhere.
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:money');
    globalThis.URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: /export/i }));
    await waitFor(() =>
      expect(requests.some((url) => url.pathname === '/api/accounts/10/money_timeline.csv')).toBe(true),
    );
    const csv = requests.find((url) => url.pathname === '/api/accounts/10/money_timeline.csv');
    expect(csv?.searchParams.getAll('kind[]')).toEqual(['invoice_payment', 'online_order']);
    expect(csv?.searchParams.get('sort')).toBe('at');
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();

    // Leaving the tab leaves its filters behind.
    await userEvent.click(screen.getByRole('tab', { name: 'Store' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?tab=store'));
  });
});
