import type { ImmediateAccount, Proof, SessionUser } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

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

function proof(id: number, extra: Partial<Proof> = {}): Proof {
  return {
    id,
    projectId: 100 + id,
    accountId: 10,
    accountName: 'Lincoln High School',
    projectName: `Lincoln Yearbook ${id}`,
    year: 2026,
    typeBook: 5,
    status: 1,
    internalStatus: 1,
    roundNumber: 2,
    kind: 'pages',
    processingStatus: 2,
    pageCount: 24,
    pagesDone: 24,
    summary: { errors: 2, warnings: 1, passed: false },
    processingError: null,
    processedAt: '2026-03-01T12:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    rejectReason: null,
    unlockedForEdits: false,
    createdAt: '2026-03-01T18:30:00.000Z',
    canOrder: false,
    ...extra,
  };
}

const envelope = <T,>(data: T[]) => ({ data, total: data.length, page: 1, perPage: 25 });

// The table scrolls itself to the top on a new page; jsdom's elements cannot scroll.
Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, writable: true, value: () => {} });

let calls: URL[];
let signedIn: SessionUser;

beforeEach(() => {
  queryClient.clear();
  calls = [];
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname === '/api/auth/me')
        return jsonResponse(makeSessionState(signedIn, { immediateAccounts: [studio] }));
      if (url.pathname === '/api/proofs/list/ready_to_order') {
        return jsonResponse({ data: [proof(7, { status: 3, projectName: 'Maple Yearbook', year: 2025 }), proof(8)] });
      }
      if (url.pathname === '/api/proofs') {
        const internal = signedIn.role === 8 ? 1 : null;
        return jsonResponse(
          envelope([proof(5, { internalStatus: internal }), proof(6, { status: 2, internalStatus: internal && 7 })]),
        );
      }
      if (url.pathname === '/api/accounts/10')
        return jsonResponse({ id: 10, name: 'Lincoln High School', code: 'A30010', type: 6 });
      return jsonResponse(envelope([]));
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

function renderAt(path: string, user: SessionUser = makeUser({ role: 8 })) {
  signedIn = user;
  signInAs(user);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

const proofCalls = () => calls.filter((url) => url.pathname === '/api/proofs');

describe('the Proofs list', () => {
  it('asks the API for the filters the URL holds and shows each proof with its statuses and findings', async () => {
    renderAt('/admin/proofs?status[]=1&year[]=2026&search=lincoln&ancestorId=10&sort=-accountName');
    const table = await screen.findByRole('table', { name: 'Proofs' });
    const row = (await within(table).findByRole('link', { name: 'Lincoln Yearbook 5' })).closest('tr')!;
    const query = proofCalls().at(-1)!.searchParams;
    expect(query.getAll('status[]')).toEqual(['1']);
    expect(query.getAll('year[]')).toEqual(['2026']);
    expect(query.get('search')).toBe('lincoln');
    expect(query.get('ancestorId')).toBe('10');
    expect(query.get('sort')).toBe('-accountName');
    expect(within(row).getByText('Needs Review')).toBeTruthy();
    expect(within(row).getByText('Awaiting Review')).toBeTruthy();
    expect(within(row).getByText(/Standard Hard Cover/)).toBeTruthy();
    // A processed proof shows what the preflight found in place of "Processed".
    expect(within(row).queryByText('Processed')).toBeNull();
    expect(within(row).getByText('2 errors')).toBeTruthy();
    expect(within(row).getByText('1 warning')).toBeTruthy();
    // The upload date; 18:30 UTC is 12:30 PM in Central time (the user's zone), on hover.
    expect(within(row).getByText('03/01/2026').getAttribute('title')).toBe('03/01/2026 12:30 PM');
    expect(within(row).getByRole('link', { name: 'Lincoln Yearbook 5' }).getAttribute('href')).toBe('/admin/proofs/5');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Upload Proof' }).getAttribute('href')).toBe(
      '/admin/upload',
    );
  });

  it('writes a chosen status to the URL, back to page 1, and asks again', async () => {
    const router = renderAt('/admin/proofs?page=2');
    await screen.findByRole('link', { name: 'Lincoln Yearbook 5' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    await userEvent.click(status);
    // Mantine keeps the list in the page, hidden until laid out (jsdom lays nothing out).
    const listbox = await waitFor(() => document.getElementById(status.getAttribute('aria-controls') ?? '')!);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Rejected', hidden: true }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status[]=2'));
    await waitFor(() => expect(proofCalls().at(-1)!.searchParams.getAll('status[]')).toEqual(['2']));
    expect(proofCalls().at(-1)!.searchParams.get('page')).toBe('1');
  });

  it('opens the proof when its row is clicked', async () => {
    const router = renderAt('/admin/proofs');
    const cell = await screen.findByText('Lincoln Yearbook 6');
    await userEvent.click(cell.closest('tr')!.querySelector('td:nth-child(2)')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/proofs/6'));
  });

  it('shows a school neither the internal status column nor its filter, and drops it from the URL', async () => {
    renderAt('/admin/proofs?internalStatus[]=7', makeUser({ role: 6 }));
    const table = await screen.findByRole('table', { name: 'Proofs' });
    await within(table).findByRole('link', { name: 'Lincoln Yearbook 5' });
    expect(within(table).queryByText('Internal status')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Internal status' })).toBeNull();
    expect(proofCalls().at(-1)!.searchParams.has('internalStatus[]')).toBe(false);
    // A volunteer uploads but neither approves nor orders; the upload button is theirs too.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Upload Proof' })).toBeTruthy();
  });

  it('hides the upload button from a role that does not upload', async () => {
    renderAt('/admin/proofs', makeUser({ role: 16 }));
    await screen.findByRole('link', { name: 'Lincoln Yearbook 5' });
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Upload Proof' })).toBeNull();
  });

  it('lists the projects ready to order from their own call, with the account and year filters', async () => {
    const router = renderAt('/admin/proofs?ancestorId=10&year[]=2025');
    await screen.findByRole('link', { name: 'Lincoln Yearbook 5' });
    await userEvent.click(screen.getByRole('tab', { name: 'Ready to order' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ list: 'ready_to_order' }));
    expect(router.state.location.searchStr).toContain('ancestorId=10');
    const table = screen.getByRole('table', { name: 'Proofs' });
    expect(await within(table).findByRole('link', { name: 'Maple Yearbook' })).toBeTruthy();
    // The short list does not filter by several years itself: the one year it was given is asked for.
    const call = calls.filter((url) => url.pathname === '/api/proofs/list/ready_to_order').at(-1)!;
    expect(call.searchParams.get('parentId')).toBe('10');
    expect(call.searchParams.get('year')).toBe('2025');
    // Proof 8 is of 2026: the year filter keeps it out.
    expect(within(table).queryByRole('link', { name: 'Lincoln Yearbook 8' })).toBeNull();
    expect(screen.getByText('Projects whose latest proof is approved and that have no order yet.')).toBeTruthy();
  });
});
