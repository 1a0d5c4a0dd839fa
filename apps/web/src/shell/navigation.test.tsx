import { defaultWidgetSettings } from '@colophon/contract';
import { adminPages } from '@colophon/domain';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app/App';
import { createAppRouter } from '../app/router';
import { configureApiClient, resetApiClient } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../test/fixtures';
import { builtPagePaths } from './built-pages';
import { navigationFor } from './navigation';

const allPages = new Set<string>(adminPages.map((page) => page.path));
const titlesOf = (groups: ReturnType<typeof navigationFor>) =>
  groups.flatMap((group) => group.pages.map((page) => page.title));

describe('navigationFor (the navigation is filtered by can())', () => {
  it('shows a school volunteer only what the role allows', () => {
    const titles = titlesOf(navigationFor(makeUser({ role: 6 }), allPages));
    expect(titles).toContain('Profile');
    expect(titles).toContain('Upload Proof');
    expect(titles).not.toContain('Users');
    expect(titles).not.toContain('Order Status');
    expect(titles).not.toContain('Audit Log');
  });

  it('shows Order Status to those who follow orders (an adviser): its page has a route', () => {
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: ['/login'] }) });
    expect(titlesOf(navigationFor(makeUser({ role: 5 }), builtPagePaths(router)))).toContain('Order Status');
  });

  it('shows a studio owner the studio pages but no super-administrator page', () => {
    const groups = navigationFor(makeUser({ role: 8 }), allPages);
    expect(titlesOf(groups)).toContain('Users');
    expect(groups.map((group) => group.group)).not.toContain('Super admin');
    expect(groups.map((group) => group.group)).not.toContain('Processing');
  });

  it('shows a super administrator every page, grouped in catalogue order', () => {
    const groups = navigationFor(makeUser({ role: 6, bSuperAdmin: true }), allPages);
    expect(titlesOf(groups)).toHaveLength(adminPages.length);
    expect(groups[0]?.group).toBe('Home');
    expect(groups.find((group) => group.group === 'Super admin')?.pages.map((page) => page.title)).toContain(
      'Audit Log',
    );
  });

  it('leaves out pages this app has no route for', () => {
    const titles = titlesOf(
      navigationFor(makeUser({ bSuperAdmin: true }), new Set(['/admin/profile', '/admin/users'])),
    );
    expect(titles).toEqual(['Profile', 'Users']);
  });

  it('shows nothing to a signed-out visitor', () => {
    expect(navigationFor(null, allPages)).toEqual([]);
  });
});

describe('the app routes', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/auth/me')) {
        const raw = localStorage.getItem('colophon.session');
        const user = raw ? JSON.parse(raw).user : makeUser();
        return jsonResponse(makeSessionState(user));
      }
      // The profile page's widgets: each answers with its own empty widget, as the API does.
      const widget = /^\/api\/widgets\/(\w+)/.exec(url);
      if (widget) {
        return jsonResponse({ name: widget[1], title: '', settings: defaultWidgetSettings, total: 0, items: [] });
      }
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

  it('the built admin pages are the catalogue pages with a route', () => {
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: ['/login'] }) });
    expect([...builtPagePaths(router)].sort()).toEqual(
      [
        '/admin/profile',
        '/admin/users',
        '/admin/super/manufacturing-plants',
        '/admin/super/manufacturers',
        '/admin/super/audit-log',
        '/admin/super/outbox',
        '/admin/super/client-errors',
        '/admin/super/records',
        '/admin/accounts',
        '/admin/my-account',
        '/admin/ypa',
        '/admin/settings',
        '/admin/projects',
        '/admin/roster/districts',
        '/admin/roster/schools',
        '/admin/roster/individuals',
        '/admin/roster/configurations',
        '/admin/roster/export-presets',
        '/admin/roster/jobs',
        '/admin/submission_status',
        '/admin/presets',
        '/admin/super/processing/proofs',
        '/admin/super/processing/uploads',
        '/admin/super/processing/notifications',
        '/admin/super/processing/order-moves',
        '/admin/super/processing/epubs',
        '/admin/super/processing/accounting',
        '/admin/super/processing/card-detachments',
        '/admin/super/processing/roster-jobs',
        '/admin/super/quickbooks-invoices',
        '/admin/super/processing/processor-statuses',
        '/admin/proofs',
        '/admin/upload',
        '/admin/orders',
        '/admin/super/order-admin',
        '/admin/super/personalization-upload',
        '/admin/online-sales',
        '/admin/online-sales/orders',
        '/admin/online-sales/distribution',
        '/admin/online-sales/store',
        '/admin/sales-store-coupons',
        '/admin/super/customer-pricing',
        '/admin/super/pricing-adjustments',
        '/admin/request-bulk-presale-funds',
        '/admin/request-single-book-funds',
        '/admin/request-sales-tax',
        '/admin/super/invoices',
        '/admin/invoices',
        '/admin/manage-credit-cards',
      ].sort(),
    );
  });

  it('sends a signed-out visit to an admin page to login with the page as redirect', async () => {
    const router = renderAt('/admin/users?role[]=3');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/admin/users?role[]=3' });
  });

  it('sends / and unknown paths to login', async () => {
    const router = renderAt('/no/such/page');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    await act(() => router.navigate({ to: '/' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('opens Profile for /admin and for an unknown admin path', async () => {
    signInAs(makeUser());
    const router = renderAt('/admin/not-a-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/profile');
  });

  it('sends a user without the permission to Profile, saying why', async () => {
    signInAs(makeUser({ role: 6 }));
    const router = renderAt('/admin/super/audit-log');
    expect(await screen.findByText('You do not have access to Audit Log')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/profile'));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit Log' })).toBeNull();
  });

  it('shows a super administrator the super pages in the navigation', async () => {
    signInAs(makeUser({ bSuperAdmin: true }));
    renderAt('/admin/super/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const title of ['Users', 'Manufacturing Plants', 'Manufacturers', 'E-mail Outbox']) {
      expect(within(nav).getByRole('link', { name: title })).toBeTruthy();
    }
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeTruthy();
  });

  it('shows the impersonation banner while acting as someone else', async () => {
    const admin = makeUser({ id: 1, bSuperAdmin: true, firstName: 'Sam', lastName: 'Super' });
    const adviser = makeUser({ id: 7, role: 5, firstName: 'Ada', lastName: 'Adviser' });
    signInAs(adviser, { impersonating: true, originalUser: admin });
    fetchMock.mockImplementation(async () =>
      jsonResponse(makeSessionState(adviser, { impersonating: true, originalUser: admin })),
    );
    renderAt('/admin/profile');
    // The banner names both the real user and the one acted as (issue 9, item 5).
    expect(await screen.findByText(/Sam Super is acting as Ada Adviser/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End impersonation' })).toBeTruthy();
  });
});
