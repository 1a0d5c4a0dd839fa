import type { Quote, Storefront, StorefrontProduct } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, problemResponse } from '../../test/fixtures';

const SLOW = { timeout: 10_000 };
const SLUG = 'lin-2026';
const STORE_PATH = `/api/storefront/${SLUG}`;
const QUOTE_PATH = `${STORE_PATH}/quote`;
const CHECKOUT_PATH = `${STORE_PATH}/checkout`;

const product = (overrides: Partial<StorefrontProduct>): StorefrontProduct => ({
  id: 1,
  typeProduct: 1,
  typeSubProduct: 0,
  name: 'Yearbook',
  description: null,
  priceCents: 4500,
  typeShipping: 1,
  adSize: null,
  typePersonalization: null,
  personalizationPriceCents: null,
  customPages: null,
  allowsDonation: false,
  maxPerOrder: 10,
  imageUrl: null,
  ...overrides,
});

const openStore: Storefront = {
  slug: SLUG,
  title: 'Lincoln High Yearbook 2026',
  welcomeText: 'Order your yearbook before March.',
  accountName: 'Lincoln High School',
  year: 2026,
  schoolYear: '2025-2026',
  isOpen: true,
  closedMessage: null,
  opensOn: '2025-09-01',
  closesOn: '2026-03-31',
  summerOpensOn: null,
  summerClosesOn: null,
  products: [
    product({ id: 3, typeProduct: 2, name: 'Half page ad', adSize: 2, priceCents: 7500, typeShipping: 0 }),
    product({
      id: 1,
      name: 'Personalized yearbook',
      description: 'Hardcover, 200 pages',
      typePersonalization: 1,
      personalizationPriceCents: 800,
    }),
    product({ id: 4, typeProduct: 3, name: 'Text dedication', priceCents: 1500, typeShipping: 0 }),
  ],
  paymentsProvider: 'embedded',
  stripePublishableKey: null,
  cardFee: { percentBasisPoints: 350, fixedCents: 35 },
};

const quote: Quote = {
  lines: [{ productId: 1, name: 'Personalized yearbook', quantity: 2, unitPriceCents: 5300, totalCents: 10_600 }],
  totals: {
    subtotalCents: 10_600,
    discountCents: 1_060,
    shippingCents: 0,
    taxCents: 787,
    feeCents: 397,
    totalCents: 10_724,
  },
  couponCode: 'SPRING10',
  taxZip: '60601',
  taxRateBasisPoints: 825,
};

describe('/store/$slug, the storefront', () => {
  let store: Storefront;
  let checkoutAnswer: () => Response;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    window.sessionStorage.clear();
    store = openStore;
    checkoutAnswer = () =>
      jsonResponse(
        { orderNumber: 'W26-000123', status: 'paid', clientSecret: null, receiptUrl: '/r/1', totals: quote.totals },
        { status: 201 },
      );
    fetchMock = vi.fn<typeof fetch>(async (input) => {
      const path = String(input);
      if (path === STORE_PATH) return jsonResponse(store);
      if (path === QUOTE_PATH) return jsonResponse(quote);
      if (path === CHECKOUT_PATH) return checkoutAnswer();
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    });
    configureApiClient({ fetch: fetchMock });
  });

  afterEach(() => {
    resetApiClient();
    queryClient.clear();
  });

  const renderPage = () => {
    const router = createAppRouter(queryClient, {
      history: createMemoryHistory({ initialEntries: [`/store/${SLUG}`] }),
    });
    render(<App router={router} queryClient={queryClient} env="test" />);
  };
  const bookCard = async () =>
    (await screen.findByRole('article', { name: 'Personalized yearbook' }, SLOW)) as HTMLElement;
  const calls = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input) === path);

  it('shows the store and its catalogue, yearbooks first, with prices', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Lincoln High Yearbook 2026', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByText('Order your yearbook before March.')).toBeTruthy();
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups.slice(0, 3)).toEqual(['Yearbooks', 'Dedication ads', 'Text dedications']);
    expect(within(await bookCard()).getByText('$45.00')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Half page ad' })).getByText('Half Page')).toBeTruthy();
  });

  it('says a closed store is closed and offers nothing to buy', async () => {
    store = { ...openStore, isOpen: false, closedMessage: 'This store is closed.', products: [] };
    renderPage();
    expect(await screen.findByText('This store is closed.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/Open 09\/01\/2025 to 03\/31\/2026/, { selector: 'div' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });

  it('previews the name on the cover and refuses one longer than 40 characters', async () => {
    renderPage();
    const card = await bookCard();
    await userEvent.click(within(card).getByRole('checkbox', { name: /Personalize the cover/ }));
    const name = within(card).getByRole('textbox', { name: /Name on the cover/ });
    await userEvent.type(name, 'Ada Lovelace');
    expect(within(within(card).getByLabelText('Cover preview')).getByText('Ada Lovelace')).toBeTruthy();
    await userEvent.type(name, ' the Countess of Lovelace and more');
    await userEvent.click(within(card).getByRole('button', { name: 'Add to cart' }));
    expect(within(card).getByText('At most 40 characters.')).toBeTruthy();
    expect(calls(QUOTE_PATH)).toHaveLength(0);
  });

  it('asks for the ad image before an ad goes in the cart', async () => {
    renderPage();
    const ad = await screen.findByRole('article', { name: 'Half page ad' }, SLOW);
    await userEvent.click(within(ad).getByRole('button', { name: 'Add to cart' }));
    expect(within(ad).getByText('Upload the ad image.')).toBeTruthy();
  });

  it("shows the server's totals, the sales tax before paying, and pays the total", async () => {
    renderPage();
    const card = await bookCard();
    await userEvent.clear(within(card).getByRole('textbox', { name: 'Quantity' }));
    await userEvent.type(within(card).getByRole('textbox', { name: 'Quantity' }), '2');
    await userEvent.click(within(card).getByRole('checkbox', { name: /Personalize the cover/ }));
    await userEvent.type(within(card).getByRole('textbox', { name: /Name on the cover/ }), 'Ada');
    await userEvent.click(within(card).getByRole('button', { name: 'Add to cart' }));

    const totals = await screen.findByRole('table', { name: 'Your order' }, SLOW);
    const row = (label: RegExp) => within(totals).getByRole('row', { name: label });
    expect(within(row(/^Subtotal/)).getByText('$106.00')).toBeTruthy();
    expect(within(row(/^Discount \(SPRING10\)/)).getByText('−$10.60')).toBeTruthy();
    expect(within(row(/^Online fee/)).getByText('$3.97')).toBeTruthy();
    expect(within(row(/^Sales tax \(ZIP 60601, 8.25%\)/)).getByText('$7.87')).toBeTruthy();
    expect(within(row(/^Total/)).getByText('$107.24')).toBeTruthy();
    const [, init] = calls(QUOTE_PATH)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      items: [{ productId: 1, quantity: 2, personalizationName: 'Ada' }],
      shipping: 1,
    });
    expect(await screen.findByRole('button', { name: 'Pay $107.24' }, SLOW)).toBeTruthy();
  });

  it('shows the decline at the top of the payment and keeps the cart', async () => {
    checkoutAnswer = () => problemResponse(402, 'Your card was declined.');
    renderPage();
    const card = await bookCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Add to cart' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^First name/ }, SLOW), 'Sam');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lee');
    await userEvent.type(screen.getByRole('textbox', { name: /^Your name/ }), 'Pat Lee');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'pat@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card number/ }), '4000000000000002');
    expect((screen.getByRole('textbox', { name: /^Card number/ }) as HTMLInputElement).value).toBe(
      '4000 0000 0000 0002',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^Expiry/ }), '1230');
    await userEvent.type(screen.getByRole('textbox', { name: /^CVC/ }), '123');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $107.24' }, SLOW));

    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Personalized yearbook' })).toBeTruthy();
    const [, init] = calls(CHECKOUT_PATH)[0] ?? [];
    const body = JSON.parse(String(init?.body));
    expect(body.payment).toEqual({ card: { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(body.checkoutKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('thanks the parent with the order number once paid, once for a double click', async () => {
    renderPage();
    await userEvent.click(within(await bookCard()).getByRole('button', { name: 'Add to cart' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^First name/ }, SLOW), 'Sam');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lee');
    await userEvent.type(screen.getByRole('textbox', { name: /^Your name/ }), 'Pat Lee');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'pat@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card number/ }), '4242424242424242');
    await userEvent.type(screen.getByRole('textbox', { name: /^Expiry/ }), '1230');
    await userEvent.type(screen.getByRole('textbox', { name: /^CVC/ }), '123');
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Pay $107.24' }, SLOW));
    expect(await screen.findByRole('heading', { name: /Thank you for your order/ }, SLOW)).toBeTruthy();
    // A double click is one checkout.
    expect(calls(CHECKOUT_PATH)).toHaveLength(1);
    expect(screen.getByText('W26-000123')).toBeTruthy();
    expect(window.sessionStorage.getItem(`colophon.storefront.${SLUG}`)).toBeNull();
  });

  it("shows a digital yearbook's access code and its link on the thank-you page", async () => {
    checkoutAnswer = () =>
      jsonResponse(
        {
          orderNumber: 'W26-000124',
          status: 'paid',
          clientSecret: null,
          receiptUrl: '/r/2',
          totals: quote.totals,
          digitalYearbooks: [{ code: '7KQ2-M9XD-4HRT', url: 'http://localhost/mobile-yearbooks?code=7KQ2-M9XD-4HRT' }],
        },
        { status: 201 },
      );
    renderPage();
    await userEvent.click(within(await bookCard()).getByRole('button', { name: 'Add to cart' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^First name/ }, SLOW), 'Sam');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lee');
    await userEvent.type(screen.getByRole('textbox', { name: /^Your name/ }), 'Pat Lee');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'pat@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Card number/ }), '4242424242424242');
    await userEvent.type(screen.getByRole('textbox', { name: /^Expiry/ }), '1230');
    await userEvent.type(screen.getByRole('textbox', { name: /^CVC/ }), '123');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $107.24' }, SLOW));
    const yearbook = await screen.findByRole('alert', { name: 'Your digital yearbook' }, SLOW);
    expect(within(yearbook).getByText('7KQ2-M9XD-4HRT')).toBeTruthy();
    expect(within(yearbook).getByRole('link', { name: 'Read it on your phone' }).getAttribute('href')).toBe(
      'http://localhost/mobile-yearbooks?code=7KQ2-M9XD-4HRT',
    );
  });

  it('puts a refused coupon on the coupon field', async () => {
    renderPage();
    await userEvent.click(within(await bookCard()).getByRole('button', { name: 'Add to cart' }));
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      if (path === QUOTE_PATH && String(init?.body).includes('OLD')) {
        return problemResponse(400, 'couponCode: This coupon has expired.', {
          errors: [{ path: 'couponCode', message: 'This coupon has expired.' }],
        });
      }
      if (path === QUOTE_PATH) return jsonResponse(quote);
      return jsonResponse(store);
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Coupon' }, SLOW), 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon has expired.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Coupon' }).getAttribute('aria-invalid')).toBe('true');
  });
});
