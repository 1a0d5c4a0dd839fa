import { uploadKind, uploadOperations } from '@colophon/contract';
import { processingUsage, proofs, queueUploads } from '@colophon/db';
import {
  hasSeparateCover,
  PROCESSING_WINDOW_MS,
  processingAllowance,
  selfCoverMessage,
  uploadPageCountProblem,
} from '@colophon/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../context';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { AppError, invalidField, notFound } from '../../errors';
import { enqueue } from '../../queue';
import { visibleProject } from './access';
import { checkStoredPdf, storedFile } from './validate';

/** What a `queue_uploads` job carries to its handler. */
export interface UploadJobPayload {
  projectId: number;
  accountId: number;
  fileKey: string;
  kind: 'pages' | 'cover';
  pageCount: number;
  userId: number;
  userName: string;
}

/** The payload as stored (jsonb): read back defensively, since a row may predate a change. */
const storedPayloadSchema = z.object({
  projectId: z.number().int(),
  fileKey: z.string(),
  kind: z.enum(uploadKind).catch('pages'),
  pageCount: z.number().int().catch(0),
});

export async function registerUploadJobRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, uploadOperations.queue, async function createUploadJob(request, reply) {
    const context = requestContext(app, request);
    const { projectId, fileKey, kind } = request.body;
    const project = await visibleProject(context, projectId);
    if (kind === 'cover' && !hasSeparateCover(project.typeBook))
      throw invalidField('kind', selfCoverMessage(project.typeBook));
    const file = await storedFile(services.files, fileKey);
    const checked = await checkStoredPdf(file);
    if ('problem' in checked) throw invalidField('fileKey', checked.problem);
    // Counted from the page tree's root before any page is drawn: a far-off count is refused here.
    const tooManyPages = uploadPageCountProblem({
      pageCount: checked.pageCount,
      kind,
      projectPageCount: project.pageCount,
      typeBook: project.typeBook,
    });
    if (tooManyPages) throw invalidField('fileKey', tooManyPages);
    const { user } = context.auth;
    const payload: UploadJobPayload = {
      projectId,
      accountId: project.accountId,
      fileKey,
      kind,
      pageCount: checked.pageCount,
      userId: user.id,
      userName: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email,
    };
    const usage = { userId: user.id, pages: checked.pageCount, bytes: file?.size ?? 0 };
    const row = await services.db.transaction(async (tx) => {
      await takeProcessingAllowance(services, tx, usage);
      return enqueue(tx, 'uploads', payload);
    });
    reply.code(201);
    return {
      id: row.id,
      status: row.status,
      projectId,
      fileKey,
      kind,
      pageCount: checked.pageCount,
      createdAt: row.createdAt.toISOString(),
      lastError: null,
      proofId: null,
      proofProcessingStatus: null,
      proofProcessingError: null,
    };
  });

  implement(app, uploadOperations.job, async function uploadJobOf(request) {
    const { id } = request.params;
    const [row] = await services.db.select().from(queueUploads).where(eq(queueUploads.id, id));
    const payload = storedPayloadSchema.safeParse(row?.payload);
    if (!row || !payload.success) throw notFound(`Upload ${id}`);
    // Another tenant's upload is not theirs to know of: the same 404 as a missing one.
    await visibleProject(requestContext(app, request), payload.data.projectId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'not_found' ? notFound(`Upload ${id}`) : error;
    });
    const [proof] = await services.db
      .select({ id: proofs.id, processingStatus: proofs.processingStatus, processingError: proofs.processingError })
      .from(proofs)
      .where(eq(proofs.uploadJobId, id));
    return {
      id: row.id,
      status: row.status,
      projectId: payload.data.projectId,
      fileKey: payload.data.fileKey,
      kind: payload.data.kind,
      pageCount: payload.data.pageCount,
      createdAt: row.createdAt.toISOString(),
      lastError: row.lastError,
      proofId: proof?.id ?? null,
      proofProcessingStatus: proof?.processingStatus ?? null,
      proofProcessingError: proof?.processingError ?? null,
    };
  });
}

/**
 * Records an upload's pages and bytes against its user's hour of processing, or refuses it (429,
 * Retry-After: when enough of the hour's oldest uses have left the window). The lock keeps two
 * uploads at once from both taking the last of the allowance; it ends with the transaction.
 */
async function takeProcessingAllowance(
  services: Services,
  tx: Services['db'],
  usage: { userId: number; pages: number; bytes: number },
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('processing_usage'), ${usage.userId})`);
  const now = services.clock.now();
  const used = await tx
    .select({ pages: processingUsage.pages, bytes: processingUsage.bytes, at: processingUsage.createdAt })
    .from(processingUsage)
    .where(
      and(
        eq(processingUsage.userId, usage.userId),
        gt(processingUsage.createdAt, new Date(now.getTime() - PROCESSING_WINDOW_MS)),
      ),
    );
  const allowance = processingAllowance(used, usage, services.config.processingLimits, now);
  if (!allowance.allowed) {
    const seconds = Math.max(1, Math.ceil((allowance.retryAt.getTime() - now.getTime()) / 1000));
    throw new AppError('too_many_requests', allowance.message, { headers: { 'retry-after': String(seconds) } });
  }
  await tx.insert(processingUsage).values({ ...usage, createdAt: now });
}
