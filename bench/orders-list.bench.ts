// The Order Status list over 1,000,000 orders on PostgreSQL: GET /api/orders (perPage 25) through
// the real API (in this process), as the super administrator (every order) and as the studio owner
// (the demo studio's tree, about half of them): page 1 and page 5,000, the default sort (-createdAt)
// and with a status filter; ~30 runs one after the other for each, p50/p95 printed (never asserted).
// For each page 5,000 it also prints EXPLAIN ANALYZE of the route's slowest orders query, caught at the
// pg driver, to see what an index or a different query would save.
//
// Data, in bulk with generate_series: 20,000 schools (10,000 under the demo studio's five new branch
// offices, 10,000 under a second studio), five projects each (2022–2026), ten orders per project;
// past years' orders mostly Delivered or Both Copies Delivered, this year's in every status.
//
// Run: npm run bench:orders-list -w @colophon/bench (a few minutes, most of it loading). Knobs:
// BENCH_RUNS (30), BENCH_ORDERS (1000000), BENCH_DATABASE_URL or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_orders is created there and
// dropped afterwards; BENCH_KEEP=1 keeps it).
import { performance } from 'node:perf_hooks';
import { accounts, type DbHandle } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { demoDatabase, startApp, stopAfter } from './support/app';
import { dropDatabase, freshDatabase, KEEP, loadInBulk } from './support/postgres';
import { summarize } from './support/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DATABASE = 'colophon_bench_orders';

/** The large data set through one connection, foreign-key triggers off while it loads (it is ours). */
async function load(databaseUrl: string, studioId: number) {
  await loadInBulk(databaseUrl, async (step) => {
    await step(
      'branch offices',
      `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'OB' || lpad(g::text, 4, '0'), 'Orders Bench Branch ' || g, 10, 2, ${studioId}, 1 from generate_series(1, 5) g
       union all
       select 'OS0001', 'Orders Bench Studio', 9, 2, null, 0`,
    );
    await step(
      'second studio branches',
      `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'OX' || lpad(g::text, 4, '0'), 'Orders Bench Other Branch ' || g, 10, 2,
         (select id from accounts where code = 'OS0001'), 1 from generate_series(1, 5) g`,
    );
    await step(
      'schools',
      `insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
       select 'OA' || lpad(g::text, 6, '0'),
         (array['Maple','Cedar','Lincoln','Riverside','Oak','Pine','Summit','Lake','Hill','Valley'])[1 + g % 10] || ' ' ||
         (array['Elementary','Middle School','High School','Academy','K-8'])[1 + (g / 10) % 5] || ' ' || g,
         (array[1,2,3,4,5,6])[1 + g % 6], 2,
         (select id from accounts where code = (case when g <= 10000 then 'OB' else 'OX' end) || lpad((1 + g % 5)::text, 4, '0')),
         2
       from generate_series(1, 20000) g`,
    );
    await step(
      'projects',
      `insert into projects (account_id, name, year, type_book, page_count, copies)
       select a.id, a.name || ' Yearbook ' || y, y, 1 + (a.id + y) % 10, 96, 100 + a.id % 300
       from accounts a cross join generate_series(2022, 2026) y where a.code like 'OA%'`,
    );
    await step(
      'orders',
      `with numbered as (
         select p.id, p.account_id, p.year, row_number() over (order by p.id) as n, count(*) over () as total
         from projects p join accounts a on a.id = p.account_id where a.code like 'OA%'
       )
       insert into orders (project_id, account_id, external_id, status, type_order, shipping_method, b_combine_copies,
         copies, count_extras, manufacturer_id, submitted_at, created_at, updated_at)
       select p.id, p.account_id, 'OL-' || g,
         case when p.year < 2026 then (array[3,8,3,8,3,8,6,7,12,9])[1 + g % 10]
              else (array[-2,-1,0,1,1,4,5,10,11,11,2,2,3,8,9])[1 + g % 15] end,
         (array[1,1,1,1,0,2,3])[1 + g % 7], (array['FG','UG','PP','LTL'])[1 + g % 4], g % 3 = 0,
         100 + g % 200, g % 40, (select min(id) from manufacturers) + g % 4,
         make_timestamptz(p.year, 1, 1, 0, 0, 0, 'UTC') + (g % 360) * interval '1 day' + (g % 86400) * interval '1 second',
         make_timestamptz(p.year, 1, 1, 0, 0, 0, 'UTC') + (g % 360) * interval '1 day' + (g % 86400) * interval '1 second' - interval '1 day',
         now()
       from generate_series(1, ${ORDERS}) g
       join numbered p on p.n = 1 + g % (select count(*) from numbered)`,
    );
  });
}

type Statement = { text: string; values?: unknown[] };

/** The statements one request sends, caught at the pg driver (the app here is in this process). */
async function statementsOf(app: FastifyInstance, url: string, token: string): Promise<Statement[]> {
  const caught: Statement[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: the driver's overloaded signature, passed through untouched.
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const [config, values] = args;
    if (config && typeof config === 'object' && typeof config.text === 'string') {
      caught.push({ text: config.text, values: config.values ?? values });
    } else if (typeof config === 'string') {
      caught.push({ text: config, values: Array.isArray(values) ? values : undefined });
    }
    return original.apply(this, args as Parameters<typeof original>);
  } as typeof original;
  try {
    await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  } finally {
    pg.Client.prototype.query = original;
  }
  return caught.filter((statement) => /from "orders"/.test(statement.text));
}

/** EXPLAIN ANALYZE of the slowest orders statement of one request. */
async function explainSlowest(databaseUrl: string, statements: Statement[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let slowest: { ms: number; plan: string[]; text: string } | undefined;
    for (const statement of statements) {
      const result = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      const plan = result.rows.map((row: Record<string, string>) => row['QUERY PLAN'] ?? '');
      const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
      if (!slowest || ms > slowest.ms) slowest = { ms, plan, text: statement.text };
    }
    if (!slowest) return;
    console.log(
      `    slowest orders query (${slowest.ms.toFixed(1)} ms): ${slowest.text.replace(/\s+/g, ' ').slice(0, 400)}`,
    );
    for (const line of slowest.plan.slice(0, 30)) console.log(`      ${line}`);
  } finally {
    await client.end();
  }
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
    console.log(`Loading ${ORDERS.toLocaleString('en-US')} orders on PostgreSQL`);
    await load(databaseUrl, studio.id);

    const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench-orders' });
    app = running.app;
    const { base, tokenOf } = running;
    const callers = [
      { who: 'super admin', token: await tokenOf('super@colophon.test') },
      { who: 'studio owner', token: await tokenOf('owner@colophon.test') },
    ];
    if (KEEP) return;
    const queries = [
      { what: 'page 1', query: 'page=1&perPage=25' },
      { what: 'page 5,000', query: 'page=5000&perPage=25' },
      { what: 'status=3, page 1', query: 'status=3&page=1&perPage=25' },
      { what: 'status=3, page 5,000', query: 'status=3&page=5000&perPage=25' },
    ];
    const table = ['| Caller | Call | total | p50 ms | p95 ms |', '| --- | --- | --- | --- | --- |'];
    for (const caller of callers) {
      for (const { what, query } of queries) {
        console.log(`${caller.who}: ${what}`);
        const path = `/api/orders?${query}`;
        const call = async () => {
          const before = performance.now();
          const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${caller.token}` } });
          const body = (await response.json()) as { total?: number; data?: unknown[] };
          if (!response.ok) throw new Error(`GET ${path} as ${caller.who}: ${response.status} ${JSON.stringify(body)}`);
          return { ms: performance.now() - before, total: body.total ?? 0, rows: body.data?.length ?? 0 };
        };
        const first = await call();
        const samples: number[] = [];
        for (let run = 0; run < RUNS; run++) samples.push((await call()).ms);
        const latency = summarize(samples);
        table.push(
          `| ${caller.who} | GET orders?${query} (${first.rows} rows) | ${first.total.toLocaleString('en-US')} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} |`,
        );
        console.log(table[table.length - 1]);
        if (query.includes('page=5000'))
          await explainSlowest(databaseUrl, await statementsOf(running.app, path, caller.token));
      }
    }
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
