import { ACCESS_CODE_MAX_INPUT } from '@colophon/domain';
import { z } from 'zod';
import { idParam, problemResponses } from './common';
import { defineOperation } from './operation';
import { flipImagesQuerySchema, signedPageSchema } from './proofs';

/*
 * The mobile yearbook (issue 15): a parent who bought a digital yearbook opens it on a phone with the
 * access code on the receipt. Every operation here is public (no session). `open` trades the code for a
 * short-lived reading token and the book's signed page links. `pages` signs them again with the
 * token, for that book only.
 */

const tags = ['mobile_yearbooks'] as const;

export const openMobileYearbookBodySchema = z.object({
  /** As printed on the receipt (`7KQ2-M9XD-4HRT`); case, spaces and dashes do not matter. */
  code: z.string().trim().min(1, 'Enter the code from your receipt').max(ACCESS_CODE_MAX_INPUT),
});
export type OpenMobileYearbookBody = z.input<typeof openMobileYearbookBodySchema>;

export const mobileYearbookSchema = z
  .object({
    /** Bearer of `pages` for this book until `expiresAt`. */
    token: z.string(),
    expiresAt: z.string(),
    proofId: z.number().int(),
    /** The book's title: the project's name. */
    title: z.string(),
    schoolName: z.string(),
    /** '2025-2026'. */
    schoolYear: z.string(),
    pageCount: z.number().int(),
    /** Every page with its signed image links (valid as long as the token). */
    pages: z.array(signedPageSchema),
    /** The book's EPUB, signed as long as the token; null while it is not made. */
    epub: z.object({ url: z.string(), fileName: z.string() }).nullable(),
  })
  .meta({ id: 'MobileYearbook' });
export type MobileYearbook = z.infer<typeof mobileYearbookSchema>;

export const openMobileYearbook = defineOperation({
  method: 'POST',
  path: '/api/mobile_yearbooks/open',
  body: openMobileYearbookBodySchema,
  responses: { 200: mobileYearbookSchema, ...problemResponses(400, 404, 409, 410, 429) },
  public: true,
  summary: "A digital yearbook opened with its receipt's access code: a reading token and the signed pages",
  description:
    'A code that matches no book is 404 ("That code doesn\'t match a yearbook…"), a refunded book 410, a book not approved yet 409. Tries are limited per address and wrong codes per address and per code prefix (429 with Retry-After).',
  tags,
});

export const mobileYearbookPagesParamsSchema = z.object({ proofId: idParam });
export const mobileYearbookPagesQuerySchema = z.object({
  token: z.string().min(20).max(300),
  /** Only these pages, `1,2,3` or repeated (default: every page). */
  pages: flipImagesQuerySchema.shape.pages,
});

export const mobileYearbookPagesSchema = z
  .object({ proofId: z.number().int(), expiresAt: z.string(), pages: z.array(signedPageSchema) })
  .meta({ id: 'MobileYearbookPages' });
export type MobileYearbookPages = z.infer<typeof mobileYearbookPagesSchema>;

export const mobileYearbookPages = defineOperation({
  method: 'GET',
  path: '/api/mobile_yearbooks/:proofId/pages',
  params: mobileYearbookPagesParamsSchema,
  query: mobileYearbookPagesQuerySchema,
  responses: { 200: mobileYearbookPagesSchema, ...problemResponses(400, 401, 404, 410) },
  public: true,
  summary: "A mobile yearbook's pages signed again with its reading token (another book's: 404)",
  tags,
});
