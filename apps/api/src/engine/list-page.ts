import type { Db } from '@colophon/db';
import { asc, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/** One page of a list and the number of rows over all its pages. */
export interface ListPage<Item> {
  items: Item[];
  total: number;
}

export interface ListPageQuery<Table extends PgTable, Fields extends SelectedFields> {
  /** The columns to read; the table's own columns when left out. */
  fields?: Fields;
  from: Table;
  /** Joins on top of `from`, e.g. `(query) => query.innerJoin(projects, eq(projects.id, proofs.projectId))`. */
  joins?: (query: PgSelect) => PgSelect;
  where?: SQL | undefined;
  /** The sort; the id is appended after it so that equal keys keep one order from page to page. */
  orderBy: (SQL | AnyPgColumn)[];
  id: AnyPgColumn;
  /** The direction of the id tiebreak (ascending unless the list reads newest first). */
  idOrder?: 'asc' | 'desc';
  page: number;
  perPage: number;
  /**
   * A table of millions of rows (orders): the page's ids come first, from the sort's index alone, and
   * only those rows are read; the total is its own count. One statement with `count(*) over ()` would
   * read and sort every matching row for every page.
   */
  large?: boolean;
}

const TOTAL = '__listPageTotal';

/**
 * The total of a page whose rows each carry it (`count(*) over ()` or a counted CTE). An empty page
 * carries nothing: past the end (page > 1) the rows are counted alone; an empty first page is 0.
 */
export async function totalOfPage(
  rows: readonly { total?: unknown }[],
  page: number,
  countAlone: () => Promise<number>,
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first.total ?? 0);
  return page > 1 ? countAlone() : 0;
}

/**
 * Every list's page and total in one statement: the page's query carries `count(*) over ()`, which
 * PostgreSQL and PGlite compute over all matching rows before LIMIT/OFFSET. The second statement
 * (a plain count) runs only when a page past the end comes back empty.
 */
export async function listPage<Table extends PgTable, Fields extends SelectedFields = Table['_']['columns']>(
  db: Db,
  query: ListPageQuery<Table, Fields>,
): Promise<ListPage<SelectResultFields<Fields>>> {
  const fields = (query.fields ?? getTableColumns(query.from)) as SelectedFields;
  const joined = (select: PgSelect) => (query.joins ? query.joins(select) : select);
  const order = query.idOrder === 'desc' ? desc(query.id) : asc(query.id);
  const countAlone = async () => {
    const [counted] = (await joined(
      db
        .select({ total: count() })
        .from(query.from as PgTable)
        .$dynamic(),
    ).where(query.where)) as { total: number }[];
    return Number(counted?.total ?? 0);
  };
  if (query.large) {
    const pageIds = joined(
      db
        .select({ pageId: sql<number>`${query.id}`.as('page_id') })
        .from(query.from as PgTable)
        .$dynamic(),
    )
      .where(query.where)
      .orderBy(...query.orderBy, order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .as('page_ids');
    const [rows, total] = await Promise.all([
      joined(
        db
          .select(fields)
          .from(query.from as PgTable)
          .$dynamic(),
      )
        .innerJoin(pageIds, eq(query.id, pageIds.pageId))
        .orderBy(...query.orderBy, order) as Promise<unknown[]>,
      countAlone(),
    ]);
    return { items: rows as never, total };
  }
  const rows = (await joined(
    db
      .select({ ...fields, [TOTAL]: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(query.from as PgTable)
      .$dynamic(),
  )
    .where(query.where)
    .orderBy(...query.orderBy, order)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)) as Record<string, unknown>[];
  const total = await totalOfPage(
    rows.map((row) => ({ total: row[TOTAL] })),
    query.page,
    countAlone,
  );
  const items = rows.map(({ [TOTAL]: _total, ...item }) => item);
  return { items: items as never, total };
}
