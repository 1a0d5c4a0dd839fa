import { randomUUID } from 'node:crypto';
import { accounts, projects, proofs } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { createProofWorkers, type ProofWorkers } from '../src/modules/proofs/workers';
import type { UploadJobPayload } from '../src/modules/uploads/routes';
import { createPagePool } from '../src/proof-pipeline';
import { type MakeBookOptions, makeBook } from '../src/proof-pipeline/fixtures/make-book';
import { enqueue } from '../src/queue';
import { createTestApp, type TestApp } from './harness';

export type AccountRow = typeof accounts.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type ProofRow = typeof proofs.$inferSelect;
export type ProofInsert = typeof proofs.$inferInsert;

/** An account and one of its yearbook projects, with the ids most tests want at hand. */
export interface AccountProject {
  accountId: number;
  parentAccountId: number | null;
  projectId: number;
  projectName: string;
  account: AccountRow;
  project: ProjectRow;
}

/** The demo account named `name` and its project of `year` (the demo gives every school one for 2026). */
export async function projectOf(t: TestApp, name: string, year = 2026): Promise<AccountProject> {
  const [account] = await t.handle.db.select().from(accounts).where(eq(accounts.name, name));
  if (!account) throw new Error(`The demo has no account named ${name}.`);
  const [project] = await t.handle.db
    .select()
    .from(projects)
    .where(and(eq(projects.accountId, account.id), eq(projects.year, year)));
  if (!project) throw new Error(`${name} has no project for ${year}.`);
  return {
    accountId: account.id,
    parentAccountId: account.parentAccountId,
    projectId: project.id,
    projectName: project.name,
    account,
    project,
  };
}

/** A proof written straight to the table: processed and Needs Review unless `values` say otherwise. */
export async function insertProof(t: TestApp, projectId: number, values: Partial<ProofInsert> = {}): Promise<ProofRow> {
  const [row] = await t.handle.db
    .insert(proofs)
    .values({ projectId, status: 1, internalStatus: 1, processingStatus: 2, ...values })
    .returning();
  if (!row) throw new Error('The proof was not inserted.');
  return row;
}

/** Saddle-stitched (1), 8.5×11 (8), 8 pages: small, so generating and rendering it stays quick. */
export const SMALL_BOOK = { bookType: 1, sizeCode: 8, pageCount: 8 } as const satisfies Partial<MakeBookOptions>;

/** What a proof test starts from: the app, workers run only by `drain()`, and two schools of different tenants. */
export interface ProofTestApp {
  t: TestApp;
  workers: ProofWorkers;
  /** Its 2026 project is set to SMALL_BOOK's spec, so books made from SMALL_BOOK pass the checks. */
  lincoln: AccountProject;
  oakValley: AccountProject;
}

export async function createProofTestApp(): Promise<ProofTestApp> {
  const t = await createTestApp();
  try {
    const lincoln = await projectOf(t, 'Lincoln High School');
    const oakValley = await projectOf(t, 'Oak Valley High School');
    await t.handle.db
      .update(projects)
      .set({ typeBook: SMALL_BOOK.bookType, typeSize: SMALL_BOOK.sizeCode, pageCount: SMALL_BOOK.pageCount })
      .where(eq(projects.id, lincoln.projectId));
    const workers = createProofWorkers(t.app.services, { pool: createPagePool({ size: 2 }) });
    return { t, workers, lincoln, oakValley };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** For `afterAll`: either may be missing when `beforeAll` failed part-way. */
export async function closeProofTestApp(t: TestApp | undefined, workers: ProofWorkers | undefined) {
  await workers?.stop();
  await t?.close();
}

/**
 * Stores a book as an upload of `project`, queues it as the upload route would, and lets the upload
 * and proof workers run: the proof made from it. The book is a PDF, or options for one on top of
 * SMALL_BOOK, the spec `createProofTestApp` gives Lincoln's project.
 */
export async function uploadAndProcessBook(
  t: TestApp,
  workers: ProofWorkers,
  project: Pick<AccountProject, 'accountId' | 'projectId'>,
  book: Partial<MakeBookOptions> | Uint8Array,
  payload: Partial<UploadJobPayload> = {},
): Promise<ProofRow> {
  const bytes = book instanceof Uint8Array ? book : await makeBook({ ...SMALL_BOOK, ...book });
  const fileKey = `uploads/${randomUUID()}.pdf`;
  await t.app.services.files.put(fileKey, Buffer.from(bytes), 'application/pdf');
  const job = await enqueue(t.handle.db, 'uploads', {
    projectId: project.projectId,
    accountId: project.accountId,
    fileKey,
    kind: 'pages',
    // As the route does, the file's own page count, which a generated book's faults may change.
    pageCount: (await PDFDocument.load(bytes)).getPageCount(),
    userId: 0,
    userName: 'test',
    ...payload,
  });
  await workers.uploads.drain();
  await workers.proofs.drain();
  const [proof] = await t.handle.db.select().from(proofs).where(eq(proofs.uploadJobId, job.id));
  if (!proof) throw new Error(`Upload job ${job.id} made no proof.`);
  return proof;
}
