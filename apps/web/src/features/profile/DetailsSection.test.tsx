import type { SessionUser } from '@colophon/contract';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
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

describe('the profile’s details: errors by their fields, and unsaved edits kept', () => {
  let current: SessionUser;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    current = makeUser({ id: 42, email: 'olive@studio.test' });
    signInAs(current);
    fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(current));
    configureApiClient({ fetch: fetchMock });
  });

  afterEach(() => {
    resetApiClient();
    queryClient.clear();
  });

  it('shows the error next to the field, moves the focus to it, and sends nothing', async () => {
    renderWithProviders(<DetailsSection user={current} />, queryClient);
    const firstName = screen.getByRole('textbox', { name: /^First name/ });
    await userEvent.clear(firstName);
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(firstName.getAttribute('aria-invalid')).toBe('true'));
    // The message is the field's own description, not a banner above the form.
    const describedBy = firstName.getAttribute('aria-describedby') ?? '';
    const error = describedBy
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((element) => element?.textContent);
    expect(error?.textContent).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks before leaving the page with unsaved edits', async () => {
    const root = createRootRoute({
      component: () => (
        <>
          <Link to="/admin/presets">Elsewhere</Link>
          <Outlet />
        </>
      ),
    });
    const profile = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => <DetailsSection user={current} />,
    });
    const elsewhere = createRoute({
      getParentRoute: () => root,
      path: '/admin/presets',
      component: () => 'Elsewhere page',
    });
    const router = createRouter({
      routeTree: root.addChildren([profile, elsewhere]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    renderWithProviders(<RouterProvider router={router} />, queryClient);

    const lastName = await screen.findByRole('textbox', { name: /^Last name/ }, SLOW);
    await userEvent.type(lastName, '-Smith');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));

    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' }, SLOW);
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect((lastName as HTMLInputElement).value).toMatch(/-Smith$/);

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' }, SLOW);
    await userEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('Elsewhere page', {}, SLOW)).toBeTruthy();
  });
});
