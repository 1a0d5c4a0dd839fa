import { MAX_PROOF_FILE_BYTES, type ProofFileKind, proofFileMessages } from '@colophon/domain';
import { z } from 'zod';
import { bigIdParam, idParam, idSchema, problemResponses } from './common';
import { defineOperation } from './operation';

/** The largest file one upload takes (2 GB); larger books go in separate files (pages, cover). */
export const MAX_UPLOAD_BYTES = MAX_PROOF_FILE_BYTES;

const pdfContentType = z.literal('application/pdf', { error: proofFileMessages.notPdf });
const fileName = z.string().trim().min(1).max(255);
const size = z.coerce
  .number()
  .int()
  .positive({ error: proofFileMessages.empty })
  .max(MAX_UPLOAD_BYTES, { error: proofFileMessages.tooLarge });

/** A file key the upload routes hand out (and the only kind `POST /api/uploads` takes). */
export const uploadFileKeySchema = z
  .string()
  .regex(/^uploads\/[0-9a-f-]{36}\.pdf$/, { error: 'Not a file key from a signed upload.' });

export const presignedUploadPutQuerySchema = z.object({
  projectId: idParam,
  fileName,
  contentType: pdfContentType,
  size,
});

export const presignedUploadPostPrivateBodySchema = z.object({
  account_id: idSchema,
  fileName,
  contentType: pdfContentType,
  size,
});

/**
 * Where the browser sends the file: one PUT of the whole body, with these headers, before
 * `expiresAt`. `bucket` is the store the file lands in ('local' for the server's disk).
 */
export const presignedUploadSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  fileKey: z.string(),
  bucket: z.string(),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

/** What the disk store's upload route received: the whole file, or one part (with its ETag, also a header). */
export const uploadedFileSchema = z.object({
  fileKey: z.string(),
  size: z.number().int(),
  partNumber: z.number().int().optional(),
  etag: z.string().optional(),
});

/** A file whole in the store: a resumable upload completed. */
export const storedUploadSchema = z.object({ fileKey: z.string(), bucket: z.string(), size: z.number().int() });
export type StoredUpload = z.infer<typeof storedUploadSchema>;

export const uploadKind = ['pages', 'cover'] as const satisfies readonly ProofFileKind[];

export const createUploadBodySchema = z.object({
  projectId: idSchema,
  fileKey: uploadFileKeySchema,
  kind: z.enum(uploadKind),
});
export type CreateUploadBody = z.infer<typeof createUploadBodySchema>;

/**
 * A `queue_uploads` row as the uploader sees it, and what it led to: the proof the worker made of
 * it (null until then) and that proof's processing (domain `proofProcessingStatus`).
 */
export const uploadJobSchema = z.object({
  id: z.number().int(),
  /** Queue status (domain `queueStatus`: 0 Waiting … 5 Addressed). */
  status: z.number().int(),
  projectId: z.number().int(),
  fileKey: z.string(),
  kind: z.enum(uploadKind),
  pageCount: z.number().int(),
  createdAt: z.string(),
  lastError: z.string().nullable(),
  proofId: z.number().int().nullable(),
  proofProcessingStatus: z.number().int().nullable(),
  proofProcessingError: z.string().nullable(),
});
export type UploadJob = z.infer<typeof uploadJobSchema>;

export const uploadJobParamsSchema = z.object({ id: bigIdParam });

// Resumable uploads: one session per file, sent in parts the store keeps until `complete`.

export const uploadSessionStatus = ['open', 'complete', 'aborted'] as const;

/** A new resumable upload, for a project (`projectId`) or an account's books (`account_id`). */
export const uploadSessionCreateBodySchema = z
  .object({
    projectId: idSchema.optional(),
    account_id: idSchema.optional(),
    fileName,
    contentType: pdfContentType,
    size: z
      .number()
      .int()
      .positive({ error: proofFileMessages.empty })
      .max(MAX_UPLOAD_BYTES, { error: proofFileMessages.tooLarge }),
  })
  .superRefine((body, context) => {
    if ((body.projectId === undefined) === (body.account_id === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['projectId'],
        message: 'Name the project (or, for an account’s books, the account_id), not both.',
      });
    }
  });
export type UploadSessionCreateBody = z.infer<typeof uploadSessionCreateBodySchema>;

export const uploadSessionPartSchema = z.object({
  partNumber: z.number().int(),
  size: z.number().int(),
  etag: z.string().nullable(),
});
export type UploadSessionPart = z.infer<typeof uploadSessionPartSchema>;

/** A resumable upload and the parts the store already holds (the browser sends only the rest). */
export const uploadSessionSchema = z.object({
  id: z.uuid(),
  fileKey: z.string(),
  bucket: z.string(),
  projectId: z.number().int().nullable(),
  accountId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  status: z.enum(uploadSessionStatus),
  createdAt: z.string(),
  expiresAt: z.string(),
  parts: z.array(uploadSessionPartSchema),
});
export type UploadSession = z.infer<typeof uploadSessionSchema>;

export const uploadSessionParamsSchema = z.object({ id: z.uuid({ error: 'Not an upload session id.' }) });

export const uploadPartUrlsBodySchema = z.object({
  partNumbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(100),
});

/** Where one part goes: a PUT of exactly `size` bytes with these headers, before `expiresAt`. */
export const uploadPartTargetSchema = z.object({
  partNumber: z.number().int(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  size: z.number().int(),
  expiresAt: z.string(),
});
export type UploadPartTarget = z.infer<typeof uploadPartTargetSchema>;
export const uploadPartUrlsSchema = z.object({ parts: z.array(uploadPartTargetSchema) });

/** A part the browser sent: its number, size and the ETag the store answered. */
export const uploadPartReceivedBodySchema = z.object({
  partNumber: z.number().int().min(1).max(10_000),
  size: z.number().int().positive(),
  etag: z.string().trim().min(1).max(200),
});

const tags = ['uploads'] as const;
/** An upload that expired (410, its parts thrown away) or is already complete or cancelled (409). */
const closedSession = problemResponses(409, 410);

/** The resumable upload's calls and the upload queue: `call(uploadOperations.createSession, { body })`. */
export const uploadOperations = {
  createSession: defineOperation({
    method: 'POST',
    path: '/api/uploads/sessions',
    body: uploadSessionCreateBodySchema,
    responses: { 201: uploadSessionSchema },
    permission: 'proofs.upload',
    summary: 'Starts a resumable upload of one PDF (up to 2 GB) for a project or an account',
    tags,
  }),
  getSession: defineOperation({
    method: 'GET',
    path: '/api/uploads/sessions/:id',
    params: uploadSessionParamsSchema,
    responses: { 200: uploadSessionSchema, ...closedSession },
    permission: 'proofs.upload',
    summary: 'A resumable upload and the parts already received (to resume after a reload)',
    tags,
  }),
  partUrls: defineOperation({
    method: 'POST',
    path: '/api/uploads/sessions/:id/part_urls',
    params: uploadSessionParamsSchema,
    body: uploadPartUrlsBodySchema,
    responses: { 200: uploadPartUrlsSchema, ...closedSession },
    permission: 'proofs.upload',
    summary: 'Signed, expiring PUT URLs for parts of a resumable upload (up to 100 at a time)',
    tags,
  }),
  recordPart: defineOperation({
    method: 'POST',
    path: '/api/uploads/sessions/:id/parts',
    params: uploadSessionParamsSchema,
    body: uploadPartReceivedBodySchema,
    responses: { 200: uploadSessionPartSchema, ...closedSession },
    permission: 'proofs.upload',
    summary: 'Records a part the browser sent, with the ETag the store answered',
    tags,
  }),
  completeSession: defineOperation({
    method: 'POST',
    path: '/api/uploads/sessions/:id/complete',
    params: uploadSessionParamsSchema,
    responses: { 200: storedUploadSchema, ...closedSession },
    permission: 'proofs.upload',
    summary: 'Joins the parts of a resumable upload into the file (S3 CompleteMultipartUpload on S3)',
    tags,
  }),
  cancelSession: defineOperation({
    method: 'DELETE',
    path: '/api/uploads/sessions/:id',
    params: uploadSessionParamsSchema,
    responses: { 204: z.null() },
    permission: 'proofs.upload',
    summary: 'Cancels a resumable upload and throws its parts away',
    tags,
  }),
  queue: defineOperation({
    method: 'POST',
    path: '/api/uploads',
    body: createUploadBodySchema,
    responses: { 201: uploadJobSchema, ...problemResponses(429) },
    permission: 'proofs.upload',
    summary: 'Checks an uploaded PDF and queues it to become a proof of the project',
    tags,
  }),
  job: defineOperation({
    method: 'GET',
    path: '/api/uploads/:id',
    params: uploadJobParamsSchema,
    responses: { 200: uploadJobSchema },
    permission: 'proofs.upload',
    summary: 'An upload job and what became of it: the proof it made and that proof’s processing',
    tags,
  }),
};
