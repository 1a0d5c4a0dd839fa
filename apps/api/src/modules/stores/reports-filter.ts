import type { SalesFilter } from '@colophon/contract';
import { type Db, rowsOf } from '@colophon/db';
import { type SQL, sql } from 'drizzle-orm';
import { oneAccountVisible, type Viewer, visibleAccountIdsSql } from '../../access/scope';
import { invalidField, notFound } from '../../errors';

/*
 * The sales reports' one filter: the caller's accounts (tenant visibility), one account or a
 * studio's tree, a year and a range of paid days. Each report applies it to its table's alias
 * (`i` the items, `o` the orders), on the columns the items copy from their order
 * (account_id, year, paid_at) so that item reports read online_order_items_report_idx alone.
 */

export interface SalesScope {
  /**
   * The condition on `<alias>.account_id`, `<alias>.year` and `<alias>.paid_at` (`w`, the weekly
   * rollup, has no paid instant: use it only when `namesDays` is false).
   */
  on(alias: 'i' | 'o' | 'w'): SQL;
  /** The filter names days (from, to), which the weekly rollup cannot answer. */
  namesDays: boolean;
}

/** Checks that an asked account is the caller's (404 otherwise, as for any record of another tenant). */
async function assertVisible(db: Db, viewer: Viewer, accountId: number, what: string) {
  const condition = oneAccountVisible(viewer, accountId);
  const rows = await rowsOf<{ found: boolean }>(
    db.execute(
      sql`select exists (select 1 from accounts where id = ${accountId}${condition ? sql` and ${condition}` : sql``}) as found`,
    ),
  );
  if (!rows[0]?.found) throw notFound(what);
}

/** The accounts of a studio's (or district's) tree: itself, its children and their children. */
const treeOf = (ancestorId: number) => sql`(
  select ${ancestorId}::int
  union all select c.id from accounts c where c.parent_account_id = ${ancestorId}
  union all select g.id from accounts g join accounts c on g.parent_account_id = c.id where c.parent_account_id = ${ancestorId}
)`;

export async function salesScope(db: Db, viewer: Viewer, filter: SalesFilter): Promise<SalesScope> {
  if (filter.accountId !== undefined) await assertVisible(db, viewer, filter.accountId, 'The account');
  if (filter.ancestorId !== undefined) await assertVisible(db, viewer, filter.ancestorId, 'The account');
  if (filter.from && filter.to && filter.from > filter.to) throw invalidField('to', 'Must be on or after from');
  const limitedTo = viewer.user.bSuperAdmin ? null : viewer.user.id;
  return {
    namesDays: Boolean(filter.from || filter.to),
    on(alias) {
      const column = (name: string) => sql.raw(`${alias}.${name}`);
      const parts: SQL[] = [];
      // An asked account already passed the visibility check, so it alone is the limit.
      if (filter.accountId !== undefined) parts.push(sql`${column('account_id')} = ${filter.accountId}`);
      else if (limitedTo !== null) parts.push(sql`${column('account_id')} in ${visibleAccountIdsSql(limitedTo)}`);
      if (filter.ancestorId !== undefined) parts.push(sql`${column('account_id')} in ${treeOf(filter.ancestorId)}`);
      if (filter.year !== undefined) parts.push(sql`${column('year')} = ${filter.year}`);
      if (filter.from) parts.push(sql`${column('paid_at')} >= ${filter.from}::date`);
      if (filter.to) parts.push(sql`${column('paid_at')} < ${filter.to}::date + 1`);
      return parts.length ? sql.join(parts, sql` and `) : sql`true`;
    },
  };
}

/** Sums leave PostgreSQL as bigint (text); the reports' whole numbers (cents, counts) as numbers. */
export const whole = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
