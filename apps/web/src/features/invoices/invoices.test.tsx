import type { Invoice } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

/** Issue 13: Charge CC — the stored card's charge from the invoice's drawer: default card, balance, a decline's message, a new key after it. */

const superAdmin = makeUser({ role: 8, bSuperAdmin: true });
const at = '2026-03-01T12:00:00.000Z';
const invoice: Invoice = {
  id: 7,
  accountId: 4,
  orderId: null,
  projectId: null,
  number: 'INV-000007',
  typeProduct: 1,
  status: 'open',
  subtotalCents: 150_000,
  adjustmentsCents: 0,
  taxBasisPoints: 0,
  taxCents: 0,
  totalCents: 150_000,
  paidCents: 0,
  refundedCents: 0,
  balanceCents: 150_000,
  year: 2026,
  dueOn: '2026-04-01',
  notes: null,
  issuedAt: at,
  paidAt: null,
  voidedAt: null,
  createdById: 1,
  createdAt: at,
  updatedAt: at,
  lines: [
    {
      id: 1,
      invoiceId: 7,
      position: 1,
      kind: 'book',
      label: 'Yearbooks',
      quantity: 100,
      unitCents: 1500,
      amountCents: 150_000,
    },
  ],
  payments: [],
  sync: null,
  account: { id: 4, code: 'LHS', name: 'Lincoln High School' },
  cards: [
    { id: 21, brand: 'visa', last4: '0002', expMonth: 1, expYear: 2040, isDefault: false },
    { id: 22, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, isDefault: true },
    { id: 23, brand: 'amex', last4: '0005', expMonth: 1, expYear: 2020, isDefault: false },
  ],
};

type Sent = { method: string; path: string; body: Record<string, unknown> | undefined };
let sent: Sent[];
let declineNext: boolean;

beforeEach(() => {
  queryClient.clear();
  sent = [];
  declineNext = true;
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/invoices/7') return jsonResponse(invoice);
      if (url.pathname === '/api/invoices') return jsonResponse({ data: [invoice], total: 1, page: 1, perPage: 25 });
      if (url.pathname === '/api/quickbooks_invoices/invoice/7') {
        return jsonResponse({
          invoiceId: 7,
          provider: 'embedded',
          status: 'synced',
          docNumber: 'INV-000007',
          externalStatus: 'Open',
          externalBalanceCents: 150_000,
          attempts: 1,
          lastError: null,
          syncedAt: at,
        });
      }
      if (method === 'POST' && url.pathname === '/api/payments/invoice_stripe') {
        if (declineNext) {
          declineNext = false;
          return jsonResponse(
            { type: 'about:blank', title: 'Payment Required', status: 402, detail: 'Your card was declined.' },
            { status: 402, headers: { 'Content-Type': 'application/problem+json' } },
          );
        }
        const payment = {
          id: 90,
          invoiceId: 7,
          kind: 'payment',
          method: 'credit_card',
          provider: 'embedded',
          providerRef: 'emb_pi_x',
          cardId: body.cardId,
          cardLabel: 'visa •••• 4242',
          amountCents: body.amountCents,
          status: 'succeeded',
          failureMessage: null,
          reference: null,
          refundOfId: null,
          createdById: 1,
          createdAt: at,
        };
        return jsonResponse({ invoice: { ...invoice, status: 'paid', paidCents: 150_000, balanceCents: 0 }, payment });
      }
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
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

const charges = () => sent.filter((call) => call.method === 'POST' && call.path === '/api/payments/invoice_stripe');

describe('Charge CC', () => {
  it('charges the default card for the balance; a decline shows its message and the next try has a new key', async () => {
    renderAt('/admin/super/invoices?edit=7');
    const form = await screen.findByRole('form', { name: 'Charge card' }, { timeout: 30_000 });
    const card = within(form).getByLabelText('Card', { selector: 'input' }) as HTMLInputElement;
    expect(card.value).toMatch(/Visa •••• 4242 \(12\/40\) — default/);
    const amount = within(form).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('1,500.00');

    await userEvent.click(within(form).getByRole('button', { name: 'Charge card' }));
    expect(await within(form).findByText('Your card was declined.')).toBeTruthy();
    expect(charges()[0]?.body).toMatchObject({ invoiceId: 7, cardId: 22, amountCents: 150_000 });

    await userEvent.clear(amount);
    await userEvent.type(amount, '1500.01');
    await userEvent.click(within(form).getByRole('button', { name: 'Charge card' }));
    expect(await within(form).findByText('At most the balance, $1,500.00')).toBeTruthy();
    expect(charges()).toHaveLength(1);

    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Charge card' }));
    await waitFor(() => expect(charges()).toHaveLength(2));
    const [first, second] = charges();
    expect(second?.body).toMatchObject({ invoiceId: 7, cardId: 22, amountCents: 50_000 });
    expect(second?.body?.idempotencyKey).not.toBe(first?.body?.idempotencyKey);
  }, 60_000);
});
