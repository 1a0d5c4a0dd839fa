import {
  accounts,
  projects,
  proofCommentInternals,
  proofComments,
  proofReviewers,
  proofs,
  queueProofs,
} from '@colophon/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDemoProofs } from '../src/modules/proofs/demo';
import { checkUploadedPdf } from '../src/modules/uploads/validate';
import { createTestApp, type TestApp } from './harness';

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
});
