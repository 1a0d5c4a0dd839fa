import type { Proof, ProofCompare, SessionUser } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import type { ProofComment, ProofFinding } from './api';

const LOW_RES = 'Image at 72 ppi: print needs 200 ppi.';

function makeProof(extra: Partial<Proof> = {}): Proof {
  return {
    id: 5,
    projectId: 100,
    accountId: 10,
    accountName: 'Lincoln High School',
    projectName: 'Lincoln Yearbook 2026',
    year: 2026,
    typeBook: 1,
    status: 1,
    internalStatus: 1,
    roundNumber: 2,
    kind: 'pages',
    processingStatus: 2,
    pageCount: 4,
    pagesDone: 4,
    summary: { errors: 2, warnings: 0, passed: false },
    processingError: null,
    processedAt: '2026-03-01T12:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    rejectReason: null,
    unlockedForEdits: false,
    createdAt: '2026-03-01T11:00:00.000Z',
    canOrder: false,
    ...extra,
  };
}

const findings: ProofFinding[] = [
  {
    id: 1,
    page: null,
    code: 'page-count',
    severity: 'error',
    message: 'The file has 4 pages; the project has 8.',
    box: null,
  },
  {
    id: 2,
    page: 2,
    code: 'low-resolution',
    severity: 'error',
    message: LOW_RES,
    box: { x: 50, y: 60, width: 200, height: 150 },
  },
];

const pages = [1, 2, 3, 4].map((page) => ({
  page,
  widthPts: 612,
  heightPts: 792,
  thumbUrl: `/api/files/signed/proofs/5/pages/${page}-thumb.webp`,
  viewerUrl: `/api/files/signed/proofs/5/pages/${page}-viewer.jpg`,
  viewerWidth: 1600,
  viewerHeight: 2071,
}));

const compare: ProofCompare = {
  proofId: 5,
  previous: {
    id: 4,
    roundNumber: 1,
    status: 2,
    processingStatus: 2,
    pageCount: 4,
    createdAt: '2026-02-01T11:00:00.000Z',
  },
  comparable: true,
  reason: null,
  pages: [1, 2, 3, 4].map((page) => ({ page, change: page === 2 ? ('changed' as const) : ('same' as const) })),
  changedPages: [2],
  removedPages: [],
};

// jsdom has no font loading (Mantine's autosizing text boxes listen to it) and its elements cannot scroll.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});
Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, writable: true, value: () => {} });

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: SessionUser;
let proof: Proof;
let comments: ProofComment[];
let imagesMissing: boolean;

const stamp = { createdAt: '2026-03-02T15:00:00.000Z', updatedAt: '2026-03-02T15:00:00.000Z' };

beforeEach(() => {
  queryClient.clear();
  calls = [];
  proof = makeProof();
  comments = [];
  imagesMissing = false;
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.pathname;
      if (path === '/api/auth/me') return jsonResponse(makeSessionState(signedIn));
      if (path === '/api/proofs/5') return jsonResponse(proof);
      if (path === '/api/proofs/5/findings') return jsonResponse({ data: findings });
      if (path === '/api/proofs/5/s3_sign_flip_images') {
        return imagesMissing
          ? problemResponse(404, 'Proof 5 has no page images yet.')
          : jsonResponse({ proofId: 5, pages });
      }
      if (path === '/api/proofs/5/compare') return jsonResponse(compare);
      if (path === '/api/proofs/5/epub_link') return problemResponse(409, 'The proof is not approved.');
      if (path === '/api/proofs/5/proof_comments' && method === 'POST') {
        const created: ProofComment = {
          id: 31,
          proofId: 5,
          userId: signedIn.id,
          userName: `${signedIn.firstName} ${signedIn.lastName}`,
          body: body.body,
          pin: body.pin ?? null,
          ...stamp,
        };
        comments = [...comments, created];
        return jsonResponse(created, { status: 201 });
      }
      if (path === '/api/proofs/5/proof_comments') return jsonResponse({ data: comments });
      if (path === '/api/proofs/5/proof_reviewers') return jsonResponse({ data: [] });
      if (path === '/api/proofs/5/proof_comment_internals') {
        return jsonResponse({
          data: [{ id: 3, proofId: 5, userId: 1, userName: 'Olive Owner', body: 'Call the adviser', ...stamp }],
        });
      }
      if (path === '/api/proofs/5/proof_internal_actions') {
        return jsonResponse({
          data: [
            {
              id: 4,
              proofId: 5,
              userId: null,
              userName: null,
              action: 'uploaded',
              internalStatus: null,
              note: null,
              ...stamp,
            },
          ],
        });
      }
      if (path === '/api/proofs/5/approve') {
        proof = { ...proof, status: 3, canOrder: true, decidedAt: '2026-03-03T15:00:00.000Z' };
        return jsonResponse(proof);
      }
      if (path === '/api/proofs/5/reject') {
        proof = { ...proof, status: 2, internalStatus: 7, rejectReason: body.reason, unlockedForEdits: true };
        return jsonResponse(proof);
      }
      if (path === '/api/proofs') {
        const rounds = [makeProof({ id: 4, roundNumber: 1, status: 2 }), proof];
        return jsonResponse({ data: rounds, total: 2, page: 1, perPage: 100 });
      }
      if (path.startsWith('/api/proofs/999')) return problemResponse(404, 'Proof 999 was not found.');
      if (path === '/api/projects/100') return jsonResponse({ id: 100, typeSoftware: 0 });
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
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

const posts = (suffix: string) => calls.filter((call) => call.method === 'POST' && call.url.pathname.endsWith(suffix));
const adviser = () => makeUser({ role: 5, id: 77, firstName: 'Ada', lastName: 'Adviser' });

describe('one proof', () => {
  it('shows the project and round, its statuses, and the findings drawn on the page and listed by page', async () => {
    renderAt('/admin/proofs/5?page=2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lincoln Yearbook 2026 › Round 2' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Proof breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Proofs' }).getAttribute('href')).toBe('/admin/proofs');
    expect(within(crumbs).getByText('Lincoln Yearbook 2026 · Round 2')).toBeTruthy();
    expect(screen.getByText('Needs Review')).toBeTruthy();
    expect(screen.getByText('Awaiting Review')).toBeTruthy();
    expect(screen.getAllByText('2 errors').length).toBeGreaterThan(0);

    const book = await screen.findByRole('region', { name: 'Proof pages' });
    expect(await within(book).findByRole('button', { name: `Error: ${LOW_RES}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous round: round 1' }).getAttribute('href')).toBe('/admin/proofs/4');

    const wholeFile = screen.getByRole('region', { name: 'Whole file' });
    expect(within(wholeFile).getByText('The file has 4 pages; the project has 8.')).toBeTruthy();
    const onPage = screen.getByRole('region', { name: 'Findings on page 2' });
    expect(within(onPage).getByRole('button', { name: `Error on page 2: ${LOW_RES}` })).toBeTruthy();
  });

  it('opens a finding’s page from the list', async () => {
    const router = renderAt('/admin/proofs/5');
    const finding = await screen.findByRole('button', { name: `Error on page 2: ${LOW_RES}` });
    await userEvent.click(finding);
    await waitFor(() => expect(router.state.location.searchStr).toBe('?page=2'));
    expect(finding.getAttribute('aria-current')).toBe('true');
  });

  it('pins a comment: the next click on the page places the pin, then the comment is written and saved', async () => {
    renderAt('/admin/proofs/5?page=2', adviser());
    await screen.findByRole('region', { name: 'Proof pages' });
    await userEvent.click(screen.getByRole('tab', { name: /Comments/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pin to page' }));
    // The keyboard way of clicking the page (jsdom lays nothing out, so a mouse click has no point).
    await userEvent.click(await screen.findByRole('button', { name: 'Pin the middle of page 3' }));
    expect(await screen.findByText('Pinned to page 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Comment New' })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await userEvent.type(box, 'The caption is cut off');
    await userEvent.click(screen.getByRole('button', { name: 'Save pinned comment' }));

    expect(await screen.findByText('Your comment is pinned to page 3.')).toBeTruthy();
    expect(posts('/proof_comments')[0]?.body).toEqual({
      body: 'The caption is cut off',
      pin: { page: 3, x: 0.5, y: 0.5 },
    });
    const book = screen.getByRole('region', { name: 'Proof pages' });
    expect(await within(book).findByRole('button', { name: 'Comment 1' })).toBeTruthy();
    expect(within(book).queryByRole('button', { name: 'Comment New' })).toBeNull();
    const list = screen.getByRole('list', { name: 'Comments' });
    expect(within(list).getByText('The caption is cut off')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Edit comment 1' })).toBeTruthy();
  });

  it('leaves pin mode on Escape', async () => {
    renderAt('/admin/proofs/5', adviser());
    await screen.findByRole('region', { name: 'Proof pages' });
    await userEvent.click(screen.getByRole('tab', { name: /Comments/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pin to page' }));
    expect(await screen.findByRole('button', { name: 'Pin the middle of page 1' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pin the middle of page 1' })).toBeNull());
  });

  it('approves despite preflight errors only once they are acknowledged; Order then turns on', async () => {
    renderAt('/admin/proofs/5', adviser());
    await screen.findByRole('heading', { level: 2, name: 'Lincoln Yearbook 2026 › Round 2' });
    const order = screen.getByRole('button', { name: 'Order' });
    expect(order.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve proof' });
    // The dialog lists the errors, a page's with a link to that page.
    expect(await within(dialog).findByText('The preflight found 2 errors')).toBeTruthy();
    const errors = within(dialog).getByRole('list', { name: 'Preflight errors' });
    expect(within(errors).getByText(/The file has 4 pages; the project has 8\./)).toBeTruthy();
    expect(within(errors).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/admin/proofs/5?page=2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Looks great');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve despite errors' }));
    expect(await within(dialog).findByText('Confirm that you approve the proof despite its errors.')).toBeTruthy();
    expect(posts('/approve')).toHaveLength(0);

    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I approve this proof for print despite its 2 preflight errors' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve despite errors' }));
    expect(await screen.findByText('Round 2 is approved: the book can be ordered.')).toBeTruthy();
    expect(posts('/approve')[0]?.body).toEqual({ note: 'Looks great', acknowledgedFindingIds: [1, 2] });
    // Order now opens the order form (the orders feature's drawer).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Order' }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('Approved')).toBeTruthy();
  });

  it('rejects only with a reason, and says the book is unlocked for edits', async () => {
    renderAt('/admin/proofs/5', adviser());
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject proof' });
    expect(within(dialog).getByText(/Rejecting unlocks the book for edits/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the proof is rejected.')).toBeTruthy();
    expect(posts('/reject')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Page 2 photo is blurry');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Round 2 is rejected: the book is unlocked for edits.')).toBeTruthy();
    expect(posts('/reject')[0]?.body).toEqual({ reason: 'Page 2 photo is blurry' });
    expect(await screen.findByText('The book is unlocked for edits until the next proof is uploaded.')).toBeTruthy();
    expect(screen.getByText('Page 2 photo is blurry')).toBeTruthy();
  });

  it('keeps the internal comments and actions from a school user', async () => {
    renderAt('/admin/proofs/5', adviser());
    await screen.findByRole('tab', { name: /Reviewers/ });
    expect(screen.queryByRole('tab', { name: /Internal comments/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Internal actions/ })).toBeNull();
    expect(screen.queryByText('Awaiting Review')).toBeNull();
    expect(calls.some((call) => call.url.pathname.includes('internal'))).toBe(false);
  });

  it('shows studio staff the internal comments and the history, and records an action', async () => {
    renderAt('/admin/proofs/5');
    await userEvent.click(await screen.findByRole('tab', { name: /Internal comments/ }));
    expect(await screen.findByText('Call the adviser')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /Internal actions/ }));
    expect(await screen.findByText('uploaded')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Action/ }), 'studio contacted');
    const status = screen.getByRole('combobox', { name: 'Set internal status' });
    await userEvent.click(status);
    // Mantine keeps the list in the page, hidden until laid out (jsdom lays nothing out).
    const listbox = await waitFor(() => document.getElementById(status.getAttribute('aria-controls') ?? '')!);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Studio Contacted', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Record action' }));
    await waitFor(() =>
      expect(posts('/proof_internal_actions')[0]?.body).toEqual({
        action: 'studio contacted',
        internalStatus: 6,
        note: null,
      }),
    );
  });

  it('says a proof is being processed, shows no pages yet, and asks again by itself', async () => {
    proof = makeProof({ processingStatus: 1, summary: null });
    renderAt('/admin/proofs/5');
    expect(await screen.findByText('Being processed')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Proof pages' })).toBeNull();
    expect(calls.some((call) => call.url.pathname.endsWith('/s3_sign_flip_images'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    proof = makeProof();
    expect(await screen.findByRole('region', { name: 'Proof pages' })).toBeTruthy();
  });

  it('says plainly why processing failed', async () => {
    proof = makeProof({ processingStatus: 3, processingError: 'The file is not a PDF (it is a JPEG image).' });
    renderAt('/admin/proofs/5');
    expect(await screen.findByText('Processing failed')).toBeTruthy();
    expect(screen.getByText('The file is not a PDF (it is a JPEG image).')).toBeTruthy();
  });

  it('compares with the previous round: the switch is kept in the URL and the changed pages are marked', async () => {
    const router = renderAt('/admin/proofs/5?page=2');
    await userEvent.click(await screen.findByRole('switch', { name: 'Compare with round 1' }));
    await waitFor(() => expect(router.state.location.searchStr).toContain('compare=true'));
    const summary = await screen.findByRole('region', { name: 'Changed pages' });
    expect(within(summary).getByText('1 page changed since round 1')).toBeTruthy();
    const book = screen.getByRole('region', { name: 'Proof pages' });
    expect(await within(book).findByRole('img', { name: 'Changed since the previous round' })).toBeTruthy();
  });

  it('says plainly when a proof has no page images (imported history), and offers no pin', async () => {
    imagesMissing = true;
    renderAt('/admin/proofs/5', adviser());
    expect(await screen.findByText('No pages to show')).toBeTruthy();
    expect(screen.getByText('Proof 5 has no page images yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /Comments/ }));
    expect(await screen.findByRole('button', { name: 'Add comment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pin to page' })).toBeNull();
    expect(screen.getByText('Comments can be pinned to a page once the pages are shown.')).toBeTruthy();
  });

  it('answers a missing or foreign proof with a plain not-found', async () => {
    renderAt('/admin/proofs/999');
    expect(await screen.findByText('Proof not found')).toBeTruthy();
  });
});
