import {
  accounts,
  projects,
  proofCommentInternals,
  proofComments,
  proofReviewers,
  proofs,
  queueEpubs,
  queueProofs,
} from '@colophon/db';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueDemoProofs,
  giveSeasonProofsPages,
  SEASON_SOURCE_PAGES,
  seasonPageKeys,
} from '../src/modules/proofs/demo';
import { createProofWorkers } from '../src/modules/proofs/workers';
import { checkUploadedPdf } from '../src/modules/uploads/validate';
import { createPagePool, type PagePool, type ProofManifest } from '../src/proof-pipeline';
import { createTestApp, SUPER, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo proofs', () => {
  it('stores real generated PDFs, with their review, and queues them for processing once', async () => {
    expect(await enqueueDemoProofs(t.app.services)).toBe(6);
    const { db } = t.handle;
    const withFiles = await db.select().from(proofs).where(isNotNull(proofs.fileKey));
    expect(withFiles).toHaveLength(6);
    expect(await db.select().from(queueProofs)).toHaveLength(6);
    expect(new Set(withFiles.map((proof) => proof.status))).toEqual(new Set([1, 2, 3]));
    for (const proof of withFiles) {
      const stored = await t.app.services.files.get(proof.fileKey!);
      expect(await checkUploadedPdf(stored ? new Uint8Array(stored) : null)).toHaveProperty('pageCount');
    }

    // Lincoln High School (adviser@): round 1 rejected with a pinned comment, round 2 waiting for review.
    const lincolnRounds = await db
      .select({ proof: proofs })
      .from(proofs)
      .innerJoin(projects, eq(projects.id, proofs.projectId))
      .innerJoin(accounts, eq(accounts.id, projects.accountId))
      .where(and(eq(accounts.name, 'Lincoln High School'), isNotNull(proofs.fileKey)))
      .orderBy(proofs.roundNumber);
    expect(lincolnRounds.map(({ proof }) => [proof.roundNumber, proof.status])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    const [rejected, waiting] = lincolnRounds.map(({ proof }) => proof);
    expect(rejected!.unlockedForEdits).toBe(true);
    const pinned = await db.select().from(proofComments).where(eq(proofComments.proofId, rejected!.id));
    expect(pinned.some((comment) => comment.page === 2 && comment.x !== null)).toBe(true);
    expect(
      await db.select().from(proofCommentInternals).where(eq(proofCommentInternals.proofId, rejected!.id)),
    ).not.toHaveLength(0);
    expect(await db.select().from(proofReviewers).where(eq(proofReviewers.proofId, waiting!.id))).toHaveLength(2);

    expect(await enqueueDemoProofs(t.app.services)).toBe(0);
  }, 120_000);

  it('gives every proof a person can open page images in the file store, as a demo start does', async () => {
    const { db } = t.handle;
    const { files } = t.app.services;
    const imported = await db.select().from(proofs).where(isNull(proofs.fileKey));
    expect(imported.length).toBeGreaterThan(50);
    expect(imported.every((proof) => proof.manifestKey === null)).toBe(true);

    // What main.ts runs on a demo start: the proofs worker draws the demo books from the queue while
    // the season's shared books are drawn through the same page pool. The pool draws small viewer
    // images (a quarter of the width, a sixteenth of the work): what is proved is where pages come
    // from and that they exist, not how they look (proof-pipeline-render.test.ts), so the test stays
    // well under a minute on a busy machine.
    const pool = createPagePool({ size: 2 });
    const smallPages: PagePool = {
      size: pool.size,
      run: (bytes, options) =>
        pool.run(bytes, {
          ...options,
          render: options.render && { ...options.render, viewerWidth: 400, thumbWidth: 100 },
        }),
      close: () => pool.close(),
    };
    const workers = createProofWorkers(t.app.services, { pool: smallPages });
    try {
      const t0 = Date.now();
      const c0 = process.cpuUsage();
      setTimeout(() => {}, 0);
      const [, given] = await Promise.all([
        workers.proofs.drain().then((n) => console.log('DRAIN', n, Date.now() - t0, process.cpuUsage(c0))),
        giveSeasonProofsPages(t.app.services, workers.pool).then((n) => {
          console.log('SEASON', n, Date.now() - t0, process.cpuUsage(c0));
          return n;
        }),
      ]);
      expect(given).toBe(imported.length);
    } finally {
      await workers.stop();
    }

    // Every proof, of every status, demo book or season history, has a manifest whose pages exist.
    const all = await db
      .select({ proof: proofs, project: projects })
      .from(proofs)
      .innerJoin(projects, eq(projects.id, proofs.projectId));
    expect(new Set(all.map(({ proof }) => proof.status))).toEqual(new Set([1, 2, 3]));
    const keys = new Set<string>();
    for (const { proof, project } of all) {
      expect(proof.processingStatus, `proof ${proof.id}`).toBe(2);
      const stored = proof.manifestKey ? await files.get(proof.manifestKey) : null;
      expect(stored, `manifest of proof ${proof.id}`).not.toBeNull();
      const manifest = JSON.parse(stored!.toString('utf8')) as ProofManifest;
      expect(manifest.proofId).toBe(String(proof.id));
      expect(manifest.pages.map((page) => page.page)).toEqual(
        Array.from({ length: manifest.pageCount }, (_, index) => index + 1),
      );
      expect(proof.pageCount).toBe(manifest.pageCount);
      if (!proof.fileKey) {
        // Season history: its project's length, page n showing the shared book's page ((n - 1) mod 16) + 1.
        expect(manifest.pageCount).toBe(project.pageCount);
        const shared = seasonPageKeys(project.typeSize ?? 8);
        manifest.pages.forEach((page, index) => {
          expect(page.viewer?.key).toBe(shared.viewer((index % SEASON_SOURCE_PAGES) + 1));
        });
      }
      for (const page of manifest.pages) {
        expect(page.viewer && page.thumb, `page ${page.page} of proof ${proof.id}`).toBeTruthy();
        keys.add(page.viewer!.key);
        keys.add(page.thumb!.key);
      }
    }
    for (const key of keys) expect(await files.stat(key), key).not.toBeNull();

    // Every approved proof gets its EPUB: the demo books when first processed, the season's with its pages.
    const epubJobs = new Set(
      (await db.select({ payload: queueEpubs.payload }).from(queueEpubs)).map((job) =>
        Number((job.payload as { proofId: number }).proofId),
      ),
    );
    const approved = all.filter(({ proof }) => proof.status === 3).map(({ proof }) => proof.id);
    expect(approved.filter((id) => !epubJobs.has(id))).toEqual([]);

    // The flipbook's request for an approved imported proof: signed URLs that serve the images.
    const sample = all.find(({ proof }) => !proof.fileKey && proof.status === 3)!.proof;
    const response = await t.call({ method: 'GET', url: `/api/proofs/${sample.id}/s3_parse_manifest`, as: SUPER });
    expect(response.statusCode).toBe(200);
    const viewerUrl = response.json<{ pages: { viewerUrl: string | null }[] }>().pages[0]?.viewerUrl;
    const image = await t.call({ method: 'GET', url: viewerUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    // A later start finds nothing to do (and draws nothing again).
    expect(await giveSeasonProofsPages(t.app.services, workers.pool)).toBe(0);
  }, 600_000);
});
