import type { RevenueOverview, SessionUser } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';
import { reportColumns } from './ReportTable';
import { booksPerStudent, yearOverYearRows } from './SalesCharts';

/** Issue 12: the sales reports page — URL filters, tiles, charts, report tabs and exports. */

const salesManager = makeUser({ role: 22 });

const overview: RevenueOverview = {
  orders: 4,
  grossCents: 35_500,
  refundedCents: 7_000,
  netCents: 28_500,
  itemsCents: 29_500,
  books: 4,
  personalized: 1,
  ads: 1,
  textDedications: 1,
  donated: 1,
  byWeek: [
    { week: '2026-09-07', orders: 2, itemsCents: 6_500 },
    { week: '2026-09-14', orders: 2, itemsCents: 23_000 },
  ],
};

Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});
Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, writable: true, value: () => {} });
// Recharts measures its box; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

interface Call {
  method: string;
  url: URL;
  body: unknown;
}
let calls: Call[];

beforeEach(() => {
  queryClient.clear();
  calls = [];
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.pathname;
      if (path === '/api/auth/me') return jsonResponse(makeSessionState(salesManager));
      if (path === '/api/online_sales/revenue_overview') return jsonResponse(overview);
      if (path === '/api/online_sales/year_to_year_sales_comparison') {
        return jsonResponse({
          years: [{ year: 2026, totalCents: 29_500, weeks: [{ week: 1, cumulativeCents: 6_500 }] }],
        });
      }
      if (path === '/api/online_sales/sales_against_enrollment') {
        return jsonResponse({
          data: [{ accountId: 10, accountName: 'Lincoln High School', books: 4, enrollment: 400 }],
        });
      }
      if (path === '/api/online_sales/online_orders_report') {
        return jsonResponse({
          data: [
            {
              id: 1,
              orderNumber: 'D26-000001',
              accountName: 'Lincoln High School',
              year: 2026,
              status: 'paid',
              parentName: 'Jordan Smith',
              parentEmail: 'jordan@example.test',
              studentName: 'Ava Smith',
              homeroom: 'Room 101',
              typePayment: 'Credit Card',
              totalCents: 20_000,
              refundedCents: 2_000,
              paidAt: '2026-09-10T15:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          perPage: 25,
        });
      }
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

function renderAt(path: string, user: SessionUser = salesManager) {
  signInAs(user);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

describe('Online Sales', () => {
  it('asks every report for the URL’s year and school; shows the tiles, the charts and the online orders', async () => {
    renderAt('/admin/online-sales?year=2026&accountId=10');
    const revenue = await screen.findByRole('group', { name: 'Revenue (net of refunds)' }, { timeout: 10_000 });
    expect(within(revenue).getByText('$285.00')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Books' })).getByText('4')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Revenue by week' })).toBeTruthy();
    const overviewCall = calls.find((call) => call.url.pathname === '/api/online_sales/revenue_overview');
    expect(overviewCall?.body).toEqual({ year: 2026, accountId: 10 });
    const table = await screen.findByRole('table', { name: 'Online orders' });
    expect(await within(table).findByText('D26-000001')).toBeTruthy();
    expect(within(table).getByText('$200.00')).toBeTruthy();
    const listCall = calls.find((call) => call.url.pathname === '/api/online_sales/online_orders_report');
    expect(listCall?.url.searchParams.get('year')).toBe('2026');
    expect(listCall?.url.searchParams.get('accountId')).toBe('10');
  });

  it('a report tab is kept in the URL and asks its own call; dedication ad sales is part 7’s POST', async () => {
    const router = renderAt('/admin/online-sales?year=2026');
    await screen.findByRole('table', { name: 'Online orders' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('tab', { name: 'Dedication ad sales' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ report: 'dedication_ad_sales' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.url.pathname === '/api/online_sales/dedication_ad_sales' && call.method === 'POST')
          ?.body,
      ).toMatchObject({ year: 2026, page: 1, perPage: 25 }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Distribution list' }));
    expect(await screen.findByRole('button', { name: /Print pick list/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export XLSX/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });
});

describe('the pieces', () => {
  it('columns from the contract: money columns render cents as dollars, sortable where the API sorts', () => {
    const columns = reportColumns('online_orders_report');
    const total = columns.find((column) => column.accessor === 'totalCents');
    expect(total?.sortable).toBe(true);
    expect(columns.find((column) => column.accessor === 'parentEmail')?.sortable).toBe(false);
  });

  it('year over year rows: one per week, a value per season; books per student skips unknown enrollments', () => {
    expect(
      yearOverYearRows({
        years: [
          {
            year: 2025,
            totalCents: 300,
            weeks: [
              { week: 1, cumulativeCents: 100 },
              { week: 2, cumulativeCents: 300 },
            ],
          },
          { year: 2026, totalCents: 250, weeks: [{ week: 1, cumulativeCents: 250 }] },
        ],
      }),
    ).toEqual([
      { week: 1, '2025': 1, '2026': 2.5 },
      { week: 2, '2025': 3 },
    ]);
    expect(
      booksPerStudent([
        { accountId: 1, accountName: 'A', books: 50, enrollment: 200 },
        { accountId: 2, accountName: 'B', books: 5, enrollment: null },
      ]),
    ).toEqual([{ school: 'A', 'Books per student': 0.25 }]);
  });
});
