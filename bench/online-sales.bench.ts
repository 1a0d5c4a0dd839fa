// The sales reports over 1,000,000 online order items on PostgreSQL: POST online_sales/revenue_overview
// (one year, and every year) and GET online_sales/year_to_year_sales_comparison through the real API
// (in this process), as the super administrator (every store) and as the studio owner (the demo
// studio's tree, about half of them); ~30 runs one after the other each, p50/p95 printed (never
// asserted), and EXPLAIN ANALYZE of the weekly rollup's read as the super administrator. The items
// load with triggers off, so the rollup (migration 0014) is then filled by its refill function.
//
// Data, in bulk with generate_series: 4,000 schools (2,000 under five new branch offices of the demo
// studio, 2,000 under a second studio), a store per school for 2024–2026, 400,000 orders (a pre-order
// curve over each season: most sales in September–October and before the spring deadline), and
// 1,000,000 items copying their order's account, year and paid instant (every product type; 3 % of
// orders refunded in part, 1 % in full, 5 % unpaid).
//
// Run: npm run bench:online-sales -w @colophon/bench (a few minutes, most of it loading). Knobs:
// BENCH_RUNS (30), BENCH_ITEMS (1000000), BENCH_DATABASE_URL or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_sales is created there and
// dropped afterwards; BENCH_KEEP=1 keeps it).
import { performance } from 'node:perf_hooks';
import { accounts, type DbHandle } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { demoDatabase, startApp, stopAfter } from './support/app';
import { dropDatabase, explain, freshDatabase, KEEP, loadInBulk } from './support/postgres';
import { summarize } from './support/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const ORDERS = Math.round(ITEMS / 2.5);
const DATABASE = 'colophon_bench_sales';

/** The large data set through one connection, foreign-key triggers off while it loads (it is ours). */
async function load(databaseUrl: string, studioId: number) {
  await loadInBulk(
    databaseUrl,
    async (step) => {
      await step(
        'studios and branches',
        `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'SB' || lpad(g::text, 4, '0'), 'Sales Bench Branch ' || g, 10, 2, ${studioId}, 1 from generate_series(1, 5) g
       union all select 'SS0001', 'Sales Bench Studio', 9, 2, null, 0`,
      );
      await step(
        'second studio branches',
        `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'SX' || lpad(g::text, 4, '0'), 'Sales Bench Other Branch ' || g, 10, 2,
         (select id from accounts where code = 'SS0001'), 1 from generate_series(1, 5) g`,
      );
      await step(
        'schools',
        `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'SA' || lpad(g::text, 6, '0'), 'Sales Bench School ' || g, 3, 2,
         (select id from accounts where code = (case when g <= 2000 then 'SB' else 'SX' end) || lpad((1 + g % 5)::text, 4, '0')),
         2
       from generate_series(1, 4000) g`,
      );
      await step(
        'stores',
        `insert into store_statuses (account_id, year, is_open)
       select a.id, y, y = 2026 from accounts a cross join generate_series(2024, 2026) y where a.code like 'SA%'`,
      );
      // The season's curve per store (the order's rank in its store): a third in the first two months
      // (pre-orders), the rest over eight months, so each store sells in most weeks of its season.
      await step(
        'orders',
        `with stores as (select s.id, s.account_id, s.year, row_number() over (order by s.id) as n from store_statuses s
                       join accounts a on a.id = s.account_id where a.code like 'SA%'),
            counted as (select count(*) as total from stores)
       insert into online_orders (store_id, account_id, year, order_number, status, type_payment, type_shipping,
         parent_name, parent_email, student_first_name, student_last_name, homeroom, subtotal_cents, tax_cents,
         total_cents, refunded_cents, paid_at, created_at)
       select s.id, s.account_id, s.year, 'SB-' || g,
         case when g % 100 < 5 then 'pending' when g % 100 < 8 then 'partially_refunded' when g % 100 = 8 then 'refunded' else 'paid' end,
         (array[2,2,2,2,3,4])[1 + g % 6], (array[1,1,1,3,2,0])[1 + g % 6],
         'Parent ' || g, 'parent' || g || '@example.test', 'Student', 'S' || g, 'Room ' || (g % 12),
         5000 * 2 + (g % 3) * 1500, 0, 5000 * 2 + (g % 3) * 1500,
         case when g % 100 between 5 and 7 then 1500 when g % 100 = 8 then 5000 * 2 + (g % 3) * 1500 else 0 end,
         case when g % 100 < 5 then null else
           make_timestamptz(s.year - 1, 8, 1, 12, 0, 0, 'UTC')
             + (case when (g / counted.total) % 3 = 0 then ((g / counted.total) * 7 + g % 11) % 60
                     else ((g / counted.total) * 13 + g % 17) % 240 end) * interval '1 day'
             + (g % 3600) * interval '1 second' end,
         make_timestamptz(s.year - 1, 8, 1, 12, 0, 0, 'UTC')
       from generate_series(1, ${ORDERS}) g cross join counted
       join stores s on s.n = 1 + g % counted.total`,
      );
      await step(
        'items',
        `with first as (select min(id) as id from online_orders where order_number like 'SB-%')
       insert into online_order_items (online_order_id, account_id, year, type_product, type_sub_product, type_shipping,
         quantity, unit_price_cents, total_cents, type_personalization, personalization_name, is_donated, paid_at)
       select o.id, o.account_id, o.year, p.type, 0, o.type_shipping, 1 + (g % 7 = 0)::int,
         p.price, p.price * (1 + (g % 7 = 0)::int),
         case when p.type = 1 and g % 4 = 0 then 1 end, case when p.type = 1 and g % 4 = 0 then 'NAME ' || g end,
         p.type = 1 and g % 25 = 0,
         case when o.status = 'refunded' then null else o.paid_at end
       from generate_series(0, ${ITEMS - 1}) g cross join first
       join online_orders o on o.id = first.id + (g % ${ORDERS})
       cross join lateral (select (array[1,1,1,1,1,2,3,8,4,1])[1 + (g / ${ORDERS} * 3 + g) % 10] as type,
                                  (array[5000,5000,5000,5000,5000,10000,1500,2500,3000,5000])[1 + (g / ${ORDERS} * 3 + g) % 10] as price) p`,
      );
    },
    // The rollup's triggers were off while loading: fill it as migration 0014 does.
    (step) => step('weekly sales rollup', 'select colophon_online_sales_weekly_refill()'),
  );
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
    console.log(`Loading ${ITEMS.toLocaleString('en-US')} online order items on PostgreSQL`);
    await load(databaseUrl, studio.id);

    const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench-sales' });
    app = running.app;
    const { base, tokenOf } = running;
    const callers = [
      { who: 'super admin', token: await tokenOf('super@colophon.test') },
      { who: 'studio owner', token: await tokenOf('owner@colophon.test') },
    ];
    if (KEEP) return;
    const calls = [
      {
        what: 'POST revenue_overview {year: 2026}',
        method: 'POST',
        path: '/api/online_sales/revenue_overview',
        body: { year: 2026 },
      },
      { what: 'POST revenue_overview {}', method: 'POST', path: '/api/online_sales/revenue_overview', body: {} },
      {
        what: 'GET year_to_year_sales_comparison',
        method: 'GET',
        path: '/api/online_sales/year_to_year_sales_comparison',
      },
      {
        what: 'GET year_to_year_sales_comparison?year=2026',
        method: 'GET',
        path: '/api/online_sales/year_to_year_sales_comparison?year=2026',
      },
    ] as const;
    const table = ['| Caller | Call | books or years | p50 ms | p95 ms |', '| --- | --- | --- | --- | --- |'];
    for (const caller of callers) {
      for (const spec of calls) {
        const call = async () => {
          const before = performance.now();
          const response = await fetch(`${base}${spec.path}`, {
            method: spec.method,
            headers: {
              authorization: `Bearer ${caller.token}`,
              ...('body' in spec ? { 'content-type': 'application/json' } : {}),
            },
            ...('body' in spec ? { body: JSON.stringify(spec.body) } : {}),
          });
          const body = (await response.json()) as { books?: number; years?: unknown[] };
          if (!response.ok)
            throw new Error(`${spec.what} as ${caller.who}: ${response.status} ${JSON.stringify(body)}`);
          return { ms: performance.now() - before, size: body.books ?? body.years?.length ?? 0 };
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
    console.log('  the weekly rollup read of revenue_overview, every year, super admin:');
    await explain(
      databaseUrl,
      `select w.week, sum(w.item_lines), sum(w.items_cents), sum(w.books), sum(w.orders), sum(w.gross_cents)
       from online_sales_weekly w group by w.week`,
    );
    console.log(`\n${RUNS} runs each, one after the other.\n${table.join('\n')}`);
  } finally {
    disarm();
    await app?.close();
    await handle?.close();
    if (KEEP) console.log(`kept the database ${databaseUrl}`);
    else await dropDatabase(DATABASE);
  }
}

await main();
