import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/App';
import { createAppRouter } from '../../../app/router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createRosterClient, rosterClient } from '../../../lib/roster';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../../test/fixtures';
import { setRosterClient } from '../api';
import type { Preset } from './ExportPresetDrawer';

/** Issue 16, "Getting rosters out": export presets listed, made and checked, deleted, and run to a download. */

const adviser = makeUser({ id: 7, role: 5, firstName: 'Avery', lastName: 'Adviser', email: 'avery@lincoln.test' });

const yearbook: Preset = {
  id: 4,
  name: 'Yearbook portraits',
  schoolId: 1,
  districtId: null,
  ownerName: 'Lincoln High',
  roles: ['student', 'teacher'],
  grades: [],
  columns: ['familyName', 'givenName', 'imageFileName'],
  layout: 'csv-with-images',
  fileNameTemplate: '{familyName}_{givenName}_{sourcedId}',
  sortOrder: 'grade-homeroom-familyName',
  headerRow: true,
  createdBy: 7,
  createdAt: '2026-09-01T12:00:00.000Z',
  updatedAt: '2026-09-01T12:00:00.000Z',
};

const district: Preset = {
  ...yearbook,
  id: 6,
  name: 'District staff',
  schoolId: null,
  districtId: 3,
  ownerName: 'North District',
  roles: ['staff'],
  layout: 'csv',
  columns: ['familyName', 'givenName'],
};

const job = (status: number, statusLabel: string, extra: Record<string, unknown> = {}) => ({
  id: 9,
  kind: 'export',
  kindLabel: 'Export',
  status,
  statusLabel,
  progress: status === 2 ? 100 : 40,
  counts: { added: 0, changed: 0, removed: 0, skipped: 0 },
  error: null,
  accountId: 1,
  schoolId: 1,
  districtId: null,
  requestedBy: 7,
  attempts: 1,
  maxAttempts: 3,
  runAfter: '2026-09-01T12:00:00.000Z',
  createdAt: '2026-09-01T12:00:00.000Z',
  updatedAt: '2026-09-01T12:00:00.000Z',
  completedAt: null,
  faults: { items: [], total: 0 },
  download: null,
  ...extra,
});

interface Seen {
  method: string;
  url: URL;
  body: unknown;
}

let seen: Seen[];
let jobReads: number;

function roster({ method, url, body }: Seen): Response {
  const path = url.pathname.replace(/^\/roster/, '');
  if (method === 'GET' && path === '/export-presets') {
    return jsonResponse({ data: [yearbook, district], total: 2, page: 1, perPage: 25 });
  }
  if (method === 'GET' && path === '/schools') {
    return jsonResponse({ data: [{ id: 11, name: 'North Middle' }], total: 1, page: 1, perPage: 50 });
  }
  if (path === '/export-presets/lookups/schools') {
    return jsonResponse({ data: [{ id: 1, name: 'Lincoln High' }], total: 1, page: 1, perPage: 50 });
  }
  if (method === 'POST' && path === '/export-presets') {
    const preset = body as { name: string };
    if (preset.name === 'Yearbook portraits') {
      return problemResponse(409, 'This school has a preset of that name', {
        code: 'conflict',
        errors: [{ path: 'name', message: 'This school has a preset of that name' }],
      });
    }
    return jsonResponse({ ...yearbook, ...preset, id: 5 }, { status: 201 });
  }
  if (method === 'DELETE' && path === '/export-presets/4') return new Response(null, { status: 204 });
  if (method === 'POST' && path === '/individuals/export-queue-job') {
    return jsonResponse(job(0, 'Waiting'), { status: 202 });
  }
  if (method === 'GET' && path === '/queue-management/jobs/9') {
    jobReads += 1;
    // Running when first asked, then done with its signed link.
    return jsonResponse(
      jobReads < 2
        ? job(1, 'Processing')
        : job(2, 'Complete', {
            download: {
              url: '/roster/exports/9/download?expires=1790000000&signature=abc',
              expiresAt: '2026-09-01T12:15:00.000Z',
            },
          }),
    );
  }
  return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
}

beforeEach(() => {
  queryClient.clear();
  seen = [];
  jobReads = 0;
  signInAs(adviser);
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(adviser, { isStudioUser: false }));
    if (url.pathname === '/api/client_config')
      return jsonResponse({ sentryDsn: null, environment: 'test', rosterUrl: null });
    if (url.pathname === '/roster/session') return jsonResponse({ headers: { 'X-Roster-Session': 'roster-1' } });
    if (url.pathname.startsWith('/roster/')) {
      if (new Headers(init.headers).get('X-Roster-Session') !== 'roster-1') return jsonResponse({}, { status: 401 });
      const request = { method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body };
      seen.push(request);
      return roster(request);
    }
    return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
  });
  configureApiClient({ fetch: fetchMock });
  setRosterClient(createRosterClient({ fetch: fetchMock }));
});

afterEach(() => {
  setRosterClient(rosterClient);
  resetApiClient();
  queryClient.clear();
});

function renderAt(path: string) {
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

const SLOW = { timeout: 10_000 };

async function choose(scope: HTMLElement, label: string | RegExp, option: string) {
  const box = within(scope).getByRole('combobox', { name: label });
  await userEvent.click(box);
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }, SLOW));
}

describe('the export presets screen', () => {
  it('lists the presets the roster answers, searched and sorted on the server', async () => {
    renderAt('/admin/roster/export-presets?search=year&sort=-updatedAt');
    const table = await screen.findByRole('table', { name: 'Export presets' }, SLOW);
    expect(await within(table).findByText('Yearbook portraits', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('Student, Teacher')).toBeTruthy();
    expect(within(table).getByText('CSV with image file names')).toBeTruthy();
    const list = seen.find((call) => call.url.pathname === '/roster/export-presets');
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toEqual({
      search: 'year',
      sort: '-updatedAt',
      page: '1',
      perPage: '25',
    });
  });

  it("checks a new preset by the domain's rules, sends its columns in order, and shows the roster's refusal on its field", async () => {
    renderAt('/admin/roster/export-presets?create=true');
    const drawer = await screen.findByRole('dialog', { name: 'New export preset' }, SLOW);
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^Name/ }), 'Yearbook portraits');
    await choose(drawer, /^School/, 'Lincoln High');
    await choose(drawer, /^Layout/, 'CSV with image file names');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create preset' }));
    // The domain's rule, before anything is sent: that layout names each portrait's file.
    expect(
      await within(drawer).findByText('Add the Image file column for a CSV with image file names', {}, SLOW),
    ).toBeTruthy();
    expect(seen.some((call) => call.method === 'POST')).toBe(false);

    await choose(drawer, /^Columns/, 'Image file');
    const order = within(drawer).getByRole('list', { name: 'Column order' });
    await userEvent.click(within(order).getByRole('button', { name: 'Move Family name up' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create preset' }));
    expect(await within(drawer).findByText('This school has a preset of that name', {}, SLOW)).toBeTruthy();
    expect(within(drawer).getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    const post = seen.find((call) => call.method === 'POST' && call.url.pathname === '/roster/export-presets');
    expect(post?.body).toEqual({
      schoolId: 1,
      name: 'Yearbook portraits',
      roles: ['student'],
      grades: [],
      columns: ['familyName', 'givenName', 'grade', 'homeroom', 'imageFileName'],
      layout: 'csv-with-images',
      fileNameTemplate: '{familyName}_{givenName}_{sourcedId}',
      sortOrder: 'familyName',
      headerRow: true,
    });
  });

  it("runs an export and follows its job to 'Download'", async () => {
    renderAt('/admin/roster/export-presets');
    const table = await screen.findByRole('table', { name: 'Export presets' }, SLOW);
    await within(table).findByText('Yearbook portraits', {}, SLOW);
    const [schoolRun] = within(table).getAllByRole('button', { name: 'Run export' });
    await userEvent.click(schoolRun as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'Export status' }, SLOW);
    const download = await within(panel).findByRole('link', { name: 'Download' }, { timeout: 15_000 });
    expect(download.getAttribute('href')).toBe('/roster/exports/9/download?expires=1790000000&signature=abc');
    expect(within(panel).getByText('Export job 9: Complete')).toBeTruthy();
    const queued = seen.find((call) => call.url.pathname === '/roster/individuals/export-queue-job');
    expect(queued?.body).toEqual({ presetId: 4 });
    expect(jobReads).toBe(2);
  }, 20_000);

  it("asks which school a district's preset runs over, and sends it", async () => {
    renderAt('/admin/roster/export-presets');
    const table = await screen.findByRole('table', { name: 'Export presets' }, SLOW);
    await within(table).findByText('District staff', {}, SLOW);
    await userEvent.click(within(table).getAllByRole('button', { name: 'Run export' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Run District staff' }, SLOW);
    await choose(dialog, /^School/, 'North Middle');
    const schools = seen.filter((call) => call.url.pathname === '/roster/schools').at(-1);
    expect(schools?.url.searchParams.get('districtId')).toBe('3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run export' }));
    await screen.findByRole('region', { name: 'Export status' }, SLOW);
    const queued = seen.find((call) => call.url.pathname === '/roster/individuals/export-queue-job');
    expect(queued?.body).toEqual({ presetId: 6, schoolId: 11 });
  });

  it('deletes a preset after asking', async () => {
    renderAt('/admin/roster/export-presets');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Yearbook portraits' }, SLOW));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Delete export preset' }, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(seen.some((call) => call.method === 'DELETE')).toBe(true), SLOW);
    expect(seen.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/roster/export-presets/4');
  });
});
