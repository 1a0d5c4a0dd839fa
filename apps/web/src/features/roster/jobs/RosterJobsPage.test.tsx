import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderAt, rosterProblem, SLOW, startRoster, stopRoster } from '../roster-test-support';

/** Issue 16: the roster's jobs page — filters, progress, faults by file and line, retry and cancel, a download. */

const owner = makeUser({ role: 8 });

function job(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'import',
    kindLabel: 'Import',
    status: 3,
    statusLabel: 'Error',
    progress: 40,
    counts: { added: 12, changed: 3, removed: 0, skipped: 2 },
    error: 'users.csv has 2 faults',
    accountId: 11,
    schoolId: 1,
    districtId: null,
    requestedBy: 42,
    attempts: 1,
    maxAttempts: 3,
    runAfter: '2026-09-01T12:00:00.000Z',
    createdAt: '2026-09-01T12:00:00.000Z',
    updatedAt: '2026-09-01T12:01:00.000Z',
    completedAt: null,
    faultCount: 2,
    ...extra,
  };
}

const failedImport = job(7);
const failedImportDetail = {
  ...failedImport,
  faults: {
    items: [
      { file: 'users.csv', line: 4, field: 'role', message: 'Unknown role "pupil"' },
      { file: 'enrollments.csv', line: 9, message: 'References class c-404, missing from the bundle' },
    ],
    total: 2,
  },
  download: null,
};
const finishedExport = job(8, {
  kind: 'export',
  kindLabel: 'Export',
  status: 2,
  statusLabel: 'Complete',
  progress: 100,
  counts: { added: 0, changed: 0, removed: 0, skipped: 0 },
  error: null,
  faultCount: 0,
  completedAt: '2026-09-01T12:05:00.000Z',
});
const page = (...jobs: unknown[]) => jsonResponse({ data: jobs, total: jobs.length, page: 1, perPage: 25 });
const schools = () => jsonResponse({ data: [{ id: 1, name: 'Lincoln High' }], total: 1, page: 1, perPage: 200 });

afterEach(stopRoster);

describe('the roster jobs screen', () => {
  it('lists the jobs with the filters of the URL, their status, progress, counts and error', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/queue-management/jobs') return page(failedImport, finishedExport);
      if (path === '/schools') return schools();
      return undefined;
    });
    renderAt('/admin/roster/jobs?kind=import&status=3&schoolId=1');
    const table = await screen.findByRole('table', { name: 'Roster jobs' }, SLOW);
    expect(await within(table).findByText('Import 7', {}, SLOW)).toBeTruthy();
    expect(within(table).getAllByText('Error')).toHaveLength(2); // the column's title and the job's status
    expect(within(table).getByText('users.csv has 2 faults')).toBeTruthy();
    expect(within(table).getByText('12 added · 3 changed · 0 removed · 2 skipped')).toBeTruthy();
    expect(within(table).getByRole('progressbar', { name: 'Progress of job 7: 40%' })).toBeTruthy();
    expect(await within(table).findAllByText('Lincoln High', {}, SLOW)).toHaveLength(2);
    const query = roster.calls('GET', '/queue-management/jobs').at(-1)?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      kind: 'import',
      status: '3',
      schoolId: '1',
      page: '1',
      perPage: '25',
    });
  });

  it('reads the list again while a job waits or runs (every 2 s), showing it done', async () => {
    let reads = 0;
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/queue-management/jobs') {
        reads += 1;
        // Running on the first two reads, then done.
        return page(reads < 3 ? job(9, { status: 1, statusLabel: 'Processing', error: null }) : finishedExport);
      }
      return undefined;
    });
    renderAt('/admin/roster/jobs');
    const table = await screen.findByRole('table', { name: 'Roster jobs' }, SLOW);
    expect(await within(table).findByText('Import 9', {}, SLOW)).toBeTruthy();
    expect(await within(table).findByText('Export 8', {}, { timeout: 8_000 })).toBeTruthy();
    expect(roster.calls('GET', '/queue-management/jobs').length).toBe(3);
  });

  it("shows a job's faults by file and line, and the roster's refusal of a retry", async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/queue-management/jobs') return page(failedImport);
      if (method === 'GET' && path === '/queue-management/jobs/7') return jsonResponse(failedImportDetail);
      if (method === 'POST' && path === '/queue-management/jobs/7/retry')
        return rosterProblem(409, 'The job is already waiting: it cannot be retried.');
      return undefined;
    });
    renderAt('/admin/roster/jobs?edit=7');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    const faults = await within(drawer).findByRole('table', { name: 'Faults by file and line' }, SLOW);
    const rows = within(faults)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'FileLineFieldFault',
      'users.csv4roleUnknown role "pupil"',
      'enrollments.csv9References class c-404, missing from the bundle',
    ]);
    // An errored job can be retried, not cancelled (the domain's queue moves).
    expect(within(drawer).queryByRole('button', { name: 'Cancel job' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Retry' }));
    expect(await within(drawer).findByText('The job is already waiting: it cannot be retried.', {}, SLOW)).toBeTruthy();
    expect(roster.calls('POST', '/queue-management/jobs/7/retry')).toHaveLength(1);
  });

  it("offers a finished export's zip through its signed link", async () => {
    startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/queue-management/jobs/8') {
        return jsonResponse({
          ...finishedExport,
          faults: { items: [], total: 0 },
          download: {
            url: '/roster/exports/8/download?expires=1&signature=abc',
            expiresAt: '2026-09-01T12:20:00.000Z',
          },
        });
      }
      return undefined;
    });
    renderAt('/admin/roster/jobs?edit=8');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    const download = await within(drawer).findByRole('link', { name: 'Download' }, SLOW);
    expect(download.getAttribute('href')).toBe('/roster/exports/8/download?expires=1&signature=abc');
    expect(within(drawer).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a person who only views the roster no Retry or Cancel', async () => {
    startRoster(makeUser({ role: 6 }), ({ method, path }) => {
      if (method === 'GET' && path === '/queue-management/jobs/7') return jsonResponse(failedImportDetail);
      return undefined;
    });
    renderAt('/admin/roster/jobs?edit=7');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    await within(drawer).findByRole('table', { name: 'Faults by file and line' }, SLOW);
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Retry' })).toBeNull());
  });
});

describe('the jobs filters', () => {
  it('filters by kind as its word (import, sync, export) on the server', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (method === 'GET' && path === '/queue-management/jobs') return page(failedImport, finishedExport);
      return undefined;
    });
    renderAt('/admin/roster/jobs');
    await screen.findByText('Import 7', {}, SLOW);
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    const kinds = await screen.findByRole('listbox', { name: 'Kind', hidden: true }, SLOW);
    await userEvent.click(within(kinds).getByRole('option', { name: 'Export', hidden: true }));
    await waitFor(
      () => expect(roster.calls('GET', '/queue-management/jobs').at(-1)?.url.searchParams.get('kind')).toBe('export'),
      SLOW,
    );
  });
});
