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
 * Each kind's code in SQL, which is also the order of events at one instant (an order before its
 * fee, an invoice issued before its payments, a void last): a smallint keeps the rows the window
 * sorts narrow (50,000 of them fit in memory), and the labels are read for a page's rows only.
 */
const KIND_CODES: readonly MoneyEventKind[] = [
  'online_order',
  'card_fee',
  'online_refund',
  'presale_payout',
  'summer_payout',
  'sales_tax_payout',
  'invoice_issued',
  'invoice_payment',
  'invoice_credit',
  'invoice_refund',
  'invoice_voided',
];
const codeOf = (kind: MoneyEventKind) => sql.raw(String(KIND_CODES.indexOf(kind) + 1));
const kindOfCode = (code: unknown): MoneyEventKind => KIND_CODES[Number(code) - 1] ?? 'online_order';
const codesOf = (kinds: readonly MoneyEventKind[]) =>
  sql.join(
    kinds.map((kind) => codeOf(kind)),
    sql`, `,
  );

/**
 * Every money event of the account (up to the range's end): kind code, source row, instant, amount
 * and effect on the balance. Each branch keeps its own `account_id = …` and instant bound so that it
 * reads its index range alone.
 */
function eventsOf(accountId: number, to: string | undefined): SQL {
  const before = (column: string) => {
    const condition = endCondition(to, sql.raw(column));
    return condition ? sql` and ${condition}` : sql``;
  };
  const sign = (kind: MoneyEventKind) => sql.raw(String(moneyEventSign[kind]));
  return sql`
    select ${codeOf('online_order')}::smallint as code, o.id::bigint as source_id, o.paid_at as at,
           o.total_cents as amount, ${sign('online_order')} * o.total_cents as effect
      from online_orders o
     where o.account_id = ${accountId} and o.paid_at is not null${before('o.paid_at')}
    union all
    select ${codeOf('card_fee')}, o.id, o.paid_at, o.fee_cents, ${sign('card_fee')} * o.fee_cents
      from online_orders o
     where o.account_id = ${accountId} and o.paid_at is not null and o.type_payment = 2 and o.fee_cents > 0${before('o.paid_at')}
    union all
    select ${codeOf('online_refund')}, p.id, p.created_at, p.amount_cents, ${sign('online_refund')} * p.amount_cents
      from online_orders o
      -- A probe per paid order of the account into the small index of refunds that moved money, never
      -- a walk of every order (a merge join on the orders' primary key reads the whole table); the
      -- offset keeps the planner from flattening the lateral back into that join.
      cross join lateral (
        select p.id, p.created_at, p.amount_cents from online_payments p
         where p.online_order_id = o.id and p.kind = 'refund' and p.status = 'succeeded'${before('p.created_at')}
        offset 0
      ) p
     where o.account_id = ${accountId} and o.paid_at is not null
    union all
    select case f.kind when 'presale' then ${codeOf('presale_payout')} when 'summer' then ${codeOf('summer_payout')}
                else ${codeOf('sales_tax_payout')} end,
           f.id, f.completed_at, f.amount_cents, -f.amount_cents
      from fund_requests f
     where f.account_id = ${accountId} and f.status = 2 and f.completed_at is not null${before('f.completed_at')}
    union all
    select ${codeOf('invoice_issued')}, i.id, i.issued_at, i.total_cents, ${sign('invoice_issued')} * i.total_cents
      from invoices i
     where i.account_id = ${accountId} and i.issued_at is not null${before('i.issued_at')}
    union all
    select case when ip.kind = 'refund' then ${codeOf('invoice_refund')}
                when ip.method = 'online_sales_credits' then ${codeOf('invoice_credit')}
                else ${codeOf('invoice_payment')} end,
           ip.id, ip.created_at, ip.amount_cents,
           case when ip.kind = 'refund' then ${sign('invoice_refund')} * ip.amount_cents
                when ip.method = 'online_sales_credits' then ${sign('invoice_credit')} * ip.amount_cents
                else ${sign('invoice_payment')} * ip.amount_cents end
      from invoices i
      join invoice_payments ip on ip.invoice_id = i.id and ip.status = 'succeeded'${before('ip.created_at')}
     where i.account_id = ${accountId}
    union all
    select ${codeOf('invoice_voided')}, i.id, i.voided_at, i.total_cents, ${sign('invoice_voided')} * i.total_cents
      from invoices i
     where i.account_id = ${accountId} and i.voided_at is not null and i.issued_at is not null${before('i.voided_at')}`;
}

/** What a shown row's label and link need, read by its kind's source row (one branch runs per row). */
const DETAILS = sql`
  select o.order_number::text as number, o.id as record_id, null::text as method, null::text as card_label
    from online_orders o where s.code in (${codesOf(['online_order', 'card_fee'])}) and o.id = s.source_id
  union all
  select o.order_number, o.id, null, null
    from online_payments p join online_orders o on o.id = p.online_order_id
   where s.code = ${codeOf('online_refund')} and p.id = s.source_id
  union all
  select null, f.id, f.payment_method, null
    from fund_requests f where s.code in (${codesOf(['presale_payout', 'summer_payout', 'sales_tax_payout'])}) and f.id = s.source_id
  union all
  select i.number, i.id, null, null
    from invoices i where s.code in (${codesOf(['invoice_issued', 'invoice_voided'])}) and i.id = s.source_id
  union all
  select i.number, i.id, ip.method, ip.card_label
    from invoice_payments ip join invoices i on i.id = ip.invoice_id
   where s.code in (${codesOf(['invoice_payment', 'invoice_credit', 'invoice_refund'])}) and ip.id = s.source_id`;

/** The chronological order of events, oldest first: instant, then kind code, then source row. */
const ASCENDING = sql.raw('at asc, code asc, source_id asc');
const DESCENDING = sql.raw('at desc, code desc, source_id desc');

/** The list's order for a sort: oldest first ('at') or newest first ('-at'). */
export const timelineOrder = (sort: 'at' | '-at'): SQL => (sort === 'at' ? ASCENDING : DESCENDING);

interface EventRow {
  code: unknown;
  source_id: unknown;
  at: unknown;
  at_ms: unknown;
  amount: unknown;
  effect: unknown;
  balance: unknown;
  number: string | null;
  record_id: unknown;
  method: string | null;
  card_label: string | null;
  total?: unknown;
}

/** The events in the filter's rows, with the balance over all events: one statement (the bench explains it). */
export function timelineSql(
  accountId: number,
  filter: TimelineFilter,
  order: SQL,
  page?: { limit: number; offset: number },
) {
  const from = startOf(filter.from);
  const shown = [
    filter.kinds && filter.kinds.length > 0 ? sql`code in (${codesOf(filter.kinds)})` : undefined,
    from ? sql`at >= ${from.toISOString()}::timestamptz` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = shown.length > 0 ? sql`where ${sql.join(shown, sql` and `)}` : sql``;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`
    with events as (${eventsOf(accountId, filter.to)}),
    balanced as (
      select *, sum(effect) over (order by ${ASCENDING} rows between unbounded preceding and current row) as balance
        from events
    ),
    shown as (select *, count(*) over () as total from balanced ${where} order by ${order} ${paging})
    select s.*, floor(extract(epoch from s.at) * 1000)::bigint as at_ms, d.number, d.record_id, d.method, d.card_label
      from shown s left join lateral (${DETAILS}) d on true
     order by ${order}`;
}

const whole = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
/** Epoch milliseconds (the SQL's `at_ms`: the drivers hand timestamps back in different forms) as ISO text. */
const instantText = (value: unknown): string => new Date(Number(value)).toISOString();

const payoutResource: Partial<Record<MoneyEventKind, MoneyRecordResource>> = {
  presale_payout: 'fund_requests',
  summer_payout: 'summer_fund_requests',
  sales_tax_payout: 'sales_tax_requests',
};

function recordOf(kind: MoneyEventKind, recordId: number): MoneyEvent['record'] {
  if (kind === 'online_order' || kind === 'card_fee' || kind === 'online_refund') {
    return { resource: 'online_orders', id: recordId };
  }
  return { resource: payoutResource[kind] ?? 'invoices', id: recordId };
}

function eventOf(row: EventRow): MoneyEvent {
  const kind = kindOfCode(row.code);
  const recordId = whole(row.record_id);
  return {
    id: `${kind}-${whole(row.source_id)}`,
    kind,
    at: instantText(row.at_ms),
    amountCents: whole(row.amount),
    effectCents: whole(row.effect),
    balanceCents: whole(row.balance),
    label: moneyEventLabel({ kind, number: row.number, recordId, method: row.method, cardLabel: row.card_label }),
    record: recordOf(kind, recordId),
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
  const order = timelineOrder(options.sort);
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
  const rows = await rowsOf<EventRow>(db.execute(timelineSql(accountId, filter, timelineOrder(sort))));
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
      ? sql`${inRange} and code in (${codesOf(filter.kinds)})`
      : inRange;
  const sum = (kinds: readonly MoneyEventKind[], value: 'amount' | 'effect' = 'amount') =>
    sql`coalesce(sum(${sql.raw(value)}) filter (where ${inRange} and code in (${codesOf(kinds)})), 0)`;
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
