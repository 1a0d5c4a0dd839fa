import { Readable } from 'node:stream';
import {
  MAX_UPLOAD_BYTES,
  presignedUploadPostPrivateBodySchema,
  presignedUploadPutQuerySchema,
  presignedUploadSchema,
  problemResponses,
  uploadedFileSchema,
} from '@colophon/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../engine/resource';
import { AppError, notFound } from '../../errors';
import { FileTooLargeError } from '../../integrations/files/file-store';
import { requireVisibleAccount } from '../accounts/tree';
import { newUploadKey, problems, UPLOAD_URL_TTL_SECONDS, visibleProject } from './access';

const UPLOAD_KEY = /^uploads\/[0-9a-f-]{36}\.pdf$/;
/** An order's personalization CSV (`GET presigned_personalization_upload_put`), straight into its folder. */
const PERSONALIZATION_KEY = /^orders\/\d{1,10}\/personalization\/incoming-\d{1,15}\.csv$/;

/**
 * One PUT of the whole file, straight to the store: `GET files/presigned_upload_put` for a project's
 * book, `POST presigned_upload_post_private` for an account's. On S3 the URL is a presigned PUT; on
 * disk it is the signed route below, which stands in for the bucket (and also takes the parts of a
 * resumable upload).
 */
export async function registerSignedUploadRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  const grantFor = async (size: number) => {
    const key = newUploadKey();
    const target = await services.files.presignPut(key, {
      contentType: 'application/pdf',
      maxBytes: size,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    });
    return {
      url: target.url,
      method: 'PUT' as const,
      fileKey: key,
      bucket: services.files.bucket,
      headers: target.headers,
      maxBytes: size,
      expiresAt: target.expiresAt.toISOString(),
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
    async function presignedUploadPut(request) {
      await visibleProject(requestContext(app, request), request.query.projectId);
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
    async function presignedUploadPostPrivate(request) {
      await requireVisibleAccount(requestContext(app, request), request.body.account_id);
      return grantFor(request.body.size);
    },
  );

  // The disk store's bucket: the signature is the authority (as with an S3 presigned URL). The body
  // streams to a temporary file with a running size check and is moved into place only when whole.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/pdf', 'application/octet-stream', 'text/csv'], (_request, payload, done) =>
      done(null, payload),
    );
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/files/upload/*',
      {
        config: { public: true },
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          tags: ['uploads'],
          summary: 'Receives the file of a signed upload URL: the whole PDF, or one part of a resumable upload',
          querystring: z.object({
            part: z.coerce.number().int().min(1).max(10_000).optional(),
            maxBytes: z.coerce.number().int().positive(),
            expires: z.coerce.number().int(),
            signature: z.string().max(200),
          }),
          response: { 200: uploadedFileSchema, ...problemResponses(400, 403, 404, 413) },
        },
      },
      async function receiveSignedUpload(request, reply) {
        const files = services.files;
        if (files.kind !== 'local') throw notFound('This upload target');
        const key = (request.params as { '*': string })['*'];
        const { part, maxBytes, expires, signature } = request.query;
        const isCsvKey = PERSONALIZATION_KEY.test(key) && !part;
        if (
          !(UPLOAD_KEY.test(key) || isCsvKey) ||
          !files.verifyUpload({ key, part: part ?? 0, maxBytes, expires }, signature)
        ) {
          throw new AppError('forbidden', 'This upload link has expired or is not valid.');
        }
        const body = request.body as NodeJS.ReadableStream | undefined;
        const contentType = isCsvKey ? 'text/csv' : 'application/pdf';
        const isPdf = request.headers['content-type']?.startsWith(contentType) ?? false;
        if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function' || (!part && !isPdf)) {
          throw new AppError('bad_request', `Send the file as the request body with content-type ${contentType}.`, {
            errors: [
              {
                path: 'body',
                message: isCsvKey
                  ? 'Only CSV files go here (text/csv).'
                  : 'Only PDF files can be uploaded (application/pdf).',
              },
            ],
          });
        }
        const limit = Math.min(maxBytes, MAX_UPLOAD_BYTES);
        // Read through an iterator that does not destroy the request when the store refuses the file
        // (too large): the request stays open for the 413 below instead of a reset connection. (Node
        // 22's pipeline also waits for a destroyed source to close, which an injected request never does.)
        const stream = Readable.from((body as unknown as Readable).iterator({ destroyOnReturn: false }), {
          objectMode: false,
        });
        // The audit log keeps the shape of a write's body: here that is what was stored, not the socket.
        const received = (summary: { size: number; partNumber?: number }) => {
          request.auditBody = summary;
        };
        try {
          if (part) {
            const stored = await files.writePart(key, part, stream, limit);
            received({ size: stored.size, partNumber: part });
            reply.header('etag', `"${stored.etag}"`);
            return { fileKey: key, size: stored.size, partNumber: part, etag: stored.etag };
          }
          const { size } = await files.putStream(key, stream, contentType, { maxBytes: limit });
          received({ size });
          return { fileKey: key, size };
        } catch (error) {
          if (error instanceof FileTooLargeError) {
            throw new AppError('payload_too_large', `The file is larger than the ${limit} bytes announced.`);
          }
          throw error;
        }
      },
    );
  });
}
