import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../lib/session';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';

const TOKEN = 'k1rT0ken-from-the-e-mailed-link-0123456789abc';
const SLOW = { timeout: 10_000 };

describe('/confirm-email, the link sent to a new address', () => {
  let answer: () => Response;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    answer = () => jsonResponse({ email: 'new@studio.test' });
    fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input) === '/api/users/confirm_email') return answer();
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    });
    configureApiClient({ fetch: fetchMock });
  });

  afterEach(() => {
    resetApiClient();
    queryClient.clear();
  });

  const renderAt = (path: string) => {
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
    render(<App router={router} queryClient={queryClient} env="test" />);
    return router;
  };
  const confirmCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/users/confirm_email');

  it('changes nothing until Confirm is pressed, then confirms with the token and says so', async () => {
    renderAt(`/confirm-email?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Confirm new address' }, SLOW);
    expect(confirmCalls()).toHaveLength(0);
    await userEvent.click(button);
    const status = await screen.findByText(/Your e-mail address is now new@studio.test/, {}, SLOW);
    expect(status.textContent).toContain('sign in with it');
    const [, init] = confirmCalls()[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says when the link has expired or was already used', async () => {
    answer = () =>
      problemResponse(400, 'token: This link has expired or was already used.', {
        errors: [{ path: 'token', message: 'This link has expired or was already used.' }],
      });
    renderAt(`/confirm-email?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm new address' }, SLOW));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(
      'This link has expired or was already used',
    );
    expect(screen.queryByText(/Your e-mail address is now/)).toBeNull();
  });

  it('says when another account took the address meanwhile', async () => {
    answer = () =>
      problemResponse(409, 'email: Another user already has this e-mail address.', {
        code: 'conflict',
        errors: [{ path: 'email', message: 'Another user already has this e-mail address.' }],
      });
    renderAt(`/confirm-email?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm new address' }, SLOW));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(
      'Another account signs in with this address now',
    );
  });

  it('says a link without its token is not complete, and asks nothing', async () => {
    renderAt('/confirm-email');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('This link is not complete');
    expect(screen.queryByRole('button', { name: 'Confirm new address' })).toBeNull();
    expect(confirmCalls()).toHaveLength(0);
  });

  it('forgets this browser’s session of the account, which the change ended', async () => {
    signInAs(makeUser({ id: 9, email: 'old@studio.test', pendingEmail: 'new@studio.test' }));
    renderAt(`/confirm-email?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm new address' }, SLOW));
    await screen.findByText(/Your e-mail address is now/, {}, SLOW);
    await waitFor(() => expect(sessionStore.get()).toBeNull());
  });
});
