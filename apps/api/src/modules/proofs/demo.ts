import { randomUUID } from 'node:crypto';
import { accounts, projects, proofs, queueUploads } from '@colophon/db';
import { and, asc, between, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Services } from '../../context';
import { type BookFaults, makeBook } from '../../proof-pipeline/fixtures/make-book';
import { enqueue } from '../../queue';
import type { UploadJobPayload } from '../uploads/routes';

/** The demo's uploaded books: one clean, and one for each common fault. */
const demoFaults: { label: string; faults: BookFaults }[] = [
  { label: 'clean', faults: {} },
  { label: 'low-resolution image', faults: { lowResolution: true } },
  { label: 'wrong page count', faults: { pageCountDelta: 4 } },
  { label: 'RGB images', faults: { rgbImages: true } },
];

/**
 * Demo proofs that are real: PDFs made with the fixture generator for four demo projects (small
 * books of a size the preflight knows), put in the file store and queued as uploads, so the workers
 * process them on the first start. Runs once: only while no proof has a file and no upload is queued.
 */
export async function enqueueDemoProofs(services: Pick<Services, 'db' | 'files'>): Promise<number> {
  const { db } = services;
  const [withFiles] = await db.select({ n: count() }).from(proofs).where(isNotNull(proofs.fileKey));
  const [uploads] = await db.select({ n: count() }).from(queueUploads);
  if ((withFiles?.n ?? 0) > 0 || (uploads?.n ?? 0) > 0) return 0;
  const candidates = await db
    .select({ project: projects, accountName: accounts.name })
    .from(projects)
    .innerJoin(accounts, eq(accounts.id, projects.accountId))
    .where(
      and(
        eq(projects.isActive, true),
        inArray(projects.typeSize, [5, 8, 9, 11]),
        between(projects.pageCount, 16, 48),
        inArray(projects.typeBook, [1, 2, 3, 4, 5, 6]),
      ),
    )
    .orderBy(asc(projects.id))
    .limit(40);
  const chosen: (typeof candidates)[number][] = [];
  const seen = new Set<number>();
  for (const candidate of candidates) {
    if (seen.has(candidate.project.accountId)) continue;
    seen.add(candidate.project.accountId);
    chosen.push(candidate);
    if (chosen.length === demoFaults.length) break;
  }
  let queued = 0;
  for (const [index, { project }] of chosen.entries()) {
    const { faults } = demoFaults[index]!;
    const pageCount = project.pageCount ?? 24;
    const bytes = await makeBook({
      bookType: project.typeBook,
      sizeCode: project.typeSize ?? 8,
      pageCount,
      photoPpi: 240,
      faults,
      title: project.name,
      seed: index + 1,
    });
    const fileKey = `uploads/${randomUUID()}.pdf`;
    await services.files.put(fileKey, Buffer.from(bytes), 'application/pdf');
    const payload: UploadJobPayload = {
      projectId: project.id,
      accountId: project.accountId,
      fileKey,
      kind: 'pages',
      pageCount: pageCount + (faults.pageCountDelta ?? 0),
      userId: project.createdByUserId ?? 0, // 0: no user (the demo)
      userName: 'Demo',
    };
    await enqueue(db, 'uploads', payload);
    queued++;
  }
  return queued;
}
