import { DEFAULT_PER_PAGE, type ListSearch, MAX_PER_PAGE } from '@colophon/contract';
import type { Filters, FilterValue } from '@colophon/domain';

// The forgiving URL pieces live in the contract, where a resource contract derives its URL schema.
export {
  type ListSearch,
  listSearchSchema,
  searchBoolean,
  searchId,
  searchList,
  searchNumberList,
  searchText,
} from '@colophon/contract';

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

/** Whether the URL holds a value for any of the contract's filters (the "Clear filters" button shows). */
export function filtersActive(contract: { filters: object }, search: Record<string, unknown>): boolean {
  return Object.keys(contract.filters).some((key) => search[key] !== undefined && search[key] !== '');
}

/** Every filter of the contract cleared: what "Clear filters" writes to the URL. */
export function clearedFilters<Filters extends object>(contract: {
  filters: Filters;
}): {
  [Key in keyof Filters]: undefined;
} {
  return Object.fromEntries(Object.keys(contract.filters).map((key) => [key, undefined])) as {
    [Key in keyof Filters]: undefined;
  };
}
