import type { StoredCard } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { AddCardDrawer, cardFormSchema } from './AddCardDrawer';

/** Issue 13: Manage Credit Cards lists an account's cards and adds one through the offline form. */

const treasurer = makeUser({ role: 20 });
const at = '2026-09-01T12:00:00.000Z';
const TODAY = new Date('2026-11-25T12:00:00Z');
const cardOf = (fields: Partial<StoredCard>): StoredCard => ({
  id: 1,
  accountId: 3,
  provider: 'embedded',
  customerRef: 'emb_cus_lincoln',
  cardRef: 'emb_pm_ok_1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2029,
  isDefault: false,
  createdAt: at,
  updatedAt: at,
  ...fields,
});
const mastercard = cardOf({ id: 1, brand: 'mastercard', last4: '4444', isDefault: true, cardRef: 'emb_pm_ok_1' });
const expiredAmex = cardOf({ id: 2, brand: 'amex', last4: '0005', expMonth: 5, expYear: 2024, cardRef: 'emb_pm_ok_2' });

let sent: { method: string; url: URL; body: unknown }[];
/** What POST /api/stripe_cards answers next (a problem, or the saved card). */
let createAnswers: (() => Response)[];

beforeEach(() => {
  queryClient.clear();
  sent = [];
  createAnswers = [];
  signInAs(treasurer);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(treasurer));
      if (url.pathname === '/api/accounts') {
        return jsonResponse({
          data: [{ id: 3, name: 'Lincoln High School', code: 'LIN', type: 6 }],
          total: 1,
          page: 1,
          perPage: 2,
        });
      }
      if (url.pathname === '/api/stripe_cards/setup') return jsonResponse({ mode: 'embedded' });
      if (url.pathname === '/api/stripe_cards' && method === 'POST') {
        const next = createAnswers.shift();
        return next ? next() : jsonResponse(cardOf({ id: 9 }), { status: 201 });
      }
      if (url.pathname === '/api/stripe_cards') {
        return jsonResponse({ data: [mastercard, expiredAmex], total: 2, page: 1, perPage: 25 });
      }
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

describe('the card form (offline mode)', () => {
  it('turns what is typed into the contract’s body: digits only, the expiry as month and year', () => {
    const body = cardFormSchema(3, TODAY).parse({
      card: { number: '4242 4242 4242 4242', expiry: '08/29', cvc: '123' },
      makeDefault: true,
    });
    expect(body).toEqual({
      accountId: 3,
      card: { number: '4242424242424242', expMonth: 8, expYear: 2029, cvc: '123' },
      makeDefault: true,
    });
    const expired = cardFormSchema(3, TODAY).safeParse({
      card: { number: '4242424242424242', expiry: '10/26', cvc: '123' },
      makeDefault: false,
    });
    expect(expired.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['card.expiry', 'This card has expired'],
    ]);
  });

  it('hints the test numbers, formats the number as typed, shows the server’s expiry refusal on the expiry, then saves', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <AddCardDrawer accountId={3} opened onClose={onClose} today={TODAY} />,
      createTestQueryClient(),
    );
    const form = await screen.findByRole('form', { name: 'Card details' });
    expect(within(form).getByText(/4242 4242 4242 4242/)).toBeTruthy();
    const number = within(form).getByLabelText(/Card number/);
    await userEvent.type(number, '4242424242424242');
    expect((number as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    await userEvent.type(within(form).getByLabelText(/Expiry/), '1227');
    await userEvent.type(within(form).getByLabelText(/Security code/), '123');
    createAnswers.push(() =>
      problemResponse(400, 'card.expMonth: Your card has expired.; card.expYear: Your card has expired.', {
        code: 'validation',
        errors: [
          { path: 'card.expMonth', message: 'Your card has expired.' },
          { path: 'card.expYear', message: 'Your card has expired.' },
        ],
      }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByText('Your card has expired.')).toBeTruthy();
    const first = sent.find((request) => request.method === 'POST' && request.url.pathname === '/api/stripe_cards');
    expect(first?.body).toEqual({
      accountId: 3,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2027, cvc: '123' },
      makeDefault: false,
    });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses an empty form before sending anything', async () => {
    renderWithProviders(
      <AddCardDrawer accountId={3} opened onClose={() => undefined} today={TODAY} />,
      createTestQueryClient(),
    );
    const form = await screen.findByRole('form', { name: 'Card details' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByText('Enter the card number')).toBeTruthy();
    expect(within(form).getByText('Enter the expiry as MM/YY')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST' && request.url.pathname === '/api/stripe_cards')).toBe(
      false,
    );
  });
});

describe('Manage Credit Cards', () => {
  const renderAt = (path: string) =>
    render(
      <App
        router={createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) })}
        queryClient={queryClient}
        env="test"
      />,
    );

  it('lists the school’s cards with the default and expired badges, and removes one after asking with its ids', async () => {
    renderAt('/admin/manage-credit-cards');
    const table = await screen.findByRole('table', { name: 'Stored cards' }, { timeout: 10_000 });
    expect(await within(table).findByText('Mastercard •••• 4444')).toBeTruthy();
    // The column's title and the default card's badge.
    expect(within(table).getAllByText('Default')).toHaveLength(2);
    expect(within(table).getByText('Expired')).toBeTruthy();
    expect(within(table).getByText('05/24')).toBeTruthy();
    // The default and the expired card offer no "Make default".
    expect(within(table).queryByRole('button', { name: /Make .* the default/ })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Remove American Express •••• 0005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove card' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
    const removal = sent.find((request) => request.method === 'DELETE');
    expect(removal?.url.pathname).toBe('/api/stripe_cards/2');
    expect(removal?.url.searchParams.get('cardId')).toBe('emb_pm_ok_2');
    expect(removal?.url.searchParams.get('customerId')).toBe('emb_cus_lincoln');
  });
});
