import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderAt, rosterProblem, SLOW, startRoster, stopRoster } from '../roster-test-support';

/** Issue 16: a studio's districts — searched and sorted on the server, renamed in a drawer, their schools. */

const owner = makeUser({ role: 8 });
const north = {
  id: 5,
  name: 'North District',
  studioAccountId: 1,
  sourcedId: 'd-north',
  schoolCount: 2,
  createdAt: '2026-08-01T12:00:00.000Z',
  updatedAt: '2026-08-01T12:00:00.000Z',
};

afterEach(stopRoster);

describe('the roster districts screen', () => {
  it('lists the districts for the search and sort of the URL', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/districts')
        return jsonResponse({ data: [north], total: 1, page: 1, perPage: 25 });
      return undefined;
    });
    renderAt('/admin/roster/districts?search=nor&sort=-name');
    const table = await screen.findByRole('table', { name: 'Districts' }, SLOW);
    expect(await within(table).findByText('North District', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('d-north')).toBeTruthy();
    expect(Object.fromEntries(roster.calls('GET', '/districts').at(-1)?.url.searchParams ?? [])).toEqual({
      search: 'nor',
      sort: '-name',
      page: '1',
      perPage: '25',
    });
  });

  it("shows a district's schools, and the roster's refusal of a name on the name field", async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/districts/5') return jsonResponse(north);
      if (method === 'GET' && path === '/districts/5/accounts')
        return jsonResponse([{ accountId: 101, accountName: 'Lincoln High', schoolId: 1, sourcedId: 'org-1' }]);
      if (method === 'PUT' && path === '/districts/5')
        return rosterProblem(400, 'name: A district of this studio already has this name', [
          { path: 'name', message: 'A district of this studio already has this name' },
        ]);
      return undefined;
    });
    renderAt('/admin/roster/districts?edit=5');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    const schools = await within(drawer).findByRole('table', { name: 'District schools' }, SLOW);
    expect(within(schools).getByRole('link', { name: 'Lincoln High' }).getAttribute('href')).toBe(
      '/admin/roster/schools?edit=1',
    );
    const name = within(drawer).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'South District');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('A district of this studio already has this name', {}, SLOW)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // Renaming sends the name and the OneRoster id, never the studio.
    expect(JSON.parse(String(roster.calls('PUT', '/districts/5')[0]?.body))).toEqual({
      name: 'South District',
      sourcedId: 'd-north',
    });
  });

  it('deletes a district after asking', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/districts')
        return jsonResponse({ data: [north], total: 1, page: 1, perPage: 25 });
      if (method === 'DELETE' && path === '/districts/5') return new Response(null, { status: 204 });
      return undefined;
    });
    renderAt('/admin/roster/districts');
    const table = await screen.findByRole('table', { name: 'Districts' }, SLOW);
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for North District' }, SLOW));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }, SLOW));
    const question = await screen.findByRole('dialog', { name: 'Delete district' }, SLOW);
    expect(question.textContent).toContain('Its 2 schools stay, without a district.');
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(roster.calls('DELETE', '/districts/5')).toHaveLength(1), SLOW);
  });
});
