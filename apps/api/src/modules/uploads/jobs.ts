import {
  createUploadBodySchema,
  type UploadJob,
  uploadJobParamsSchema,
  uploadJobSchema,
  uploadKind,
} from '@colophon/contract';
import { proofs, queueUploads } from '@colophon/db';
import { hasSeparateCover, selfCoverMessage } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../engine/resource';
import { AppError, invalidField, notFound } from '../../errors';
import { enqueue } from '../../queue';
import { problems, visibleProject } from './access';
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  routes.post(
    '/api/uploads',
    {
      config: { permission: 'proofs.upload' },
      schema: {
        tags: ['uploads'],
        summary: 'Checks an uploaded PDF and queues it to become a proof of the project',
        body: createUploadBodySchema,
        response: { 201: uploadJobSchema, ...problems },
      },
    },
    async (request, reply) => {
      const context = requestContext(app, request);
      const { projectId, fileKey, kind } = request.body;
      const project = await visibleProject(context, projectId);
      if (kind === 'cover' && !hasSeparateCover(project.typeBook))
        throw invalidField('kind', selfCoverMessage(project.typeBook));
      const checked = await checkStoredPdf(await storedFile(services.files, fileKey));
      if ('problem' in checked) throw invalidField('fileKey', checked.problem);
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
      const row = await enqueue(services.db, 'uploads', payload);
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
    },
  );

  routes.get(
    '/api/uploads/:id',
    {
      config: { permission: 'proofs.upload' },
      schema: {
        tags: ['uploads'],
        summary: 'An upload job and what became of it: the proof it made and that proof’s processing',
        params: uploadJobParamsSchema,
        response: { 200: uploadJobSchema, ...problems },
      },
    },
    async (request): Promise<UploadJob> => {
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
    },
  );
}
