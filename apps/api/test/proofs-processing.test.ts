import {
  accounts,
  notifications,
  projects,
  proofFindings,
  proofInternalActions,
  proofs,
  queueProofs,
} from '@colophon/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProofWorkers,
  type ProofJobPayload,
  type ProofWorkers,
  progressRecorder,
  proofHandler,
  uploadHandler,
} from '../src/modules/proofs/workers';
import { createPagePool, type PagePool } from '../src/proof-pipeline';
import { makeBook } from '../src/proof-pipeline/fixtures/make-book';
import type { Finding } from '../src/proof-pipeline/preflight/findings';
import { claim, getJob } from '../src/queue';
import { ADVISER, createTestApp, type TestApp } from './harness';

let t: TestApp;
let workers: ProofWorkers;
let projectId: number;
let accountId: number;

/** Uploads a PDF through the API as the adviser and returns the queue_uploads job id. */
async function uploadBook(bytes: Uint8Array): Promise<number> {
  const signed = await t.call({
    method: 'GET',
    url: `/api/files/presigned_upload_put?projectId=${projectId}&fileName=book.pdf&contentType=application/pdf&size=${bytes.length}`,
    as: ADVISER,
  });
  const { url, fileKey } = signed.json();
  const put = await t.call({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/pdf' },
    payload: Buffer.from(bytes),
  });
  expect(put.statusCode, put.body).toBe(200);
  const created = await t.call({
    method: 'POST',
    url: '/api/uploads',
    as: ADVISER,
    payload: { projectId, fileKey, kind: 'pages' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

const proofOfJob = async (jobId: number) =>
  (await t.handle.db.select().from(proofs).where(eq(proofs.uploadJobId, jobId)))[0]!;
const raisedFor = async (typeNotification: number) =>
  (
    await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, projectId), eq(notifications.typeNotification, typeNotification)))
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  const [lincoln] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Lincoln High School'));
  accountId = lincoln!.id;
  const [project] = await t.handle.db
    .select()
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.year, 2026)));
  projectId = project!.id;
  // A small saddle-stitched 8.5×11 book of 8 pages, so the generated files stay quick.
  await t.handle.db.update(projects).set({ typeBook: 1, typeSize: 8, pageCount: 8 }).where(eq(projects.id, projectId));
  workers = createProofWorkers(t.app.services, { pool: createPagePool({ size: 2 }) });
}, 60_000);
afterAll(async () => {
  await workers?.stop();
  await t?.close();
});

describe('the upload and proof workers', () => {
  it('turns a clean upload into a proof of the next round, processed, with 1 and 110 raised', async () => {
    const previousRounds = (await t.handle.db.select().from(proofs).where(eq(proofs.projectId, projectId))).length;
    const jobId = await uploadBook(await makeBook({ bookType: 1, sizeCode: 8, pageCount: 8, photoPpi: 240 }));
    expect(await workers.uploads.drain()).toBe(1);
    const proof = await proofOfJob(jobId);
    expect(proof).toMatchObject({ status: 1, internalStatus: 1, processingStatus: 0, kind: 'pages' });
    expect(proof.roundNumber).toBe(previousRounds + 1);

    expect(await workers.proofs.drain()).toBe(1);
    const processed = (await t.handle.db.select().from(proofs).where(eq(proofs.id, proof.id)))[0]!;
    expect(processed).toMatchObject({
      processingStatus: 2,
      pageCount: 8,
      manifestKey: `proofs/${proof.id}/manifest.json`,
    });
    expect((processed.summary as { passed: boolean }).passed).toBe(true);
    expect(await t.app.services.files.get(`proofs/${proof.id}/manifest.json`)).not.toBeNull();
    const raised = await t.handle.db
      .select({ type: notifications.typeNotification })
      .from(notifications)
      .where(eq(notifications.projectId, projectId));
    expect(raised.map((row) => row.type)).toEqual(expect.arrayContaining([1, 110]));
    const history = await t.handle.db
      .select()
      .from(proofInternalActions)
      .where(eq(proofInternalActions.proofId, proof.id));
    expect(history.map((row) => row.action)).toEqual(['uploaded', 'passed technical review']);
  }, 60_000);

  it('stores findings with their page and box, and raises the error types', async () => {
    const jobId = await uploadBook(
      await makeBook({ bookType: 1, sizeCode: 8, pageCount: 8, photoPpi: 240, faults: { lowResolution: true } }),
    );
    await workers.uploads.drain();
    await workers.proofs.drain();
    const proof = await proofOfJob(jobId);
    const findings = await t.handle.db.select().from(proofFindings).where(eq(proofFindings.proofId, proof.id));
    const lowRes = findings.find((finding) => finding.code === 'low-resolution');
    expect(lowRes).toMatchObject({ severity: 'error', page: 2 });
    expect(lowRes!.box).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
    const types = await t.handle.db
      .select({ type: notifications.typeNotification })
      .from(notifications)
      .where(and(eq(notifications.projectId, projectId), eq(notifications.typeNotification, 27)));
    expect(types.length).toBe(1);
  }, 60_000);

  it('creates the proof and its proofs job once when an upload job runs twice', async () => {
    const jobId = await uploadBook(await makeBook({ bookType: 1, sizeCode: 8, pageCount: 8, photoPpi: 240 }));
    const job = await claim(t.handle.db, 'uploads', 'test-worker', 30_000);
    expect(job!.id).toBe(jobId);
    const handler = uploadHandler(t.app.services);
    const context = { signal: new AbortController().signal, heartbeat: async () => {} };
    const first = await handler(job as never, context);
    const second = await handler(job as never, context);
    expect(second).toEqual(first);
    expect((await t.handle.db.select().from(proofs).where(eq(proofs.uploadJobId, jobId))).length).toBe(1);
    const proofId = (first as { proofId: number }).proofId;
    const queued = (await t.handle.db.select().from(queueProofs)).filter(
      (row) => (row.payload as { proofId: number }).proofId === proofId,
    );
    expect(queued.length).toBe(1);
    expect((await getJob(t.handle.db, 'uploads', jobId))!.status).toBe(1);
  });

  it('finishes a proof once when its worker died mid-job (the lease lapses, another worker takes it)', async () => {
    await workers.proofs.drain(); // what the earlier tests left waiting
    const jobId = await uploadBook(await makeBook({ bookType: 1, sizeCode: 8, pageCount: 8, photoPpi: 240 }));
    await workers.uploads.drain();
    const proof = await proofOfJob(jobId);
    const readyBefore = (
      await t.handle.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.projectId, projectId), eq(notifications.typeNotification, 1)))
    ).length;
    // A worker claims the job and dies: no heartbeat, no completion.
    const dead = await claim(t.handle.db, 'proofs', 'dead-worker', 200);
    expect((dead!.payload as { proofId: number }).proofId).toBe(proof.id);
    // Its lease lapses: as if a second had passed on the database's clock since it should have ended.
    await t.handle.db
      .update(queueProofs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(queueProofs.id, dead!.id));
    expect(await workers.proofs.drain()).toBe(1);
    expect((await getJob(t.handle.db, 'proofs', dead!.id))!.status).toBe(2);
    const [done] = await t.handle.db.select().from(proofs).where(eq(proofs.id, proof.id));
    expect(done!.processingStatus).toBe(2);
    const ready = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, projectId), eq(notifications.typeNotification, 1)));
    expect(ready.length).toBe(readyBefore + 1);
    expect((await t.handle.db.select().from(proofs).where(eq(proofs.uploadJobId, jobId))).length).toBe(1);
  }, 60_000);

  it('raises 23 No Files Uploaded at once, without retries, when the proof’s file is gone', async () => {
    const [proof] = await t.handle.db
      .insert(proofs)
      .values({ projectId, status: 1, internalStatus: 1, fileKey: 'uploads/00000000-0000-4000-8000-000000000000.pdf' })
      .returning();
    const [job] = await t.handle.db
      .insert(queueProofs)
      .values({ payload: { proofId: proof!.id }, maxAttempts: 5 })
      .returning();
    await workers.proofs.drain();
    const [failed] = await t.handle.db.select().from(proofs).where(eq(proofs.id, proof!.id));
    expect(failed).toMatchObject({ processingStatus: 3 });
    expect(failed!.processingError).toMatch(/not in the file store/);
    expect(await getJob(t.handle.db, 'proofs', job!.id)).toMatchObject({ status: 3, attempts: 1 });
    expect(await raisedFor(23)).toBe(1);
  });

  it('marks the proof failed and raises 24 Processor Error when the last attempt fails', async () => {
    const jobId = await uploadBook(await makeBook({ bookType: 1, sizeCode: 8, pageCount: 8, photoPpi: 240 }));
    await workers.uploads.drain();
    const proof = await proofOfJob(jobId);
    const before = await raisedFor(24);
    // The page workers crash on every page: what a broken renderer looks like to the handler.
    const crashingPool: PagePool = {
      size: 1,
      run: async () => {
        throw new Error('page worker exited (code 1)');
      },
      close: async () => {},
    };
    const job = await claim(t.handle.db, 'proofs', 'test-worker', 30_000);
    expect((job!.payload as { proofId: number }).proofId).toBe(proof.id);
    const context = { signal: new AbortController().signal, heartbeat: async () => {} };
    const handler = proofHandler(t.app.services, crashingPool);
    await expect(handler({ ...job!, attempts: job!.maxAttempts } as never, context)).rejects.toThrow(/page worker/);
    const [failed] = await t.handle.db.select().from(proofs).where(eq(proofs.id, proof.id));
    expect(failed).toMatchObject({ processingStatus: 3, processingError: 'page worker exited (code 1)' });
    expect(await raisedFor(24)).toBe(before + 1);
  }, 60_000);

  it('records pages done and the findings so far while it processes, in batches (issue 9, item 7)', async () => {
    const jobId = await uploadBook(
      await makeBook({ bookType: 1, sizeCode: 8, pageCount: 8, photoPpi: 240, faults: { lowResolution: true } }),
    );
    await workers.uploads.drain();
    const proof = await proofOfJob(jobId);
    const readProof = async () => (await t.handle.db.select().from(proofs).where(eq(proofs.id, proof.id)))[0]!;
    const real = createPagePool({ size: 1 });
    const seen: { pagesDone: number | null; pageCount: number | null; processingStatus: number }[] = [];
    let finished = 0;
    // The real pool, watched: after the 4th page, the proof on the database already says so.
    const watched: PagePool = {
      size: real.size,
      close: () => real.close(),
      run: (bytes, options) =>
        real.run(bytes, {
          ...options,
          onPage: async (result) => {
            await options.onPage?.(result);
            finished += 1;
            if (finished === 4) {
              await expect.poll(async () => (await readProof()).pagesDone, { timeout: 10_000 }).toBe(4);
              seen.push(await readProof());
            }
          },
        }),
    };
    try {
      const job = await claim<ProofJobPayload>(t.handle.db, 'proofs', 'test-worker', 30_000);
      const context = { signal: new AbortController().signal, heartbeat: async () => {} };
      // A write every 2 pages, whatever the time.
      const handler = proofHandler(t.app.services, watched, { everyPages: 2, everyMs: Number.POSITIVE_INFINITY });
      await handler(job!, context);
    } finally {
      await real.close();
    }
    expect(seen).toEqual([expect.objectContaining({ pagesDone: 4, pageCount: 8, processingStatus: 1 })]);
    const done = await readProof();
    expect(done).toMatchObject({ processingStatus: 2, pagesDone: 8, pageCount: 8 });
    // The findings written on the way are replaced by the final ones, never doubled.
    const findings = await t.handle.db.select().from(proofFindings).where(eq(proofFindings.proofId, proof.id));
    const summary = done.summary as { errors: number; warnings: number };
    expect(findings).toHaveLength(summary.errors + summary.warnings);
    expect(findings.filter((finding) => finding.code === 'low-resolution')).toHaveLength(1);
  }, 60_000);

  it('batches progress writes: the first and last report, then one per interval or per pages', async () => {
    const [row] = await t.handle.db.insert(proofs).values({ projectId, status: 1, processingStatus: 1 }).returning();
    let clock = 0;
    const recorder = progressRecorder(t.handle.db, row!.id, new AbortController().signal, {
      everyMs: 500,
      everyPages: 16,
      now: () => clock,
    });
    const finding = (page: number): Finding => ({
      page,
      code: 'low-resolution',
      severity: 'error',
      message: `A photo on page ${page} is 72 ppi.`,
    });
    recorder.report({ pagesDone: 0, pageCount: 128, findings: [] });
    // 40 pages in one instant: a write at 16 and 32 pages only.
    for (let page = 1; page <= 40; page++)
      recorder.report({ pagesDone: page, pageCount: 128, findings: page === 7 ? [finding(7)] : [] });
    // Then one page per 600 ms: a write each.
    for (let page = 41; page <= 43; page++) {
      clock += 600;
      recorder.report({ pagesDone: page, pageCount: 128, findings: [] });
    }
    recorder.report({ pagesDone: 128, pageCount: 128, findings: [finding(128)] });
    await recorder.close();
    recorder.report({ pagesDone: 128, pageCount: 128, findings: [finding(1)] });
    await recorder.close();
    expect(recorder.writes).toBe(1 + 2 + 3 + 1);
    const [after] = await t.handle.db.select().from(proofs).where(eq(proofs.id, row!.id));
    expect(after).toMatchObject({ pagesDone: 128, pageCount: 128 });
    const stored = await t.handle.db.select().from(proofFindings).where(eq(proofFindings.proofId, row!.id));
    expect(stored.map((found) => found.page).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([7, 128]);
  });
});
