import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';

const user = makeUser({ id: 5 });

describe('the second factor', () => {
  let validated = false;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    validated = false;
    signInAs(user, { mfaRequired: true, mfaValidated: false });
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (url === '/api/users/mfa/send_code') return jsonResponse({ method: body.method, sentTo: 'o***@studio.test' });
      if (url === '/api/users/mfa/validate_code') {
        if (body.code !== '123456') return problemResponse(400, 'That code is not right. 4 tries left.');
        validated = true;
        return jsonResponse({ mfaValidated: true });
      }
      if (url === '/api/auth/me')
        return jsonResponse(makeSessionState(user, { mfaRequired: true, mfaValidated: validated }));
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    });
    configureApiClient({ fetch: fetchMock });
  });

  afterEach(() => {
    resetApiClient();
    queryClient.clear();
  });

  it('sends an e-mailed code, shows the remaining tries after a wrong one, and opens the page asked for', async () => {
    const router = createAppRouter(queryClient, {
      history: createMemoryHistory({ initialEntries: ['/mfa?redirect=%2Fadmin%2Fusers'] }),
    });
    render(<App router={router} queryClient={queryClient} env="test" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to o\*\*\*@studio.test/)).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([input]) => String(input) === '/api/users/mfa/send_code');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ user_id: 5, token: 'test-token', method: 'email' });

    await userEvent.type(screen.getByLabelText(/^Code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('4 tries left');

    await userEvent.clear(screen.getByLabelText(/^Code/));
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it('keeps a half-signed-in user out of the admin area', async () => {
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: ['/admin/users'] }) });
    render(<App router={router} queryClient={queryClient} env="test" />);
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mfa');
  });
});
