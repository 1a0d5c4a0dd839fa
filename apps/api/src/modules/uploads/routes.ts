import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  createUploadBodySchema,
  MAX_UPLOAD_BYTES,
  presignedUploadPostPrivateBodySchema,
  presignedUploadPutQuerySchema,
  presignedUploadSchema,
  problemSchema,
  uploadedFileSchema,
  uploadJobSchema,
} from '@colophon/contract';
import { projects } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResourceContext } from '../../engine/resource';
import { AppError, invalidField, notFound } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { enqueue } from '../../queue';
import { requireVisibleAccount } from '../accounts/tree';
import { projectsScope } from '../projects/resource';
import { uploadUrl, verifyUpload } from './signing';
import { checkUploadedPdf } from './validate';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/** How long a signed upload URL stays valid: long enough for 2 GB on a slow school connection. */
const UPLOAD_URL_TTL_SECONDS = 6 * 3600;

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

export async function registerUploadRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const contextOf = (request: FastifyRequest): ResourceContext => ({
    db: services.db,
    auth: callerOf(request),
    request,
  });

  const visibleProject = async (context: ResourceContext, projectId: number) => {
    const [row] = await context.db
      .select()
      .from(projects)
      .where(and(eq(projects.id, projectId), projectsScope(context)))
      .limit(1);
    if (!row) throw notFound(`Project ${projectId}`);
    return row;
  };

  const grantFor = (size: number) => {
    const key = `uploads/${randomUUID()}.pdf`;
    const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
    const grant = { key, maxBytes: size, expires: Math.floor(expiresAt.getTime() / 1000) };
    return {
      url: uploadUrl(services.tokenSecret, grant),
      method: 'PUT' as const,
      fileKey: key,
      headers: { 'content-type': 'application/pdf' },
      maxBytes: size,
      expiresAt: expiresAt.toISOString(),
    };
  };

  routes.get(
    '/api/files/presigned_upload_put',
    {
      config: { permission: 'proofs.upload' },
      schema: {
        tags: ['uploads'],
        summary: "A signed, expiring URL to PUT one PDF of a project's book to the file store",
        querystring: presignedUploadPutQuerySchema,
        response: { 200: presignedUploadSchema, ...problems },
      },
    },
    async (request) => {
      await visibleProject(contextOf(request), request.query.projectId);
      return grantFor(request.query.size);
    },
  );

  routes.post(
    '/api/presigned_upload_post_private',
    {
      config: { permission: 'proofs.upload' },
      schema: {
        tags: ['uploads'],
        summary: "A signed, expiring URL to PUT one PDF for an account's books to the file store",
        body: presignedUploadPostPrivateBodySchema,
        response: { 200: presignedUploadSchema, ...problems },
      },
    },
    async (request) => {
      await requireVisibleAccount(contextOf(request), request.body.account_id);
      return grantFor(request.body.size);
    },
  );

  // The PUT itself: the signature is the authority (as with an S3 presigned URL), the body streams
  // to disk with a running size check and is moved into place only when complete.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/files/upload/*',
      {
        config: { public: true },
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          tags: ['uploads'],
          summary: 'Receives the file of a signed upload URL (one PUT of the whole PDF)',
          querystring: z.object({
            maxBytes: z.coerce.number().int().positive(),
            expires: z.coerce.number().int(),
            signature: z.string().max(200),
          }),
          response: { 200: uploadedFileSchema, 400: problemSchema, 403: problemSchema, 413: problemSchema },
        },
      },
      async (request) => {
        const key = (request.params as { '*': string })['*'];
        const { maxBytes, expires, signature } = request.query;
        if (
          !/^uploads\/[0-9a-f-]{36}\.pdf$/.test(key) ||
          !verifyUpload(services.tokenSecret, { key, maxBytes, expires }, signature)
        ) {
          throw new AppError('forbidden', 'This upload link has expired or is not valid.');
        }
        const body = request.body as NodeJS.ReadableStream | undefined;
        if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') {
          throw new AppError('bad_request', 'Send the file as the request body with content-type application/pdf.', {
            errors: [{ path: 'body', message: 'Only PDF files can be uploaded (application/pdf).' }],
          });
        }
        const limit = Math.min(maxBytes, MAX_UPLOAD_BYTES);
        const target = join(services.config.dataDir, 'files', key);
        const partial = `${target}.${randomUUID()}.part`;
        await mkdir(dirname(target), { recursive: true });
        let size = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            if (size > limit)
              callback(new AppError('payload_too_large', `The file is larger than the ${limit} bytes announced.`));
            else callback(null, chunk);
          },
        });
        try {
          await pipeline(body, counter, createWriteStream(partial));
          await rename(partial, target);
        } catch (error) {
          await rm(partial, { force: true });
          throw error;
        }
        return { fileKey: key, size };
      },
    );
  });

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
      const context = contextOf(request);
      const { projectId, fileKey, kind } = request.body;
      const project = await visibleProject(context, projectId);
      const stored = await services.files.get(fileKey);
      const checked = await checkUploadedPdf(
        stored ? new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength) : null,
      );
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
      };
    },
  );
}
