import type { BindingPrice, ProjectQuote } from '@colophon/contract';
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
import { QuoteCard } from './QuoteCard';

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
  taxCents: 0,
  totalCents: 4950,
  perBookCents: 1650,
  problems: [],
};

let requests: URL[];
let importAnswer: Response;
beforeEach(() => {
  queryClient.clear();
  requests = [];
  importAnswer = jsonResponse({ created: 1, updated: 0 });
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/pricing/import') return importAnswer.clone();
      if (url.pathname === '/api/projects/9/quote') return jsonResponse(quote);
      const data = url.pathname === '/api/binding_prices' ? [price] : [];
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

describe('QuoteCard', () => {
  it('shows the lines and the total in dollars', async () => {
    renderWithProviders(<QuoteCard projectId={9} />);
    const lines = await screen.findByRole('table', { name: 'Quote lines' });
    expect(within(lines).getByText('Standard Hard Cover, 8.5 x 11, 64 pages')).toBeTruthy();
    expect(within(lines).getByText('$45.00')).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toBe('$49.50');
    expect(screen.getByText(/Price list K \(Commission 10%\), 2026/)).toBeTruthy();
  });
});
