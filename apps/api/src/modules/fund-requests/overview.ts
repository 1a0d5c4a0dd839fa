import { type Db, rowsOf } from '@colophon/db';
import { type FundOverview, type FundRequestKind, fundOverview } from '@colophon/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Viewer, visibleAccountIds } from '../../access/scope';

/**
 * Each kind's columns in `fund_collected_yearly` (migration 0023): what the paid online orders
 * collected for it, per order as the domain's `orderShares` computes it, kept by triggers.
 */
const rollupColumnsOf: Record<FundRequestKind, string> = {
  presale: 'presale',
  summer: 'summer',
  sales_tax: 'tax',
};

export interface FundOverviewFilters {
  accountId?: number | undefined;
  year?: number | undefined;
}

/**
 * An account's (or every visible account's) overview of one kind: what the paid online orders
 * collected for it, the refunds' and the fees' shares (from the rollup the triggers keep per
 * account and store year), the requests paid out and waiting, and what is left. Read in two
 * statements; inside a request's transaction they see the requests it locked.
 */
export async function fundOverviewOf(
  db: Db,
  viewer: Viewer,
  kind: FundRequestKind,
  filters: FundOverviewFilters,
): Promise<FundOverview & { orders: number }> {
  const visible = visibleAccountIds(viewer);
  const collectedConditions: SQL[] = [];
  const requestConditions: SQL[] = [];
  if (filters.accountId !== undefined) {
    collectedConditions.push(sql`y.account_id = ${filters.accountId}`);
    requestConditions.push(sql`r.account_id = ${filters.accountId}`);
  } else if (visible) {
    collectedConditions.push(sql`y.account_id in ${visible}`);
    requestConditions.push(sql`r.account_id in ${visible}`);
  }
  if (filters.year !== undefined) {
    collectedConditions.push(sql`y.year = ${filters.year}`);
    requestConditions.push(sql`r.year = ${filters.year}`);
  }
  const where = (conditions: SQL[]) => (conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``);
  const and = (conditions: SQL[]) => (conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``);
  const column = (name: string) => sql.raw(`y.${rollupColumnsOf[kind]}_${name}`);
  const [money] = await rowsOf<{ orders: string; collected: string; fees: string; refunded: string }>(
    db.execute(sql`
    select coalesce(sum(${column('orders')}), 0) orders,
      coalesce(sum(${column('collected_cents')}), 0) collected,
      coalesce(sum(${column('fees_cents')}), 0) fees,
      coalesce(sum(${column('refunded_cents')}), 0) refunded
    from fund_collected_yearly y${where(collectedConditions)}`),
  );
  const [requests] = await rowsOf<{ paid_out: string; waiting: string }>(
    db.execute(sql`
    select coalesce(sum(r.amount_cents) filter (where r.status = 2), 0) paid_out,
      coalesce(sum(r.amount_cents) filter (where r.status = 0), 0) waiting
    from fund_requests r
    where r.kind = ${kind}${and(requestConditions)}`),
  );
  return {
    ...fundOverview({
      collectedCents: Number(money?.collected ?? 0),
      refundedCents: Number(money?.refunded ?? 0),
      feesCents: Number(money?.fees ?? 0),
      paidOutCents: Number(requests?.paid_out ?? 0),
      waitingCents: Number(requests?.waiting ?? 0),
    }),
    orders: Number(money?.orders ?? 0),
  };
}
