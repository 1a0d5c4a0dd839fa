import type { Project, UploadJob } from '@colophon/contract';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { resumeKey } from './chunked-upload';
import { createFakeUploadServer, memoryStorage } from './testServer';
import { UploadScreen } from './UploadPage';

function project(extra: Partial<Project> = {}): Project {
  return {
    id: 5,
    accountId: 10,
    name: 'Lincoln High School Yearbook 2025-2026',
    year: 2026,
    agreementYear: null,
    typeBook: 3,
    typeSize: 8,
    pageCount: 128,
    typeCover: null,
    typeCoverStyle: null,
    typeCoverBoardWeight: null,
    coverApplications: [],
    typeEndsheet: null,
    typeFinish: null,
    typePersonalization: null,
    typeCustomPages: null,
    typePrinter: null,
    typeSoftware: null,
    typeCredentialsDestination: null,
    typeCreationKitDestination: null,
    typeDock: null,
    copies: null,
    submissionDeadline: null,
    inHomeDate: null,
    isActive: true,
    createdByUserId: null,
    createdAt: '2026-01-05T12:00:00.000Z',
    updatedAt: '2026-01-05T12:00:00.000Z',
    account: { id: 10, code: 'A30010', name: 'Lincoln High School', type: 6, typeSoftware: 0, parentAccountId: 2 },
    ...extra,
  };
}

function job(id: number, extra: Partial<UploadJob> = {}): UploadJob {
  return {
    id,
    status: 0,
    projectId: 5,
    fileKey: 'uploads/x.pdf',
    kind: 'pages',
    pageCount: 128,
    createdAt: '2026-03-01T12:00:00.000Z',
    lastError: null,
    proofId: null,
    proofProcessingStatus: null,
    proofProcessingError: null,
    ...extra,
  };
}

const pdf = (name: string, length = 25) =>
  new File([new Uint8Array(length).fill(37)], name, { type: 'application/pdf', lastModified: 1 });

let book: Project;
let calls: { method: string; path: string; body: unknown }[];
let queueAnswer: (body: { kind: string }) => Response;
let jobPolls: Record<number, number>;
let coverAnswer: () => Response;
/** The proof an upload became, as the upload page follows it (none by default: 404). */
let proofAnswer: ((proofId: number, findings: boolean) => Response) | null;

beforeEach(() => {
  book = project();
  calls = [];
  jobPolls = {};
  proofAnswer = null;
  queueAnswer = (body) =>
    jsonResponse(job(body.kind === 'cover' ? 2 : 1, { kind: body.kind as 'pages' }), { status: 201 });
  coverAnswer = () =>
    jsonResponse({ key: 'covers/x.webp', url: '/covers/x.webp', width: 400, height: 300, proofIds: [] });
  signInAs(makeUser({ role: 5 }));
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === `/api/projects/${book.id}`) return jsonResponse(book);
      if (url.pathname === '/api/projects') return jsonResponse({ data: [book], total: 1, page: 1, perPage: 50 });
      if (url.pathname === '/api/uploads' && method === 'POST') return queueAnswer(body);
      const polled = /^\/api\/uploads\/(\d+)$/.exec(url.pathname);
      if (polled) {
        const id = Number(polled[1]);
        jobPolls[id] = (jobPolls[id] ?? 0) + 1;
        if (jobPolls[id] === 1) return jsonResponse(job(id));
        if (jobPolls[id] === 2) return jsonResponse(job(id, { status: 2, proofId: 70 + id, proofProcessingStatus: 1 }));
        return jsonResponse(job(id, { status: 2, proofId: 70 + id, proofProcessingStatus: 2 }));
      }
      if (url.pathname === '/api/proof_cover_image') return coverAnswer();
      const proofPath = /^\/api\/proofs\/(\d+)(\/findings)?$/.exec(url.pathname);
      if (proofPath && proofAnswer) return proofAnswer(Number(proofPath[1]), Boolean(proofPath[2]));
      return problemResponse(404, 'Not found');
    }),
  });
});
afterEach(() => resetApiClient());

function renderScreen(options: { projectId?: number | null; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const server = createFakeUploadServer({ partSize: 10 });
  const onProjectChange = vi.fn();
  const storage = options.storage ?? memoryStorage();
  const rootRoute = createRootRoute({
    notFoundComponent: () => null,
    component: () => (
      <>
        <UploadScreen
          projectId={options.projectId === undefined ? 5 : options.projectId}
          onProjectChange={onProjectChange}
          transport={server.transport}
          pollMs={10}
          storage={storage}
        />
        <Outlet />
      </>
    ),
  });
  const proofRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/admin/proofs/$proofId',
    component: () => <p>The proof page</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([proofRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
  return { server, onProjectChange, router, storage };
}

describe('Upload Proof', () => {
  it('shows the chosen project’s book: binding, size, page count, and asks for a cover where the binding has one', async () => {
    renderScreen();
    const summary = await screen.findByLabelText('Book specification');
    expect(summary.textContent).toContain('Soft Cover Perfect Bound');
    expect(summary.textContent).toContain('8.5 x 11');
    expect(summary.textContent).toContain('128');
    expect(screen.getByRole('group', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Cover' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start upload' })).toHaveProperty('disabled', true);
  });

  it('asks for one file of every page for a self-cover binding (saddle stitched)', async () => {
    book = project({ typeBook: 1, pageCount: 48 });
    renderScreen();
    const summary = await screen.findByLabelText('Book specification');
    expect(summary.textContent).toContain('Saddle Stitched books print the cover with the pages');
    expect(screen.getByRole('group', { name: 'Pages' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Cover' })).toBeNull();
  });

  it('checks a chosen file before sending anything: a PDF, not empty, at most 2 GB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { server } = renderScreen();
    const input = await screen.findByLabelText('Pages file');
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('Only PDF files can be uploaded (application/pdf).')).toBeTruthy();
    await user.upload(input, new File([], 'empty.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The file is empty.')).toBeTruthy();
    const huge = pdf('huge.pdf');
    Object.defineProperty(huge, 'size', { value: 3 * 1024 ** 3 });
    await user.upload(input, huge);
    expect(
      await screen.findByText('Files up to 2 GB can be uploaded; split the book into pages and cover.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start upload' })).toHaveProperty('disabled', true);
    expect(server.transport.createSession).not.toHaveBeenCalled();
  });

  it('takes a dropped file', async () => {
    renderScreen();
    const zone = await screen.findByRole('group', { name: 'Cover' });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('cover.pdf')] } });
    expect(await within(zone).findByText('cover.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start upload' })).toHaveProperty('disabled', false);
  });

  it('uploads pages and cover to 100 %, queues both, follows them to processed, previews the cover, and links the proofs', async () => {
    const user = userEvent.setup();
    const { server, router } = renderScreen();
    await user.upload(await screen.findByLabelText('Pages file'), pdf('pages.pdf', 35));
    await user.upload(screen.getByLabelText('Cover file'), pdf('cover.pdf', 12));
    await user.click(screen.getByRole('button', { name: 'Start upload' }));

    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Pages upload' }).getAttribute('aria-valuenow')).toBe('100'),
    );
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Cover upload' }).getAttribute('aria-valuenow')).toBe('100'),
    );
    expect(server.transport.createSession).toHaveBeenCalledTimes(2);
    expect(server.transport.sendPart).toHaveBeenCalledTimes(4 + 2);
    const pages = screen.getByRole('region', { name: 'Pages upload' });
    expect(within(pages).getByText('35 bytes of 35 bytes · 100%')).toBeTruthy();

    const queued = calls
      .filter((call) => call.method === 'POST' && call.path === '/api/uploads')
      .map((call) => call.body);
    await waitFor(() => expect(queued).toHaveLength(2));
    expect(queued).toEqual(
      expect.arrayContaining([
        { projectId: 5, fileKey: expect.stringMatching(/^uploads\//), kind: 'pages' },
        { projectId: 5, fileKey: expect.stringMatching(/^uploads\//), kind: 'cover' },
      ]),
    );
    expect(await within(pages).findByText('Processed')).toBeTruthy();
    const link = await within(pages).findByRole('link', { name: 'Open proof' });
    expect(link.getAttribute('href')).toBe('/admin/proofs/71');

    const cover = screen.getByRole('region', { name: 'Cover upload' });
    const preview = await within(cover).findByRole('img', { name: 'Cover preview' });
    expect(preview.getAttribute('src')).toBe('/covers/x.webp');
    expect(calls.find((call) => call.path === '/api/proof_cover_image')?.body).toEqual({
      key: expect.stringMatching(/^uploads\//),
      bucket: 'local',
    });

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/proofs/71'));
  });

  it('shows the server’s refusal of an encrypted PDF, and queues nothing', async () => {
    const user = userEvent.setup();
    queueAnswer = () =>
      problemResponse(400, 'fileKey: The PDF is password-protected; export it again without a password.', {
        errors: [{ path: 'fileKey', message: 'The PDF is password-protected; export it again without a password.' }],
      });
    book = project({ typeBook: 1 });
    renderScreen();
    await user.upload(await screen.findByLabelText('Pages file'), pdf('locked.pdf'));
    await user.click(screen.getByRole('button', { name: 'Start upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file cannot become a proof');
    expect(alert.textContent).toContain('The PDF is password-protected; export it again without a password.');
    expect(calls.some((call) => /^\/api\/uploads\/\d+$/.test(call.path))).toBe(false);
    // All bytes arrived, but the file was refused: the bar says so in red, not a green 100 %.
    const bar = screen.getByRole('progressbar', { name: 'Pages upload' });
    expect(bar.getAttribute('style') ?? '').toContain('red');
    expect(bar.getAttribute('style') ?? '').not.toContain('green');
  });

  it('follows the proof as it is processed: pages done of pages, and the findings as they come (issue 9, item 7)', async () => {
    const user = userEvent.setup();
    book = project({ typeBook: 1 });
    let proofPolls = 0;
    const proofFinding = {
      id: 901,
      page: 12,
      code: 'low-resolution',
      severity: 'error',
      message: 'A photo is 72 ppi.',
      box: null,
    };
    proofAnswer = (proofId, findings) => {
      if (findings)
        return jsonResponse({
          data:
            proofPolls < 3
              ? [proofFinding]
              : [proofFinding, { ...proofFinding, id: 902, page: 90, message: 'Another photo is 96 ppi.' }],
        });
      proofPolls += 1;
      const processing = proofPolls < 3;
      return jsonResponse({
        id: proofId,
        processingStatus: processing ? 1 : 2,
        pagesDone: processing ? 37 : 128,
        pageCount: 128,
      });
    };
    // The job stays on the proof's processing until the proof itself is done.
    jobPolls = { 1: 1 };
    renderScreen();
    await user.upload(await screen.findByLabelText('Pages file'), pdf('pages.pdf'));
    await user.click(screen.getByRole('button', { name: 'Start upload' }));
    const pages = await screen.findByRole('region', { name: 'Pages upload' });
    expect(await within(pages).findByText('Pages 37 of 128')).toBeTruthy();
    // The findings are a query of their own: they may land a moment after the pages count.
    expect(await within(pages).findByText('Findings so far: 1 error, 0 warnings')).toBeTruthy();
    expect(await within(pages).findByText('Page 12: A photo is 72 ppi.')).toBeTruthy();
    expect(await within(pages).findByText('Pages 128 of 128')).toBeTruthy();
    expect(await within(pages).findByText('Page 90: Another photo is 96 ppi.')).toBeTruthy();
  });

  it('shows the server’s refusal of a book far past the project’s page count, and follows no job', async () => {
    const user = userEvent.setup();
    const message =
      'This PDF has 5,000 pages; a proof can have at most 1,000. Check that this is the right file, or split the book.';
    queueAnswer = () => problemResponse(400, `fileKey: ${message}`, { errors: [{ path: 'fileKey', message }] });
    book = project({ typeBook: 1, pageCount: 24 });
    renderScreen();
    await user.upload(await screen.findByLabelText('Pages file'), pdf('bomb.pdf'));
    await user.click(screen.getByRole('button', { name: 'Start upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file cannot become a proof');
    expect(alert.textContent).toContain(message);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls.some((call) => /^\/api\/uploads\/\d+$/.test(call.path))).toBe(false);
  });

  it('says when the hour’s processing limit is reached, and queues the stored file again on request', async () => {
    const user = userEvent.setup();
    const message =
      'In the last hour 2,900 pages of yours were processed; this file’s 128 would pass the limit of 3,000 pages an hour. Try again in 23 minutes.';
    const answer = queueAnswer;
    queueAnswer = () => problemResponse(429, message);
    book = project({ typeBook: 1 });
    const { server } = renderScreen();
    await user.upload(await screen.findByLabelText('Pages file'), pdf('pages.pdf'));
    await user.click(screen.getByRole('button', { name: 'Start upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too much processing this hour');
    expect(alert.textContent).toContain(message);

    queueAnswer = answer;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const pages = screen.getByRole('region', { name: 'Pages upload' });
    expect(await within(pages).findByText('Processed')).toBeTruthy();
    const queued = calls.filter((call) => call.method === 'POST' && call.path === '/api/uploads');
    expect(queued).toHaveLength(2);
    expect(queued[1]!.body).toEqual(queued[0]!.body);
    // The file was not sent again.
    expect(server.transport.createSession).toHaveBeenCalledTimes(1);
  });

  it('tolerates a server without the cover image route yet', async () => {
    const user = userEvent.setup();
    coverAnswer = () => problemResponse(404, 'Not found');
    renderScreen();
    await user.upload(await screen.findByLabelText('Cover file'), pdf('cover.pdf'));
    await user.click(screen.getByRole('button', { name: 'Start upload' }));
    const cover = await screen.findByRole('region', { name: 'Cover upload' });
    expect(await within(cover).findByText('Processed')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/proof_cover_image')).toBe(true));
    expect(within(cover).queryByRole('img')).toBeNull();
    expect(within(cover).queryByText(/could not be drawn/)).toBeNull();

    // Done: the page offers to start again, with the files cleared.
    await user.click(screen.getByRole('button', { name: 'Upload other files' }));
    expect(screen.getByRole('button', { name: 'Start upload' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('region', { name: 'Cover upload' })).toBeNull();
  });

  it('says when a chosen file continues an unfinished upload', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const file = pdf('pages.pdf');
    storage.setItem(resumeKey(file, 5, 'pages'), '00000000-0000-4000-8000-000000000042');
    renderScreen({ storage });
    await user.upload(await screen.findByLabelText('Pages file'), file);
    expect(
      await screen.findByText('An unfinished upload of this file was found: it continues where it stopped.'),
    ).toBeTruthy();
  });

  it('pauses and resumes', async () => {
    const user = userEvent.setup();
    const { server } = renderScreen();
    let release: () => void = () => {};
    server.transport.sendPart.mockImplementationOnce(
      (_target, body, onProgress, signal) =>
        new Promise((resolve, reject) => {
          onProgress(body.size / 2);
          release = () => resolve({ etag: '"x"' });
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await user.upload(await screen.findByLabelText('Pages file'), pdf('pages.pdf', 5));
    await user.click(screen.getByRole('button', { name: 'Start upload' }));
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused')).toBeTruthy();
    release();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Pages upload' }).getAttribute('aria-valuenow')).toBe('100'),
    );
  });

  it('asks for a project first', async () => {
    renderScreen({ projectId: null });
    expect(await screen.findByPlaceholderText('Search by school, code or project')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Pages' })).toBeNull();
  });
});
