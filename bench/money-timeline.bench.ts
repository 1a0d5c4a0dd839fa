// The money timeline of one school with 50,000 money events on PostgreSQL (issue 13): GET
// /api/accounts/{id}/money_timeline (the first page, newest first; a filtered page; a deep page) and
// GET …/money_timeline/summary (the total balance and the figures) through the real API (in this
// process), as the studio owner (the school is in the demo studio's tree) and as the super
// administrator; ~30 runs one after the other each, p50/p95 printed (never asserted), the CSV of
// the whole timeline timed once, and EXPLAIN ANALYZE of the first page's statement.
//
// Data, in bulk with generate_series, for one new school under the demo studio, over three seasons
// (2023-08 to 2026-07): 20,000 paid online orders (80 % by card, each with its card fee: 16,000 fee
// events), 2,000 online refunds, 400 completed fund and tax requests, 3,000 invoices issued (300
// voided), 8,000 invoice payments (one in eight from online sales credits) and 300 invoice refunds:
// 50,000 events. Beside it, 100,000 paid orders of 50 other schools, so that the school's index
// ranges are a small part of each index.
//
// Run: npm run bench:money-timeline -w @colophon/bench (a minute or two, most of it the demo).
// Knobs: BENCH_RUNS (30), BENCH_DATABASE_URL or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_money is created there and
// dropped afterwards; BENCH_KEEP=1 keeps it).
import { performance } from 'node:perf_hooks';
import { accounts, type DbHandle, rowsOf } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { timelineOrder, timelineSql } from '../apps/api/src/modules/money-timeline/timeline';
import { demoDatabase, startApp, stopAfter } from './support/app';
import { dropDatabase, explain, freshDatabase, KEEP, loadInBulk } from './support/postgres';
import { summarize } from './support/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DATABASE = 'colophon_bench_money';
const SCHOOL_CODE = 'MT000001';

/** Seconds into the three seasons for event `g` of `n`: spread evenly, with the hour varying. */
const spread = (n: number) =>
  `make_timestamptz(2023, 8, 1, 0, 0, 0, 'UTC') + (g::float8 / ${n}) * interval '1095 days' + (g % 86400) * interval '1 second'`;

async function load(databaseUrl: string, studioId: number) {
  await loadInBulk(databaseUrl, async (step) => {
    await step(
      'schools',
      `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'MT' || lpad(g::text, 6, '0'), 'Money Bench School ' || g, 3, 2, ${studioId}, 1 from generate_series(1, 51) g`,
    );
    await step(
      'stores',
      `insert into store_statuses (account_id, year, is_open)
       select a.id, 2026, true from accounts a where a.code like 'MT%'`,
    );
    const school = `(select id from accounts where code = '${SCHOOL_CODE}')`;
    await step(
      "the school's orders",
      `insert into online_orders (store_id, account_id, year, order_number, status, type_payment, type_shipping,
         parent_name, parent_email, subtotal_cents, fee_cents, total_cents, refunded_cents, paid_at, created_at)
       select (select id from store_statuses where account_id = ${school}), ${school}, 2026, 'MT-' || g,
         case when g % 10 = 0 then 'partially_refunded' else 'paid' end,
         case when g % 5 = 0 then 3 else 2 end, 1, 'Parent ' || g, 'parent' || g || '@example.test',
         4500 + (g % 4) * 1000, case when g % 5 = 0 then 0 else 193 + (g % 4) * 35 end,
         4500 + (g % 4) * 1000 + case when g % 5 = 0 then 0 else 193 + (g % 4) * 35 end,
         case when g % 10 = 0 then 1500 else 0 end, ${spread(20_000)}, ${spread(20_000)}
       from generate_series(1, 20000) g`,
    );
    await step(
      "the school's refunds",
      `insert into online_payments (online_order_id, kind, provider, amount_cents, status, idempotency_key, created_at)
       select o.id, 'refund', 'embedded', 1500, 'succeeded', 'mt-refund-' || o.id, o.paid_at + interval '3 days'
       from online_orders o where o.order_number like 'MT-%' and o.status = 'partially_refunded'`,
    );
    await step(
      "the school's payouts",
      `insert into fund_requests (kind, account_id, year, amount_cents, status, payment_method, completed_at, created_at)
       select (array['presale','summer','sales_tax'])[1 + g % 3], ${school}, 2026, 10000 + g * 7, 2,
         (array['check','ach'])[1 + g % 2], ${spread(400)}, ${spread(400)} - interval '2 days'
       from generate_series(1, 400) g`,
    );
    await step(
      "the school's invoices",
      `insert into invoices (account_id, number, status, subtotal_cents, total_cents, paid_cents, issued_at, voided_at, created_at)
       select ${school}, 'MT-INV-' || g, case when g % 10 = 0 then 'void' else 'paid' end, 30000 + g, 30000 + g,
         case when g % 10 = 0 then 0 else 30000 + g end, ${spread(3000)},
         case when g % 10 = 0 then ${spread(3000)} + interval '5 days' end, ${spread(3000)}
       from generate_series(1, 3000) g`,
    );
    await step(
      "the school's invoice payments and refunds",
      `with billed as (select id, issued_at, row_number() over (order by id) as n from invoices
                       where number like 'MT-INV-%' and voided_at is null)
       insert into invoice_payments (invoice_id, kind, method, provider, amount_cents, status, idempotency_key, card_label, created_at)
       select b.id, case when g > 8000 then 'refund' else 'payment' end,
         case when g % 8 = 0 and g <= 8000 then 'online_sales_credits' when g % 3 = 0 then 'check' else 'credit_card' end,
         'embedded', case when g > 8000 then 500 else 3000 + g % 100 end, 'succeeded', 'mt-pay-' || g,
         case when g % 3 <> 0 then 'visa •••• 4242' end, b.issued_at + (1 + g % 20) * interval '1 day'
       from generate_series(1, 8300) g join billed b on b.n = 1 + g % 2700`,
    );
    await step(
      "other schools' orders",
      `with others as (select a.id as account_id, s.id as store_id, row_number() over (order by a.id) as n
                       from accounts a join store_statuses s on s.account_id = a.id
                       where a.code like 'MT%' and a.code <> '${SCHOOL_CODE}')
       insert into online_orders (store_id, account_id, year, order_number, status, type_payment, type_shipping,
         parent_name, parent_email, subtotal_cents, fee_cents, total_cents, paid_at, created_at)
       select o.store_id, o.account_id, 2026, 'MX-' || g, 'paid', 2, 1, 'Parent ' || g, 'p' || g || '@example.test',
         5000, 210, 5210, ${spread(100_000)}, ${spread(100_000)}
       from generate_series(1, 100000) g join others o on o.n = 1 + g % 50`,
    );
  });
}

async function main() {
  const databaseUrl = await freshDatabase(DATABASE);
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  const disarm = stopAfter(20);
  try {
    handle = await demoDatabase(databaseUrl);
    const [studio] = await handle.db.select().from(accounts).where(eq(accounts.code, 'S10000'));
    if (!studio) throw new Error('the demo studio is missing');
    console.log('Loading a school with 50,000 money events on PostgreSQL');
    await load(databaseUrl, studio.id);
    const [school] = await handle.db.select().from(accounts).where(eq(accounts.code, SCHOOL_CODE));
    if (!school) throw new Error('the bench school is missing');

    const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench-money' });
    app = running.app;
    const { base, tokenOf } = running;
    if (KEEP) return;
    const callers = [
      { who: 'studio owner', token: await tokenOf('owner@colophon.test') },
      { who: 'super admin', token: await tokenOf('super@colophon.test') },
    ];
    const path = `/api/accounts/${school.id}/money_timeline`;
    const calls = [
      { what: 'first page (newest first, 25)', path },
      { what: 'summary (total balance and figures)', path: `${path}/summary` },
      {
        what: 'filtered page (payments and refunds since 2025-01-01)',
        path: `${path}?kind[]=invoice_payment&kind[]=invoice_refund&kind[]=online_refund&from=2025-01-01`,
      },
      {
        what: 'a season (2024-08-01 to 2025-07-31), oldest first',
        path: `${path}?sort=at&from=2024-08-01&to=2025-07-31`,
      },
      { what: 'deep page (page 1,000 of 2,000)', path: `${path}?page=1000` },
    ];
    const table = ['| Caller | Call | rows in set | p50 ms | p95 ms |', '| --- | --- | --- | --- | --- |'];
    for (const caller of callers) {
      for (const spec of calls) {
        const call = async () => {
          const before = performance.now();
          const response = await fetch(`${base}${spec.path}`, { headers: { authorization: `Bearer ${caller.token}` } });
          const body = (await response.json()) as { total?: number; events?: number };
          if (!response.ok)
            throw new Error(`${spec.what} as ${caller.who}: ${response.status} ${JSON.stringify(body)}`);
          return { ms: performance.now() - before, size: body.total ?? body.events ?? 0 };
        };
        const first = await call();
        const samples: number[] = [];
        for (let run = 0; run < RUNS; run++) samples.push((await call()).ms);
        const latency = summarize(samples);
        table.push(
          `| ${caller.who} | ${spec.what} | ${first.size.toLocaleString('en-US')} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} |`,
        );
        console.log(table[table.length - 1]);
      }
    }
    const owner = callers[0]?.token ?? '';
    const csvStarted = performance.now();
    const csv = await (await fetch(`${base}${path}.csv`, { headers: { authorization: `Bearer ${owner}` } })).text();
    const csvMs = performance.now() - csvStarted;
    const csvLine = `CSV of the whole timeline: ${(csv.split('\r\n').length - 1).toLocaleString('en-US')} rows, ${(csv.length / 1e6).toFixed(1)} MB in ${csvMs.toFixed(0)} ms`;
    console.log(csvLine);

    const [{ events } = { events: 0 }] = await rowsOf<{ events: number }>(
      handle.db.execute(timelineSql(school.id, {}, timelineOrder('-at'), { limit: 1, offset: 0 })),
    ).then((rows) => rows.map((row) => ({ events: Number((row as unknown as { total: unknown }).total) })));
    console.log(`events of the school: ${events.toLocaleString('en-US')}`);
    const query = new PgDialect().sqlToQuery(
      timelineSql(school.id, {}, timelineOrder('-at'), { limit: 25, offset: 0 }),
    );
    console.log('  EXPLAIN ANALYZE of the first page:');
    await explain(databaseUrl, inline(query.sql, query.params), 60);
    console.log(`\n${RUNS} runs each, one after the other.\n${table.join('\n')}\n${csvLine}`);
  } finally {
    disarm();
    await app?.close();
    await handle?.close();
    if (KEEP) console.log(`kept the database ${databaseUrl}`);
    else await dropDatabase(DATABASE);
  }
}

/** A statement with its parameters written in (numbers and quoted text), for EXPLAIN. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

await main();
