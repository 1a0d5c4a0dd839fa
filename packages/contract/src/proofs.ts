import { z } from 'zod';
import {
  DEFAULT_PER_PAGE,
  INT4_MAX,
  idParam,
  idSchema,
  listEnvelopeSchema,
  listQuerySchema,
  MAX_PER_PAGE,
  queryList,
  smallintParam,
  smallintSchema,
  timestampSchema,
} from './common';

export const proofSortKeys = [
  'createdAt',
  'roundNumber',
  'status',
  'id',
  'projectName',
  'accountName',
  'year',
  'typeBook',
  'pageCount',
  'processingStatus',
] as const;

/** A proof as the lists and the single page show it. */
export const proofSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  projectName: z.string(),
  year: z.number().int(),
  typeBook: z.number().int(),
  status: z.number().int(),
  internalStatus: z.number().int().nullable(),
  roundNumber: z.number().int(),
  kind: z.string(),
  /** 0 queued, 1 processing, 2 processed, 3 failed. */
  processingStatus: z.number().int(),
  pageCount: z.number().int().nullable(),
  /** Pages drawn and checked so far, of `pageCount`: live while processing (null before it starts). */
  pagesDone: z.number().int().nullable(),
  summary: z.unknown().nullable(),
  processingError: z.string().nullable(),
  processedAt: timestampSchema.nullable(),
  decidedAt: timestampSchema.nullable(),
  decidedBy: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  unlockedForEdits: z.boolean(),
  createdAt: timestampSchema,
  /** Approved, and the caller may place orders: the order button is on. */
  canOrder: z.boolean(),
});
export type Proof = z.infer<typeof proofSchema>;
export const proofListSchema = listEnvelopeSchema(proofSchema);

export const proofListQuerySchema = listQuerySchema(proofSortKeys).extend({
  /** Part of the project's or the account's name (or the account's code). */
  search: z.string().trim().max(100).optional(),
  /** Proofs of this account and of every account below it. */
  ancestorId: idParam.optional(),
  projectId: idParam.optional(),
  accountId: queryList(idParam).optional(),
  status: queryList(z.coerce.number().int().min(1).max(3)).optional(),
  internalStatus: queryList(z.coerce.number().int().min(1).max(8)).optional(),
  year: queryList(smallintParam).optional(),
});

/** `POST proofs/get/get_proofs_post`: the list's filters as a JSON body. */
export const proofSearchBodySchema = z.object({
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  sort: z.enum(proofSortKeys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]]).optional(),
  search: z.string().trim().max(100).optional(),
  ancestorId: idSchema.optional(),
  projectId: idSchema.optional(),
  accountId: z.array(idSchema).max(5000).optional(),
  status: z.array(z.number().int().min(1).max(3)).max(3).optional(),
  internalStatus: z.array(z.number().int().min(1).max(8)).max(8).optional(),
  year: z.array(smallintSchema).max(20).optional(),
});

/** `proofs/list/ready_to_order` and `proofs/list/resubmission_required`. */
export const proofShortListQuerySchema = z.object({
  year: smallintParam.optional(),
  /** Proofs of this account and of every account below it. */
  parentId: idParam.optional(),
});

export const proofFindingSchema = z.object({
  id: z.number().int(),
  page: z.number().int().nullable(),
  code: z.string(),
  severity: z.string(),
  message: z.string(),
  box: z.unknown().nullable(),
});

export const flipImagesQuerySchema = z.object({
  /** Page numbers, `1,2,3` or repeated (default: every page). */
  pages: z
    .preprocess(
      (value) =>
        value === undefined
          ? value
          : (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(',')).filter(Boolean),
      z.array(z.coerce.number().int().min(1).max(INT4_MAX)).max(2000),
    )
    .optional(),
  type_book: smallintParam.optional(),
});

export const signedPageSchema = z.object({
  page: z.number().int(),
  widthPts: z.number(),
  heightPts: z.number(),
  thumbUrl: z.string().nullable(),
  viewerUrl: z.string().nullable(),
  viewerWidth: z.number().int().nullable(),
  viewerHeight: z.number().int().nullable(),
});
export const flipImagesSchema = z.object({ proofId: z.number().int(), pages: z.array(signedPageSchema) });
export const signedManifestSchema = z.object({
  proofId: z.number().int(),
  pageCount: z.number().int(),
  format: z.string(),
  thumbFormat: z.string(),
  createdAt: z.string(),
  pages: z.array(signedPageSchema),
});

export const proofChildParamsSchema = z.object({
  id: idParam,
  childId: idParam,
});

const author = { userId: z.number().int().nullable(), userName: z.string().nullable() };
const stamps = { createdAt: timestampSchema, updatedAt: timestampSchema };

export const proofReviewerSchema = z.object({
  id: z.number().int(),
  proofId: z.number().int(),
  userId: z.number().int(),
  userName: z.string().nullable(),
  status: z.number().int().nullable(),
  note: z.string().nullable(),
  ...stamps,
});
export const proofReviewerCreateSchema = z.object({
  userId: idSchema,
  note: z.string().trim().max(2000).nullable().optional(),
});
export const proofReviewerUpdateSchema = z.object({
  status: z.number().int().min(1).max(3).nullable().optional(),
  note: z.string().trim().max(2000).nullable().optional(),
});

/** A pin: a point of a page, in fractions of the page's width and height from its top-left. */
export const proofPinSchema = z.object({
  page: z.number().int().positive(),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export const proofCommentSchema = z.object({
  id: z.number().int(),
  proofId: z.number().int(),
  ...author,
  body: z.string(),
  pin: proofPinSchema.nullable(),
  ...stamps,
});
export const proofCommentCreateSchema = z.object({
  body: z.string().trim().min(1).max(5000),
  pin: proofPinSchema.nullable().optional(),
});
export const proofCommentUpdateSchema = proofCommentCreateSchema.partial();

export const proofCommentInternalSchema = z.object({
  id: z.number().int(),
  proofId: z.number().int(),
  ...author,
  body: z.string(),
  ...stamps,
});
export const proofCommentInternalCreateSchema = z.object({ body: z.string().trim().min(1).max(5000) });
export const proofCommentInternalUpdateSchema = proofCommentInternalCreateSchema;

export const proofInternalActionSchema = z.object({
  id: z.number().int(),
  proofId: z.number().int(),
  ...author,
  action: z.string(),
  internalStatus: z.number().int().nullable(),
  note: z.string().nullable(),
  ...stamps,
});
/** A staff action; with `internalStatus` it also moves the proof's internal status (part 3 codes). */
export const proofInternalActionCreateSchema = z.object({
  action: z.string().trim().min(1).max(60),
  internalStatus: z.number().int().min(1).max(8).nullable().optional(),
  note: z.string().trim().max(5000).nullable().optional(),
});
export const proofInternalActionUpdateSchema = z.object({ note: z.string().trim().max(5000).nullable() });

export const proofRejectBodySchema = z.object({
  reason: z.string().trim().min(1, 'Say why the proof is rejected.').max(5000),
});
/**
 * An approval. When the proof's preflight found errors, `acknowledgedFindingIds` must list every one of
 * them (the ids of `GET /proofs/:id/findings` with severity error): the person approves despite them,
 * knowingly, and the history keeps what was acknowledged (409 naming the field otherwise).
 */
export const proofApproveBodySchema = z.object({
  note: z.string().trim().max(5000).optional(),
  acknowledgedFindingIds: z.array(idSchema).max(10_000).optional(),
});

/**
 * A proof made by a super administrator in the record editor (issue 15): the row only, no file (files
 * come through uploads). The round defaults to the project's next.
 */
export const proofCreateSchema = z.object({
  projectId: idSchema,
  status: z.number().int().min(1).max(3).default(1),
  internalStatus: z.number().int().min(1).max(8).nullable().optional(),
  roundNumber: z.number().int().min(1).max(1000).optional(),
  kind: z.enum(['pages', 'cover']).default('pages'),
  pageCount: z.number().int().min(1).max(2000).nullable().optional(),
  rejectReason: z.string().trim().max(5000).nullable().optional(),
  unlockedForEdits: z.boolean().optional(),
});
/** What the record editor may change of a proof (its project and its files stay). */
export const proofUpdateSchema = proofCreateSchema
  .omit({ projectId: true, kind: true })
  .partial()
  .extend({
    status: z.number().int().min(1).max(3).optional(),
  });
