import { notifications, orders, proofFindings, proofInternalActions, proofs, users } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProofWorkers } from '../src/modules/proofs/workers';
import { ADVISER, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from './harness';
import {
  type AccountProject,
  closeProofTestApp,
  createProofTestApp,
  insertProof,
  uploadAndProcessBook,
} from './proof-fixtures';

let t: TestApp;
let workers: ProofWorkers;
let lincoln: AccountProject;
let oakValley: AccountProject;
/** Processed by the real workers, with a low-resolution image on page 2. */
let processedId: number;
let foreignId: number;

const get = (url: string, as: string) => t.call({ method: 'GET', url, as });
const post = (url: string, as: string, payload: object = {}) => t.call({ method: 'POST', url, as, payload });
const paths = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

beforeAll(async () => {
  ({ t, workers, lincoln, oakValley } = await createProofTestApp());
  await t.handle.db.delete(orders).where(eq(orders.projectId, lincoln.projectId));
  const proof = await uploadAndProcessBook(t, workers, lincoln, { photoPpi: 240, faults: { lowResolution: true } });
  processedId = proof.id;
  foreignId = (await insertProof(t, oakValley.projectId)).id;
}, 90_000);
afterAll(() => closeProofTestApp(t, workers));

describe('the proofs list and a proof', () => {
  it('keeps a school to its own proofs, filters, and 404s another school’s', async () => {
    const mine = (await get(`/api/proofs?perPage=100&projectId=${lincoln.projectId}`, ADVISER)).json();
    expect(mine.data.some((proof: { id: number }) => proof.id === processedId)).toBe(true);
    const all = (await get('/api/proofs?perPage=100', ADVISER)).json();
    expect(new Set(all.data.map((proof: { accountId: number }) => proof.accountId))).toEqual(
      new Set([lincoln.accountId]),
    );
    expect((await get(`/api/proofs/${foreignId}`, ADVISER)).statusCode).toBe(404);
    expect((await get(`/api/proofs/${foreignId}/findings`, ADVISER)).statusCode).toBe(404);
    expect((await get(`/api/proofs/${foreignId}`, DIRECT_ADVISER)).statusCode).toBe(200);

    const one = (await get(`/api/proofs/${processedId}`, ADVISER)).json();
    expect(one).toMatchObject({
      status: 1,
      processingStatus: 2,
      pageCount: 8,
      projectId: lincoln.projectId,
      canOrder: false,
    });
    // The plant's internal status is for studio staff.
    expect(one.internalStatus).toBeNull();
    expect((await get(`/api/proofs/${processedId}`, OWNER)).json().internalStatus).toBe(1);

    const filtered = (await get(`/api/proofs?status[]=3&year[]=2026&perPage=100`, SUPER)).json();
    expect(
      filtered.data.every((proof: { status: number; year: number }) => proof.status === 3 && proof.year === 2026),
    ).toBe(true);
    const bad = await get('/api/proofs?status[]=9', SUPER);
    expect(bad.statusCode).toBe(400);
    expect(paths(bad).some((path: string) => path.startsWith('status'))).toBe(true);
  });

  it('searches with a body', async () => {
    const found = await post('/api/proofs/get/get_proofs_post', ADVISER, {
      projectId: lincoln.projectId,
      status: [1],
      perPage: 10,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((proof: { id: number }) => proof.id)).toContain(processedId);
    const foreign = await post('/api/proofs/get/get_proofs_post', ADVISER, { projectId: oakValley.projectId });
    expect(foreign.json().total).toBe(0);
    const bad = await post('/api/proofs/get/get_proofs_post', ADVISER, { internalStatus: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(paths(bad).some((path: string) => path.startsWith('internalStatus'))).toBe(true);
  });

  it('gives the findings with their boxes, and signed page images that open', async () => {
    const findings = (await get(`/api/proofs/${processedId}/findings`, ADVISER)).json().data;
    expect(findings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'low-resolution', page: 2 })]));
    const images = await get(`/api/proofs/${processedId}/s3_sign_flip_images?pages=1,2&type_book=1`, ADVISER);
    expect(images.statusCode, images.body).toBe(200);
    const pages = images.json().pages;
    expect(pages.map((page: { page: number }) => page.page)).toEqual([1, 2]);
    const opened = await t.call({ method: 'GET', url: pages[0].viewerUrl });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    const manifest = (await get(`/api/proofs/${processedId}/s3_parse_manifest`, ADVISER)).json();
    expect(manifest.pageCount).toBe(8);
    expect(manifest.pages).toHaveLength(8);
    expect(manifest.pages[7].thumbUrl).toContain('/api/files/signed/');
    expect((await get(`/api/proofs/${foreignId}/s3_parse_manifest`, ADVISER)).statusCode).toBe(404);
    expect((await get(`/api/proofs/${foreignId}/s3_parse_manifest`, SUPER)).statusCode).toBe(404);
  });
});

describe('review', () => {
  it('pins comments to pages; only the author changes one', async () => {
    const url = `/api/proofs/${processedId}/proof_comments`;
    const created = await post(url, ADVISER, { body: 'Fix this photo', pin: { page: 2, x: 0.25, y: 0.5 } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ body: 'Fix this photo', pin: { page: 2, x: 0.25, y: 0.5 } });
    const id = created.json().id;
    const outside = await post(url, ADVISER, { body: 'x', pin: { page: 2, x: 1.5, y: 0 } });
    expect(outside.statusCode).toBe(400);
    expect(paths(outside)).toContain('pin.x');
    const noPage = await post(url, ADVISER, { body: 'x', pin: { page: 40, x: 0.5, y: 0.5 } });
    expect(paths(noPage)).toContain('pin.page');
    expect(paths(await post(url, ADVISER, { body: '' }))).toContain('body');
    expect(
      (await t.call({ method: 'PUT', url: `${url}/${id}`, as: VOLUNTEER, payload: { body: 'mine now' } })).statusCode,
    ).toBe(403);
    const edited = await t.call({ method: 'PUT', url: `${url}/${id}`, as: ADVISER, payload: { pin: null } });
    expect(edited.json()).toMatchObject({ body: 'Fix this photo', pin: null });
    expect((await post(`/api/proofs/${foreignId}/proof_comments`, ADVISER, { body: 'x' })).statusCode).toBe(404);
    const listed = (await get(url, VOLUNTEER)).json().data;
    expect(listed.map((comment: { id: number }) => comment.id)).toContain(id);
    expect((await t.call({ method: 'DELETE', url: `${url}/${id}`, as: ADVISER })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: `${url}/${id}`, as: ADVISER })).statusCode).toBe(404);
  });

  it('keeps internal comments and the history from school users', async () => {
    const url = `/api/proofs/${processedId}/proof_comment_internals`;
    const created = await post(url, OWNER, { body: 'Call the adviser about page 2' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await get(url, ADVISER)).statusCode).toBe(403);
    expect((await post(url, ADVISER, { body: 'x' })).statusCode).toBe(403);
    expect((await get(url, OWNER)).json().data).toHaveLength(1);
    const comments = (await get(`/api/proofs/${processedId}/proof_comments`, ADVISER)).body;
    expect(comments).not.toContain('Call the adviser');
    expect((await get(`/api/proofs/${processedId}/proof_internal_actions`, ADVISER)).statusCode).toBe(403);

    const action = await post(`/api/proofs/${processedId}/proof_internal_actions`, OWNER, {
      action: 'studio contacted',
      internalStatus: 6,
      note: 'Phoned',
    });
    expect(action.statusCode).toBe(201);
    expect((await get(`/api/proofs/${processedId}`, OWNER)).json().internalStatus).toBe(6);
    const history = (await get(`/api/proofs/${processedId}/proof_internal_actions`, OWNER)).json().data;
    expect(history.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining([
        'uploaded',
        'failed technical review',
        'comment added',
        'internal comment added',
        'studio contacted',
      ]),
    );
  });

  it('adds reviewers the caller can see', async () => {
    const [volunteer] = await t.handle.db.select().from(users).where(eq(users.email, VOLUNTEER));
    const [foreigner] = await t.handle.db.select().from(users).where(eq(users.email, DIRECT_ADVISER));
    const url = `/api/proofs/${processedId}/proof_reviewers`;
    const added = await post(url, ADVISER, { userId: volunteer!.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().userName).toBeTruthy();
    const foreign = await post(url, ADVISER, { userId: foreigner!.id });
    expect(foreign.statusCode).toBe(400);
    expect(paths(foreign)).toContain('userId');
    const verdict = await t.call({
      method: 'PUT',
      url: `${url}/${added.json().id}`,
      as: VOLUNTEER,
      payload: { status: 3 },
    });
    expect(verdict.json().status).toBe(3);
  });

  it('rejects with a reason: the book is unlocked and 2 Proof Rejected raised', async () => {
    const url = `/api/proofs/${processedId}/reject`;
    const noReason = await post(url, ADVISER, {});
    expect(noReason.statusCode).toBe(400);
    expect(paths(noReason)).toContain('reason');
    expect((await post(url, VOLUNTEER, { reason: 'x' })).statusCode).toBe(403);
    expect((await post(`/api/proofs/${foreignId}/reject`, ADVISER, { reason: 'x' })).statusCode).toBe(404);
    const rejected = await post(url, ADVISER, { reason: 'Page 2 photo is blurry' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 2,
      unlockedForEdits: true,
      rejectReason: 'Page 2 photo is blurry',
    });
    expect((await post(url, ADVISER, { reason: 'again' })).statusCode).toBe(409);
    const raised = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, lincoln.projectId), eq(notifications.typeNotification, 2)));
    expect(raised).toHaveLength(1);
    const resubmit = (await get('/api/proofs/list/resubmission_required?year=2026', ADVISER)).json().data;
    expect(resubmit.map((proof: { id: number }) => proof.id)).toContain(processedId);
  });

  it('approves: the order button turns on for those who may order, and 4 Proof Approved is raised', async () => {
    const next = await insertProof(t, lincoln.projectId, { roundNumber: 9 });
    const url = `/api/proofs/${next.id}/approve`;
    expect((await post(url, VOLUNTEER)).statusCode).toBe(403);
    const approved = await post(url, ADVISER);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 3, canOrder: true, unlockedForEdits: false });
    expect((await get(`/api/proofs/${next.id}`, VOLUNTEER)).json().canOrder).toBe(false);
    expect((await post(url, ADVISER)).statusCode).toBe(409);
    const raised = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, lincoln.projectId), eq(notifications.typeNotification, 4)));
    expect(raised).toHaveLength(1);
    const ready = (await get(`/api/proofs/list/ready_to_order?year=2026&parentId=${lincoln.accountId}`, ADVISER)).json()
      .data;
    expect(ready.map((proof: { id: number }) => proof.id)).toEqual([next.id]);
    const resubmit = (await get('/api/proofs/list/resubmission_required?year=2026', ADVISER)).json().data;
    expect(resubmit.map((proof: { id: number }) => proof.id)).not.toContain(processedId);
    const unprocessed = await t.handle.db
      .insert(proofs)
      .values({ projectId: lincoln.projectId, status: 1, processingStatus: 1 })
      .returning();
    expect((await post(`/api/proofs/${unprocessed[0]!.id}/approve`, ADVISER)).statusCode).toBe(409);
  });
});

describe('approving despite preflight errors (issue 9, item 3)', () => {
  it('needs every error acknowledged, and the history lists them', async () => {
    const proof = await insertProof(t, lincoln.projectId, { roundNumber: 10 });
    const found = await t.handle.db
      .insert(proofFindings)
      .values([
        {
          proofId: proof.id,
          page: null,
          code: 'page-count',
          severity: 'error',
          message: 'The file has 124 pages; the book has 128.',
        },
        { proofId: proof.id, page: 12, code: 'low-resolution', severity: 'error', message: 'A photo is 72 ppi.' },
        { proofId: proof.id, page: 30, code: 'low-resolution', severity: 'error', message: 'A photo is 96 ppi.' },
        { proofId: proof.id, page: 31, code: 'rgb-image', severity: 'warning', message: 'An RGB image.' },
      ])
      .returning({ id: proofFindings.id, severity: proofFindings.severity });
    const errorIds = found.filter((finding) => finding.severity === 'error').map((finding) => finding.id);
    const warningId = found.find((finding) => finding.severity === 'warning')!.id;
    const url = `/api/proofs/${proof.id}/approve`;

    // The volunteer rule stands first: no approving at all.
    expect((await post(url, VOLUNTEER, { acknowledgedFindingIds: errorIds })).statusCode).toBe(403);
    // A plain approval, as a clean proof's, is refused, naming the field.
    const plain = await post(url, ADVISER, { note: 'Looks fine' });
    expect(plain.statusCode).toBe(409);
    expect(paths(plain)).toEqual(['acknowledgedFindingIds']);
    expect(plain.json().detail).toContain('3 errors');
    // Two of three is not all of them.
    const partial = await post(url, ADVISER, { acknowledgedFindingIds: errorIds.slice(0, 2) });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().detail).toContain(String(errorIds[2]));
    // A warning, or another proof's finding, is not something this approval can acknowledge.
    const stray = await post(url, ADVISER, { acknowledgedFindingIds: [...errorIds, warningId] });
    expect(stray.statusCode).toBe(400);
    expect(paths(stray)).toEqual(['acknowledgedFindingIds']);
    expect((await get(`/api/proofs/${proof.id}`, ADVISER)).json().status).toBe(1);

    const approved = await post(url, ADVISER, { note: 'The school accepts them.', acknowledgedFindingIds: errorIds });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 3 });
    const [history] = await t.handle.db
      .select()
      .from(proofInternalActions)
      .where(eq(proofInternalActions.proofId, proof.id));
    expect(history?.action).toBe('approved despite preflight errors');
    expect(history?.note).toContain('The school accepts them.');
    expect(history?.note).toContain('Acknowledged 3 preflight errors');
    expect(history?.note).toContain(`#${errorIds[0]} Whole file: The file has 124 pages; the book has 128.`);
    expect(history?.note).toContain(`#${errorIds[1]} Page 12: A photo is 72 ppi.`);
    expect(history?.note).not.toContain('RGB');
  });

  it('approves a proof with warnings only as before, with a plain history line', async () => {
    const proof = await insertProof(t, lincoln.projectId, { roundNumber: 11 });
    await t.handle.db
      .insert(proofFindings)
      .values({ proofId: proof.id, page: 2, code: 'rgb-image', severity: 'warning', message: 'An RGB image.' });
    const approved = await post(`/api/proofs/${proof.id}/approve`, ADVISER, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const [history] = await t.handle.db
      .select()
      .from(proofInternalActions)
      .where(eq(proofInternalActions.proofId, proof.id));
    expect(history).toMatchObject({ action: 'approved', note: null });
  });
});
