import type { Manufacturer } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';

/** Issue 10: the list's URL, its filters and its requests all come from the manufacturers' contract. */

const superAdmin = makeUser({ bSuperAdmin: true });
const phoenix = { id: 2, code: 'P', name: 'Phoenix' };
const press: Manufacturer = {
  id: 5,
  code: 'PHX1',
  name: 'Phoenix Press',
  plantId: 2,
  turnTimeDays: 10,
  expeditedTurnTimeDays: null,
  isActive: true,
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  plant: phoenix,
};

let lists: URL[];
beforeEach(() => {
  queryClient.clear();
  lists = [];
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/manufacturers') lists.push(url);
      const data = url.pathname === '/api/manufacturers' ? [press] : [];
      return jsonResponse({ data, total: data.length, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

describe('the manufacturers list', () => {
  it('asks the API for the URL’s filters and sort, drops a stale value, and clears every filter at once', async () => {
    const history = createMemoryHistory({
      initialEntries: ['/admin/super/manufacturers?plantId[]=2&isActive=true&sort=-turnTimeDays&perPage=500'],
    });
    render(<App router={createAppRouter(queryClient, { history })} queryClient={queryClient} env="test" />);
    expect(await screen.findByText('Phoenix Press', {}, { timeout: 10_000 })).toBeTruthy();
    const first = lists.at(-1)!;
    expect(first.searchParams.getAll('plantId[]')).toEqual(['2']);
    expect(first.searchParams.get('isActive')).toBe('true');
    expect(first.searchParams.get('sort')).toBe('-turnTimeDays');
    expect(first.searchParams.get('include')).toBe('plant');
    expect(first.searchParams.get('perPage')).toBe('25');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lists.at(-1)?.searchParams.has('isActive')).toBe(false));
    expect(lists.at(-1)?.searchParams.has('plantId[]')).toBe(false);
    expect(lists.at(-1)?.searchParams.get('sort')).toBe('-turnTimeDays');
  });
});
