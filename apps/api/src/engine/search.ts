import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';

/**
 * The search text as a LIKE pattern that matches it literally: `\`, `%` and `_` are escaped with
 * a backslash, PostgreSQL's default LIKE escape character (PGlite's too).
 */
export function likePattern(search: string, match: 'contains' | 'prefix' = 'contains'): string {
  const literal = search.replace(/[\\%_]/g, '\\$&');
  return match === 'prefix' ? `${literal}%` : `%${literal}%`;
}

/** The condition "one of these columns contains the search, case-insensitively"; none for an empty search. */
export function textSearch(search: string | undefined, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** As `textSearch`, for columns that must start with the search (a resource name, a path). */
export function prefixSearch(search: string | undefined, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search, 'prefix');
  return or(...columns.map((column) => ilike(column, pattern)));
}
