import { EPUB_PREPARING_DETAIL, getEpubLink } from '@colophon/contract';
import { accounts, type Db, projects, proofs, queueEpubs } from '@colophon/db';
import { notificationType, proofProcessingStatus, proofStatus } from '@colophon/domain';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../context';
import { implement } from '../../engine/implement';
import { AppError } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import type { ProofManifest } from '../../proof-pipeline';
import { stableBookIdentifier, storeProofEpub } from '../../proof-pipeline/epub';
import { enqueue, type JobHandler, PermanentJobError, QueueStatus, QueueWorker } from '../../queue';
import { notify } from '../notifications/notify';
import { visibleProof } from './query';

/** A download link lives an hour (the file store rounds the expiry up to the next hour). */
const EPUB_URL_TTL_SECONDS = 3600;

export interface EpubJobPayload {
  proofId: number;
}

export interface EpubJobResult {
  proofId: number;
  key: string;
  pages: number;
  missingPages: number[];
  bytes: number;
}

type WorkerServices = Pick<Services, 'db' | 'files'>;

/** One file per proof: a rebuild overwrites it. */
export const epubKeyOf = (proofId: number) => `proofs/${proofId}/book.epub`;

const jobOfProof = (proofId: number) => sql`${queueEpubs.payload}->>'proofId' = ${String(proofId)}`;

/**
 * Queues the EPUB of an approved proof, once: nothing is queued when the proof already has a job
 * (whatever its status: a failed one is retried from the EPUB queue page, not by a second job).
 * Returns whether a job was queued.
 */
export async function enqueueEpub(db: Db, proofId: number): Promise<boolean> {
  const [queued] = await db.select({ id: queueEpubs.id }).from(queueEpubs).where(jobOfProof(proofId)).limit(1);
  if (queued) return false;
  await enqueue<EpubJobPayload>(db, 'epubs', { proofId });
  return true;
}

/**
 * Catches up on start: every approved, processed proof with no EPUB and no job gets one (proofs
 * approved before EPUBs existed, the demo's approved proofs). Returns how many were queued.
 */
export async function enqueueMissingEpubs(db: Db): Promise<number> {
  const waiting = await db
    .select({ id: proofs.id })
    .from(proofs)
    .where(
      and(
        eq(proofs.status, proofStatus.Approved),
        eq(proofs.processingStatus, proofProcessingStatus.Processed),
        isNotNull(proofs.manifestKey),
        isNull(proofs.epubKey),
        sql`not exists (select 1 from ${queueEpubs} where ${queueEpubs.payload}->>'proofId' = ${proofs.id}::text)`,
      ),
    );
  let queued = 0;
  for (const { id } of waiting) if (await enqueueEpub(db, id)) queued++;
  return queued;
}

/**
 * `queue_epubs`: the approved proof's page images become a fixed-layout EPUB 3 at
 * `proofs/<id>/book.epub`, then `proofs.epub_key` and `epub_created_at` are set and 105 EPUB Ready is
 * raised. Idempotent: a rerun writes the same key with the same bytes (its dates are the first
 * build's), and only the run that first sets `epub_created_at` raises the notification.
 */
export function epubHandler(services: WorkerServices): JobHandler<EpubJobPayload, EpubJobResult> {
  return async (job, context) => {
    const { db } = services;
    const proofId = Number(job.payload?.proofId);
    if (!Number.isInteger(proofId) || proofId <= 0) throw new PermanentJobError('The EPUB job names no proof.');
    const [row] = await db
      .select({ proof: proofs, project: projects, accountName: accounts.name })
      .from(proofs)
      .innerJoin(projects, eq(projects.id, proofs.projectId))
      .innerJoin(accounts, eq(accounts.id, projects.accountId))
      .where(eq(proofs.id, proofId));
    if (!row) throw new PermanentJobError(`Proof ${proofId} does not exist.`);
    const { proof, project } = row;
    if (proof.status !== proofStatus.Approved)
      throw new PermanentJobError(
        `Proof ${proofId} is ${proofStatus.label(proof.status)}: only an approved proof gets an EPUB.`,
      );
    const stored = proof.manifestKey ? await services.files.get(proof.manifestKey) : null;
    if (!stored) throw new PermanentJobError(`Proof ${proofId} has no page images (it was not processed).`);
    const manifest = JSON.parse(stored.toString('utf8')) as ProofManifest;

    const key = epubKeyOf(proofId);
    const createdAt = proof.epubCreatedAt ?? new Date();
    const book = await storeProofEpub({
      key,
      files: services.files,
      manifest,
      metadata: {
        identifier: stableBookIdentifier(`proof:${proofId}`),
        title: `${project.name}${proof.kind === 'cover' ? ' cover' : ''}, round ${proof.roundNumber}`,
        creator: row.accountName,
        language: 'en',
        modified: createdAt,
        kind: proof.kind === 'cover' ? 'cover' : 'pages',
      },
      coverImageKey: proof.coverImageKey,
      signal: context.signal,
    });
    if (context.signal.aborted) throw new Error('The job lost its lease.');

    // The first run to mark the EPUB made raises 105 with it, in one transaction (a rerun does not).
    const marked = await db.transaction(async (tx) => {
      const rows = await tx
        .update(proofs)
        .set({ epubKey: key, epubCreatedAt: createdAt, updatedAt: new Date() })
        .where(and(eq(proofs.id, proofId), isNull(proofs.epubCreatedAt)))
        .returning({ id: proofs.id });
      if (rows.length === 0) return false;
      await notify(tx, {
        accountId: project.accountId,
        projectId: project.id,
        projectName: project.name,
        typeBook: project.typeBook,
        typeNotification: notificationType.EPUBReady,
        info:
          book.missingPages.length > 0
            ? `${book.pages} pages; pages ${book.missingPages.join(', ')} could not be drawn and say so`
            : `${book.pages} pages`,
      });
      return true;
    });
    if (!marked) {
      await db.update(proofs).set({ epubKey: key, updatedAt: new Date() }).where(eq(proofs.id, proofId));
    }
    return { proofId, key, pages: book.pages, missingPages: book.missingPages, bytes: book.bytes };
  };
}

/** The `queue_epubs` worker. */
export function createEpubWorker(
  services: WorkerServices,
  options: {
    onError?: ((error: unknown) => void) | undefined;
    idleMs?: number | undefined;
    leaseMs?: number | undefined;
  } = {},
) {
  return new QueueWorker<EpubJobPayload, EpubJobResult>({
    db: services.db,
    queue: 'epubs',
    handler: epubHandler(services),
    onError: options.onError,
    idleMs: options.idleMs,
    leaseMs: options.leaseMs,
  });
}

/** A name a file system takes: no path separators or characters Windows refuses. */
const fileNameSafe = (name: string) =>
  name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180) || 'Yearbook';

export async function registerEpubRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, getEpubLink, async function epubLinkOfProof(request) {
    const { row, item } = await visibleProof({ db: services.db, auth: callerOf(request), request }, request.params.id);
    if (row.status !== proofStatus.Approved)
      throw new AppError(
        'conflict',
        `This proof is ${proofStatus.label(row.status)}: its EPUB is made once the proof is approved.`,
      );
    if (!row.epubKey && !row.manifestKey)
      throw new AppError('conflict', 'This proof has no page images, so no EPUB can be made from it.');
    if (!row.epubKey) {
      const [job] = await services.db
        .select({ status: queueEpubs.status })
        .from(queueEpubs)
        .where(jobOfProof(row.id))
        .orderBy(desc(queueEpubs.id))
        .limit(1);
      // A job that ended (Error, Attention, Addressed) without an EPUB will not make one by itself.
      const ended: number[] = [QueueStatus.Error, QueueStatus.Attention, QueueStatus.Addressed];
      if (job && ended.includes(job.status))
        throw new AppError(
          'conflict',
          'The EPUB could not be made. The plant can make it again from the EPUB processing queue.',
        );
      throw new AppError('conflict', EPUB_PREPARING_DETAIL);
    }
    const fileName = `${fileNameSafe(`${item.projectName}${row.kind === 'cover' ? ' cover' : ''} round ${row.roundNumber}`)}.epub`;
    const url = services.files.signedUrl(row.epubKey, EPUB_URL_TTL_SECONDS, { downloadName: fileName });
    // The local store's URL names its expiry; for another store, at least the time asked for.
    const expires = Number(new URL(url, 'http://localhost').searchParams.get('expires'));
    const expiresAt = Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000) : null;
    return {
      url,
      fileName,
      expiresAt: (expiresAt ?? new Date(Date.now() + EPUB_URL_TTL_SECONDS * 1000)).toISOString(),
    };
  });
}
