import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@colophon/contract';
import type { Filters, FilterValue } from '@colophon/domain';
import { z } from 'zod';

/**
 * A list's page, page size and sort as they live in the URL (bookmarkable). The parser forgives:
 * a hand-edited or stale value falls back to the default instead of breaking the page. Every list
 * route extends it with its filters.
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

/** Forgiving URL filters: text, a list of numbers, a yes/no. */
export const searchText = z.string().trim().max(100).optional().catch(undefined);
export const searchNumberList = z
  .array(z.coerce.number().int())
  .optional()
  .catch(undefined)
  .transform((list) => (list && list.length > 0 ? list : undefined));
export const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .optional()
  .catch(undefined);
export const searchId = z.coerce.number().int().positive().optional().catch(undefined);

export const PER_PAGE_OPTIONS = [10, 25, 50, 100].filter((size) => size <= MAX_PER_PAGE);

/** The API query of a list: page and size with their defaults, then every filter as it is. */
export function listQuery(search: ListSearch & Record<string, unknown>): Filters {
  const { page, perPage, sort, ...filters } = search;
  return {
    ...filterQuery(filters),
    page: page ?? 1,
    perPage: perPage ?? DEFAULT_PER_PAGE,
    sort,
  };
}

/** Only the filters (no paging or sort): what an export of the whole filtered set takes. */
export function filterQuery(search: Record<string, unknown>): Filters {
  const filters: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === 'page' || key === 'perPage') continue;
    if (isFilterValue(value)) filters[key] = value;
  }
  return filters;
}

function isFilterScalar(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date
  );
}

function isFilterValue(value: unknown): value is FilterValue {
  return Array.isArray(value) ? value.every(isFilterScalar) : isFilterScalar(value);
}

/** `-lastName` ↔ { columnAccessor: 'lastName', direction: 'desc' }. */
export function parseSort(sort: string | undefined): { key: string; direction: 'asc' | 'desc' } | null {
  if (!sort) return null;
  return sort.startsWith('-') ? { key: sort.slice(1), direction: 'desc' } : { key: sort, direction: 'asc' };
}

export function formatSort(key: string, direction: 'asc' | 'desc'): string {
  return direction === 'desc' ? `-${key}` : key;
}
