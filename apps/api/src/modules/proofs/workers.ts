import { projects, proofFindings, proofInternalActions, proofs, queueProofs } from '@colophon/db';
import {
  internalProofStatus,
  MAX_PROOF_FILE_PAGES,
  notificationType,
  proofProcessingStatus,
  proofStatus,
} from '@colophon/domain';
import { rosterSchoolOfAccount } from '@colophon/roster';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Services } from '../../context';
import {
  createPagePool,
  type Finding,
  type PagePool,
  ProofFileMissingError,
  type ProofProgress,
  ProofTooManyPagesError,
  processProof,
  proofImageKeys,
} from '../../proof-pipeline';
import { type ClaimedJob, enqueue, errorMessage, type JobHandler, PermanentJobError, QueueWorker } from '../../queue';
import { notify } from '../notifications/notify';
import type { UploadJobPayload } from '../uploads/routes';
import { createEpubWorker, enqueueEpub } from './epub';
import { runNameCheck } from './name-check';

export interface ProofJobPayload {
  proofId: number;
}

type WorkerServices = Pick<Services, 'db' | 'files'>;

/** Adds the pipeline's findings to the proof's (none: no statement). */
async function insertFindings(db: WorkerServices['db'], proofId: number, findings: readonly Finding[]) {
  if (findings.length === 0) return;
  await db.insert(proofFindings).values(
    findings.map((finding) => ({
      proofId,
      page: finding.page,
      code: finding.code,
      severity: finding.severity,
      message: finding.message,
      box: finding.box ?? null,
    })),
  );
}

/** How often the page progress is written while a proof is processed: a batch per interval or per pages. */
export interface ProgressBatching {
  /** At most one write per this many milliseconds (default 500)… */
  everyMs?: number;
  /** …unless this many pages finished since the last write (default 16). */
  everyPages?: number;
  now?: () => number;
}

/**
 * Writes the pipeline's progress on the proof as it goes, batched: pages done (and the file's page
 * count) on the proof, and the findings found so far appended to proof_findings, so the upload and
 * proof pages can show "Pages 37 of 128" and the findings as they come. A 128-page book is a handful
 * of small writes, not one per page. The first and last reports are always written; writes run one
 * after another; `close()` waits for those reported and takes no more (the final transaction then
 * replaces the findings whole); none is written once the job's lease is lost.
 */
export function progressRecorder(
  db: WorkerServices['db'],
  proofId: number,
  signal: AbortSignal,
  batching: ProgressBatching = {},
  onError: (error: unknown) => void = () => {},
) {
  const everyMs = batching.everyMs ?? 500;
  const everyPages = batching.everyPages ?? 16;
  const now = batching.now ?? Date.now;
  let pending: Finding[] = [];
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let lastWritePages = 0;
  let closed = false;
  let chain: Promise<void> = Promise.resolve();
  let writes = 0;

  const write = (pagesDone: number, pageCount: number) => {
    const findings = pending;
    pending = [];
    lastWriteAt = now();
    lastWritePages = pagesDone;
    chain = chain
      .then(async () => {
        if (signal.aborted) return;
        writes += 1;
        await db.transaction(async (tx) => {
          await insertFindings(tx, proofId, findings);
          await tx.update(proofs).set({ pagesDone, pageCount, updatedAt: new Date() }).where(eq(proofs.id, proofId));
        });
      })
      .catch(onError);
  };

  return {
    report(progress: ProofProgress) {
      if (closed) return;
      pending.push(...progress.findings);
      const first = progress.pagesDone === 0;
      const last = progress.pagesDone >= progress.pageCount;
      if (first || last || now() - lastWriteAt >= everyMs || progress.pagesDone - lastWritePages >= everyPages) {
        write(progress.pagesDone, progress.pageCount);
      }
    },
    /** Takes no more reports, and waits for the writes of those already made. */
    async close() {
      closed = true;
      await chain;
    },
    /** Writes made so far (tests). */
    get writes() {
      return writes;
    },
  };
}

/**
 * `queue_uploads`: a checked upload becomes a proof (status 1 Needs Review, internal 1 Awaiting
 * Review, the project's next round) and a `queue_proofs` job. Idempotent: the proof is keyed by the
 * upload job (a unique index), and the proofs job is enqueued only when none exists for the proof.
 */
export function uploadHandler(services: WorkerServices): JobHandler<UploadJobPayload, { proofId: number }> {
  return async (job) => {
    const { db } = services;
    const payload = job.payload;
    if (!payload?.projectId || !payload.fileKey) throw new PermanentJobError('The upload job has no project or file.');
    let [proof] = await db.select().from(proofs).where(eq(proofs.uploadJobId, job.id));
    if (!proof) {
      const [previous] = await db
        .select({ rounds: count() })
        .from(proofs)
        .where(and(eq(proofs.projectId, payload.projectId), eq(proofs.kind, payload.kind ?? 'pages')));
      const [inserted] = await db
        .insert(proofs)
        .values({
          projectId: payload.projectId,
          status: proofStatus.NeedsReview,
          internalStatus: internalProofStatus.AwaitingReview,
          uploadJobId: job.id,
          roundNumber: (previous?.rounds ?? 0) + 1,
          kind: payload.kind ?? 'pages',
          fileKey: payload.fileKey,
          uploadedBy: payload.userId || null,
          pageCount: payload.pageCount ?? null,
        })
        .onConflictDoNothing({ target: proofs.uploadJobId })
        .returning();
      if (inserted) {
        await db.insert(proofInternalActions).values({
          proofId: inserted.id,
          userId: payload.userId || null,
          action: 'uploaded',
          internalStatus: internalProofStatus.AwaitingReview,
          note: `Round ${inserted.roundNumber} (${inserted.kind}) uploaded`,
        });
        proof = inserted;
      } else {
        [proof] = await db.select().from(proofs).where(eq(proofs.uploadJobId, job.id));
      }
    }
    if (!proof) throw new Error(`The proof of upload job ${job.id} could not be created.`);
    const [queued] = await db
      .select({ id: queueProofs.id })
      .from(queueProofs)
      .where(sql`${queueProofs.payload}->>'proofId' = ${String(proof.id)}`)
      .limit(1);
    if (!queued) await enqueue<ProofJobPayload>(db, 'proofs', { proofId: proof.id });
    return { proofId: proof.id };
  };
}

/**
 * `queue_proofs`: preflight and page images through `processProof` (one long-lived page pool), the
 * findings (replaced as a whole, so a rerun overwrites), the manifest key and summary on the proof,
 * then the notifications: 1 Proof Ready and 110 when it passed, else the error types of its findings;
 * 23 No Files Uploaded at once when the proof's file is missing, 24 Processor Error when the last
 * attempt fails otherwise. Notifications are raised by the run that first
 * marks the proof processed (`processed_at` null → set), so a rerun does not raise them twice.
 */
export function proofHandler(
  services: WorkerServices,
  pool: PagePool,
  batching: ProgressBatching = {},
  onError: (error: unknown) => void = () => {},
): JobHandler<ProofJobPayload, { proofId: number; passed: boolean }> {
  return async (job, context) => {
    const { db } = services;
    const proofId = Number(job.payload?.proofId);
    const [row] = await db
      .select({ proof: proofs, project: projects })
      .from(proofs)
      .innerJoin(projects, eq(projects.id, proofs.projectId))
      .where(eq(proofs.id, proofId));
    if (!row) throw new PermanentJobError(`Proof ${proofId} does not exist.`);
    const { proof, project } = row;
    if (!proof.fileKey) {
      const message = 'No file was uploaded for this proof.';
      await recordFailure(services, proofId, project, message, notificationType.NoFilesUploaded);
      throw new PermanentJobError(message);
    }
    // A job queued past the upload's page-count check (an older row, a script): refused before the
    // file is even read. The structure check and the page pool hold the file itself to the same limit.
    if ((proof.pageCount ?? 0) > MAX_PROOF_FILE_PAGES) {
      const { message } = new ProofTooManyPagesError();
      await recordFailure(services, proofId, project, message, notificationType.InvalidPageCount);
      throw new PermanentJobError(message);
    }
    const progress = progressRecorder(db, proofId, context.signal, batching, onError);
    try {
      // A rerun starts its progress again: an earlier run's partial findings go (the end replaces them anyway).
      await db.transaction(async (tx) => {
        await tx.delete(proofFindings).where(eq(proofFindings.proofId, proofId));
        await tx
          .update(proofs)
          .set({ processingStatus: proofProcessingStatus.Processing, pagesDone: 0, updatedAt: new Date() })
          .where(eq(proofs.id, proofId));
      });
      // The pages' text is read (in the same pass as their images) only for a school with a roster.
      const hasRoster = await rosterSchoolOfAccount(db, project.accountId).then(Boolean, (error: unknown) => {
        onError(error);
        return false;
      });
      const result = await processProof({
        fileKey: proof.fileKey,
        spec: {
          bookType: project.typeBook,
          sizeCode: project.typeSize ?? 8,
          pageCount: project.pageCount ?? proof.pageCount ?? 0,
          isCover: proof.kind === 'cover',
        },
        proofId,
        files: services.files,
        pool,
        signal: context.signal,
        onProgress: (step) => progress.report(step),
        text: hasRoster,
      });
      await progress.close();
      if (context.signal.aborted) throw new Error('The job lost its lease.');
      // Before the proof shows as processed, so the screen finds the check with it. Never throws.
      if (result.text) await runNameCheck(db, { proofId, accountId: project.accountId, pages: result.text }, onError);
      await db.transaction(async (tx) => {
        await tx.delete(proofFindings).where(eq(proofFindings.proofId, proofId));
        await insertFindings(tx, proofId, result.findings);
        const values = {
          processingStatus: proofProcessingStatus.Processed,
          processingError: null,
          manifestKey: result.manifest ? proofImageKeys(proofId).manifest : null,
          pageCount: result.manifest?.pageCount ?? proof.pageCount,
          pagesDone: result.manifest?.pageCount ?? null,
          summary: result.summary,
          updatedAt: new Date(),
        };
        const marked = await tx
          .update(proofs)
          .set({ ...values, processedAt: new Date() })
          .where(and(eq(proofs.id, proofId), isNull(proofs.processedAt)))
          .returning({ id: proofs.id });
        if (marked.length === 0) {
          await tx.update(proofs).set(values).where(eq(proofs.id, proofId));
          return;
        }
        // The run that first marks the proof processed writes its history line, its notifications
        // (their e-mails queued) and its EPUB job in the same transaction: all of them or none.
        await tx.insert(proofInternalActions).values({
          proofId,
          action: result.summary.passed ? 'passed technical review' : 'failed technical review',
          note: `${result.summary.errors} errors, ${result.summary.warnings} warnings`,
        });
        const base = {
          accountId: project.accountId,
          projectId: project.id,
          projectName: project.name,
          typeBook: project.typeBook,
        };
        await notify(tx, { ...base, typeNotification: notificationType.ProofReady });
        // A proof approved before its pages were drawn (an import, the demo) gets its EPUB now.
        if (proof.status === proofStatus.Approved) await enqueueEpub(tx, proofId);
        for (const type of result.summary.notificationTypes) {
          await notify(tx, { ...base, typeNotification: type, info: summaryText(result.summary) });
        }
      });
      return { proofId, passed: result.summary.passed };
    } catch (error) {
      await progress.close();
      // A file missing from the store does not come back: no retries, and the school is told to upload.
      if (error instanceof ProofFileMissingError) {
        await recordFailure(services, proofId, project, error.message, notificationType.NoFilesUploaded);
        throw new PermanentJobError(error.message);
      }
      // Too many pages stays too many: no retries, nothing drawn.
      if (error instanceof ProofTooManyPagesError) {
        await recordFailure(services, proofId, project, error.message, notificationType.InvalidPageCount);
        throw new PermanentJobError(error.message);
      }
      if (isLastAttempt(job, error) && !context.signal.aborted) {
        await recordFailure(services, proofId, project, errorMessage(error), notificationType.ProcessorError);
      }
      throw error;
    }
  };
}

function summaryText(summary: { errors: number; warnings: number; pagesWithErrors: number[] }) {
  const pages = summary.pagesWithErrors.length > 0 ? ` on pages ${summary.pagesWithErrors.join(', ')}` : '';
  return `${summary.errors} errors${pages}, ${summary.warnings} warnings`;
}

const isLastAttempt = (job: ClaimedJob, error: unknown) =>
  error instanceof PermanentJobError || job.attempts >= job.maxAttempts;

/** The proof is marked failed with its reason, once, and the school gets 22, 23 or 24. */
async function recordFailure(
  services: WorkerServices,
  proofId: number,
  project: typeof projects.$inferSelect,
  message: string,
  typeNotification:
    | typeof notificationType.InvalidPageCount
    | typeof notificationType.NoFilesUploaded
    | typeof notificationType.ProcessorError,
) {
  await services.db.transaction(async (tx) => {
    const marked = await tx
      .update(proofs)
      .set({ processingStatus: proofProcessingStatus.Failed, processingError: message, updatedAt: new Date() })
      .where(and(eq(proofs.id, proofId), ne(proofs.processingStatus, proofProcessingStatus.Failed)))
      .returning({ id: proofs.id });
    if (marked.length === 0) return;
    await tx.insert(proofInternalActions).values({ proofId, action: 'processing failed', note: message });
    await notify(tx, {
      accountId: project.accountId,
      projectId: project.id,
      projectName: project.name,
      typeBook: project.typeBook,
      typeNotification,
      errorMessage: message,
    });
  });
}

export interface ProofWorkers {
  uploads: QueueWorker<UploadJobPayload, { proofId: number }>;
  proofs: QueueWorker<ProofJobPayload, { proofId: number; passed: boolean }>;
  epubs: ReturnType<typeof createEpubWorker>;
  pool: PagePool;
  /** Waits for the running jobs (up to `timeoutMs`), then closes the page pool. */
  stop(timeoutMs?: number): Promise<void>;
}

/** The workers of the proofs capability (uploads, proofs, EPUBs); the first two share one page pool. */
export function createProofWorkers(
  services: WorkerServices,
  options: { pool?: PagePool; onError?: (error: unknown) => void; idleMs?: number; leaseMs?: number } = {},
): ProofWorkers {
  const pool = options.pool ?? createPagePool();
  const common = { db: services.db, onError: options.onError, idleMs: options.idleMs, leaseMs: options.leaseMs };
  const uploads = new QueueWorker({ ...common, queue: 'uploads', handler: uploadHandler(services) });
  const proofsWorker = new QueueWorker({
    ...common,
    queue: 'proofs',
    handler: proofHandler(services, pool, {}, options.onError),
  });
  const epubs = createEpubWorker(services, common);
  return {
    uploads,
    proofs: proofsWorker,
    epubs,
    pool,
    async stop(timeoutMs = 30_000) {
      await Promise.all([uploads.stop({ timeoutMs }), proofsWorker.stop({ timeoutMs }), epubs.stop({ timeoutMs })]);
      await pool.close();
    },
  };
}
