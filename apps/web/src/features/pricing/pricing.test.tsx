import type { BindingPrice, PricingAdjustment, ProjectQuote, ShipToHomePrice } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { QuoteCard, taxBasisPointsOf } from './QuoteCard';

/** Issue 13: Customer Pricing reads its URL, shows prices as $x.xx and lists a CSV's bad rows; the quote card. */

const superAdmin = makeUser({ bSuperAdmin: true, role: 8 });
const at = '2026-09-01T12:00:00.000Z';
const price: BindingPrice = {
  id: 5,
  designation: 'K',
  year: 2026,
  typeBook: 5,
  typeSize: 8,
  pageMin: 50,
  pageMax: 96,
  perBookCents: 2175,
  createdAt: at,
  updatedAt: at,
};
const handling: ShipToHomePrice = {
  id: 7,
  year: 2026,
  product: 'handling',
  label: 'Handling',
  cents: 160,
  createdAt: at,
  updatedAt: at,
};
const earlyOrder: PricingAdjustment = {
  id: 11,
  accountId: 3,
  year: 2026,
  typeAdjustment: 1,
  amountCents: 50,
  basisPoints: null,
  freeBooks: null,
  commissionPercent: null,
  reason: 'Early order',
  createdAt: at,
  updatedAt: at,
};
const quote: ProjectQuote = {
  projectId: 9,
  accountId: 3,
  year: 2026,
  designation: 'K',
  source: 'customer',
  copies: 3,
  lines: [
    { kind: 'book', label: 'Standard Hard Cover, 8.5 x 11, 64 pages', quantity: 3, unitCents: 1500, amountCents: 4500 },
    { kind: 'commission', label: 'Commission 10%', quantity: 1, unitCents: 450, amountCents: 450 },
  ],
  goodsCents: 4500,
  adjustmentsCents: 0,
  commissionCents: 450,
  shippingCents: 0,
  taxBasisPoints: 0,
  taxCents: 0,
  totalCents: 4950,
  perBookCents: 1650,
  problems: [],
};

let requests: URL[];
let writes: { method: string; path: string; body: unknown }[];
let importAnswer: Response;
beforeEach(() => {
  queryClient.clear();
  requests = [];
  writes = [];
  importAnswer = jsonResponse({ created: 1, updated: 0 });
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/pricing/import') return importAnswer.clone();
      if (url.pathname === '/api/projects/9/quote') {
        const rate = Number(url.searchParams.get('taxBasisPoints') ?? 0);
        const taxCents = Math.round((quote.totalCents * rate) / 10_000);
        return jsonResponse({ ...quote, taxBasisPoints: rate, taxCents, totalCents: quote.totalCents + taxCents });
      }
      if (url.pathname === '/api/ship_to_home_prices/7') {
        if (method === 'GET') return jsonResponse(handling);
        const body: unknown = JSON.parse(String(init?.body ?? '{}'));
        writes.push({ method, path: url.pathname, body });
        return jsonResponse({ ...handling, ...(body as object) });
      }
      const lists: Record<string, unknown[]> = {
        '/api/binding_prices': [price],
        '/api/ship_to_home_prices': [handling],
        '/api/pricing_adjustments': [earlyOrder],
      };
      const data = lists[url.pathname] ?? [];
      return jsonResponse({ data, total: data.length, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

const renderAt = (path: string) =>
  render(
    <App
      router={createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) })}
      queryClient={queryClient}
      env="test"
    />,
  );

describe('Customer Pricing', () => {
  it('lists the year’s prices of a designation at $x.xx, filtered from the URL', async () => {
    renderAt('/admin/super/customer-pricing?year[]=2026&designation[]=K');
    const table = await screen.findByRole('table', { name: 'Binding prices' }, { timeout: 10_000 });
    expect(await within(table).findByRole('button', { name: /Edit K 2026/ })).toBeTruthy();
    expect(within(table).getByText('$21.75')).toBeTruthy();
    expect(within(table).getByText('50–96')).toBeTruthy();
    const list = requests.find((url) => url.pathname === '/api/binding_prices');
    expect(list?.searchParams.getAll('year[]')).toEqual(['2026']);
    expect(list?.searchParams.getAll('designation[]')).toEqual(['K']);
  });

  it('lists every bad row of an imported CSV by its line', async () => {
    importAnswer = problemResponse(400, '2 problems in the file, nothing was imported.', {
      errors: [
        { path: 'lines.3.perBookCents', message: 'Line 3, Per book: At least $0.00' },
        { path: 'lines.4.designation', message: 'Line 4, Designation: Must be one of the designation codes A, B' },
      ],
    });
    const { container } = renderAt('/admin/super/customer-pricing');
    await screen.findByRole('table', { name: 'Binding prices' }, { timeout: 10_000 });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).toBeTruthy();
    await userEvent.upload(input!, new File(['Designation,Year\n'], 'prices.csv', { type: 'text/csv' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the file' });
    expect(within(problems).getByText('Line 3, Per book: At least $0.00')).toBeTruthy();
    expect(within(problems).getByText(/Line 4, Designation/)).toBeTruthy();
    await waitFor(() => expect(requests.some((url) => url.pathname === '/api/pricing/import')).toBe(true));
  });
});

describe('the other price lists’ tabs', () => {
  it('shows the ship-to-home charges of the URL’s year, and edits one in dollars saved as cents', async () => {
    renderAt('/admin/super/customer-pricing?tab=home&year[]=2026');
    const table = await screen.findByRole('table', { name: 'Ship-to-home prices' }, { timeout: 10_000 });
    expect(screen.getByRole('tab', { name: 'Ship-to-home', selected: true })).toBeTruthy();
    const list = requests.find((url) => url.pathname === '/api/ship_to_home_prices');
    expect(list?.searchParams.getAll('year[]')).toEqual(['2026']);
    await userEvent.click(await within(table).findByRole('button', { name: 'Edit 2026 Handling' }));
    const price = await screen.findByLabelText(/Price per copy/);
    await userEvent.clear(price);
    await userEvent.type(price, '1.75');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'PUT', body: { cents: 175, product: 'handling', year: 2026 } });
  });

  it('each tab lists its own resource, kept in the URL, the year carried over', async () => {
    renderAt('/admin/super/customer-pricing?year[]=2025');
    await screen.findByRole('table', { name: 'Binding prices' }, { timeout: 10_000 });
    const expected = [
      ['Options', 'Option prices', '/api/pricing_items'],
      ['Bulk shipping', 'Bulk shipping prices', '/api/shipping_prices'],
      ['Ship-to-home postage', 'Ship-to-home postage', '/api/ship_to_home_shipping_prices'],
      ['Direct-school designations', 'Direct-school designations', '/api/direct_school_pricings'],
      ['Customer pricing', 'Account pricing', '/api/customer_pricings'],
    ] as const;
    for (const [tab, table, path] of expected) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByRole('table', { name: table })).toBeTruthy();
      await waitFor(() =>
        expect(requests.some((url) => url.pathname === path && url.searchParams.get('year[]') === '2025')).toBe(true),
      );
    }
    expect(screen.getByRole('button', { name: /Import account pricing CSV/ })).toBeTruthy();
  });

  it('the postage tab reads type_book, type_size and page_count from the URL', async () => {
    renderAt('/admin/super/customer-pricing?tab=postage&year[]=2026&type_book[]=5&type_size[]=8&page_count=120');
    await screen.findByRole('table', { name: 'Ship-to-home postage' }, { timeout: 10_000 });
    const list = requests.find((url) => url.pathname === '/api/ship_to_home_shipping_prices');
    expect(list?.searchParams.getAll('type_book[]')).toEqual(['5']);
    expect(list?.searchParams.getAll('type_size[]')).toEqual(['8']);
    expect(list?.searchParams.get('page_count')).toBe('120');
    expect(screen.getByRole('button', { name: /Import postage CSV/ })).toBeTruthy();
  });
});

describe('the quote’s tax rate', () => {
  it.each([
    ['', undefined],
    [6.25, 625],
    [0, 0],
    [8.875, 888],
    [100, 10_000],
    [100.01, undefined],
    [-1, undefined],
  ] as const)('%s %% is %s basis points', (percent, basisPoints) => {
    expect(taxBasisPointsOf(percent)).toBe(basisPoints);
  });
});

describe('QuoteCard', () => {
  it('lists the account’s adjustments of the year for whoever reads them, and not for an adviser', async () => {
    renderWithProviders(<QuoteCard projectId={9} />);
    const adjustments = await screen.findByRole('list', { name: 'Adjustments of the year' });
    expect(within(adjustments).getByText(/Per Book.*\$0\.50 a book — Early order/i)).toBeTruthy();
    const asked = requests.find((url) => url.pathname === '/api/pricing_adjustments');
    expect(asked?.searchParams.getAll('accountId[]')).toEqual(['3']);
    expect(asked?.searchParams.getAll('year[]')).toEqual(['2026']);
  });

  it('asks no adjustments for an adviser, who does not read them', async () => {
    signInAs(makeUser({ role: 5 }));
    renderWithProviders(<QuoteCard projectId={9} />);
    await screen.findByRole('table', { name: 'Quote lines' });
    expect(screen.queryByRole('list', { name: 'Adjustments of the year' })).toBeNull();
    expect(requests.some((url) => url.pathname === '/api/pricing_adjustments')).toBe(false);
  });

  it('asks for the typed sales tax rate and shows its tax', async () => {
    renderWithProviders(<QuoteCard projectId={9} />);
    expect((await screen.findByTestId('quote-tax-rate')).textContent).toBe('No sales tax');
    await userEvent.type(screen.getByLabelText(/Sales tax/), '6.25');
    await waitFor(() => expect(screen.getByTestId('quote-tax-rate').textContent).toBe('Sales tax 6.25 %: $3.09'));
    expect(requests.some((url) => url.searchParams.get('taxBasisPoints') === '625')).toBe(true);
    expect(screen.getByTestId('quote-total').textContent).toBe('$52.59');
  });

  it('shows the lines and the total in dollars', async () => {
    renderWithProviders(<QuoteCard projectId={9} />);
    const lines = await screen.findByRole('table', { name: 'Quote lines' });
    expect(within(lines).getByText('Standard Hard Cover, 8.5 x 11, 64 pages')).toBeTruthy();
    expect(within(lines).getByText('$45.00')).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toBe('$49.50');
    expect(screen.getByText(/Price list K \(Commission 10%\), 2026/)).toBeTruthy();
  });
});
