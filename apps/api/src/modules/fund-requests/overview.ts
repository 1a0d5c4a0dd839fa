import { type Db, rowsOf } from '@colophon/db';
import { type FundOverview, type FundRequestKind, fundOverview } from '@colophon/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Viewer, visibleAccountIds } from '../../access/scope';

/** `a × b ÷ c` half-up in bigint, 0 when `c` is not positive: the domain's `shareOf`, in SQL. */
const shareOf = (a: string, b: string, c: string) =>
  `(case when ${c} > 0 then (2::bigint * ${a} * ${b} + ${c}) / (2::bigint * ${c}) else 0 end)`;

/** The coupon's part that falls on the summer single books (the domain's `orderShares`). */
const summerDiscount = shareOf('d', 'summer', 's');

/** Each kind's part of an order's money before the fee: its goods after the coupon, or its tax. */
const componentOf: Record<FundRequestKind, string> = {
  presale: `((s - summer) - (d - ${summerDiscount}))`,
  summer: `(summer - ${summerDiscount})`,
  sales_tax: 't',
};

export interface FundOverviewFilters {
  accountId?: number | undefined;
  year?: number | undefined;
}

/**
 * An account's (or every visible account's) overview of one kind: what the paid online orders
 * collected for it, the refunds' and the fees' shares (per order, as the domain's `orderShares`),
 * the requests paid out and waiting, and what is left. Read in two statements; inside a
 * request's transaction they see the requests it locked.
 */
export async function fundOverviewOf(
  db: Db,
  viewer: Viewer,
  kind: FundRequestKind,
  filters: FundOverviewFilters,
): Promise<FundOverview & { orders: number }> {
  const visible = visibleAccountIds(viewer);
  const orderConditions: SQL[] = [];
  const requestConditions: SQL[] = [];
  if (filters.accountId !== undefined) {
    orderConditions.push(sql`o.account_id = ${filters.accountId}`);
    requestConditions.push(sql`r.account_id = ${filters.accountId}`);
  } else if (visible) {
    orderConditions.push(sql`o.account_id in ${visible}`);
    requestConditions.push(sql`r.account_id in ${visible}`);
  }
  if (filters.year !== undefined) {
    orderConditions.push(sql`o.year = ${filters.year}`);
    requestConditions.push(sql`r.year = ${filters.year}`);
  }
  const and = (conditions: SQL[]) => (conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``);
  const component = componentOf[kind];
  const fee = shareOf('f', 'c', '(tot - f)');
  const [money] = await rowsOf<{ orders: string; collected: string; fees: string; refunded: string }>(
    db.execute(sql`
    with paid as (
      select o.subtotal_cents s, o.discount_cents d, o.fee_cents f, o.tax_cents t, o.total_cents tot,
        o.refunded_cents r,
        coalesce((select sum(i.total_cents) from online_order_items i
          where i.online_order_id = o.id and i.type_shipping = 2), 0)::bigint summer
      from online_orders o
      where o.paid_at is not null and o.status in ('paid', 'partially_refunded', 'refunded')${and(orderConditions)}
    ), parts as (
      select ${sql.raw(component)} c, f, tot, r from paid
    )
    select count(*) filter (where c > 0) orders,
      coalesce(sum(c + ${sql.raw(fee)}), 0) collected,
      coalesce(sum(${sql.raw(fee)}), 0) fees,
      coalesce(sum(${sql.raw(shareOf('r', 'c', 'tot'))}), 0) refunded
    from parts`),
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
