import type { Account, AccountSummaryRow, ImmediateAccount, SessionUser } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';

const studio: ImmediateAccount = {
  id: 2,
  code: 'S10000',
  name: 'Evergreen Portrait Studio',
  type: 9,
  typeSoftware: 0,
  typeWhereCreated: 2,
  country: 'US',
  parentAccountId: null,
  depth: 0,
};

function account(id: number, name: string, extra: Partial<Account> = {}): Account {
  return {
    id,
    code: `A3${String(id).padStart(4, '0')}`,
    name,
    type: 6,
    typeSoftware: 0,
    typeWhereCreated: 2,
    country: 'US',
    parentAccountId: studio.id,
    depth: 1,
    mfaRequired: false,
    isActive: true,
    bMustPayBeforeProduction: false,
    createdAt: '2026-01-05T12:00:00.000Z',
    updatedAt: '2026-01-05T12:00:00.000Z',
    parent: {
      id: studio.id,
      code: studio.code,
      name: studio.name,
      type: 9,
      country: 'US',
      depth: 0,
      parentAccountId: null,
      canOpen: true,
    },
    ...extra,
  };
}

const lincoln = account(10, 'Lincoln High School');
const maple = account(11, 'Maple Grove Elementary');
const oak = account(12, 'Oak Ridge Middle School');

const overviewRow: AccountSummaryRow = {
  accountId: lincoln.id,
  accountCode: lincoln.code,
  accountName: lincoln.name,
  accountType: 6,
  typeSoftware: 0,
  country: 'US',
  isActive: true,
  parentAccountId: studio.id,
  parentAccountName: studio.name,
  project: { id: 100, name: 'Lincoln Yearbook 2025-2026', year: 2026, typeBook: 5, isActive: true },
  latestProof: { id: 5, status: 3, statusLabel: 'Approved', internalStatus: null, createdAt: '2026-02-01T12:00:00Z' },
  latestOrder: { id: 6, status: 1, displayStatus: 'Submitted', typeOrder: 1, submittedAt: '2026-02-10T12:00:00Z' },
  storeOpen: true,
  lastNotification: null,
  submissionDeadline: '2026-03-01',
  submittedAt: '2026-02-10T12:00:00Z',
};

const envelope = <T,>(data: T[]) => ({ data, total: data.length, page: 1, perPage: 25 });

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let bulkAnswer: () => Response;

function signInOwner(user: SessionUser = makeUser({ role: 8 })) {
  signInAs(user);
  return user;
}

beforeEach(() => {
  queryClient.clear();
  calls = [];
  bulkAnswer = () => jsonResponse({ updated: 2, accountIds: [lincoln.id, maple.id], value: true });
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (url.pathname === '/api/auth/me') {
      const raw = localStorage.getItem('colophon.session');
      const user = raw ? JSON.parse(raw).user : makeUser();
      return jsonResponse(makeSessionState(user, { immediateAccounts: [studio] }));
    }
    if (url.pathname.startsWith('/api/accounts/account_summary_overview/'))
      return jsonResponse(envelope([overviewRow]));
    if (url.pathname === '/api/accounts/settings/internal_review/bulk_update') return bulkAnswer();
    if (url.pathname === '/api/accounts/2') return jsonResponse(account(2, studio.name, { code: 'S10000', type: 9 }));
    if (url.pathname === '/api/accounts') return jsonResponse(envelope([lincoln, maple, oak]));
    return jsonResponse(envelope([]));
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

const bulkPosts = () => calls.filter((call) => call.method === 'POST' && call.url.pathname.endsWith('/bulk_update'));
const overviewCalls = () =>
  calls.filter((call) => call.url.pathname.startsWith('/api/accounts/account_summary_overview/'));
const lastOverviewQuery = () => overviewCalls().at(-1)?.url.searchParams;

describe('the studio overview filters and the URL', () => {
  it('asks the API for the filters the URL holds, on the user’s first account, and shows them set', async () => {
    signInOwner();
    renderAt('/admin/accounts?notShipped=true&year=2026&excludeStoreOnly=true');
    expect(await screen.findByRole('table', { name: 'Studio overview' })).toBeTruthy();
    await screen.findByText('Lincoln High School');
    expect(overviewCalls().at(-1)?.url.pathname).toBe('/api/accounts/account_summary_overview/2');
    const query = lastOverviewQuery();
    expect(query?.get('notShipped')).toBe('true');
    expect(query?.get('excludeStoreOnly')).toBe('true');
    expect(query?.get('year')).toBe('2026');
    expect(query?.get('noProof')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Not shipped' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'No proof' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('combobox', { name: 'Year' }) as HTMLInputElement).value).toBe('2026');
  });

  it('writes a checked filter to the URL (back to page 1) and asks the API again; unchecking removes it', async () => {
    signInOwner();
    const router = renderAt('/admin/accounts?page=2');
    await screen.findByText('Lincoln High School');
    await userEvent.click(screen.getByRole('checkbox', { name: 'No proof' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?noProof=true'));
    await waitFor(() => expect(lastOverviewQuery()?.get('noProof')).toBe('true'));
    expect(lastOverviewQuery()?.get('page')).toBe('1');

    await userEvent.click(screen.getByRole('checkbox', { name: 'No proof' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(lastOverviewQuery()?.get('noProof')).toBeNull());
  });

  it('offers every filter of part 7 and clears them all at once', async () => {
    signInOwner();
    const router = renderAt('/admin/accounts?storeOpen=true&orderBySubmission=true&year=2025');
    await screen.findByText('Lincoln High School');
    const group = screen.getByRole('group', { name: 'Overview filters' });
    for (const label of [
      'Has a project',
      'No proof',
      'No order',
      'Not shipped',
      'Not delivered',
      'Store open',
      'No notifications',
      'Exclude Store Only',
      'Show inactive',
      'Order by submission',
    ]) {
      expect(within(group).getByRole('checkbox', { name: label })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(lastOverviewQuery()?.get('storeOpen')).toBeNull());
    expect(lastOverviewQuery()?.get('year')).toBeNull();
  });

  it('links each school row to the school’s page', async () => {
    signInOwner();
    renderAt('/admin/accounts');
    const link = await screen.findByRole('link', { name: 'Lincoln High School' });
    expect(link.getAttribute('href')).toBe('/admin/accounts/10');
  });

  it('shows a school user only the accounts list, without the overview', async () => {
    signInOwner(makeUser({ role: 5 }));
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ method: 'GET', url, body: undefined });
      if (url.pathname === '/api/auth/me') {
        return jsonResponse(
          makeSessionState(makeUser({ role: 5 }), {
            isStudioUser: false,
            immediateAccounts: [{ ...studio, id: 10, code: 'A30003', type: 6, depth: 1 }],
          }),
        );
      }
      return jsonResponse(envelope([lincoln]));
    });
    renderAt('/admin/accounts');
    expect(await screen.findByRole('table', { name: 'Accounts' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'View' })).toBeNull();
    expect(overviewCalls()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'New account' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select row 1' })).toBeNull();
  });
});

describe('the bulk internal review update', () => {
  async function selectTwoAndChoose(action: RegExp) {
    await screen.findByText('Maple Grove Elementary');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    const bulk = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bulk).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(bulk).getByRole('button', { name: 'Internal review' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: action }));
    return screen.findByRole('dialog');
  }

  it('asks for confirmation, sends the selected accounts, says it is done and clears the selection', async () => {
    signInOwner();
    renderAt('/admin/accounts?view=all');
    const dialog = await selectTwoAndChoose(/^Turn on$/);
    expect(within(dialog).getByText(/Lincoln High School, Maple Grove Elementary/)).toBeTruthy();
    expect(bulkPosts()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on for 2' }));

    expect(await screen.findByText('Internal review is on for 2 accounts.')).toBeTruthy();
    const [post] = bulkPosts();
    expect(post?.url.pathname).toBe('/api/accounts/settings/internal_review/bulk_update');
    expect(post?.body).toEqual({ accountIds: [lincoln.id, maple.id], value: true });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    signInOwner();
    renderAt('/admin/accounts?view=all');
    const dialog = await selectTwoAndChoose(/^Turn off$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulkPosts()).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toBeTruthy();
  });

  it('says that nothing changed, and why, when the API refuses', async () => {
    signInOwner();
    bulkAnswer = () => problemResponse(404, 'Account 11 was not found.');
    renderAt('/admin/accounts?view=all');
    const dialog = await selectTwoAndChoose(/^Turn on$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on for 2' }));
    expect(await screen.findByText('Nothing was changed')).toBeTruthy();
    expect(screen.getByText('Account 11 was not found.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toBeTruthy();
  });

  it('hides the bulk actions from a sales rep, who may not change settings', async () => {
    signInOwner(makeUser({ role: 99 }));
    renderAt('/admin/accounts?view=all');
    await screen.findByText('Maple Grove Elementary');
    expect(screen.queryByRole('checkbox', { name: 'Select row 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New account' })).toBeTruthy();
  });
});
