import type { QueueJob } from '@colophon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { QueuePage } from './QueuePage';
import { processingQueueByPath } from './queues';
import type { QueueSearch } from './search';

function job(id: number, status: number, extra: Partial<QueueJob> = {}): QueueJob {
  return {
    id,
    status,
    payload: { file: `file-${id}.pdf` },
    attempts: 1,
    maxAttempts: 5,
    runAfter: '2026-03-01T12:00:00.000Z',
    lockedBy: null,
    lockedUntil: null,
    lastError: status === 3 ? 'cannot read the PDF' : null,
    result: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:05:00.000Z',
    completedAt: null,
    ...extra,
  };
}

const failed = job(1, 3);
const done = job(2, 2);
const flagged = job(3, 4, {
  lastError: 'Page count is odd',
  result: { pages: 23 },
  history: [
    {
      id: 11,
      fromStatus: null,
      toStatus: 0,
      transition: 'enqueue',
      at: '2026-03-01T12:00:00.000Z',
      userId: null,
      userName: null,
      workerId: null,
      reason: null,
    },
    {
      id: 12,
      fromStatus: 1,
      toStatus: 4,
      transition: 'attention',
      at: '2026-03-01T12:05:00.000Z',
      userId: null,
      userName: null,
      workerId: 'uploads@host-1',
      reason: 'Page count is odd',
    },
  ],
  links: {
    account: { id: 7, name: 'Lincoln High School' },
    project: { id: 9, name: 'Lincoln 2026' },
    order: null,
    proof: null,
  },
});
const waiting = job(4, 0, { attempts: 0 });
const counts = {
  counts: [
    { status: 0, count: 1, atLeast: false },
    { status: 1, count: 0, atLeast: false },
    { status: 2, count: 10_000, atLeast: true },
    { status: 3, count: 12, atLeast: false },
    { status: 4, count: 1, atLeast: false },
    { status: 5, count: 0, atLeast: false },
  ],
  total: 10_014,
  atLeast: true,
};

let calls: { method: string; url: URL; body?: unknown }[];
let actionAnswer: () => Response;
const uploads = processingQueueByPath('/admin/super/processing/uploads')!;

beforeEach(() => {
  calls = [];
  actionAnswer = () => jsonResponse({ ...failed, status: 0, attempts: 0 });
  signInAs(makeUser({ bSuperAdmin: true }));
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/queue_uploads/bulk_retry')
        return jsonResponse({ retried: 12, ids: [], capped: false });
      if (method === 'POST') return actionAnswer();
      if (url.pathname === '/api/queue_uploads/counts') return jsonResponse(counts);
      if (url.pathname === '/api/queue_uploads/3') return jsonResponse(flagged);
      return jsonResponse({ data: [failed, done, flagged, waiting], total: 4, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => resetApiClient());

function renderPage(search: Partial<QueueSearch> = {}) {
  const onSearchChange = vi.fn();
  renderWithProviders(
    <QueuePage
      queue={uploads}
      search={search as QueueSearch}
      onSearchChange={onSearchChange}
      zone="EST"
      now={() => new Date('2026-03-01T15:00:00.000Z')}
    />,
  );
  return onSearchChange;
}

describe('QueuePage', () => {
  it('offers Retry and Mark addressed only where the status allows them', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Upload jobs' });
    await within(table).findByText('cannot read the PDF');
    expect(calls.some((call) => call.url.pathname === '/api/queue_uploads')).toBe(true);
    expect(screen.getByRole('button', { name: 'Retry upload job 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark upload job 1 addressed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry upload job 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry upload job 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark upload job 2 addressed' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel upload job 4' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel upload job 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry upload job 4' })).toBeNull();
    // Age by the page's clock: created at 12:00, now 15:00.
    expect(within(table).getAllByText('3 h').length).toBe(4);
    expect(within(table).getAllByText('Error').length).toBeGreaterThan(0);
    expect(within(table).getByText('Complete')).toBeTruthy();
  });

  it('retries a job after confirmation and says so', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry upload job 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry upload job 1' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Upload job 1 is waiting to run again.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/queue_uploads/1/retry');
    // The list is fetched again after the change.
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/queue_uploads').length).toBe(2));
  });

  it('shows the API’s reason when the action is refused', async () => {
    actionAnswer = () =>
      problemResponse(409, 'Upload job 3 is Complete: it can be marked addressed only from Error or Attention.');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark upload job 3 addressed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark addressed upload job 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark addressed' }));
    expect(await screen.findByText('Could not mark addressed')).toBeTruthy();
    expect(screen.getByText(/can be marked addressed only from Error or Attention/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe('/api/queue_uploads/3/addressed');
  });

  it('cancelling the confirmation changes nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry upload job 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry upload job 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('passes the status filter and opens a job in the drawer with its payload and result', async () => {
    const onSearchChange = renderPage({ status: [3, 4], job: 3 });
    await screen.findByRole('table', { name: 'Upload jobs' });
    const listCall = calls.find((call) => call.url.pathname === '/api/queue_uploads');
    expect(listCall?.url.searchParams.getAll('status[]')).toEqual(['3', '4']);
    const drawer = await screen.findByRole('dialog', { name: 'Upload job 3' });
    expect(await within(drawer).findByText(/"pages": 23/)).toBeTruthy();
    expect(calls.find((call) => call.url.pathname === '/api/queue_uploads/3')?.url.searchParams.toString()).toContain(
      'history',
    );
    expect(within(drawer).getByRole('link', { name: 'Lincoln High School' }).getAttribute('href')).toBe(
      '/admin/accounts/7',
    );
    expect(within(drawer).getByRole('link', { name: 'Lincoln 2026' }).getAttribute('href')).toBe('/admin/projects/9');
    const history = within(drawer).getByRole('table', { name: 'History' });
    expect(within(history).getByText('uploads@host-1')).toBeTruthy();
    expect(within(history).getByText(/Processing → Attention/)).toBeTruthy();
    expect(within(drawer).getByText(/"file": "file-3.pdf"/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show upload job 1' }));
    expect(onSearchChange).toHaveBeenCalledWith({ job: 1 });
  });

  it('shows the counts per status as chips that filter the list', async () => {
    const onSearchChange = renderPage();
    const chips = await screen.findByRole('group', { name: 'Status' });
    const errorChip = await within(chips).findByRole('checkbox', { name: 'Error 12' });
    expect(within(chips).getByRole('checkbox', { name: 'Complete 10,000+' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(errorChip);
    expect(onSearchChange).toHaveBeenCalledWith(expect.objectContaining({ status: [3] }));
  });

  it('retries the filtered set after confirmation, sending the list’s filters', async () => {
    const user = userEvent.setup();
    renderPage({ status: [3], error: 'timeout' });
    await screen.findByRole('table', { name: 'Upload jobs' });
    await user.click(screen.getByRole('button', { name: 'Retry matching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry the matching upload jobs' });
    expect(calls.some((call) => call.url.pathname === '/api/queue_uploads/bulk_retry')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retry all' }));
    expect(await screen.findByText('12 upload jobs are waiting to run again.')).toBeTruthy();
    const post = calls.find((call) => call.url.pathname === '/api/queue_uploads/bulk_retry');
    expect(post?.body).toEqual({ status: [3], error: 'timeout' });
  });

  it('cancels a waiting job after confirmation', async () => {
    actionAnswer = () => jsonResponse({ ...waiting, status: 5, result: { cancelled: true } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel upload job 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel upload job 4' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    expect(await screen.findByText('Upload job 4 is cancelled.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe('/api/queue_uploads/4/cancel');
  });
});
