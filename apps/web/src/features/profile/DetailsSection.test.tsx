import type { SessionUser } from '@colophon/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders, TestProviders } from '../../test/render';
import { DetailsSection } from './DetailsSection';

const SLOW = { timeout: 10_000 };

describe('the profile’s details: a new e-mail address waits for its link', () => {
  let current: SessionUser;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    current = makeUser({ id: 42, email: 'olive@studio.test' });
    signInAs(current);
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/api/profile' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        // As the server does: the address stays, the new one is pending.
        current = { ...current, pendingEmail: body.email === current.email ? null : body.email };
        return jsonResponse(current);
      }
      if (url === '/api/auth/me') return jsonResponse(makeSessionState(current));
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    });
    configureApiClient({ fetch: fetchMock });
  });

  afterEach(() => {
    resetApiClient();
    queryClient.clear();
  });

  it('sends the new address, keeps showing the old one, and says the change is pending', async () => {
    const { rerender } = renderWithProviders(<DetailsSection user={current} />, queryClient);
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('olive@studio.test');
    expect(screen.queryByText(/Pending confirmation/)).toBeNull();

    await userEvent.clear(email);
    await userEvent.type(email, 'olive.new@studio.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText(/We sent a link to olive.new@studio.test/, {}, SLOW)).toBeTruthy();
    const put = fetchMock.mock.calls.find(
      ([input, init]) => String(input) === '/api/profile' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ email: 'olive.new@studio.test' });
    await waitFor(() => expect(email.value).toBe('olive@studio.test'));

    // The page hands the section the refreshed session user.
    rerender(
      <TestProviders queryClient={queryClient}>
        <DetailsSection user={current} />
      </TestProviders>,
    );
    expect(screen.getByText(/Pending confirmation: olive.new@studio.test/).getAttribute('role')).toBe('status');
  });
});
