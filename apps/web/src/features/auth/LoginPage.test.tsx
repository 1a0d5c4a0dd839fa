import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../lib/session';
import { jsonResponse, makeSessionState, makeUser, problemResponse } from '../../test/fixtures';

const user = makeUser({ firstName: 'Olive', lastName: 'Owner' });

function renderAt(path: string) {
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

async function signInWith(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let mfaRequired = false;

  beforeEach(() => {
    queryClient.clear();
    mfaRequired = false;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/login') {
        const body = JSON.parse(String(init?.body));
        if (body.email === 'slowed@studio.test')
          return problemResponse(
            429,
            'Sign-ins to this account are slowed down after failed attempts. Try again in 32 seconds.',
          );
        if (body.password !== 'correct horse battery') return problemResponse(401, 'Wrong e-mail or password.');
        const state = makeSessionState(user);
        return jsonResponse({ token: 'fresh-token', user, mfaRequired, permissionHash: state.permissionHash });
      }
      if (url === '/api/auth/me') return jsonResponse(makeSessionState(user, { mfaRequired, mfaValidated: false }));
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    });
    configureApiClient({ fetch: fetchMock });
  });

  afterEach(() => {
    resetApiClient();
    queryClient.clear();
  });

  it('shows why a sign-in was refused', async () => {
    renderAt('/login');
    await signInWith('owner@studio.test', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong e-mail or password.');
    expect(sessionStore.get()).toBeNull();
  });

  it('says how long to wait when sign-ins are slowed down', async () => {
    renderAt('/login');
    await signInWith('slowed@studio.test', 'correct horse battery');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sign-ins to this account are slowed down after failed attempts. Try again in 32 seconds.',
    );
    expect(sessionStore.get()).toBeNull();
  });

  it('goes to the page asked for once signed in', async () => {
    const router = renderAt('/login?redirect=%2Fadmin%2Fusers');
    await signInWith('Owner@Studio.test', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(sessionStore.get()?.token).toBe('fresh-token');
    const login = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/login');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      email: 'owner@studio.test',
      password: 'correct horse battery',
    });
  });

  it('goes to Profile without a redirect', async () => {
    const router = renderAt('/login');
    await signInWith('owner@studio.test', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/profile'));
  });

  it('asks for the second factor first when the account requires it', async () => {
    mfaRequired = true;
    const router = renderAt('/login?redirect=%2Fadmin%2Fusers');
    await signInWith('owner@studio.test', 'correct horse battery');
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(screen.getByLabelText(/^Code/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mfa');
  });
});
