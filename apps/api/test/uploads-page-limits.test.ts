import {
  notifications,
  processingUsage,
  projects,
  proofFindings,
  proofs,
  queueProofs,
  queueUploads,
} from '@colophon/db';
import { and, count, eq, sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProofWorkers, type ProofWorkers } from '../src/modules/proofs/workers';
import { createPagePool, ProofTooManyPagesError, proofImageKeys } from '../src/proof-pipeline';
import { getJob } from '../src/queue';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';
import { type AccountProject, projectOf } from './proof-fixtures';

let t: TestApp;
let workers: ProofWorkers;
let lincoln: AccountProject;
/** The page-count bomb of issue 8: 5,000 blank pages in about 64 KB. */
let bomb: Uint8Array;

/** Blank 8.5×11 pages; `claimedCount` rewrites the page tree root's /Count (a file that lies). */
async function blankPdf(pages: number, claimedCount?: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pages; index++) doc.addPage([612, 792]);
  if (claimedCount !== undefined) doc.catalog.Pages().set(PDFName.of('Count'), PDFNumber.of(claimedCount));
  return doc.save();
}

async function setProject(values: Partial<typeof projects.$inferInsert>) {
  await t.handle.db.update(projects).set(values).where(eq(projects.id, lincoln.projectId));
}

/** Stores the bytes as an upload through a signed PUT and asks for it to become a proof. */
async function postBook(bytes: Uint8Array, as = ADVISER, kind: 'pages' | 'cover' = 'pages') {
  const signed = await t.call({
    method: 'GET',
    url: `/api/files/presigned_upload_put?projectId=${lincoln.projectId}&fileName=book.pdf&contentType=application/pdf&size=${bytes.length}`,
    as,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const { url, fileKey } = signed.json();
  const put = await t.call({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/pdf' },
    payload: Buffer.from(bytes),
  });
  expect(put.statusCode, put.body).toBe(200);
  return t.call({ method: 'POST', url: '/api/uploads', as, payload: { projectId: lincoln.projectId, fileKey, kind } });
}

const rows = async (table: typeof queueUploads | typeof queueProofs | typeof proofs | typeof processingUsage) =>
  (await t.handle.db.select({ n: count() }).from(table))[0]!.n;
const counts = async () => ({
  uploads: await rows(queueUploads),
  proofJobs: await rows(queueProofs),
  proofs: await rows(proofs),
  usage: await rows(processingUsage),
});

beforeAll(async () => {
  t = await createTestApp();
  lincoln = await projectOf(t, 'Lincoln High School');
  workers = createProofWorkers(t.app.services, { pool: createPagePool({ size: 1 }) });
  bomb = await blankPdf(5000);
}, 60_000);
afterAll(async () => {
  await workers?.stop();
  await t?.close();
});

describe('the page count of an upload, before any page is drawn', () => {
  it('refuses the 5,000-page, 64 KB book for a 24-page project, naming the file and both counts; nothing is queued', async () => {
    expect(bomb.length).toBeLessThan(65 * 1024);
    await setProject({ typeBook: 1, typeSize: 8, pageCount: 24 });
    const before = await counts();
    const refused = await postBook(bomb);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        path: 'fileKey',
        message:
          'This PDF has 5,000 pages; a proof can have at most 1,000. Check that this is the right file, or split the book.',
      },
    ]);
    const tooFar = await postBook(await blankPdf(49));
    expect(tooFar.statusCode, tooFar.body).toBe(400);
    expect(tooFar.json().errors[0]).toEqual({
      path: 'fileKey',
      message:
        'This PDF has 49 pages; the project is a 24-page book, so a file of at most 48 pages is accepted. Check that this is the right file, or ask us to change the project’s page count.',
    });
    expect(await counts()).toEqual(before);
  }, 30_000);

  it('refuses a book past 1,000 pages even for a project ordered larger, and a whole book sent as the cover', async () => {
    await setProject({ typeBook: 5, typeSize: 8, pageCount: 2000 });
    const before = await counts();
    const over = await postBook(await blankPdf(1001));
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().errors[0].message).toMatch(/^This PDF has 1,001 pages; a proof can have at most 1,000\./);
    const cover = await postBook(await blankPdf(24), ADVISER, 'cover');
    expect(cover.statusCode, cover.body).toBe(400);
    expect(cover.json().errors[0]).toMatchObject({
      path: 'fileKey',
      message: expect.stringMatching(/cover file has at most 4/),
    });
    expect(await counts()).toEqual(before);
  }, 30_000);

  it('accepts a book just inside the margin; the preflight still reports the wrong count to the reviewer', async () => {
    await setProject({ typeBook: 1, typeSize: 8, pageCount: 8 });
    const accepted = await postBook(await blankPdf(24));
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().pageCount).toBe(24);
    await workers.uploads.drain();
    await workers.proofs.drain();
    const [proof] = await t.handle.db.select().from(proofs).where(eq(proofs.uploadJobId, accepted.json().id));
    expect(proof).toMatchObject({ processingStatus: 2, pageCount: 24 });
    const findings = await t.handle.db.select().from(proofFindings).where(eq(proofFindings.proofId, proof!.id));
    expect(findings.find((finding) => finding.code === 'page-count-mismatch')?.message).toBe(
      'The file has 24 pages, but the project is set up for 8. Upload the full book, or ask us to change the project’s page count.',
    );
  }, 60_000);
});

describe('each user’s processing per hour', () => {
  it('refuses an upload past the hour’s pages with 429 and Retry-After, and takes it once the window has moved', async () => {
    const start = new Date('2026-04-01T09:00:00Z');
    let now = start;
    const realClock = t.app.services.clock;
    const realLimits = t.app.services.config.processingLimits;
    t.app.services.clock = { now: () => now };
    t.app.services.config.processingLimits = { pagesPerHour: 1000, bytesPerHour: realLimits.bytesPerHour };
    try {
      await setProject({ typeBook: 5, typeSize: 8, pageCount: 600 });
      const book = await blankPdf(600);
      // Super administrators too: the limit protects the shared workers, whoever sends the pages.
      expect((await postBook(book, SUPER)).statusCode).toBe(201);
      now = new Date(start.getTime() + 10 * 60_000);
      const before = await counts();
      const refused = await postBook(book, SUPER);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(50 * 60));
      expect(refused.json().detail).toBe(
        'In the last hour 600 pages of yours were processed; this file’s 600 would pass the limit of 1,000 pages an hour. Try again in 50 minutes.',
      );
      expect(await counts()).toEqual(before);
      // Another user's hour is their own.
      expect((await postBook(book, ADVISER)).statusCode).toBe(201);

      now = new Date(start.getTime() + 60 * 60_000);
      const later = await postBook(book, SUPER);
      expect(later.statusCode, later.body).toBe(201);
      const [superUsage] = await t.handle.db
        .select({ pages: processingUsage.pages, bytes: processingUsage.bytes })
        .from(processingUsage)
        .where(eq(processingUsage.createdAt, now));
      expect(superUsage).toEqual({ pages: 600, bytes: book.length });
    } finally {
      t.app.services.clock = realClock;
      t.app.services.config.processingLimits = realLimits;
      // The queued 600-page books are not this file's to draw.
      await t.handle.db.delete(queueUploads);
    }
  }, 60_000);
});

describe('the proofs worker', () => {
  const failedProofOf = async (jobId: number) => {
    const [proof] = await t.handle.db.select().from(proofs).where(eq(proofs.uploadJobId, jobId));
    return proof!;
  };
  const nothingDrawn = async (proofId: number) => {
    const keys = proofImageKeys(proofId);
    expect(await t.app.services.files.stat(keys.viewer(1))).toBeNull();
    expect(await t.app.services.files.stat(keys.manifest)).toBeNull();
  };
  /** The proof's queue_proofs job: refused for good (status 3 Error) on its first attempt. */
  const proofJobOf = async (proofId: number) => {
    const [job] = await t.handle.db
      .select({ id: queueProofs.id })
      .from(queueProofs)
      .where(sql`${queueProofs.payload}->>'proofId' = ${String(proofId)}`);
    return getJob(t.handle.db, 'proofs', job!.id);
  };
  const raised22 = async () =>
    (
      await t.handle.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.projectId, lincoln.projectId), eq(notifications.typeNotification, 22)))
    )[0]!.n;

  /** Queues a stored file as a job the upload route never saw (its own page count in the payload). */
  async function queueDirectly(bytes: Uint8Array, pageCount: number) {
    const fileKey = `uploads/${crypto.randomUUID()}.pdf`;
    await t.app.services.files.put(fileKey, Buffer.from(bytes), 'application/pdf');
    const [job] = await t.handle.db
      .insert(queueUploads)
      .values({
        payload: {
          projectId: lincoln.projectId,
          accountId: lincoln.accountId,
          fileKey,
          kind: 'pages',
          pageCount,
          userId: 0,
          userName: 'script',
        },
      })
      .returning();
    await workers.uploads.drain();
    await workers.proofs.drain();
    return job!.id;
  }

  it('refuses a queued book over the maximum before reading it: failed, 22 raised, no retries, nothing drawn', async () => {
    await setProject({ typeBook: 1, typeSize: 8, pageCount: 24 });
    const before = await raised22();
    const proof = await failedProofOf(await queueDirectly(bomb, 5000));
    expect(proof.processingStatus).toBe(3);
    expect(proof.processingError).toBe(new ProofTooManyPagesError().message);
    expect(proof.processingError).toMatch(/^The PDF has more than 1,000 pages, the most a proof can have/);
    expect(await proofJobOf(proof.id)).toMatchObject({ status: 3, attempts: 1 });
    await nothingDrawn(proof.id);
    expect(await raised22()).toBe(before + 1);
  }, 60_000);

  it('counts the pages a file really holds when its page tree says fewer, and draws none of 1,001', async () => {
    const liar = await blankPdf(1001, 24);
    const proof = await failedProofOf(await queueDirectly(liar, 24));
    expect(proof.processingStatus).toBe(3);
    expect(proof.processingError).toBe(new ProofTooManyPagesError().message);
    await nothingDrawn(proof.id);
    expect(await proofJobOf(proof.id)).toMatchObject({ status: 3, attempts: 1 });
  }, 60_000);

  it('the page pool draws nothing of a file past its maximum', async () => {
    await expect(workers.pool.run(await blankPdf(3), { render: null, maxPages: 2 })).rejects.toBeInstanceOf(
      ProofTooManyPagesError,
    );
    // The pool is still good for the next file.
    expect(await workers.pool.run(await blankPdf(2), { render: null, maxPages: 2 })).toHaveLength(2);
  }, 30_000);
});
