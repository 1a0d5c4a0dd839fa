import type { DistributionBuyer, SalesForecastAnswer } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ForecastCard } from './ForecastCard';
import { MARK_QUEUE_KEY } from './markQueue';

/** Issue 12: Distribution Day (marks sent at once, kept while offline and replayed) and the forecast card. */

const salesManager = makeUser({ role: 22 });

Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});
Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, writable: true, value: () => {} });

const ava: DistributionBuyer = {
  orderId: 5,
  orderNumber: 'D26-000005',
  studentFirstName: 'Ava',
  studentLastName: 'Smith',
  grade: '9',
  homeroom: 'Room 101',
  parentName: 'Jordan Smith',
  items: [
    {
      id: 51,
      typeProduct: 1,
      typeSubProduct: 0,
      label: 'Yearbook',
      quantity: 1,
      personalizationName: 'AVA S',
      dedicationText: null,
      adSize: null,
      customPages: null,
      isDonated: false,
      distributedAt: null,
      distributedByUserId: null,
    },
  ],
};

let online = true;
let marksSent: unknown[];
let handedOut: number;

beforeEach(() => {
  queryClient.clear();
  localStorage.removeItem(MARK_QUEUE_KEY);
  online = true;
  marksSent = [];
  handedOut = 3;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname;
      if (path === '/api/auth/me') return jsonResponse(makeSessionState(salesManager));
      if (path === '/api/online_sales/distribution/counts')
        return jsonResponse({ handedOut, toHandOut: 10 - handedOut });
      if (path === '/api/online_sales/distribution') {
        return jsonResponse({ data: [ava], counts: { handedOut, toHandOut: 10 - handedOut } });
      }
      if (path === '/api/online_sales/distribution/marks') {
        const { marks } = JSON.parse(String(init?.body)) as { marks: { clientMarkId: string; itemId: number }[] };
        marksSent.push(...marks);
        handedOut += marks.length;
        return jsonResponse({
          results: marks.map((mark) => ({ clientMarkId: mark.clientMarkId, itemId: mark.itemId, outcome: 'applied' })),
          items: [],
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

function renderAt(path: string) {
  signInAs(salesManager);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
}

describe('Distribution Day', () => {
  it('finds a student and sends the mark at once; the counts follow', async () => {
    renderAt('/admin/online-sales/distribution?accountId=10&year=2026');
    expect(await screen.findByText('3 handed out', {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Student, homeroom or order number'), 'Ava');
    expect(await screen.findByText('Name: AVA S')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Handed out: Yearbook' }));
    await waitFor(() => expect(marksSent).toEqual([expect.objectContaining({ itemId: 51, handedOut: true })]));
    expect(await screen.findByText('Synced')).toBeTruthy();
    expect(await screen.findByText('4 handed out')).toBeTruthy();
  });

  it('offline: the mark waits in localStorage, counted already, and is replayed when the network is back', async () => {
    renderAt('/admin/online-sales/distribution?accountId=10&year=2026');
    await userEvent.type(
      await screen.findByLabelText('Student, homeroom or order number', {}, { timeout: 10_000 }),
      'Ava',
    );
    const button = await screen.findByRole('button', { name: 'Handed out: Yearbook' });
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    await userEvent.click(button);
    expect(await screen.findByText('Offline — 1 mark waiting')).toBeTruthy();
    expect(screen.getByText('4 handed out')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(MARK_QUEUE_KEY) ?? '[]')).toHaveLength(1);
    expect(marksSent).toEqual([]);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(marksSent).toHaveLength(1));
    expect(await screen.findByText('Synced')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(MARK_QUEUE_KEY) ?? '[]')).toEqual([]);
    expect(await screen.findByText('4 handed out')).toBeTruthy();
  });
});

describe('ForecastCard', () => {
  it('says the forecast, its range and the copies ordered', async () => {
    const forecast: SalesForecastAnswer = {
      accountId: 10,
      year: 2026,
      soldSoFar: 120,
      seasonDay: 40,
      forecast: 212,
      low: 190,
      high: 236,
      copiesOrdered: 200,
      copiesSource: 'order',
      enrollment: 500,
      pastSeasons: 3,
      basis: 'Sold so far ÷ the median share sold by this day in 3 past seasons.',
    };
    configureApiClient({ fetch: vi.fn<typeof fetch>(async () => jsonResponse(forecast)) });
    renderWithProviders(<ForecastCard accountId={10} year={2026} />);
    expect((await screen.findByTestId('forecast-line')).textContent).toBe(
      'Forecast: 212 books (190–236); ordered: 200',
    );
    expect(screen.getByText("May sell more than the order's copies")).toBeTruthy();
  });
});
