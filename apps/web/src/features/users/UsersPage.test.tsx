import type { User } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

/** Issue 8: the users screen offers changes only on users the viewer may change (the domain's rank rule). */

function person(id: number, firstName: string, lastName: string, role: number, extra: Partial<User> = {}): User {
  return {
    id,
    email: `${firstName.toLowerCase()}@lincoln.test`,
    firstName,
    lastName,
    uriAvatar: null,
    timezone: 'CST',
    role,
    mfaMethod: null,
    bSuperAdmin: false,
    isActive: true,
    mfaRequired: false,
    lastSignInAt: null,
    createdAt: '2026-01-05T12:00:00.000Z',
    updatedAt: '2026-01-05T12:00:00.000Z',
    ...extra,
  };
}

const adviser = makeUser({ id: 7, role: 5, firstName: 'Avery', lastName: 'Adviser', email: 'avery@lincoln.test' });
const principal = person(3, 'Sofia', 'Principal', 3);
const volunteer = person(8, 'Val', 'Volunteer', 6, { pendingEmail: 'val.new@lincoln.test' });
const self = person(7, 'Avery', 'Adviser', 5);
const everyone = [principal, self, volunteer];

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  queryClient.clear();
  signInAs(adviser);
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(adviser, { isStudioUser: false }));
    const detail = /^\/api\/users\/(\d+)$/.exec(url.pathname);
    if (detail) return jsonResponse(everyone.find((user) => user.id === Number(detail[1])));
    const permissions = /^\/api\/users\/(\d+)\/user_permissions$/.exec(url.pathname);
    if (permissions) {
      const user = everyone.find((candidate) => candidate.id === Number(permissions[1]));
      return jsonResponse({
        userId: user?.id,
        role: user?.role,
        bSuperAdmin: false,
        mfaRequired: false,
        permissions: [],
      });
    }
    if (url.pathname === '/api/users') return jsonResponse({ data: everyone, total: 3, page: 1, perPage: 25 });
    return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
  });
  configureApiClient({ fetch: fetchMock });
});

afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

function renderAt(path: string) {
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

const SLOW = { timeout: 10_000 };

/** Opens a row's actions menu (Mantine keeps it hidden until laid out, and jsdom lays nothing out). */
async function openActions(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }, SLOW));
  return screen.findByRole('menu', { hidden: true }, SLOW);
}
const item = (menu: HTMLElement, name: string) => within(menu).queryByRole('menuitem', { name, hidden: true });

/** Disabled as Mantine marks it: a disabled button (menu items), or a disabled combobox option. */
const isDisabled = (element: HTMLElement) =>
  element.hasAttribute('disabled') ||
  element.getAttribute('aria-disabled') === 'true' ||
  element.hasAttribute('data-combobox-disabled');

describe('the users screen, as an adviser', () => {
  it('disables deactivating a user ranking above, and offers only to view them', async () => {
    renderAt('/admin/users');
    const menu = await openActions('Sofia Principal');
    expect(item(menu, 'Edit')).toBeNull();
    expect(item(menu, 'View')).toBeTruthy();
    const deactivate = item(menu, 'Deactivate') as HTMLElement;
    expect(isDisabled(deactivate)).toBe(true);
    expect(deactivate.getAttribute('title')).toBe(
      'You can change only users whose role ranks below yours: School Administrator does not rank below School Yearbook Adviser.',
    );
  });

  it('offers editing and deactivating a user ranking below', async () => {
    renderAt('/admin/users');
    const menu = await openActions('Val Volunteer');
    expect(item(menu, 'Edit')).toBeTruthy();
    expect(isDisabled(item(menu, 'Deactivate') as HTMLElement)).toBe(false);
  });

  it('lets the adviser edit themselves but not deactivate themselves', async () => {
    renderAt('/admin/users');
    const menu = await openActions('Avery Adviser');
    expect(item(menu, 'Edit')).toBeTruthy();
    const deactivate = item(menu, 'Deactivate') as HTMLElement;
    expect(isDisabled(deactivate)).toBe(true);
    expect(deactivate.getAttribute('title')).toBe('You cannot deactivate yourself.');
  });

  it('shows a higher user read-only, with the reason, and no save buttons', async () => {
    renderAt(`/admin/users?user=${principal.id}`);
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText(/does not rank below School Yearbook Adviser/, {}, SLOW)).toBeTruthy();
    expect((within(drawer).getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(true);
    expect(within(drawer).queryByRole('button', { name: 'Save user' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('tab', { name: 'Permissions' }));
    expect(await within(drawer).findByText('What this gives', {}, SLOW)).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Save permissions' })).toBeNull();
  });

  it('lets the adviser change a volunteer, giving only roles below their own, and shows a pending e-mail', async () => {
    renderAt(`/admin/users?user=${volunteer.id}`);
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText(/Pending confirmation: val.new@lincoln.test/, {}, SLOW)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Save user' })).toBeTruthy();
    const detailCall = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/users/8?'));
    expect(String(detailCall?.[0])).toContain('include=pendingEmail');

    await userEvent.click(within(drawer).getByRole('tab', { name: 'Permissions' }));
    expect(await within(drawer).findByRole('button', { name: 'Save permissions' }, SLOW)).toBeTruthy();
    const role = within(drawer).getByRole('combobox', { name: 'Role' });
    await userEvent.click(role);
    const listbox = await waitFor(() => document.getElementById(role.getAttribute('aria-controls') ?? '')!);
    const byLabel = (label: string) => within(listbox).getByRole('option', { name: label, hidden: true });
    expect(isDisabled(byLabel('School Yearbook Sales Manager'))).toBe(false);
    expect(isDisabled(byLabel('School Yearbook Volunteer'))).toBe(false);
    expect(isDisabled(byLabel('School Yearbook Adviser'))).toBe(true);
    expect(isDisabled(byLabel('School Administrator'))).toBe(true);
    expect(isDisabled(byLabel('Treasurer'))).toBe(true);
  });
});
