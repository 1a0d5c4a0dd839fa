import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderAt, rosterProblem, SLOW, startRoster, stopRoster } from '../roster-test-support';

/** Issue 16: the roster's schools with their sync state; Sync now, import, link to a district. */

const owner = makeUser({ role: 8 });

function school(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    accountId: 100 + id,
    accountName: `Account ${id}`,
    sourcedId: `org-${id}`,
    name: `School ${id}`,
    districtId: null,
    lastSyncAt: null,
    syncStatus: 'never',
    syncError: null,
    syncCounts: { added: 0, changed: 0, removed: 0, skipped: 0 },
    ...extra,
  };
}

const lincoln = school(1, {
  name: 'Lincoln High',
  districtId: 5,
  lastSyncAt: '2026-09-01T12:00:00.000Z',
  syncStatus: 'failed',
  syncError: 'The information system answered 401: check the client secret',
  syncCounts: { added: 40, changed: 2, removed: 1, skipped: 0 },
});
const roosevelt = school(2, { name: 'Roosevelt Middle', syncStatus: 'succeeded' });

const glance = {
  school: lincoln,
  configurationSource: 'district',
  syncSchedule: 'daily',
  people: {
    total: 42,
    removed: 1,
    byRole: [
      { role: 'student', label: 'Student', count: 40 },
      { role: 'teacher', label: 'Teacher', count: 2 },
      { role: 'staff', label: 'Staff', count: 0 },
    ],
    byGrade: [{ grade: '09', label: 'Grade 9', count: 40 }],
  },
  homerooms: { data: [{ homeroom: 'H101', students: 40 }], total: 1 },
  lastJob: null,
};

const districts = () =>
  jsonResponse({
    data: [
      { id: 5, name: 'North District', studioAccountId: 1, sourcedId: null, schoolCount: 1 },
      { id: 6, name: 'South District', studioAccountId: 1, sourcedId: null, schoolCount: 0 },
    ],
    total: 2,
    page: 1,
    perPage: 200,
  });

afterEach(stopRoster);

describe('the roster schools screen', () => {
  it('lists the schools with their sync state, filtered by district on the server', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/schools')
        return jsonResponse({ data: [lincoln, roosevelt], total: 2, page: 1, perPage: 25 });
      if (path === '/districts') return districts();
      return undefined;
    });
    renderAt('/admin/roster/schools?districtId=5&sort=-lastSyncAt');
    const table = await screen.findByRole('table', { name: 'Schools' }, SLOW);
    expect(await within(table).findByText('Lincoln High', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('Sync failed')).toBeTruthy();
    expect(within(table).getByText('The information system answered 401: check the client secret')).toBeTruthy();
    expect(within(table).getByText('Synced')).toBeTruthy();
    expect(await within(table).findByText('North District', {}, SLOW)).toBeTruthy();
    const query = roster.calls('GET', '/schools').find((call) => call.url.searchParams.has('districtId'));
    expect(Object.fromEntries(query?.url.searchParams ?? [])).toEqual({
      districtId: '5',
      sort: '-lastSyncAt',
      page: '1',
      perPage: '25',
    });
  });

  it("shows the school's roster at a glance, and the roster's 409 when a sync already runs", async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/schools/1/data') return jsonResponse(glance);
      if (method === 'POST' && path === '/schools/1/sync')
        return rosterProblem(409, 'A sync of this school is already waiting or running.');
      if (path === '/districts') return districts();
      return undefined;
    });
    renderAt('/admin/roster/schools?edit=1');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText('42 active, 1 removed', { exact: false }, SLOW)).toBeTruthy();
    expect(within(drawer).getByRole('table', { name: 'Students by homeroom' }).textContent).toContain('H101');
    expect(within(drawer).getByText('The information system answered 401: check the client secret')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Sync now' }));
    expect(
      await within(drawer).findByText('A sync of this school is already waiting or running.', {}, SLOW),
    ).toBeTruthy();
    expect(roster.calls('POST', '/schools/1/sync')).toHaveLength(1);
  });

  it('imports a OneRoster bundle for the school as multipart (file and schoolId)', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/schools/1/data') return jsonResponse(glance);
      if (method === 'POST' && path === '/imports')
        return jsonResponse({ id: 31, kind: 'import', statusLabel: 'Waiting' }, { status: 202 });
      if (path === '/districts') return districts();
      return undefined;
    });
    renderAt('/admin/roster/schools?edit=1');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    await within(drawer).findByText('42 active, 1 removed', { exact: false }, SLOW);
    const bundle = new File(['PK'], 'lincoln-oneroster.zip', { type: 'application/zip' });
    const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, bundle);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Import roster' }));
    await waitFor(() => expect(roster.calls('POST', '/imports')).toHaveLength(1), SLOW);
    const body = roster.calls('POST', '/imports')[0]?.body as FormData;
    expect(body.get('schoolId')).toBe('1');
    expect((body.get('file') as File).name).toBe('lincoln-oneroster.zip');
    expect(await screen.findByText(/follow job 31 on the Jobs page/, {}, SLOW)).toBeTruthy();
  });

  it('links the school to another district', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/schools/1/data') return jsonResponse(glance);
      if (method === 'POST' && path === '/schools/1/link-district') return jsonResponse({ ...lincoln, districtId: 6 });
      if (path === '/districts') return districts();
      return undefined;
    });
    renderAt('/admin/roster/schools?edit=1');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    await within(drawer).findByText('42 active, 1 removed', { exact: false }, SLOW);
    const picker = within(drawer).getByRole('combobox', { name: 'Link to district' });
    await userEvent.click(picker);
    // The list's own district filter has these options too: choose in this picker's list.
    const options = await screen.findByRole('listbox', { name: 'Link to district', hidden: true }, SLOW);
    await userEvent.click(within(options).getByRole('option', { name: 'South District', hidden: true }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(roster.calls('POST', '/schools/1/link-district')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(roster.calls('POST', '/schools/1/link-district')[0]?.body))).toEqual({ districtId: 6 });
  });

  it("maps a roster org to an account, with the roster's refusal of the account on its field", async () => {
    const hoover = { id: 109, name: 'Hoover Elementary', code: 'HOO', type: 1 };
    const roster = startRoster(
      owner,
      ({ method, path }) => {
        if (method === 'PUT' && path === '/mapping')
          return rosterProblem(400, 'mappings.0.accountId: This account already has a roster school', [
            { path: 'mappings.0.accountId', message: 'This account already has a roster school' },
          ]);
        if (path === '/districts') return districts();
        return undefined;
      },
      (url) => {
        if (url.pathname === '/api/accounts') return jsonResponse({ data: [hoover], total: 1, page: 1, perPage: 50 });
        if (url.pathname === '/api/accounts/109') return jsonResponse(hoover);
        return undefined;
      },
    );
    renderAt('/admin/roster/schools?edit=new');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Org sourcedId/ }), 'org-9');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /School name/ }), 'Hoover Elementary');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Map school' }));
    // No account chosen yet: the form says so before sending anything.
    expect(await within(drawer).findByText('Choose an account', {}, SLOW)).toBeTruthy();
    expect(roster.calls('PUT', '/mapping')).toHaveLength(0);

    const account = within(drawer).getByRole('combobox', { name: /Dashboard account/ });
    await userEvent.click(account);
    const accounts = await screen.findByRole('listbox', { name: /Dashboard account/, hidden: true }, SLOW);
    await userEvent.click(
      await within(accounts).findByRole('option', { name: /Hoover Elementary/, hidden: true }, SLOW),
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Map school' }));
    expect(await within(drawer).findByText('This account already has a roster school', {}, SLOW)).toBeTruthy();
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(String(roster.calls('PUT', '/mapping')[0]?.body))).toEqual({
      mappings: [{ sourcedId: 'org-9', name: 'Hoover Elementary', accountId: 109, districtId: null }],
    });
  });
});
