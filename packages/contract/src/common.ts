import { z } from 'zod';

/** RFC 9457 problem details: the one error shape of every route. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;

/** A query value that may arrive once (`a=1`) or repeated (`a[]=1&a[]=2`); the API parses both to an array. */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));
}

export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export function listQuerySchema<const SortKey extends string>(sortKeys: readonly [SortKey, ...SortKey[]]) {
  const sortValues = sortKeys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z.enum(sortValues).optional(),
    include: queryList(z.string().max(40)).optional(),
  });
}

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  });
}
export interface ListEnvelope<T> {
  data: T[];
  total: number;
  page: number;
  perPage: number;
}

/** Timestamps leave the API as ISO 8601 UTC strings (the API turns every Date into one). */
export const timestampSchema = z.iso.datetime({ offset: true });

export const emailSchema = z
  .email()
  .max(254)
  .transform((email) => email.trim().toLowerCase());
export const nameSchema = z.string().trim().min(1, 'Required').max(100);
export const passwordSchema = z.string().min(10, 'Use at least 10 characters').max(200, 'Use at most 200 characters');
