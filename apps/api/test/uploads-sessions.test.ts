import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { auditLog, queueUploads, uploadSessionParts, uploadSessions } from '@colophon/db';
import { count, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DIRECT_ADVISER, type TestApp } from './harness';
import { projectOf } from './proof-fixtures';

const SCHOOL_ADMIN = 'schooladmin@colophon.test';
const TREASURER = 'treasurer@colophon.test';
const PART = 64 * 1024;

let t: TestApp;
let lincolnProject: number;
let lincolnAccount: number;
let oakValleyProject: number;

/** A real PDF of `pages` pages, padded past a few parts with data the page tree does not use. */
async function bookPdf(pages = 3, padding = 150_000): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pages; index++) doc.addPage([630, 810]);
  doc.context.register(doc.context.stream(randomBytes(padding)));
  return Buffer.from(await doc.save());
}

const queued = async () => (await t.handle.db.select({ n: count() }).from(queueUploads))[0]!.n;

const postSession = (as: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/uploads/sessions', as, payload });

async function startSession(bytes: Buffer, as = ADVISER, body: Record<string, unknown> = {}) {
  const response = await postSession(as, {
    projectId: lincolnProject,
    fileName: 'book.pdf',
    contentType: 'application/pdf',
    size: bytes.length,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; fileKey: string; partSize: number; partCount: number; bucket: string };
}

async function partUrls(sessionId: string, partNumbers: number[], as = ADVISER) {
  const response = await t.call({
    method: 'POST',
    url: `/api/uploads/sessions/${sessionId}/part_urls`,
    as,
    payload: { partNumbers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().parts as { partNumber: number; url: string; headers: Record<string, string>; size: number }[];
}

const pieceOf = (bytes: Buffer, partNumber: number) => bytes.subarray((partNumber - 1) * PART, partNumber * PART);

/** PUTs one part to its signed URL (the disk store's receiver), and returns the ETag header. */
async function putPart(url: string, body: Buffer) {
  const response = await t.call({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/octet-stream' },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return String(response.headers.etag);
}

const report = (sessionId: string, part: { partNumber: number; size: number; etag: string }, as = ADVISER) =>
  t.call({ method: 'POST', url: `/api/uploads/sessions/${sessionId}/parts`, as, payload: part });

async function sendAll(sessionId: string, bytes: Buffer, partNumbers: number[]) {
  for (const target of await partUrls(sessionId, partNumbers)) {
    const body = pieceOf(bytes, target.partNumber);
    expect(target.size).toBe(body.length);
    const etag = await putPart(target.url, body);
    const recorded = await report(sessionId, { partNumber: target.partNumber, size: body.length, etag });
    expect(recorded.statusCode, recorded.body).toBe(200);
  }
}

beforeAll(async () => {
  t = await createTestApp({ uploadPartBytes: PART });
  const lincoln = await projectOf(t, 'Lincoln High School');
  lincolnAccount = lincoln.accountId;
  lincolnProject = lincoln.projectId;
  oakValleyProject = (await projectOf(t, 'Oak Valley High School')).projectId;
});
afterAll(async () => t.close());

describe('resumable uploads on the local disk', () => {
  it('takes a PDF in parts, in any order, joins them, and queues the checked file', async () => {
    const bytes = await bookPdf(4);
    const session = await startSession(bytes);
    expect(session).toMatchObject({ partSize: PART, partCount: Math.ceil(bytes.length / PART), bucket: 'local' });
    expect(session.fileKey).toMatch(/^uploads\/[0-9a-f-]{36}\.pdf$/);
    const numbers = Array.from({ length: session.partCount }, (_, index) => index + 1);
    await sendAll(session.id, bytes, [...numbers].reverse());

    const status = await t.call({ method: 'GET', url: `/api/uploads/sessions/${session.id}`, as: ADVISER });
    expect(status.json().parts.map((part: { partNumber: number }) => part.partNumber)).toEqual(numbers);

    const complete = await t.call({ method: 'POST', url: `/api/uploads/sessions/${session.id}/complete`, as: ADVISER });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toEqual({ fileKey: session.fileKey, bucket: 'local', size: bytes.length });
    expect(Buffer.compare((await t.app.services.files.get(session.fileKey))!, bytes)).toBe(0);
    const again = await t.call({ method: 'POST', url: `/api/uploads/sessions/${session.id}/complete`, as: ADVISER });
    expect(again.json(), 'completing twice answers the same file').toEqual(complete.json());

    const before = await queued();
    const created = await t.call({
      method: 'POST',
      url: '/api/uploads',
      as: ADVISER,
      payload: { projectId: lincolnProject, fileKey: session.fileKey, kind: 'pages' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ pageCount: 4, proofId: null });
    expect(await queued()).toBe(before + 1);
  });

  it('resumes: the parts already sent are known, even one whose report was lost', async () => {
    const bytes = await bookPdf(2);
    const session = await startSession(bytes);
    await sendAll(session.id, bytes, [1]);
    // Part 2 reaches the store, but the page closes before it is reported.
    const [second] = await partUrls(session.id, [2]);
    await putPart(second!.url, pieceOf(bytes, 2));

    const resumed = await t.call({ method: 'GET', url: `/api/uploads/sessions/${session.id}`, as: ADVISER });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().parts.map((part: { partNumber: number }) => part.partNumber)).toEqual([1, 2]);
    const rest = Array.from({ length: session.partCount - 2 }, (_, index) => index + 3);
    await sendAll(session.id, bytes, rest);
    const complete = await t.call({ method: 'POST', url: `/api/uploads/sessions/${session.id}/complete`, as: ADVISER });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(Buffer.compare((await t.app.services.files.get(session.fileKey))!, bytes)).toBe(0);
  });

  it('will not complete with parts missing, and asks again for a part the store lost', async () => {
    const bytes = await bookPdf(2);
    const session = await startSession(bytes);
    await sendAll(session.id, bytes, [1, 2]);
    const early = await t.call({ method: 'POST', url: `/api/uploads/sessions/${session.id}/complete`, as: ADVISER });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/^Parts 3(, \d+)* have not been received/);

    const rest = Array.from({ length: session.partCount - 2 }, (_, index) => index + 3);
    await sendAll(session.id, bytes, rest);
    // The disk loses part 2 (a full disk, a cleanup): completing says so and forgets it.
    const dir = join(t.config.dataDir, 'files', '.multipart', session.fileKey);
    for (const name of await readdir(dir)) if (name.startsWith('2.')) await rm(join(dir, name));
    const lost = await t.call({ method: 'POST', url: `/api/uploads/sessions/${session.id}/complete`, as: ADVISER });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().detail).toBe('Parts 2 have not been received; send them again.');
    const parts = await t.handle.db
      .select()
      .from(uploadSessionParts)
      .where(eq(uploadSessionParts.sessionId, session.id));
    expect(parts.map((part) => part.partNumber)).not.toContain(2);
    await sendAll(session.id, bytes, [2]);
    const complete = await t.call({ method: 'POST', url: `/api/uploads/sessions/${session.id}/complete`, as: ADVISER });
    expect(complete.statusCode, complete.body).toBe(200);
  });

  it('refuses bad input, naming the field', async () => {
    const bytes = await bookPdf(1, 10);
    const create = (payload: Record<string, unknown>) => postSession(ADVISER, payload);
    const base = { projectId: lincolnProject, fileName: 'book.pdf', contentType: 'application/pdf', size: 1000 };
    const paths = async (response: Awaited<ReturnType<typeof create>>) => {
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors.map((error: { path: string }) => error.path) as string[];
    };
    expect(await paths(await create({ ...base, contentType: 'image/jpeg' }))).toContain('contentType');
    expect(await paths(await create({ ...base, size: 3 * 1024 ** 3 }))).toContain('size');
    expect(await paths(await create({ ...base, size: 0 }))).toContain('size');
    expect(await paths(await create({ ...base, account_id: lincolnAccount }))).toContain('projectId');
    expect(await paths(await create({ fileName: 'a.pdf', contentType: 'application/pdf', size: 10 }))).toContain(
      'projectId',
    );

    const session = await startSession(bytes);
    const beyond = await t.call({
      method: 'POST',
      url: `/api/uploads/sessions/${session.id}/part_urls`,
      as: ADVISER,
      payload: { partNumbers: [session.partCount + 1] },
    });
    expect(await paths(beyond)).toEqual(['partNumbers']);
    expect(await paths(await report(session.id, { partNumber: 1, size: bytes.length + 1, etag: 'x' }))).toEqual([
      'size',
    ]);
    expect(await paths(await report(session.id, { partNumber: 2, size: 1, etag: 'x' }))).toEqual(['partNumber']);
    const notUuid = await t.call({ method: 'GET', url: '/api/uploads/sessions/abc', as: ADVISER });
    expect(await paths(notUuid)).toContain('id');
  });

  it('starts an upload for an account’s books, and 404s another tenant’s project or account', async () => {
    const bytes = await bookPdf(1, 10);
    const own = await startSession(bytes, ADVISER, { projectId: undefined, account_id: lincolnAccount });
    const [row] = await t.handle.db.select().from(uploadSessions).where(eq(uploadSessions.id, own.id));
    expect(row).toMatchObject({ accountId: lincolnAccount, projectId: null });
    const file = { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 };
    const foreign = await postSession(ADVISER, { projectId: oakValleyProject, ...file });
    expect(foreign.statusCode).toBe(404);
    const foreignAccount = await postSession(DIRECT_ADVISER, { account_id: lincolnAccount, ...file });
    expect(foreignAccount.statusCode).toBe(404);
  });

  it('keeps a session to its user: 404 for anyone else, even at the same school; 403 without proofs.upload', async () => {
    const bytes = await bookPdf(1, 10);
    const session = await startSession(bytes);
    for (const [method, url, payload] of [
      ['GET', `/api/uploads/sessions/${session.id}`, undefined],
      ['POST', `/api/uploads/sessions/${session.id}/part_urls`, { partNumbers: [1] }],
      ['POST', `/api/uploads/sessions/${session.id}/parts`, { partNumber: 1, size: bytes.length, etag: 'x' }],
      ['POST', `/api/uploads/sessions/${session.id}/complete`, undefined],
      ['DELETE', `/api/uploads/sessions/${session.id}`, undefined],
    ] as const) {
      const other = await t.call({ method, url, as: SCHOOL_ADMIN, ...(payload ? { payload } : {}) });
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      const treasurer = await t.call({ method, url, as: TREASURER, ...(payload ? { payload } : {}) });
      expect(treasurer.statusCode, `${method} ${url}`).toBe(403);
    }
    const mine = await t.call({ method: 'GET', url: `/api/uploads/sessions/${session.id}`, as: ADVISER });
    expect(mine.statusCode).toBe(200);
  });

  it('cancels an upload and throws its parts away', async () => {
    const bytes = await bookPdf(1, 100_000);
    const session = await startSession(bytes);
    await sendAll(session.id, bytes, [1]);
    const dir = join(t.config.dataDir, 'files', '.multipart', session.fileKey);
    expect((await readdir(dir)).length).toBe(1);
    const cancelled = await t.call({ method: 'DELETE', url: `/api/uploads/sessions/${session.id}`, as: ADVISER });
    expect(cancelled.statusCode).toBe(204);
    await expect(readdir(dir)).rejects.toThrow();
    const after = await t.call({
      method: 'POST',
      url: `/api/uploads/sessions/${session.id}/part_urls`,
      as: ADVISER,
      payload: { partNumbers: [1] },
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toBe('This upload is cancelled.');
  });

  it('expires a session nobody finished: 410, and its parts are gone', async () => {
    const bytes = await bookPdf(1, 100_000);
    const session = await startSession(bytes);
    await sendAll(session.id, bytes, [1]);
    await t.handle.db
      .update(uploadSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadSessions.id, session.id));
    const status = await t.call({ method: 'GET', url: `/api/uploads/sessions/${session.id}`, as: ADVISER });
    expect(status.statusCode).toBe(410);
    expect(status.json().detail).toBe('This upload has expired; start it again.');
    const [row] = await t.handle.db.select().from(uploadSessions).where(eq(uploadSessions.id, session.id));
    expect(row!.status).toBe('aborted');
    await expect(readdir(join(t.config.dataDir, 'files', '.multipart', session.fileKey))).rejects.toThrow();
  });

  it('sweeps expired sessions when a new one starts', async () => {
    const bytes = await bookPdf(1, 10);
    const stale = await startSession(bytes);
    await t.handle.db
      .update(uploadSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadSessions.id, stale.id));
    await startSession(bytes, SCHOOL_ADMIN);
    const [row] = await t.handle.db.select().from(uploadSessions).where(eq(uploadSessions.id, stale.id));
    expect(row!.status).toBe('aborted');
  });

  it('refuses a part PUT with a forged signature, or larger than signed', async () => {
    const bytes = await bookPdf(1, 100_000);
    const session = await startSession(bytes);
    const [target] = await partUrls(session.id, [1]);
    const forged = await t.call({
      method: 'PUT',
      url: target!.url.replace('part=1', 'part=2'),
      headers: { 'content-type': 'application/octet-stream' },
      payload: pieceOf(bytes, 1),
    });
    expect(forged.statusCode).toBe(403);
    const tooBig = await t.call({
      method: 'PUT',
      url: target!.url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.concat([pieceOf(bytes, 1), Buffer.from('x')]),
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('takes parts over real HTTP (a socket, not an injected stream), and audits what was stored', async () => {
    const bytes = await bookPdf(1, 100_000);
    const session = await startSession(bytes);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [target] = await partUrls(session.id, [2]);
    const response = await fetch(`${address}${target!.url}`, {
      method: 'PUT',
      headers: target!.headers,
      body: pieceOf(bytes, 2),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'files/upload/*'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.detail).toMatchObject({ body: { size: pieceOf(bytes, 2).length, partNumber: 2 } });
  });
});
