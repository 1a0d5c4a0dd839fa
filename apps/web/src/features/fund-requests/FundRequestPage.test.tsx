import type { FundRequest } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

/** Issue 13: a fund request page — the three overviews at once, the form's limit, a super administrator's completion. */

const treasurer = makeUser({ role: 20 });
const superAdmin = makeUser({ role: 8, bSuperAdmin: true });
const at = '2026-03-01T12:00:00.000Z';
const school = { id: 4, name: 'Lincoln High School' };
const waiting: FundRequest = {
  id: 31,
  accountId: 4,
  year: 2026,
  amountCents: 12_500,
  status: 0,
  note: null,
  requestedByUserId: 42,
  paymentMethod: null,
  paymentReference: null,
  completedAt: null,
  completedByUserId: null,
  createdAt: at,
  updatedAt: at,
  accountName: 'Lincoln High School',
};
const overview = (availableCents: number) => ({
  collectedCents: 50_000,
  refundedCents: 0,
  feesCents: 1_500,
  paidOutCents: 10_000,
  waitingCents: 38_500 - availableCents,
  availableCents,
  orders: 12,
});

type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let user = treasurer;

beforeEach(() => {
  queryClient.clear();
  sent = [];
  signInAs(user);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(user));
      if (url.pathname === '/api/accounts') return jsonResponse({ data: [school], total: 1, page: 1, perPage: 2 });
      if (url.pathname === '/api/fund_requests/overview') return jsonResponse(overview(25_000));
      if (url.pathname === '/api/summer_fund_requests/overview') return jsonResponse(overview(4_000));
      if (url.pathname === '/api/sales_tax_requests/overview') return jsonResponse(overview(1_234));
      if (url.pathname === '/api/fund_requests/requested') {
        return jsonResponse({ data: [waiting], total: 1, page: 1, perPage: 25 });
      }
      if (method === 'POST' && url.pathname === '/api/fund_requests') {
        return jsonResponse({ ...waiting, id: 32, amountCents: body.amountCents }, { status: 201 });
      }
      if (method === 'POST' && url.pathname === '/api/fund_requests/31/complete') {
        return jsonResponse({ ...waiting, status: 2, ...body, completedAt: at });
      }
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
  user = treasurer;
});

const renderAt = (path: string) =>
  render(
    <App
      router={createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) })}
      queryClient={queryClient}
      env="test"
    />,
  );

describe('Bulk Presale Fund Request', () => {
  it('asks the three overviews, prefills what is available and refuses more before sending', async () => {
    renderAt('/admin/request-bulk-presale-funds');
    const form = await screen.findByRole('form', { name: 'Request funds' }, { timeout: 10_000 });
    const amount = within(form).getByRole('textbox', { name: /Amount to request/ });
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('250.00'));
    const overviews = sent.filter((call) => call.path.endsWith('/overview')).map((call) => call.path);
    expect(new Set(overviews)).toEqual(
      new Set([
        '/api/fund_requests/overview',
        '/api/summer_fund_requests/overview',
        '/api/sales_tax_requests/overview',
      ]),
    );
    expect(sent.find((call) => call.path === '/api/fund_requests/overview')?.body).toEqual({
      accountId: 4,
      year: 2026,
    });
    expect(screen.getByText(/\$40\.00 available/)).toBeTruthy();

    await userEvent.clear(amount);
    await userEvent.type(amount, '250.01');
    await userEvent.click(within(form).getByRole('button', { name: 'Request $250.01' }));
    expect(await within(form).findByText('At most $250.00 is available')).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST' && call.path === '/api/fund_requests')).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Request $100.00' }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST' && call.path === '/api/fund_requests')?.body).toMatchObject({
        accountId: 4,
        year: 2026,
        amountCents: 10_000,
        note: null,
        requestKey: expect.stringMatching(/^fund-[0-9a-f]{24}$/),
      }),
    );
  });

  it('a super administrator completes a waiting request with how it was paid', async () => {
    user = superAdmin;
    signInAs(user);
    renderAt('/admin/request-bulk-presale-funds');
    await userEvent.click(await screen.findByRole('button', { name: 'Complete request 31' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Complete the request' });
    await userEvent.click(within(drawer).getByRole('combobox', { name: /Paid by/ }));
    await userEvent.click(await within(drawer).findByRole('option', { name: 'Check' }));
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Reference/ }), 'Check 1042');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(sent.find((call) => call.path === '/api/fund_requests/31/complete')?.body).toEqual({
        paymentMethod: 'check',
        paymentReference: 'Check 1042',
      }),
    );
  });
});
