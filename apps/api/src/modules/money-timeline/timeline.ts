import type { MoneyEvent, MoneyRecordResource, MoneyTimelineSummary } from '@colophon/contract';
import { type Db, rowsOf } from '@colophon/db';
import {
  type MoneyEventKind,
  moneyEventLabel,
  moneyEventSign,
  SOURCE_TIME_ZONE,
  zonedDayEnd,
  zonedDayStart,
} from '@colophon/domain';
import { type SQL, sql } from 'drizzle-orm';

/*
 * One money timeline per school (issue 13): the account's money events are a UNION ALL of their
 * sources, each branch an index range on (account, instant) (migration 0019's partial indexes, and
 * the refunds and invoice payments reached through their order or invoice), and the balance after
 * each event is a window sum over every event of the account up to it. A filter of kinds or a `from`
 * hides rows but never changes a balance; a `to` only drops events after it, which no balance in the
 * range can depend on.
 */

export interface TimelineFilter {
  kinds?: readonly MoneyEventKind[] | undefined;
  /** An instant, or a London day (from its start). */
  from?: string | undefined;
  /** An instant (inclusive), or a London day (to its end). */
  to?: string | undefined;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The first instant in range, or undefined for none. */
function startOf(from: string | undefined): Date | undefined {
  if (from === undefined) return undefined;
  return isDay(from) ? (zonedDayStart(from, SOURCE_TIME_ZONE) ?? new Date(from)) : new Date(from);
}

/** A condition on `at` ending the range: before the next London day, or at most the instant. */
function endCondition(to: string | undefined, column: SQL): SQL | undefined {
  if (to === undefined) return undefined;
  if (isDay(to))
    return sql`${column} < ${(zonedDayEnd(to, SOURCE_TIME_ZONE) ?? new Date(to)).toISOString()}::timestamptz`;
  return sql`${column} <= ${new Date(to).toISOString()}::timestamptz`;
}

/**
 * Every money event of the account (up to the range's end): kind, rank (the order of events at the
 * same instant: an order before its fee, an invoice issued before its payments), source row, instant,
 * amount, effect on the balance, and what the label and link need. Each branch keeps its own
 * `account_id = …` and instant bound so that it reads its index range alone.
 */
function eventsOf(accountId: number, to: string | undefined): SQL {
  const before = (column: string) => {
    const condition = endCondition(to, sql.raw(column));
    return condition ? sql` and ${condition}` : sql``;
  };
  const sign = (kind: MoneyEventKind) => sql.raw(String(moneyEventSign[kind]));
  return sql`
    select 'online_order'::text as kind, 1 as rank, o.id::bigint as source_id, o.paid_at as at,
           o.total_cents as amount, ${sign('online_order')} * o.total_cents as effect,
           o.order_number::text as number, o.id as record_id, null::text as method, null::text as card_label
      from online_orders o
     where o.account_id = ${accountId} and o.paid_at is not null${before('o.paid_at')}
    union all
    select 'card_fee', 2, o.id::bigint, o.paid_at, o.fee_cents, ${sign('card_fee')} * o.fee_cents,
           o.order_number, o.id, null, null
      from online_orders o
     where o.account_id = ${accountId} and o.paid_at is not null and o.type_payment = 2 and o.fee_cents > 0${before('o.paid_at')}
    union all
    select 'online_refund', 3, p.id, p.created_at, p.amount_cents, ${sign('online_refund')} * p.amount_cents,
           o.order_number, o.id, null, null
      from online_orders o
      join online_payments p on p.online_order_id = o.id and p.kind = 'refund' and p.status = 'succeeded'${before('p.created_at')}
     where o.account_id = ${accountId} and o.paid_at is not null
    union all
    select case f.kind when 'presale' then 'presale_payout' when 'summer' then 'summer_payout' else 'sales_tax_payout' end,
           4, f.id::bigint, f.completed_at, f.amount_cents, -f.amount_cents, null, f.id, f.payment_method, null
      from fund_requests f
     where f.account_id = ${accountId} and f.status = 2 and f.completed_at is not null${before('f.completed_at')}
    union all
    select 'invoice_issued', 5, i.id::bigint, i.issued_at, i.total_cents, ${sign('invoice_issued')} * i.total_cents,
           i.number, i.id, null, null
      from invoices i
     where i.account_id = ${accountId} and i.issued_at is not null${before('i.issued_at')}
    union all
    select case when ip.kind = 'refund' then 'invoice_refund'
                when ip.method = 'online_sales_credits' then 'invoice_credit'
                else 'invoice_payment' end,
           6, ip.id, ip.created_at, ip.amount_cents,
           case when ip.kind = 'refund' then ${sign('invoice_refund')} * ip.amount_cents
                when ip.method = 'online_sales_credits' then ${sign('invoice_credit')} * ip.amount_cents
                else ${sign('invoice_payment')} * ip.amount_cents end,
           i.number, i.id, ip.method, ip.card_label
      from invoices i
      join invoice_payments ip on ip.invoice_id = i.id and ip.status = 'succeeded'${before('ip.created_at')}
     where i.account_id = ${accountId}
    union all
    select 'invoice_voided', 7, i.id::bigint, i.voided_at, i.total_cents, ${sign('invoice_voided')} * i.total_cents,
           i.number, i.id, null, null
      from invoices i
     where i.account_id = ${accountId} and i.voided_at is not null and i.issued_at is not null${before('i.voided_at')}`;
}

/** The chronological order of events, oldest first: instant, then rank, then source row. */
const ASCENDING = sql.raw('at asc, rank asc, source_id asc');
const DESCENDING = sql.raw('at desc, rank desc, source_id desc');

interface EventRow {
  kind: MoneyEventKind;
  source_id: unknown;
  at: unknown;
  at_ms: unknown;
  amount: unknown;
  effect: unknown;
  balance: unknown;
  number: string | null;
  record_id: number;
  method: string | null;
  card_label: string | null;
  total?: unknown;
}

/** The events in the filter's rows, with the balance over all events: one statement. */
function timelineSql(accountId: number, filter: TimelineFilter, order: SQL, page?: { limit: number; offset: number }) {
  const from = startOf(filter.from);
  const shown = [
    filter.kinds && filter.kinds.length > 0
      ? sql`kind in (${sql.join(
          filter.kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})`
      : undefined,
    from ? sql`at >= ${from.toISOString()}::timestamptz` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = shown.length > 0 ? sql`where ${sql.join(shown, sql` and `)}` : sql``;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`
    with events as (${eventsOf(accountId, filter.to)}),
    balanced as (
      select *, sum(effect) over (order by ${ASCENDING} rows between unbounded preceding and current row) as balance
        from events
    )
    select *, floor(extract(epoch from at) * 1000)::bigint as at_ms, count(*) over () as total
      from balanced ${where} order by ${order} ${paging}`;
}

const whole = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
/** Epoch milliseconds (the SQL's `at_ms`: the drivers hand timestamps back in different forms) as ISO text. */
const instantText = (value: unknown): string => new Date(Number(value)).toISOString();

const payoutResource: Partial<Record<MoneyEventKind, MoneyRecordResource>> = {
  presale_payout: 'fund_requests',
  summer_payout: 'summer_fund_requests',
  sales_tax_payout: 'sales_tax_requests',
};

function recordOf(row: EventRow): MoneyEvent['record'] {
  if (row.kind === 'online_order' || row.kind === 'card_fee' || row.kind === 'online_refund') {
    return { resource: 'online_orders', id: row.record_id };
  }
  return { resource: payoutResource[row.kind] ?? 'invoices', id: row.record_id };
}

function eventOf(row: EventRow): MoneyEvent {
  return {
    id: `${row.kind}-${whole(row.source_id)}`,
    kind: row.kind,
    at: instantText(row.at_ms),
    amountCents: whole(row.amount),
    effectCents: whole(row.effect),
    balanceCents: whole(row.balance),
    label: moneyEventLabel({
      kind: row.kind,
      number: row.number,
      recordId: row.record_id,
      method: row.method,
      cardLabel: row.card_label,
    }),
    record: recordOf(row),
  };
}

export interface TimelinePage {
  data: MoneyEvent[];
  total: number;
  page: number;
  perPage: number;
}

/** A page of the account's timeline, newest first unless `sort` is 'at'. */
export async function timelinePage(
  db: Db,
  accountId: number,
  filter: TimelineFilter,
  options: { page: number; perPage: number; sort: 'at' | '-at' },
): Promise<TimelinePage> {
  const order = options.sort === 'at' ? ASCENDING : DESCENDING;
  const offset = (options.page - 1) * options.perPage;
  const rows = await rowsOf<EventRow>(
    db.execute(timelineSql(accountId, filter, order, { limit: options.perPage, offset })),
  );
  let total = whole(rows[0]?.total);
  // A page past the end holds no row to carry the count: ask for it alone.
  if (rows.length === 0 && options.page > 1) total = (await summaryOf(db, accountId, filter, true)).events;
  return { data: rows.map(eventOf), total, page: options.page, perPage: options.perPage };
}

/** The whole filtered timeline in order, in batches (the CSV export). */
export async function* timelineBatches(
  db: Db,
  accountId: number,
  filter: TimelineFilter,
  sort: 'at' | '-at',
  batchSize = 5_000,
): AsyncGenerator<MoneyEvent[]> {
  // One statement, so that every batch reads the same snapshot and the balances run on across them.
  const rows = await rowsOf<EventRow>(
    db.execute(timelineSql(accountId, filter, sort === 'at' ? ASCENDING : DESCENDING)),
  );
  for (let start = 0; start < rows.length; start += batchSize) yield rows.slice(start, start + batchSize).map(eventOf);
}

/**
 * The account's figures over the range (every kind), and the balance at its end. With `matching`,
 * `events` counts the rows the filter's kinds show too (a page past the end's total).
 */
export async function summaryOf(
  db: Db,
  accountId: number,
  filter: TimelineFilter,
  matching = false,
): Promise<MoneyTimelineSummary> {
  const from = startOf(filter.from);
  const inRange = from ? sql`at >= ${from.toISOString()}::timestamptz` : sql`true`;
  const counted =
    matching && filter.kinds && filter.kinds.length > 0
      ? sql`${inRange} and kind in (${sql.join(
          filter.kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})`
      : inRange;
  const sum = (kinds: readonly MoneyEventKind[], value: 'amount' | 'effect' = 'amount') =>
    sql`coalesce(sum(${sql.raw(value)}) filter (where ${inRange} and kind in (${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )})), 0)`;
  const [row] = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      with events as (${eventsOf(accountId, filter.to)})
      select coalesce(sum(effect), 0) as balance,
             ${sum(['online_order'])} as collected,
             ${sum(['card_fee'])} as fees,
             ${sum(['online_refund'])} as refunds,
             ${sum(['presale_payout', 'summer_payout', 'sales_tax_payout'])} as payouts,
             ${sum(['invoice_issued'])} - ${sum(['invoice_voided'])} as invoiced,
             ${sum(['invoice_payment', 'invoice_credit'])} - ${sum(['invoice_refund'])} as paid,
             ${sum(['invoice_credit'])} as credits,
             count(*) filter (where ${counted}) as events
        from events`),
  );
  return {
    balanceCents: whole(row?.balance),
    collectedCents: whole(row?.collected),
    feesCents: whole(row?.fees),
    refundsCents: whole(row?.refunds),
    payoutsCents: whole(row?.payouts),
    invoicedCents: whole(row?.invoiced),
    paidCents: whole(row?.paid),
    creditsCents: whole(row?.credits),
    events: whole(row?.events),
  };
}
