import type { OnlineOrder } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

/** Issue 12: Online Orders — the list, the order's drawer and a partial refund asked twice. */

const treasurer = makeUser({ role: 20 });
const salesManager = makeUser({ role: 22 });
const at = '2031-02-01T12:00:00.000Z';
const order: OnlineOrder = {
  id: 7,
  storeId: 3,
  accountId: 4,
  year: 2031,
  orderNumber: 'W31-000007',
  status: 'paid',
  typePayment: 2,
  typeShipping: 1,
  parentName: 'Alice Zimmer',
  parentEmail: 'alice@parents.test',
  parentPhone: null,
  studentFirstName: 'Ava',
  studentLastName: 'Zimmer',
  grade: null,
  homeroom: 'Room 12',
  shipTo: null,
  subtotalCents: 10_500,
  discountCents: 0,
  shippingCents: 0,
  feeCents: 0,
  taxCents: 0,
  totalCents: 10_500,
  refundedCents: 0,
  checkNumber: null,
  enteredByUserId: null,
  paidAt: at,
  createdAt: at,
  updatedAt: at,
  refundableCents: 10_500,
  items: [],
  payments: [
    {
      id: 11,
      onlineOrderId: 7,
      kind: 'charge',
      provider: 'embedded',
      providerRef: 'emb_pi_1',
      amountCents: 10_500,
      status: 'succeeded',
      failureMessage: null,
      reason: null,
      createdByUserId: null,
      createdAt: at,
    },
  ],
  store: { id: 3, title: 'Lincoln Yearbook Store' },
};

type Sent = { method: string; path: string; body: unknown; headers: Record<string, string> };
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
      sent.push({ method, path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> });
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(user));
      if (method === 'POST' && url.pathname === '/api/payments/partial_refund') {
        const refunded = { ...order, refundedCents: 500, refundableCents: 10_000, status: 'partially_refunded' };
        return jsonResponse({
          order: refunded,
          refund: { ...order.payments?.[0], id: 12, kind: 'refund', amountCents: 500 },
        });
      }
      if (url.pathname === '/api/online_orders/7') return jsonResponse(order);
      const data = url.pathname === '/api/online_orders' ? [order] : [];
      return jsonResponse({ data, total: data.length, page: 1, perPage: 25 });
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

describe('Online Orders', () => {
  it('lists the URL’s search; a partial refund checks the amount, asks again, and sends one key', async () => {
    renderAt('/admin/online-sales/orders?search=zimmer&edit=7');
    const table = await screen.findByRole('table', { name: 'Online orders' }, { timeout: 10_000 });
    expect(await within(table).findByText('W31-000007')).toBeTruthy();
    expect(sent.find((call) => call.path === '/api/online_orders')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Partial refund' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Partial refund' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount to refund ($)' }), '200');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Ad withdrawn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('At most $105.00 can be refunded')).toBeTruthy();

    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund ($)' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Refund $5.00' }));
    expect(await screen.findByText('$5.00 refunded.')).toBeTruthy();
    const refunds = sent.filter((call) => call.path === '/api/payments/partial_refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body).toEqual({ id: 7, amountCents: 500, reason: 'Ad withdrawn' });
    expect(refunds[0]?.headers['Idempotency-Key']).toMatch(/^refund-7-/);
  });

  it('a sales manager enters cash orders but is offered no refund', async () => {
    user = salesManager;
    signInAs(user);
    renderAt('/admin/online-sales/orders?edit=7');
    expect(
      await screen.findByRole('button', { name: 'Enter a cash or check order' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Receipt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Partial refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
