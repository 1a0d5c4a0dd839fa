import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import type { StripeCardElement, StripeClient } from '../../lib/stripe';
import { jsonResponse, makeUser, signInAs } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { AddCardDrawer } from './AddCardDrawer';

/*
 * Issue 13: with Stripe configured, Add card mounts Stripe's card element and saves the card through
 * the SetupIntent (confirmCardSetup); only the PaymentMethod it made is sent to our API. Stripe.js is
 * a fake object here (the end-to-end spec in e2e/stripe/ runs a fake Stripe.js in Chromium).
 */

const stripe = vi.hoisted(() => ({
  confirmCardSetup: vi.fn(),
  loadedWith: [] as string[],
}));

vi.mock('../../lib/stripe', () => ({
  loadStripe: async (publishableKey: string): Promise<StripeClient> => {
    stripe.loadedWith.push(publishableKey);
    return {
      elements: () => ({
        create: (): StripeCardElement & { box: HTMLElement } => {
          const box = document.createElement('input');
          box.setAttribute('aria-label', 'Stripe card field');
          return { box, mount: (target) => target.append(box), destroy: () => box.remove() };
        },
      }),
      createPaymentMethod: async () => ({ error: { message: 'not in this test' } }),
      confirmCardPayment: async () => ({ error: { message: 'not in this test' } }),
      confirmCardSetup: stripe.confirmCardSetup,
    };
  },
}));

let sent: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  queryClient.clear();
  sent = [];
  stripe.loadedWith = [];
  stripe.confirmCardSetup.mockReset();
  signInAs(makeUser({ role: 20 }));
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/stripe_cards/setup') {
        return jsonResponse({ mode: 'stripe', clientSecret: 'seti_123_secret_abc', publishableKey: 'pk_test_form' });
      }
      if (url.pathname === '/api/stripe_cards' && method === 'POST') {
        return jsonResponse(
          {
            id: 9,
            accountId: 3,
            provider: 'stripe',
            customerRef: 'cus_1',
            cardRef: 'pm_saved',
            brand: 'visa',
            last4: '4242',
            expMonth: 11,
            expYear: 2031,
            isDefault: true,
            createdAt: '2026-09-01T12:00:00.000Z',
            updatedAt: '2026-09-01T12:00:00.000Z',
          },
          { status: 201 },
        );
      }
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

const posted = () => sent.filter((request) => request.method === 'POST' && request.path === '/api/stripe_cards');

describe('the card form with Stripe', () => {
  it('confirms the SetupIntent with the card element, then sends only the PaymentMethod', async () => {
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_saved' } });
    const onClose = vi.fn();
    renderWithProviders(<AddCardDrawer accountId={3} opened onClose={onClose} />, createTestQueryClient());
    const form = await screen.findByRole('form', { name: 'Card details' });
    expect(within(form).getByText(/Stripe's secure field/)).toBeTruthy();
    expect(within(form).queryByText(/Offline test mode/)).toBeNull();
    await within(form).findByLabelText('Stripe card field');
    expect(stripe.loadedWith).toEqual(['pk_test_form']);
    await userEvent.click(within(form).getByLabelText('Make this the default card'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [secret, data] = stripe.confirmCardSetup.mock.calls[0] ?? [];
    expect(secret).toBe('seti_123_secret_abc');
    expect((data as { payment_method: { card: { box: HTMLElement } } }).payment_method.card.box).toBeInstanceOf(
      HTMLElement,
    );
    expect(posted().map((request) => request.body)).toEqual([
      { accountId: 3, paymentMethodId: 'pm_saved', makeDefault: true },
    ]);
  });

  it('shows Stripe’s refusal and sends nothing to us', async () => {
    stripe.confirmCardSetup.mockResolvedValue({ error: { message: 'Your card number is incorrect.' } });
    const onClose = vi.fn();
    renderWithProviders(<AddCardDrawer accountId={3} opened onClose={onClose} />, createTestQueryClient());
    const form = await screen.findByRole('form', { name: 'Card details' });
    await within(form).findByLabelText('Stripe card field');
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByText('Your card number is incorrect.')).toBeTruthy();
    expect(posted()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
