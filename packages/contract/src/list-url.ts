import { z } from 'zod';
import { MAX_PER_PAGE } from './common';

/**
 * A list's page, page size and sort as they live in the web app's URL (bookmarkable). These parsers
 * forgive: a hand-edited or stale value falls back to the default instead of breaking the page. The
 * API's own query schemas are strict; a resource contract derives both from one filter declaration.
 */
export const listSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional().catch(undefined),
  sort: z
    .string()
    .regex(/^-?[A-Za-z][\w.]*$/)
    .max(60)
    .optional()
    .catch(undefined),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

/** Forgiving URL filters: text, a list of numbers, a list of values, a yes/no, one id. */
export const searchText = z.string().trim().max(100).optional().catch(undefined);
export const searchNumberList = z
  .array(z.coerce.number().int())
  .optional()
  .catch(undefined)
  .transform((list) => (list && list.length > 0 ? list : undefined));
export function searchList<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .optional()
    .catch(undefined)
    .transform((list) => (list && list.length > 0 ? list : undefined));
}
export const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .optional()
  .catch(undefined);
export const searchId = z.coerce.number().int().positive().optional().catch(undefined);
