import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  notifications,
  projects,
  proofAutomationSends,
  proofInternalActions,
  proofSoftwareActions,
  proofs,
} from '@colophon/db';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SignedEndpoints } from '../src/config';
import { verifySignature } from '../src/integrations/http/signed-http';
import { createHttpProofSoftware, IntegrationError } from '../src/integrations/proof-software';
import { makeCover } from '../src/proof-pipeline/fixtures/make-book';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp, VOLUNTEER } from './harness';
import { type AccountProject, insertProof, projectOf } from './proof-fixtures';

const TREASURER = 'treasurer@colophon.test';
const SECRET = 'a-shared-secret-of-the-vendor';

let t: TestApp;
let lincoln: AccountProject;
let oakValley: AccountProject;

const setSoftware = (projectId: number, typeSoftware: number) =>
  t.handle.db.update(projects).set({ typeSoftware }).where(eq(projects.id, projectId));

const proofRow = async (id: number) => (await t.handle.db.select().from(proofs).where(eq(proofs.id, id)))[0]!;
const softwareActionsOf = (proofId: number) =>
  t.handle.db.select().from(proofSoftwareActions).where(eq(proofSoftwareActions.proofId, proofId));
const historyOf = (proofId: number) =>
  t.handle.db
    .select()
    .from(proofInternalActions)
    .where(eq(proofInternalActions.proofId, proofId))
    .orderBy(desc(proofInternalActions.id));
const rejectedNotices = (projectId: number) =>
  t.handle.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.projectId, projectId), eq(notifications.typeNotification, 2)))
    .orderBy(desc(notifications.id));

const post = (url: string, as: string, payload: object = {}) => t.call({ method: 'POST', url, as, payload });
const paths = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

/** A real HTTP service on a free local port; each test says how it answers. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: (request: Received) => { status: number; body?: unknown; delayMs?: number } = () => ({
  status: 200,
  body: {},
});

beforeAll(async () => {
  t = await createTestApp();
  lincoln = await projectOf(t, 'Lincoln High School');
  oakValley = await projectOf(t, 'Oak Valley High School');
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: Received = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(got);
      const { status, body, delayMs } = answer(got);
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
});

const offline: SignedEndpoints = { endpoints: {}, secret: undefined, timeoutMs: 10_000 };
afterEach(() => {
  received = [];
  answer = () => ({ status: 200, body: {} });
  t.app.services.config.proofSoftware = offline;
  t.app.services.config.proofAutomation = offline;
});

describe('POST /api/proofs/{software}/reject (Layout Software B)', () => {
  it('rejects the proof there and here: recorded offline, rejected, unlocked, in the history, 2 Proof Rejected', async () => {
    await setSoftware(lincoln.projectId, 3);
    const proof = await insertProof(t, lincoln.projectId);
    const url = '/api/proofs/layout-software-b/reject';
    const before = (await rejectedNotices(lincoln.projectId)).length;

    const response = await post(url, ADVISER, { id: proof.id });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.proof).toMatchObject({ id: proof.id, status: 2, unlockedForEdits: true, rejectReason: null });
    expect(body.action).toMatchObject({
      proofId: proof.id,
      software: 3,
      action: 'reject',
      adapter: 'offline',
      reason: null,
    });
    expect(body.action.externalRef).toMatch(/^offline-3-reject-/);

    const [recorded] = await softwareActionsOf(proof.id);
    expect(recorded).toMatchObject({ action: 'reject', adapter: 'offline', externalRef: body.action.externalRef });
    expect(await proofRow(proof.id)).toMatchObject({ status: 2, internalStatus: 7, unlockedForEdits: true });
    const [line] = await historyOf(proof.id);
    expect(line).toMatchObject({ action: 'rejected in Layout Software B', internalStatus: 7 });
    expect(line!.note).toContain(body.action.externalRef);
    const notices = await rejectedNotices(lincoln.projectId);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]!.info).toBe('Rejected in Layout Software B');

    const again = await post(url, ADVISER, { id: proof.id });
    expect(again.statusCode).toBe(409);
    expect(await softwareActionsOf(proof.id)).toHaveLength(1);
  });

  it('keeps a reason when one is given', async () => {
    await setSoftware(lincoln.projectId, 3);
    const proof = await insertProof(t, lincoln.projectId);
    const response = await post('/api/proofs/layout-software-b/reject', OWNER, {
      id: proof.id,
      reason: 'Spine text runs off',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().proof.rejectReason).toBe('Spine text runs off');
    expect(response.json().action.reason).toBe('Spine text runs off');
  });

  it('answers 400 naming the field: the id, a software that takes no reject call, one the book is not built with', async () => {
    await setSoftware(lincoln.projectId, 3);
    const proof = await insertProof(t, lincoln.projectId);
    expect(paths(await post('/api/proofs/layout-software-b/reject', ADVISER, {}))).toContain('id');
    for (const slug of ['ordering-software-h', 'layout-software-c', 'no-such-software']) {
      const refused = await post(`/api/proofs/${slug}/reject`, ADVISER, { id: proof.id });
      expect(refused.statusCode, slug).toBe(400);
      expect(paths(refused)).toEqual(['software']);
    }
    await setSoftware(lincoln.projectId, 0);
    const notBuiltThere = await post('/api/proofs/layout-software-b/reject', ADVISER, { id: proof.id });
    expect(notBuiltThere.statusCode).toBe(400);
    expect(paths(notBuiltThere)).toEqual(['software']);
    expect(notBuiltThere.json().detail).toContain('None / PDF Submission, not Layout Software B');
    expect((await proofRow(proof.id)).status).toBe(1);
    expect(await softwareActionsOf(proof.id)).toHaveLength(0);
  });

  it('answers 404 for another school’s proof and 403 to a role that may not reject', async () => {
    await setSoftware(oakValley.projectId, 3);
    const foreign = await insertProof(t, oakValley.projectId);
    expect((await post('/api/proofs/layout-software-b/reject', ADVISER, { id: foreign.id })).statusCode).toBe(404);
    expect((await post('/api/proofs/layout-software-b/reject', OWNER, { id: foreign.id })).statusCode).toBe(404);
    expect((await post('/api/proofs/layout-software-b/reject', VOLUNTEER, { id: foreign.id })).statusCode).toBe(403);
    expect(await softwareActionsOf(foreign.id)).toHaveLength(0);
  });

  it('leaves POST /api/proofs/{id}/reject as Colophon’s own rejection', async () => {
    await setSoftware(lincoln.projectId, 3);
    const proof = await insertProof(t, lincoln.projectId);
    const response = await post(`/api/proofs/${proof.id}/reject`, ADVISER, { reason: 'Blurry photo' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: proof.id, status: 2, rejectReason: 'Blurry photo' });
    expect(await softwareActionsOf(proof.id)).toHaveLength(0);
    expect((await historyOf(proof.id))[0]).toMatchObject({ action: 'rejected', note: 'Blurry photo' });
  });
});

describe('POST /api/proofs/{software}/{id}/cancel (Ordering Software H)', () => {
  it('cancels the proof there with a reason, and rejects it here', async () => {
    await setSoftware(lincoln.projectId, 10);
    const proof = await insertProof(t, lincoln.projectId);
    const response = await post(`/api/proofs/ordering-software-h/${proof.id}/cancel`, OWNER, {
      reason: 'Wrong cover uploaded',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().proof).toMatchObject({ status: 2, unlockedForEdits: true, internalStatus: 7 });
    expect(response.json().action).toMatchObject({ action: 'cancel', software: 10, reason: 'Wrong cover uploaded' });
    const [recorded] = await softwareActionsOf(proof.id);
    expect(recorded).toMatchObject({ action: 'cancel', adapter: 'offline', reason: 'Wrong cover uploaded' });
    expect(recorded!.externalRef).toMatch(/^offline-10-cancel-/);
    expect((await historyOf(proof.id))[0]).toMatchObject({ action: 'cancelled in Ordering Software H' });
    expect((await rejectedNotices(lincoln.projectId))[0]!.info).toBe('Wrong cover uploaded');
  });

  it('answers 400 naming the field: the reason, the id, the software', async () => {
    await setSoftware(lincoln.projectId, 10);
    const proof = await insertProof(t, lincoln.projectId);
    const url = `/api/proofs/ordering-software-h/${proof.id}/cancel`;
    expect(paths(await post(url, ADVISER, {}))).toContain('reason');
    expect(paths(await post(url, ADVISER, { reason: '   ' }))).toContain('reason');
    expect(paths(await post('/api/proofs/ordering-software-h/abc/cancel', ADVISER, { reason: 'x' }))).toContain('id');
    const wrongCall = await post(`/api/proofs/layout-software-b/${proof.id}/cancel`, ADVISER, { reason: 'x' });
    expect(paths(wrongCall)).toEqual(['software']);
    expect(wrongCall.json().detail).toContain('layout-software-b takes no cancel call');
    await setSoftware(lincoln.projectId, 3);
    const mismatch = await post(url, ADVISER, { reason: 'x' });
    expect(mismatch.statusCode).toBe(400);
    expect(paths(mismatch)).toEqual(['software']);
    expect((await proofRow(proof.id)).status).toBe(1);
  });

  it('answers 404 for another school’s proof and 403 to a role that may not reject', async () => {
    await setSoftware(oakValley.projectId, 10);
    const foreign = await insertProof(t, oakValley.projectId);
    const url = `/api/proofs/ordering-software-h/${foreign.id}/cancel`;
    expect((await post(url, ADVISER, { reason: 'x' })).statusCode).toBe(404);
    expect((await post(url, 'contact@colophon.test', { reason: 'x' })).statusCode).toBe(403);
    expect((await post(url, VOLUNTEER, { reason: 'x' })).statusCode).toBe(403);
  });
});

describe('the signed HTTP adapter, against a real local service', () => {
  const adapterFor = (timeoutMs = 2_000) =>
    createHttpProofSoftware(t.handle.db, { software: 3, baseUrl: `${baseUrl}/vendor/`, secret: SECRET, timeoutMs });
  const user = { id: 1, email: 'avery@lincoln.test', firstName: 'Avery', lastName: 'Adviser' };
  const proofOf = (row: typeof proofs.$inferSelect) => ({
    id: row.id,
    projectId: row.projectId,
    accountId: lincoln.accountId,
    roundNumber: row.roundNumber,
    kind: row.kind,
    fileKey: row.fileKey,
  });

  it('posts signed JSON with an idempotency key and keeps the service’s reference', async () => {
    const row = await insertProof(t, lincoln.projectId);
    answer = () => ({ status: 201, body: { reference: 'VB-2026-0042' } });
    const record = await adapterFor().rejectProof({ software: 3, proof: proofOf(row), user, reason: 'Fix page 4' });
    expect(record).toMatchObject({ adapter: 'http', externalRef: 'VB-2026-0042', action: 'reject', software: 3 });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({ method: 'POST', url: '/vendor/proofs/reject' });
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers['idempotency-key']).toBe(`colophon-proof-${row.id}-reject`);
    // The signature, recomputed as the vendor would: HMAC-SHA256 of "<t>.<body>".
    const signature = String(call!.headers['x-colophon-signature']);
    const [, timestamp, digest] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(digest).toBe(createHmac('sha256', SECRET).update(`${timestamp}.${call!.body}`).digest('hex'));
    expect(verifySignature(SECRET, signature, call!.body)).toBe(true);
    expect(verifySignature('another-secret-entirely', signature, call!.body)).toBe(false);
    expect(verifySignature(SECRET, signature, `${call!.body} `)).toBe(false);
    expect(JSON.parse(call!.body)).toMatchObject({
      action: 'reject',
      software: 3,
      proof: { id: row.id, projectId: lincoln.projectId, accountId: lincoln.accountId },
      reason: 'Fix page 4',
      requestedBy: { id: 1, email: 'avery@lincoln.test', name: 'Avery Adviser' },
    });
    const [kept] = await softwareActionsOf(row.id);
    expect(kept).toMatchObject({ adapter: 'http', externalRef: 'VB-2026-0042', reason: 'Fix page 4' });
  });

  it('turns a refusal, a timeout and an unreachable service into a clear IntegrationError, recording nothing', async () => {
    const row = await insertProof(t, lincoln.projectId);
    const request = { software: 3, proof: proofOf(row), user, reason: 'x' };
    answer = () => ({ status: 422, body: { message: 'The book is locked by the printer' } });
    await expect(adapterFor().cancelProof(request)).rejects.toThrow(
      'Layout Software B refused the request (HTTP 422): The book is locked by the printer.',
    );
    answer = () => ({ status: 200, body: {}, delayMs: 1_000 });
    const slow = await adapterFor(200)
      .cancelProof(request)
      .catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(IntegrationError);
    expect((slow as Error).message).toBe(
      'Layout Software B did not answer within 0.2 s; nothing was changed in Colophon. Try again later.',
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createHttpProofSoftware(t.handle.db, {
      software: 3,
      baseUrl: `http://127.0.0.1:${port}`,
      secret: SECRET,
      timeoutMs: 2_000,
    });
    await expect(unreachable.cancelProof(request)).rejects.toThrow(
      'Layout Software B could not be reached (ECONNREFUSED)',
    );
    expect(await softwareActionsOf(row.id)).toHaveLength(0);
  });

  it('is chosen by configuration: the route carries the call to the service, and a refusal is a 502', async () => {
    await setSoftware(lincoln.projectId, 3);
    t.app.services.config.proofSoftware = { endpoints: { '3': `${baseUrl}/vendor` }, secret: SECRET, timeoutMs: 2_000 };
    const refused = await insertProof(t, lincoln.projectId);
    answer = () => ({ status: 500, body: { error: 'internal' } });
    const failed = await post('/api/proofs/layout-software-b/reject', ADVISER, { id: refused.id });
    expect(failed.statusCode).toBe(502);
    expect(failed.headers['content-type']).toContain('application/problem+json');
    expect(failed.json()).toMatchObject({
      status: 502,
      code: 'integration_failed',
      detail: 'Layout Software B refused the request (HTTP 500): internal.',
    });
    expect(failed.body).not.toContain(baseUrl);
    expect((await proofRow(refused.id)).status).toBe(1);
    expect(await softwareActionsOf(refused.id)).toHaveLength(0);
    // Staff see in the proof's history that the attempt was made and why it failed.
    const history = await t.handle.db
      .select()
      .from(proofInternalActions)
      .where(eq(proofInternalActions.proofId, refused.id));
    expect(history.map((row) => [row.action, row.note])).toEqual([
      ['reject in Layout Software B failed', 'Layout Software B refused the request (HTTP 500): internal.'],
    ]);

    answer = () => ({ status: 200, body: { id: 98_765 } });
    const done = await post('/api/proofs/layout-software-b/reject', ADVISER, { id: refused.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().action).toMatchObject({ adapter: 'http', externalRef: '98765' });
    expect(done.json().proof.status).toBe(2);
    expect(received.at(-1)?.url).toBe('/vendor/proofs/reject');
  });
});

describe('POST /api/proofs/{automation}/send', () => {
  it('sends a proof with its file to the prepress hot folder (offline: recorded with the payload)', async () => {
    const fileKey = `uploads/${randomUUID()}.pdf`;
    const proof = await insertProof(t, lincoln.projectId, { fileKey });
    const response = await post('/api/proofs/prepress/send', OWNER, { id: proof.id, note: 'Rush: plant B' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      proofId: proof.id,
      automation: 'prepress',
      status: 'sent',
      adapter: 'offline',
    });
    expect(response.json().externalRef).toMatch(/^offline-prepress-/);
    const [sent] = await t.handle.db
      .select()
      .from(proofAutomationSends)
      .where(eq(proofAutomationSends.proofId, proof.id));
    const payload = sent!.payload as { fileUrl: string; note: string; proof: { id: number; projectName: string } };
    expect(payload.fileUrl.startsWith(`${t.config.publicUrl}/api/files/signed/${fileKey}?`)).toBe(true);
    expect(payload).toMatchObject({ note: 'Rush: plant B', proof: { id: proof.id } });
    expect((await historyOf(proof.id))[0]).toMatchObject({
      action: 'sent to Prepress Hot Folder',
      note: 'Rush: plant B',
    });
    // The link opens the file for whoever the hot folder is.
    await t.app.services.files.put(fileKey, Buffer.from('%PDF-1.7 test'), 'application/pdf');
    const opened = await t.call({ method: 'GET', url: payload.fileUrl.slice(t.config.publicUrl.length) });
    expect(opened.statusCode).toBe(200);
  });

  it('sends to the marketing automation without a file, and refuses prepress a proof with no file (409)', async () => {
    const proof = await insertProof(t, lincoln.projectId);
    const marketing = await post('/api/proofs/marketing/send', SUPER, { id: proof.id });
    expect(marketing.statusCode, marketing.body).toBe(201);
    const [sent] = await t.handle.db
      .select()
      .from(proofAutomationSends)
      .where(eq(proofAutomationSends.proofId, proof.id));
    expect((sent!.payload as { fileUrl: string | null }).fileUrl).toBeNull();
    const prepress = await post('/api/proofs/prepress/send', SUPER, { id: proof.id });
    expect(prepress.statusCode).toBe(409);
  });

  it('answers 400 naming the field, 404 for another school’s proof, 403 to school roles', async () => {
    const proof = await insertProof(t, lincoln.projectId, { fileKey: `uploads/${randomUUID()}.pdf` });
    const unknown = await post('/api/proofs/fax-machine/send', OWNER, { id: proof.id });
    expect(unknown.statusCode).toBe(400);
    expect(paths(unknown)).toEqual(['automation']);
    expect(paths(await post('/api/proofs/prepress/send', OWNER, {}))).toContain('id');
    expect(paths(await post('/api/proofs/prepress/send', OWNER, { id: proof.id, note: 'x'.repeat(2001) }))).toContain(
      'note',
    );
    const foreign = await insertProof(t, oakValley.projectId, { fileKey: `uploads/${randomUUID()}.pdf` });
    expect((await post('/api/proofs/prepress/send', OWNER, { id: foreign.id })).statusCode).toBe(404);
    expect((await post('/api/proofs/prepress/send', ADVISER, { id: proof.id })).statusCode).toBe(403);
  });

  it('posts a signed webhook when configured; a failed send is kept and answered 502', async () => {
    t.app.services.config.proofAutomation = {
      endpoints: { prepress: `${baseUrl}/hot-folder` },
      secret: SECRET,
      timeoutMs: 2_000,
    };
    const proof = await insertProof(t, lincoln.projectId, { fileKey: `uploads/${randomUUID()}.pdf` });
    answer = () => ({ status: 202, body: { id: 'job-77' } });
    const sent = await post('/api/proofs/prepress/send', OWNER, { id: proof.id });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ adapter: 'webhook', status: 'sent', externalRef: 'job-77' });
    const [call] = received;
    expect(call!.url).toBe('/hot-folder');
    expect(verifySignature(SECRET, String(call!.headers['x-colophon-signature']), call!.body)).toBe(true);
    expect(JSON.parse(call!.body)).toMatchObject({
      event: 'proof.sent',
      automation: 'prepress',
      proof: { id: proof.id },
    });

    answer = () => ({ status: 503, body: { message: 'Hot folder is full' } });
    const failed = await post('/api/proofs/prepress/send', OWNER, { id: proof.id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toBe('Prepress Hot Folder refused the request (HTTP 503): Hot folder is full.');
    const sends = await t.handle.db
      .select()
      .from(proofAutomationSends)
      .where(eq(proofAutomationSends.proofId, proof.id))
      .orderBy(proofAutomationSends.id);
    expect(sends.map((row) => [row.adapter, row.status])).toEqual([
      ['webhook', 'sent'],
      ['webhook', 'failed'],
    ]);
  });
});

describe('POST /api/proof_cover_image', () => {
  let coverKey: string;
  let coverProofId: number;
  beforeAll(async () => {
    coverKey = `uploads/${randomUUID()}.pdf`;
    const bytes = await makeCover({ bookType: 3, sizeCode: 8, pageCount: 48, photoPpi: 150 });
    await t.app.services.files.put(coverKey, Buffer.from(bytes), 'application/pdf');
    coverProofId = (await insertProof(t, lincoln.projectId, { fileKey: coverKey, kind: 'cover' })).id;
  }, 60_000);

  it('draws the first page of a cover PDF to WebP, signs it, and sets it on the proof of that file', async () => {
    const response = await post('/api/proof_cover_image', ADVISER, { key: coverKey, bucket: 'local' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.key).toBe(coverKey.replace(/^uploads\//, 'covers/').replace(/\.pdf$/, '.webp'));
    expect(body.width).toBe(1600);
    // A soft-cover spread is wider than tall.
    expect(body.height).toBeGreaterThan(400);
    expect(body.height).toBeLessThan(body.width);
    expect(body.proofIds).toEqual([coverProofId]);
    const opened = await t.call({ method: 'GET', url: body.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/webp');
    const meta = await sharp(opened.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: body.width, height: body.height });
    expect((await proofRow(coverProofId)).coverImageKey).toBe(body.key);
    expect((await historyOf(coverProofId))[0]).toMatchObject({ action: 'cover image set', note: body.key });
  }, 60_000);

  it('takes an uploaded image too', async () => {
    const key = `uploads/${randomUUID()}.png`;
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    await t.app.services.files.put(key, png, 'image/png');
    const response = await post('/api/proof_cover_image', ADVISER, { key, bucket: 'local' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ width: 900, height: 600, proofIds: [] });
  });

  it('answers 400 naming key or bucket', async () => {
    const call = (payload: object) => post('/api/proof_cover_image', ADVISER, payload);
    const elsewhere = await call({ key: coverKey, bucket: 'another-bucket' });
    expect(elsewhere.statusCode).toBe(400);
    expect(paths(elsewhere)).toEqual(['bucket']);
    const missing = await call({ key: `uploads/${randomUUID()}.pdf`, bucket: 'local' });
    expect(missing.statusCode).toBe(400);
    expect(paths(missing)).toEqual(['key']);
    expect(paths(await call({ key: 'proofs/1/manifest.json', bucket: 'local' }))).toEqual(['key']);
    expect(paths(await call({ key: 'uploads/../secrets.pdf', bucket: 'local' }))).toEqual(['key']);
    const textKey = `uploads/${randomUUID()}.pdf`;
    await t.app.services.files.put(textKey, Buffer.from('not a cover at all'), 'application/pdf');
    const text = await call({ key: textKey, bucket: 'local' });
    expect(paths(text)).toEqual(['key']);
    expect(text.json().detail).toContain('neither a PDF nor an image');
    expect(paths(await call({ bucket: 'local' }))).toContain('key');
  });

  it('answers 404 for a file of another school’s proof and 403 to a role that may not upload', async () => {
    const key = `uploads/${randomUUID()}.pdf`;
    await t.app.services.files.put(
      key,
      Buffer.from(await makeCover({ bookType: 3, sizeCode: 8, pageCount: 48 })),
      'application/pdf',
    );
    const foreign = await insertProof(t, oakValley.projectId, { fileKey: key, kind: 'cover' });
    expect((await post('/api/proof_cover_image', ADVISER, { key, bucket: 'local' })).statusCode).toBe(404);
    expect((await post('/api/proof_cover_image', OWNER, { key, bucket: 'local' })).statusCode).toBe(404);
    expect((await proofRow(foreign.id)).coverImageKey).toBeNull();
    expect((await post('/api/proof_cover_image', TREASURER, { key: coverKey, bucket: 'local' })).statusCode).toBe(403);
  }, 60_000);
});
