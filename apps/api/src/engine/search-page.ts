import type { ResourceContract } from '@colophon/contract';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { columnOf } from './implement';
import { jsonRow } from './json-row';
import { listPage } from './list-page';
import type { ResourceContext } from './resource';

type Row = Record<string, unknown> & { id: number };
type IncludeFill = (rows: Row[], context: ResourceContext) => Promise<void>;

export interface SearchPageQuery {
  from: PgTable & { id: AnyPgColumn };
  /** The caller's scope and the body's filters. */
  where: SQL | undefined;
  includes: Record<string, IncludeFill>;
  /** The item's fields that are not columns, filled in for every row (the resource's `fill`). */
  fill?: IncludeFill;
  body: { page: number; perPage: number; sort?: string | undefined; include?: string[] | undefined };
  /** Millions of rows: see `listPage`'s `large`. */
  large?: boolean;
}

/**
 * A resource's POST search (`POST accounts/get/get_accounts_post`): one page of rows, sorted by the
 * body's key (`-name` descending; the contract's default sort when none), with the body's includes
 * filled in, as the list's envelope.
 */
export async function searchPage<Item>(
  context: ResourceContext,
  contract: ResourceContract,
  { from, where, includes, fill, body, large }: SearchPageQuery,
): Promise<{ data: Item[]; total: number; page: number; perPage: number }> {
  const sortKey = body.sort ?? contract.defaultSort;
  const descending = sortKey.startsWith('-');
  const column = columnOf(from, contract, descending ? sortKey.slice(1) : sortKey);
  const { items, total } = await listPage(context.db, {
    from,
    where,
    orderBy: [descending ? desc(column) : asc(column)],
    id: from.id,
    // Ties keep the sort's direction, so one index (key desc, id desc) serves the whole order.
    idOrder: descending ? 'desc' : 'asc',
    page: body.page,
    perPage: body.perPage,
    large: large ?? false,
  });
  const rows = items as Row[];
  if (fill) await fill(rows, context);
  for (const key of body.include ?? []) await includes[key]?.(rows, context);
  // The rows are the table's own with their includes: what the operation's item schema describes.
  return { data: rows.map(jsonRow) as Item[], total, page: body.page, perPage: body.perPage };
}

/**
 * The rows an `include=` fill reads for a page at once (a row's account, an account's addresses):
 * `read` runs once, for the distinct ids given, and not at all when there are none.
 */
export async function readForPage<Found>(
  ids: Iterable<number | null>,
  read: (ids: number[]) => Promise<Found[]>,
): Promise<Found[]> {
  const distinct = [...new Set(ids)].filter((id) => id !== null);
  return distinct.length ? read(distinct) : [];
}

/**
 * `include=account` of rows that belong to an account: each row's `account` is its account as
 * `read` selects it (the columns and joins the resource shows; `id` among them), read once for the
 * page's distinct `accountId`s; undefined when it is not found.
 */
export async function includeAccount<Found extends { id: number }>(
  rows: readonly object[],
  read: (ids: number[]) => Promise<Found[]>,
): Promise<void> {
  const owned = rows as readonly { accountId?: unknown; account?: Found | undefined }[];
  const idOf = (row: { accountId?: unknown }) => (typeof row.accountId === 'number' ? row.accountId : null);
  const found = await readForPage(owned.map(idOf), read);
  const byId = new Map(found.map((account) => [account.id, account]));
  for (const row of owned) {
    const id = idOf(row);
    row.account = id === null ? undefined : byId.get(id);
  }
}
