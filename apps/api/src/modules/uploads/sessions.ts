import { type UploadSession, uploadOperations } from '@colophon/contract';
import { uploadSessionParts, uploadSessions } from '@colophon/db';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../context';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { AppError, invalidField, notFound } from '../../errors';
import { MissingPartsError } from '../../integrations/files/file-store';
import { callerOf } from '../../plugins/authentication';
import { requireVisibleAccount } from '../accounts/tree';
import { newUploadKey, UPLOAD_URL_TTL_SECONDS, visibleProject } from './access';

/** How long a resumable upload may take, pauses and reloads included, before it is thrown away. */
export const UPLOAD_SESSION_TTL_HOURS = 48;

type SessionRow = typeof uploadSessions.$inferSelect;
type PartRow = typeof uploadSessionParts.$inferSelect;

/** The size part `partNumber` must have: `partSize`, except the last, which has the rest. */
export function partSizeOf(session: Pick<SessionRow, 'size' | 'partSize' | 'partCount'>, partNumber: number): number {
  return partNumber < session.partCount ? session.partSize : session.size - session.partSize * (session.partCount - 1);
}

const isExpired = (session: SessionRow) => session.status === 'open' && session.expiresAt.getTime() < Date.now();

function sessionView(session: SessionRow, parts: PartRow[], bucket: string): UploadSession {
  return {
    id: session.id,
    fileKey: session.fileKey,
    bucket,
    projectId: session.projectId,
    accountId: session.accountId,
    fileName: session.fileName,
    contentType: session.contentType,
    size: session.size,
    partSize: session.partSize,
    partCount: session.partCount,
    status: session.status as UploadSession['status'],
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    parts: parts
      .sort((a, b) => a.partNumber - b.partNumber)
      .map((part) => ({ partNumber: part.partNumber, size: part.size, etag: part.etag })),
  };
}

/** Gives the store's parts of an upload back (best effort: a store that cannot is left to its lifecycle rules). */
async function abortInStore(services: Services, session: SessionRow, log: FastifyRequest['log']) {
  try {
    await services.files.multipart.abort(session.fileKey, session.storeUploadId);
  } catch (error) {
    log.warn({ err: error, sessionId: session.id }, 'the file store did not abort an upload');
  }
}

/**
 * Resumable uploads of files up to 2 GB: a session per file names its key, part size and part
 * count; the browser asks for part URLs, PUTs the parts (in any order, again after a failure),
 * reports each part's ETag, and completes. A session is its user's alone (404 for anyone else) and
 * expires after `UPLOAD_SESSION_TTL_HOURS` (410, and its parts are thrown away).
 */
export async function registerUploadSessionRoutes(app: FastifyInstance) {
  const { services } = app;
  const { db } = services;

  const partsOf = (sessionId: string) =>
    db
      .select()
      .from(uploadSessionParts)
      .where(eq(uploadSessionParts.sessionId, sessionId))
      .orderBy(asc(uploadSessionParts.partNumber));

  const ownSession = async (request: FastifyRequest, id: string) => {
    const [session] = await db
      .select()
      .from(uploadSessions)
      .where(and(eq(uploadSessions.id, id), eq(uploadSessions.userId, callerOf(request).user.id)));
    if (!session) throw notFound('This upload');
    return session;
  };

  const markAborted = async (session: SessionRow, request: FastifyRequest) => {
    const [changed] = await db
      .update(uploadSessions)
      .set({ status: 'aborted' })
      .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.status, 'open')))
      .returning({ id: uploadSessions.id });
    if (changed) await abortInStore(services, session, request.log);
  };

  /** An open session of the caller's: 410 once it expired (its parts thrown away), 409 when closed. */
  const openSession = async (request: FastifyRequest, id: string) => {
    const session = await ownSession(request, id);
    if (isExpired(session)) {
      await markAborted(session, request);
      throw new AppError('gone', 'This upload has expired; start it again.');
    }
    if (session.status !== 'open') {
      throw new AppError(
        'conflict',
        `This upload is ${session.status === 'complete' ? 'already complete' : 'cancelled'}.`,
      );
    }
    return session;
  };

  // Expired sessions nobody came back to, a few at a time, whenever a new one starts.
  const sweepExpired = async (request: FastifyRequest) => {
    const stale = await db
      .select()
      .from(uploadSessions)
      .where(and(eq(uploadSessions.status, 'open'), lt(uploadSessions.expiresAt, new Date())))
      .limit(10);
    for (const session of stale) await markAborted(session, request);
  };

  implement(app, uploadOperations.createSession, async function startUploadSession(request, reply) {
    const context = requestContext(app, request);
    const { projectId, account_id: accountId, fileName, contentType, size } = request.body;
    const owner = projectId
      ? { projectId, accountId: (await visibleProject(context, projectId)).accountId }
      : { projectId: null, accountId: (await requireVisibleAccount(context, accountId ?? 0)).id };
    await sweepExpired(request);
    const fileKey = newUploadKey();
    const partSize = services.config.uploadPartBytes;
    const storeUploadId = await services.files.multipart.create(fileKey, contentType);
    const [session] = await db
      .insert(uploadSessions)
      .values({
        fileKey,
        userId: context.auth.user.id,
        ...owner,
        fileName,
        contentType,
        size,
        partSize,
        partCount: Math.ceil(size / partSize),
        storeUploadId,
        expiresAt: new Date(Date.now() + UPLOAD_SESSION_TTL_HOURS * 3_600_000),
      })
      .returning();
    if (!session) throw new Error('The upload session was not stored.');
    reply.code(201);
    return sessionView(session, [], services.files.bucket);
  });

  implement(app, uploadOperations.getSession, async function uploadSessionOf(request) {
    const session = await ownSession(request, request.params.id);
    if (isExpired(session)) {
      await markAborted(session, request);
      throw new AppError('gone', 'This upload has expired; start it again.');
    }
    const parts = await partsOf(session.id);
    if (session.status === 'open') await addPartsOnlyTheStoreKnows(session, parts, request);
    return sessionView(session, parts, services.files.bucket);
  });

  /**
   * A part whose PUT succeeded but whose report was lost (the page closed in between) is still in the
   * store: asking it spares sending the part again. The recorded parts stand when it cannot answer.
   */
  const addPartsOnlyTheStoreKnows = async (session: SessionRow, parts: PartRow[], request: FastifyRequest) => {
    let stored: Awaited<ReturnType<typeof services.files.multipart.listParts>>;
    try {
      stored = await services.files.multipart.listParts(session.fileKey, session.storeUploadId);
    } catch (error) {
      request.log.debug({ err: error }, 'the file store could not list the parts of an upload');
      return;
    }
    const known = new Set(parts.map((part) => part.partNumber));
    for (const part of stored) {
      const valid = part.partNumber >= 1 && part.partNumber <= session.partCount;
      if (!valid || known.has(part.partNumber) || part.size !== partSizeOf(session, part.partNumber)) continue;
      const [row] = await db
        .insert(uploadSessionParts)
        .values({ sessionId: session.id, partNumber: part.partNumber, size: part.size, etag: part.etag })
        .onConflictDoNothing()
        .returning();
      if (row) parts.push(row);
    }
  };

  implement(app, uploadOperations.partUrls, async function partUrls(request) {
    const session = await openSession(request, request.params.id);
    const beyond = request.body.partNumbers.find((partNumber) => partNumber > session.partCount);
    if (beyond !== undefined) {
      throw invalidField('partNumbers', `This upload has ${session.partCount} parts; there is no part ${beyond}.`);
    }
    const parts = await Promise.all(
      [...new Set(request.body.partNumbers)].map(async (partNumber) => {
        const size = partSizeOf(session, partNumber);
        const target = await services.files.multipart.presignPart(session.fileKey, session.storeUploadId, partNumber, {
          size,
          expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
        });
        return {
          partNumber,
          url: target.url,
          method: 'PUT' as const,
          headers: target.headers,
          size,
          expiresAt: target.expiresAt.toISOString(),
        };
      }),
    );
    return { parts };
  });

  implement(app, uploadOperations.recordPart, async function recordParts(request) {
    const session = await openSession(request, request.params.id);
    const { partNumber, size, etag } = request.body;
    if (partNumber > session.partCount) {
      throw invalidField('partNumber', `This upload has ${session.partCount} parts; there is no part ${partNumber}.`);
    }
    const expected = partSizeOf(session, partNumber);
    if (size !== expected) throw invalidField('size', `Part ${partNumber} has ${expected} bytes, not ${size}.`);
    const [row] = await db
      .insert(uploadSessionParts)
      .values({ sessionId: session.id, partNumber, size, etag })
      .onConflictDoUpdate({
        target: [uploadSessionParts.sessionId, uploadSessionParts.partNumber],
        set: { size, etag, createdAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('The part was not recorded.');
    return { partNumber: row.partNumber, size: row.size, etag: row.etag };
  });

  implement(app, uploadOperations.completeSession, async function completeUploadSession(request) {
    const { id } = request.params;
    const done = (session: SessionRow) => ({
      fileKey: session.fileKey,
      bucket: services.files.bucket,
      size: session.size,
    });
    const already = await ownSession(request, id);
    if (already.status === 'complete') return done(already);
    const session = await openSession(request, id);
    const parts = await partsOf(session.id);
    const have = new Set(parts.map((part) => part.partNumber));
    const missing = Array.from({ length: session.partCount }, (_, index) => index + 1).filter((n) => !have.has(n));
    if (missing.length > 0) throw missingParts(missing);
    let size: number;
    try {
      ({ size } = await services.files.multipart.complete(
        session.fileKey,
        session.storeUploadId,
        parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag ?? '' })),
      ));
    } catch (error) {
      if (!(error instanceof MissingPartsError)) throw error;
      const [now] = await db.select().from(uploadSessions).where(eq(uploadSessions.id, id));
      if (now?.status === 'complete') return done(now);
      // The store lacks these: forget them, so the browser sends them again.
      if (error.partNumbers.length > 0) {
        await db
          .delete(uploadSessionParts)
          .where(and(eq(uploadSessionParts.sessionId, id), inArray(uploadSessionParts.partNumber, error.partNumbers)));
      }
      throw missingParts(error.partNumbers);
    }
    if (size !== session.size) {
      await services.files.delete(session.fileKey);
      throw new AppError(
        'conflict',
        `The joined file has ${size} bytes, not the ${session.size} announced; send it again.`,
      );
    }
    await db
      .update(uploadSessions)
      .set({ status: 'complete', completedAt: new Date() })
      .where(eq(uploadSessions.id, id));
    return done(session);
  });

  implement(app, uploadOperations.cancelSession, async function cancelUploadSession(request, reply) {
    const session = await ownSession(request, request.params.id);
    await markAborted(session, request);
    return reply.status(204).send(null);
  });
}

const missingParts = (partNumbers: number[]) =>
  new AppError(
    'conflict',
    partNumbers.length > 0
      ? `Parts ${partNumbers.join(', ')} have not been received; send them again.`
      : 'No parts have been received.',
    { errors: [{ path: 'parts', message: partNumbers.join(',') }] },
  );
