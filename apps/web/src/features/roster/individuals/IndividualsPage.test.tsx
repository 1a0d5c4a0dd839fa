import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/App';
import { createAppRouter } from '../../../app/router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createRosterClient, rosterClient } from '../../../lib/roster';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../../test/fixtures';
import { setRosterClient } from '../api';
import type { Person } from './columns';

/** Issue 16: the roster's people, searched and filtered on the server, edited in a drawer, removed in bulk. */

const adviser = makeUser({ id: 7, role: 5, firstName: 'Avery', lastName: 'Adviser', email: 'avery@lincoln.test' });

function person(id: number, givenName: string, familyName: string, extra: Partial<Person> = {}): Person {
  return {
    id,
    schoolId: 1,
    sourcedId: `s-${id}`,
    givenName,
    familyName,
    middleName: null,
    preferredName: null,
    grade: '09',
    homeroom: 'H101',
    role: 'student',
    email: null,
    photoKey: null,
    status: 'active',
    removedAt: null,
    source: 'import',
    createdAt: '2026-09-01T12:00:00.000Z',
    updatedAt: '2026-09-01T12:00:00.000Z',
    ...extra,
  };
}

const ada = person(1, 'Ada', 'Lovelace', { photoKey: 'roster/1/1/a.jpg', preferredName: 'Addie' });
const ben = person(2, 'Ben', 'Okafor', { grade: '10', homeroom: 'H202' });
const cleo = person(3, 'Cleo', 'Park', { schoolId: 2, grade: null, homeroom: null, role: 'teacher' });
const dora = person(4, 'Dora', 'Quist', { status: 'removed', removedAt: '2026-09-02T12:00:00.000Z' });
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

interface Seen {
  method: string;
  url: URL;
  body: BodyInit | null | undefined;
}

let seen: Seen[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

/** The roster as the page meets it: the dashboard's config and session, then the roster's own paths. */
function roster(request: Seen): Response {
  const { method, url } = request;
  const path = url.pathname.replace(/^\/roster/, '');
  if (method === 'GET' && path === '/individuals') {
    return jsonResponse({ data: [ada, ben, cleo], total: 3, page: 1, perPage: 50 });
  }
  const image = /^\/individuals\/(\d+)\/image$/.exec(path);
  if (image && method === 'GET') return new Response(JPEG, { headers: { 'Content-Type': 'image/jpeg' } });
  if (image && method === 'PUT') return jsonResponse({ ...ben, photoKey: 'roster/1/2/new.jpg' });
  const one = /^\/individuals\/(\d+)$/.exec(path);
  if (one && method === 'GET')
    return jsonResponse([ada, ben, cleo, dora].find((candidate) => candidate.id === Number(one[1])));
  if (one && method === 'PUT' && one[1] === '4') return jsonResponse({ ...dora, status: 'active', removedAt: null });
  if (one && method === 'PUT') {
    return problemResponse(409, 'Another person of this school has this sourcedId', {
      code: 'conflict',
      errors: [{ path: 'sourcedId', message: 'Another person of this school has this sourcedId' }],
    });
  }
  if (method === 'POST' && path === '/individuals/bulk-remove') {
    const body = JSON.parse(String(request.body)) as { ids: number[] };
    return jsonResponse({ removed: body.ids.length, alreadyRemoved: 0, notFound: 0 });
  }
  if (path === '/schools') {
    return jsonResponse({ data: [{ id: 1, name: 'Lincoln High' }], total: 1, page: 1, perPage: 50 });
  }
  if (path === '/schools/1/data') {
    return jsonResponse({
      homerooms: {
        data: [
          { homeroom: 'H101', students: 24 },
          { homeroom: 'H202', students: 19 },
        ],
        total: 2,
      },
    });
  }
  return jsonResponse({ data: [], total: 0, page: 1, perPage: 50 });
}

beforeAll(() => {
  // jsdom has no object URLs; the page makes one per portrait shown.
  URL.createObjectURL = vi.fn(() => 'blob:portrait');
  URL.revokeObjectURL = vi.fn();
});

beforeEach(() => {
  queryClient.clear();
  seen = [];
  signInAs(adviser);
  fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(adviser, { isStudioUser: false }));
    if (url.pathname === '/api/client_config')
      return jsonResponse({ sentryDsn: null, environment: 'test', rosterUrl: null });
    if (url.pathname === '/roster/session') return jsonResponse({ headers: { 'X-Roster-Session': 'roster-1' } });
    if (url.pathname.startsWith('/roster/')) {
      if (new Headers(init.headers).get('X-Roster-Session') !== 'roster-1') return jsonResponse({}, { status: 401 });
      const request = { method, url, body: init.body };
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
const listCalls = () => seen.filter((call) => call.method === 'GET' && call.url.pathname === '/roster/individuals');

describe('the individuals screen', () => {
  it("lists the people the roster answers for the URL's filters, with their portraits", async () => {
    renderAt('/admin/roster/individuals?search=lo&schoolId=1&grade=09&role=student&sort=-grade');
    const table = await screen.findByRole('table', { name: 'Individuals' }, SLOW);
    expect(await within(table).findByText('Ada Lovelace', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('Goes by Addie')).toBeTruthy();
    const query = listCalls().at(-1)?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      search: 'lo',
      schoolId: '1',
      grade: '09',
      role: 'student',
      sort: '-grade',
      page: '1',
      perPage: '25',
    });
    // Only Ada has a portrait: it is read through the roster session, as bytes, at thumbnail size.
    expect(await within(table).findByRole('img', { name: 'Portrait of Ada Lovelace' }, SLOW)).toBeTruthy();
    const portraits = seen.filter((call) => call.url.pathname.endsWith('/image'));
    expect(portraits.map((call) => `${call.url.pathname}?${call.url.searchParams}`)).toEqual([
      '/roster/individuals/1/image?size=thumb',
    ]);
  });

  it("offers the chosen school's homerooms, and filters by one on the server", async () => {
    renderAt('/admin/roster/individuals?schoolId=1');
    await screen.findByText('Ada Lovelace', {}, SLOW);
    const homeroom = screen.getByRole('combobox', { name: 'Homeroom' });
    await waitFor(() => expect((homeroom as HTMLInputElement).disabled).toBe(false), SLOW);
    await userEvent.click(homeroom);
    await userEvent.click(await screen.findByRole('option', { name: 'H202 (19)', hidden: true }, SLOW));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('homeroom')).toBe('H202'), SLOW);
  });

  it('asks for a school before offering homerooms', async () => {
    renderAt('/admin/roster/individuals');
    await screen.findByText('Ada Lovelace', {}, SLOW);
    const homeroom = screen.getByRole('combobox', { name: 'Homeroom' }) as HTMLInputElement;
    expect(homeroom.disabled).toBe(true);
    expect(homeroom.placeholder).toBe('Choose a school first');
  });

  it("shows the roster's refusal of a person's details on the field it names", async () => {
    renderAt('/admin/roster/individuals?person=2');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    const sourcedId = await within(drawer).findByRole('textbox', { name: /Sourced ID/ }, SLOW);
    await userEvent.clear(sourcedId);
    await userEvent.type(sourcedId, 's-1');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save person' }));
    expect(await within(drawer).findByText('Another person of this school has this sourcedId', {}, SLOW)).toBeTruthy();
    expect(sourcedId.getAttribute('aria-invalid')).toBe('true');
    const put = seen.find((call) => call.method === 'PUT');
    const body = JSON.parse(String(put?.body));
    expect(body).toMatchObject({ givenName: 'Ben', familyName: 'Okafor', sourcedId: 's-1', grade: '10' });
    // Saving keeps the person's status: bringing back a removed one is its own button.
    expect(body).not.toHaveProperty('status');
  });

  it('brings a removed person back, writing their details as they are', async () => {
    renderAt('/admin/roster/individuals?status=removed&person=4');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Bring back' }, SLOW));
    expect(await screen.findByText('Dora Quist is back in the book.', {}, SLOW)).toBeTruthy();
    const put = seen.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe('/roster/individuals/4');
    expect(JSON.parse(String(put?.body))).toEqual({
      sourcedId: 's-4',
      givenName: 'Dora',
      familyName: 'Quist',
      middleName: null,
      preferredName: null,
      grade: '09',
      homeroom: 'H101',
      role: 'student',
      email: null,
      status: 'active',
    });
    expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('removed');
  });

  it("uploads a person's portrait as multipart file", async () => {
    renderAt('/admin/roster/individuals?person=2');
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    const photo = await within(drawer).findByRole('group', { name: 'Photo' }, SLOW);
    expect(within(photo).getByRole('button', { name: 'Upload photo' })).toBeTruthy();
    const input = photo.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([JPEG], 'ben.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, file);
    await waitFor(() => expect(seen.some((call) => call.method === 'PUT')).toBe(true), SLOW);
    const put = seen.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe('/roster/individuals/2/image');
    expect(put?.body instanceof FormData && put.body.get('file')).toBeInstanceOf(File);
  });

  it('removes the selected people, one call per school, after asking', async () => {
    renderAt('/admin/roster/individuals');
    const table = await screen.findByRole('table', { name: 'Individuals' }, SLOW);
    await within(table).findByText('Cleo Park', {}, SLOW);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove people' }, SLOW);
    expect(within(dialog).getByText(/3 people will be removed from the book/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('3 people are removed from the book.', {}, SLOW)).toBeTruthy();
    const bodies = seen
      .filter((call) => call.url.pathname === '/roster/individuals/bulk-remove')
      .map((call) => JSON.parse(String(call.body)));
    expect(bodies).toEqual([
      { schoolId: 1, ids: [1, 2] },
      { schoolId: 2, ids: [3] },
    ]);
  });
});
