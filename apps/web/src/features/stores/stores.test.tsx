import type { Discount, Product, Store } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';
import { couponAmount } from './StoreCouponsPage';

/** Issue 12: Store Setup and Store Coupons read their URLs, ask for their lists, and show money as $x.xx. */

const salesManager = makeUser({ role: 22 });
const at = '2026-09-01T12:00:00.000Z';
const store: Store = {
  id: 7,
  accountId: 3,
  year: 2026,
  isOpen: true,
  slug: 'lin-2026',
  title: 'Lincoln Yearbook Store',
  welcomeText: null,
  opensOn: '2026-09-01',
  closesOn: '2027-04-30',
  summerOpensOn: null,
  summerClosesOn: null,
  createdAt: at,
  updatedAt: at,
  account: { id: 3, code: 'LIN', name: 'Lincoln High School' },
};
const ad: Product = {
  id: 11,
  storeId: 7,
  typeProduct: 2,
  typeSubProduct: 4,
  name: 'Half page parent ad',
  description: null,
  typeShipping: 0,
  adSize: 2,
  typeEnvelope: 0,
  typePersonalization: null,
  personalizationPriceCents: null,
  imageKey: null,
  imageUrl: null,
  allowsDonation: false,
  maxPerOrder: null,
  sortOrder: 0,
  isActive: true,
  currentPriceCents: 15_000,
  createdAt: at,
  updatedAt: at,
};
const coupon: Discount = {
  id: 4,
  accountId: 3,
  code: 'WELCOME10',
  description: '10 % off',
  typeDiscount: 1,
  amount: 1000,
  year: '2025-2026',
  maxUses: 50,
  timesUsed: 12,
  minimumOrderCents: null,
  startsOn: null,
  endsOn: null,
  isActive: true,
  createdAt: at,
  updatedAt: at,
};

let requests: URL[];
/** The bodies of the changes sent (PUT, POST), by path. */
let changes: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  queryClient.clear();
  requests = [];
  changes = [];
  signInAs(salesManager);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        changes.push({ method, path: url.pathname, body: JSON.parse(String(init?.body ?? 'null')) });
      }
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(salesManager));
      if (url.pathname === '/api/stores/7') return jsonResponse(store);
      if (url.pathname === '/api/stores/7/products') return jsonResponse({ data: [ad] });
      const data = url.pathname === '/api/stores' ? [store] : url.pathname === '/api/discounts' ? [coupon] : [];
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

describe('Store Setup', () => {
  it('lists the stores with their public address and status, and the chosen store’s products at $x.xx', async () => {
    renderAt('/admin/online-sales/store?storeId=7&isOpen=true');
    const stores = await screen.findByRole('table', { name: 'Stores' }, { timeout: 10_000 });
    expect((await within(stores).findByRole('link', { name: '/store/lin-2026' })).getAttribute('href')).toBe(
      '/store/lin-2026',
    );
    expect(await within(stores).findByText('Open')).toBeTruthy();
    const list = requests.find((url) => url.pathname === '/api/stores')!;
    expect(list.searchParams.get('isOpen')).toBe('true');
    expect(list.searchParams.get('include')).toBe('account');
    const products = await screen.findByRole('table', { name: 'Products' });
    expect(await within(products).findByText('$150.00')).toBeTruthy();
    expect(within(products).getByText('Parent Ad')).toBeTruthy();
    expect(within(products).getByText('Digital Only')).toBeTruthy();
  });

  it('asks before closing a store', async () => {
    renderAt('/admin/online-sales/store');
    const stores = await screen.findByRole('table', { name: 'Stores' }, { timeout: 10_000 });
    await userEvent.click(await within(stores).findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the store' });
    expect(within(dialog).getByText(/will stop taking orders/)).toBeTruthy();
  });

  it('saving the drawer never sends whether the store is open (a close made meanwhile stands)', async () => {
    // The welcome text's autosizing textarea listens to the page's fonts, which jsdom has not.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
    renderAt('/admin/online-sales/store?edit=7');
    const drawer = await screen.findByRole('dialog', { name: /Edit store/ }, { timeout: 10_000 });
    // The drawer fills once the store is loaded; its field is then enabled.
    const title = await within(drawer).findByDisplayValue('Lincoln Yearbook Store');
    await waitFor(() => expect((title as HTMLInputElement).disabled).toBe(false));
    await userEvent.clear(title);
    await userEvent.type(title, 'Lincoln Books');
    await userEvent.click(within(drawer).getByRole('button', { name: /Save store/ }));
    await waitFor(() =>
      expect(changes.map((change) => `${change.method} ${change.path}`)).toEqual(['PUT /api/stores/7']),
    );
    const body = changes[0]?.body as Record<string, unknown>;
    expect(body.title).toBe('Lincoln Books');
    expect(body).not.toHaveProperty('isOpen');
  });
});

describe('Store Coupons', () => {
  it('keeps the year and active filters in the URL and shows amounts as people read them', async () => {
    renderAt('/admin/sales-store-coupons?year[]=2025-2026&isActive=true&search=welcome');
    const table = await screen.findByRole('table', { name: 'Store coupons' }, { timeout: 10_000 });
    expect(await within(table).findByText('10.00 %')).toBeTruthy();
    expect(within(table).getByText('12 of 50')).toBeTruthy();
    const list = requests.find((url) => url.pathname === '/api/discounts')!;
    expect(list.searchParams.getAll('year[]')).toEqual(['2025-2026']);
    expect(list.searchParams.get('isActive')).toBe('true');
    expect(list.searchParams.get('search')).toBe('welcome');
  });

  it.each([
    [{ typeDiscount: 1, amount: 1050 }, '10.50 %'],
    [{ typeDiscount: 2, amount: 500 }, '$5.00'],
  ])('%j reads %s', (terms, text) => {
    expect(couponAmount(terms)).toBe(text);
  });
});
