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

/** The problem answers a route may give: `problemResponses(400, 401, 403, 404)` → `{ 400: problemSchema, … }`. */
export function problemResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof problemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<Status, typeof problemSchema>;
}

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;

/** A query value that may arrive once (`a=1`) or repeated (`a[]=1&a[]=2`); the API parses both to an array. */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));
}

export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * The bounds of PostgreSQL's integer columns. A number past them is refused here, naming the field,
 * instead of reaching the database as an "out of range" error.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
export const SMALLINT_MAX = 32_767;
export const SMALLINT_MIN = -32_768;

const ID_MESSAGE = `Must be a whole number from 1 to ${INT4_MAX}`;

/** The id of a row in a table keyed by `serial`/`integer` (most tables), or a foreign key to one: JSON bodies. */
export const idSchema = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(INT4_MAX, ID_MESSAGE);
/** The same id read from a path or query string ('7' → 7). */
export const idParam = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(INT4_MAX, ID_MESSAGE);

const BIG_ID_MESSAGE = `Must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`;
/** The id of a row in a `bigserial` table (queue rows, notifications, the audit log), from a path or query. */
export const bigIdParam = z.coerce
  .number({ error: BIG_ID_MESSAGE })
  .int(BIG_ID_MESSAGE)
  .min(1, BIG_ID_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, BIG_ID_MESSAGE);

/** A whole number an `integer` column holds (years, counts, codes without a narrower rule). */
export const int4Schema = z.number().int().min(INT4_MIN).max(INT4_MAX);
export const int4Param = z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);
/** A whole number a `smallint` column holds: the spec's enumeration codes (`type`, `typeBook`, `role`…). */
export const smallintSchema = z.number().int().min(SMALLINT_MIN).max(SMALLINT_MAX);
export const smallintParam = z.coerce.number().int().min(SMALLINT_MIN).max(SMALLINT_MAX);

/** An instant (`2026-11-24T09:00:00Z`) or a bare date (`2026-11-24`, a London day, part 5). */
export const instantOrDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const idParamsSchema = z.object({ id: idParam });
export const bigIdParamsSchema = z.object({ id: bigIdParam });

export function listQuerySchema<const SortKey extends string>(sortKeys: readonly [SortKey, ...SortKey[]]) {
  const sortValues = sortKeys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];
  return z.object({
    page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
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
