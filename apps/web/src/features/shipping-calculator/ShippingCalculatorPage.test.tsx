import type { ExpeditedShipping } from '@colophon/contract';
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
const QUOTE_PATH = '/api/orders/expedited/shipping';

const quote: ExpeditedShipping = {
  shipDate: '2026-11-25',
  turnTimeDays: 3,
  expedited: true,
  destination: { zip: '10001', city: 'New York', state: 'NY' },
  plant: { id: 1, code: 'B', name: 'Beltsville' },
  options: [
    {
      shippingMethod: 'FG',
      label: 'FedEx Ground',
      transitDays: 2,
      arrival: '2026-11-30',
      arrivesInTime: true,
      priceCents: 4300,
    },
    {
      shippingMethod: 'FC',
      label: 'First Class',
      transitDays: 3,
      arrival: '2026-12-01',
      arrivesInTime: false,
      priceCents: 695,
    },
  ],
};

describe('/expedited-shipping, the public shipping calculator', () => {
  let answer: () => Response;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    answer = () => jsonResponse(quote);
    fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input) === QUOTE_PATH) return answer();
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
      history: createMemoryHistory({ initialEntries: ['/expedited-shipping'] }),
    });
    render(<App router={router} queryClient={queryClient} env="test" />);
  };
  const fill = async (zip = '10001') => {
    await userEvent.type(await screen.findByRole('textbox', { name: /Quantity/ }, SLOW), '20');
    await userEvent.type(screen.getByRole('textbox', { name: /ZIP code/ }), zip);
    await userEvent.type(screen.getByRole('textbox', { name: /Date needed/ }), '12/04/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
  };
  const quoteCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === QUOTE_PATH);

  it('sends the order and shows the ship date and each method with its arrival, price and badge', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Shipping Calculator' }, SLOW)).toBeTruthy();
    await fill();
    expect(await screen.findByRole('heading', { name: 'Ships 11/25/2026 from Beltsville' }, SLOW)).toBeTruthy();
    const [, init] = quoteCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ typeBook: 5, quantity: 20, zip: '10001', neededBy: '2026-12-04' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('FedEx Ground')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('11/30/2026')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('$43.00')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Arrives in time')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Too late')).toBeTruthy();
    expect(screen.queryByText('No shipping method arrives in time')).toBeNull();
  });

  it('says clearly when nothing arrives in time', async () => {
    answer = () =>
      jsonResponse({ ...quote, options: quote.options.map((option) => ({ ...option, arrivesInTime: false })) });
    renderPage();
    await fill();
    expect(await screen.findByText('No shipping method arrives in time', {}, SLOW)).toBeTruthy();
  });

  it("puts the server's field error on the ZIP code", async () => {
    answer = () =>
      problemResponse(400, 'zip: No such ZIP code.', { errors: [{ path: 'zip', message: 'No such ZIP code.' }] });
    renderPage();
    await fill('00000');
    expect(await screen.findByText('No such ZIP code.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /ZIP code/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('is linked from the login page', async () => {
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: ['/login'] }) });
    render(<App router={router} queryClient={queryClient} env="test" />);
    const link = await screen.findByRole('link', { name: 'Shipping calculator' }, SLOW);
    expect(link.getAttribute('href')).toBe('/expedited-shipping');
  });

  it('asks for the missing fields without calling the server', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Calculate' }, SLOW));
    expect(await screen.findByText('Choose the date you need the books by.', {}, SLOW)).toBeTruthy();
    expect(quoteCalls()).toHaveLength(0);
  });
});
