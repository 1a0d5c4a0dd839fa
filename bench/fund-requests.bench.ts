// The three fund and sales-tax overviews (POST fund_requests/overview, summer_fund_requests/overview,
// sales_tax_requests/overview) over 1,000,000 online order items and 20,000 requests on PostgreSQL,
// through the real API (in this process): as the super administrator (every school), as the studio
// owner (the demo studio's tree, half of the schools) and for one school; each overview ~30 times one
// after the other, then the three at once as the page asks them (`useQueries`). p50/p95 printed,
// never asserted; then EXPLAIN ANALYZE of the super administrator's read of what the stores collected,
// and a check that the rollup (migration 0023) equals what the orders compute directly.
//
// Data, in bulk with generate_series: 500 schools (250 under five new branch offices of the demo
// studio, 250 under a second studio), a store per school for 2024–2026, 400,000 orders (card, cash and
// check; a coupon on one in ten; tax on three in four; the card fee of `ecommerce_fees`; 3 % refunded
// in part, 1 % in full, 5 % unpaid; one in six shipped as summer single books) and 1,000,000 items
// copying their order's account, year, shipping and paid instant (one line in nine a summer single
// book in any order); 20,000 requests of the three kinds (two thirds complete, the rest waiting).
//
// Run: npm run bench:fund-requests -w @colophon/bench (a few minutes, most of it loading). Knobs:
// BENCH_RUNS (30), BENCH_ITEMS (1000000), BENCH_SCHOOLS (500), BENCH_REQUESTS (20000), BENCH_DIRECT_RUNS (1),
// BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a
// database colophon_bench_funds is created there and dropped afterwards; BENCH_KEEP=1 keeps it).
import { performance } from 'node:perf_hooks';
import { accounts, type DbHandle } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { demoDatabase, startApp, stopAfter } from './support/app';
import { dropDatabase, explain, freshDatabase, KEEP, loadInBulk } from './support/postgres';
import { summarize } from './support/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
/** Runs of the pre-0023 direct read per scope (each takes seconds over every school). */
const DIRECT_RUNS = Number(process.env.BENCH_DIRECT_RUNS ?? 1);
const ORDERS = Math.round(ITEMS / 2.5);
const DATABASE = 'colophon_bench_funds';
const KINDS = [
  { kind: 'presale', resource: 'fund_requests' },
  { kind: 'summer', resource: 'summer_fund_requests' },
  { kind: 'sales_tax', resource: 'sales_tax_requests' },
] as const;

/** The large data set through one connection, triggers and foreign-key checks off while it loads. */
async function load(databaseUrl: string, studioId: number) {
  const half = Math.floor(SCHOOLS / 2);
  await loadInBulk(
    databaseUrl,
    async (step) => {
      await step(
        'studios and branches',
        `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'FB' || lpad(g::text, 4, '0'), 'Funds Bench Branch ' || g, 10, 2, ${studioId}, 1 from generate_series(1, 5) g
       union all select 'FS0001', 'Funds Bench Studio', 9, 2, null, 0`,
      );
      await step(
        'second studio branches',
        `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'FX' || lpad(g::text, 4, '0'), 'Funds Bench Other Branch ' || g, 10, 2,
         (select id from accounts where code = 'FS0001'), 1 from generate_series(1, 5) g`,
      );
      await step(
        'schools',
        `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'FA' || lpad(g::text, 6, '0'), 'Funds Bench School ' || g, 3, 2,
         (select id from accounts where code = (case when g <= ${half} then 'FB' else 'FX' end) || lpad((1 + g % 5)::text, 4, '0')),
         2
       from generate_series(1, ${SCHOOLS}) g`,
      );
      await step(
        'stores',
        `insert into store_statuses (account_id, year, is_open)
       select a.id, y, y = 2026 from accounts a cross join generate_series(2024, 2026) y where a.code like 'FA%'`,
      );
      // Subtotal 100–130 $, a 5 $ coupon on one order in ten, 7 % tax on three in four, the card fee
      // (3.5 % + 35¢ of subtotal − coupon + tax) on card orders (payment 2), none on cash (3) and check (4).
      await step(
        'orders',
        `with stores as (select s.id, s.account_id, s.year, row_number() over (order by s.id) as n from store_statuses s
                       join accounts a on a.id = s.account_id where a.code like 'FA%'),
            counted as (select count(*) as total from stores),
            numbered as (select g, g + (g / counted.total) * 7 as h, counted.total
                         from generate_series(1, ${ORDERS}) g cross join counted),
            shaped as (
              select g, h, s.id as store_id, s.account_id, s.year,
                (array[2,2,2,2,3,4])[1 + (g / total) % 6] as payment,
                (array[1,1,1,3,2,0])[1 + (g / total + g / 7) % 6] as shipping,
                10000 + (h % 3) * 1500 as subtotal, case when h % 10 = 0 then 500 else 0 end as discount,
                case when h % 4 = 0 then 0 else ((10000 + (h % 3) * 1500) * 7 + 50) / 100 end as tax
              from numbered join stores s on s.n = 1 + g % numbered.total),
            priced as (
              select shaped.*, case when payment = 2 then ((subtotal - discount + tax) * 35 + 500) / 1000 + 35 else 0 end as fee
              from shaped)
       insert into online_orders (store_id, account_id, year, order_number, status, type_payment, type_shipping,
         parent_name, parent_email, student_first_name, student_last_name, homeroom, subtotal_cents, discount_cents,
         fee_cents, tax_cents, total_cents, refunded_cents, paid_at, created_at)
       select store_id, account_id, year, 'FB-' || g,
         case when h % 100 < 5 then 'pending' when h % 100 < 8 then 'partially_refunded' when h % 100 = 8 then 'refunded' else 'paid' end,
         payment, shipping, 'Parent ' || g, 'parent' || g || '@example.test', 'Student', 'S' || g, 'Room ' || (g % 12),
         subtotal, discount, fee, tax, subtotal - discount + tax + fee,
         case when h % 100 between 5 and 7 then 1500 when h % 100 = 8 then subtotal - discount + tax + fee else 0 end,
         case when h % 100 < 5 then null
           else make_timestamptz(year - 1, 8, 1, 12, 0, 0, 'UTC') + (h % 240) * interval '1 day' end,
         make_timestamptz(year - 1, 8, 1, 12, 0, 0, 'UTC')
       from priced`,
      );
      await step(
        'items',
        `with first as (select min(id) as id from online_orders where order_number like 'FB-%')
       insert into online_order_items (online_order_id, account_id, year, type_product, type_sub_product, type_shipping,
         quantity, unit_price_cents, total_cents, is_donated, paid_at)
       select o.id, o.account_id, o.year, 1, 0, case when g % 9 = 0 then 2 else o.type_shipping end, 1, p.price, p.price, false,
         case when o.status = 'refunded' then null else o.paid_at end
       from generate_series(0, ${ITEMS - 1}) g cross join first
       join online_orders o on o.id = first.id + (g % ${ORDERS})
       cross join lateral (select (array[5000,3000,4000,2500,6000])[1 + g % 5] as price) p`,
      );
      await step(
        'fund requests',
        `with schools as (select id, row_number() over (order by id) as n from accounts where code like 'FA%')
       insert into fund_requests (kind, account_id, year, amount_cents, status, request_key, payment_method,
         payment_reference, completed_at, created_at)
       select (array['presale','summer','sales_tax'])[1 + g % 3], s.id, 2024 + (g / ${SCHOOLS}) % 3,
         1000 + (g % 50) * 100, case when g % 3 = 0 then 0 else 2 end, 'bench-' || g,
         case when g % 3 = 0 then null else 'ach' end, case when g % 3 = 0 then null else 'REF-' || g end,
         case when g % 3 = 0 then null else now() end, now()
       from generate_series(0, ${REQUESTS - 1}) g join schools s on s.n = 1 + g % ${SCHOOLS}`,
      );
    },
    async (step) => {
      // What the triggers keep, filled from the tables as the migrations' backfills do.
      await step('weekly sales rollup', 'select colophon_online_sales_weekly_refill()');
      await step('fund rollup', 'select colophon_fund_collected_refill()');
    },
  );
}

interface OverviewBody {
  accountId?: number;
  year?: number;
}

async function main() {
  const databaseUrl = await freshDatabase(DATABASE);
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  const disarm = stopAfter(30);
  try {
    handle = await demoDatabase(databaseUrl);
    const [studio] = await handle.db.select().from(accounts).where(eq(accounts.code, 'S10000'));
    if (!studio) throw new Error('the demo studio is missing');
    console.log(
      `Loading ${SCHOOLS} schools, ${ITEMS.toLocaleString('en-US')} online order items and ${REQUESTS.toLocaleString('en-US')} requests on PostgreSQL`,
    );
    await load(databaseUrl, studio.id);
    const [school] = await handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.code, 'FA000001'));
    if (!school) throw new Error('the bench schools are missing');

    const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench-funds' });
    app = running.app;
    const { base, tokenOf } = running;
    if (KEEP) return;
    const superToken = await tokenOf('super@colophon.test');
    const callers: { who: string; token: string; body: OverviewBody }[] = [
      { who: 'super admin, every school, every year', token: superToken, body: {} },
      { who: 'super admin, every school, 2026', token: superToken, body: { year: 2026 } },
      { who: 'studio owner, its tree, 2026', token: await tokenOf('owner@colophon.test'), body: { year: 2026 } },
      { who: 'one school, 2026', token: superToken, body: { accountId: school.id, year: 2026 } },
    ];
    const overview = async (token: string, resource: string, body: OverviewBody) => {
      const before = performance.now();
      const response = await fetch(`${base}/api/${resource}/overview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { collectedCents?: number; orders?: number };
      if (!response.ok) throw new Error(`${resource}/overview: ${response.status} ${JSON.stringify(answer)}`);
      return { ms: performance.now() - before, answer };
    };
    const table = ['| Caller | Overview | orders | p50 ms | p95 ms |', '| --- | --- | --- | --- | --- |'];
    const row = (caller: string, what: string, orders: string, samples: number[]) => {
      const latency = summarize(samples);
      table.push(`| ${caller} | ${what} | ${orders} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} |`);
      console.log(table[table.length - 1]);
    };
    for (const caller of callers) {
      for (const { resource } of KINDS) {
        const first = await overview(caller.token, resource, caller.body);
        const samples: number[] = [];
        for (let run = 0; run < RUNS; run++) samples.push((await overview(caller.token, resource, caller.body)).ms);
        row(caller.who, resource, (first.answer.orders ?? 0).toLocaleString('en-US'), samples);
      }
      const together: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const before = performance.now();
        await Promise.all(KINDS.map(({ resource }) => overview(caller.token, resource, caller.body)));
        together.push(performance.now() - before);
      }
      row(caller.who, 'the three at once', '', together);
    }

    console.log('  what the stores collected, every school and year, super admin (the rollup):');
    await explain(
      databaseUrl,
      `select sum(presale_orders), sum(presale_collected_cents), sum(presale_fees_cents), sum(presale_refunded_cents)
       from fund_collected_yearly`,
    );
    await timeDirectRead(databaseUrl, table, [
      { who: 'super admin, every school, every year', where: 'true' },
      { who: 'super admin, every school, 2026', where: 'o.year = 2026' },
      {
        who: 'studio owner, its tree, 2026',
        where: `o.year = 2026 and o.account_id in (select g.id from accounts g join accounts c on g.parent_account_id = c.id
          where c.parent_account_id = ${studio.id} union all select id from accounts where parent_account_id = ${studio.id})`,
      },
      { who: 'one school, 2026', where: `o.year = 2026 and o.account_id = ${school.id}` },
    ]);
    await checkRollup(databaseUrl);
    console.log(`\n${RUNS} runs each, one after the other.\n${table.join('\n')}`);
  } finally {
    disarm();
    await app?.close();
    await handle?.close();
    if (KEEP) console.log(`kept the database ${databaseUrl}`);
    else await dropDatabase(DATABASE);
  }
}

/**
 * Before migration 0023: the presale overview's read of what the stores collected, straight from
 * the orders and their summer lines (each paid order's shares computed on the fly), as the API read
 * it; BENCH_DIRECT_RUNS runs per scope on one connection, p50 and max printed into the table.
 */
async function timeDirectRead(databaseUrl: string, table: string[], scopes: { who: string; where: string }[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const scope of scopes) {
      const samples: number[] = [];
      for (let run = 0; run < DIRECT_RUNS; run++) {
        const before = performance.now();
        await client.query(
          `select sum(p.presale_orders), sum(p.presale_collected_cents), sum(p.presale_fees_cents),
             sum(p.presale_refunded_cents)
           from online_orders o
           cross join lateral colophon_fund_order_shares(o.subtotal_cents, o.discount_cents, o.fee_cents, o.tax_cents,
             o.total_cents, o.refunded_cents, coalesce((select sum(i.total_cents) from online_order_items i
               where i.online_order_id = o.id and i.type_shipping = 2), 0)) p
           where o.paid_at is not null and o.status in ('paid', 'partially_refunded', 'refunded') and ${scope.where}`,
        );
        samples.push(performance.now() - before);
      }
      const latency = summarize(samples);
      table.push(
        `| ${scope.who} | before 0023: the orders read directly (SQL only, ${DIRECT_RUNS} run(s)) | | ${latency.p50.toFixed(1)} | ${latency.max.toFixed(1)} |`,
      );
      console.log(table[table.length - 1]);
    }
  } finally {
    await client.end();
  }
}

/** The rollup as the triggers and refill left it, against the orders computed directly: PASS/FAIL. */
async function checkRollup(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const kept = await client.query(
      `select account_id, year, sum(presale_orders) po, sum(presale_collected_cents) pc, sum(presale_fees_cents) pf,
         sum(presale_refunded_cents) pr, sum(summer_orders) so, sum(summer_collected_cents) sc, sum(summer_fees_cents) sf,
         sum(summer_refunded_cents) sr, sum(tax_orders) tor, sum(tax_collected_cents) tc, sum(tax_fees_cents) tf,
         sum(tax_refunded_cents) tr
       from fund_collected_yearly group by 1, 2 order by 1, 2`,
    );
    await client.query('begin');
    await client.query('select colophon_fund_collected_refill()');
    const computed = await client.query(
      `select account_id, year, sum(presale_orders) po, sum(presale_collected_cents) pc, sum(presale_fees_cents) pf,
         sum(presale_refunded_cents) pr, sum(summer_orders) so, sum(summer_collected_cents) sc, sum(summer_fees_cents) sf,
         sum(summer_refunded_cents) sr, sum(tax_orders) tor, sum(tax_collected_cents) tc, sum(tax_fees_cents) tf,
         sum(tax_refunded_cents) tr
       from fund_collected_yearly group by 1, 2 order by 1, 2`,
    );
    await client.query('rollback');
    const same = JSON.stringify(kept.rows) === JSON.stringify(computed.rows);
    console.log(`  rollup = refill over ${kept.rowCount} school-years: ${same ? 'PASS' : 'FAIL'}`);
  } finally {
    await client.end();
  }
}

await main();
