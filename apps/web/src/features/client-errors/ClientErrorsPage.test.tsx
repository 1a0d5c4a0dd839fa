import type { ClientErrorGroup, ClientErrorReportItem } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

const superAdmin = makeUser({ bSuperAdmin: true });
const group: ClientErrorGroup = {
  id: 4,
  message: 'Order 12 could not load',
  firstFrame: 'at loadOrder (https://colophon.test/assets/orders.js:3:14)',
  count: 37,
  firstSeenAt: '2031-01-02T10:00:00.000Z',
  lastSeenAt: '2031-01-03T10:00:00.000Z',
  lastUserId: 9,
  lastUserName: 'Ada Adviser',
  lastUserEmail: 'ada@school.test',
  lastUrl: 'https://colophon.test/admin/orders/12',
};
const latest: ClientErrorReportItem = {
  id: 77,
  message: 'Order 12 could not load',
  stack: 'TypeError: Order 12 could not load\n    at loadOrder (https://colophon.test/assets/orders.js:3:14)',
  context: 'react.uncaught',
  url: 'https://colophon.test/admin/orders/12',
  userId: 9,
  userEmail: 'ada@school.test',
  userName: 'Ada Adviser',
  userAgent: 'Chrome',
  createdAt: '2031-01-03T10:00:00.000Z',
};

let requests: URL[];
beforeEach(() => {
  queryClient.clear();
  requests = [];
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/client_errors') return jsonResponse({ data: [group], total: 1, page: 1, perPage: 25 });
      if (url.pathname === '/api/client_errors/4/reports') return jsonResponse({ data: [latest] });
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => resetApiClient());

describe('Client Errors (/admin/super/client-errors)', () => {
  it('lists the groups with their counts, sorts by count on the server, and opens a group on its latest reports', async () => {
    const router = createAppRouter(queryClient, {
      history: createMemoryHistory({ initialEntries: ['/admin/super/client-errors'] }),
    });
    render(<App router={router} queryClient={queryClient} env="test" />);
    const table = await screen.findByRole('table', { name: 'Client errors' });
    const row = (await within(table).findByText('Order 12 could not load')).closest('tr')!;
    expect(within(row).getByText('37')).toBeTruthy();
    expect(within(row).getByText('Ada Adviser')).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: /Count/ }));
    await vi.waitFor(() =>
      expect(
        requests.some((url) => url.pathname === '/api/client_errors' && url.searchParams.get('sort') === 'count'),
      ).toBe(true),
    );

    await userEvent.click(within(table).getByRole('button', { name: 'Order 12 could not load' }));
    const dialog = await screen.findByRole('dialog');
    const report = await within(dialog).findByRole('group', { name: 'Report 77' });
    expect(within(report).getByText(/Ada Adviser <ada@school.test> · react.uncaught/)).toBeTruthy();
    expect(within(report).getByText('https://colophon.test/admin/orders/12')).toBeTruthy();
    expect(within(report).getByText(/at loadOrder/)).toBeTruthy();
  });
});
