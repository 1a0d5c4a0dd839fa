// Accounts benchmark on PostgreSQL: the account summary overview of a studio with 5,000 schools and
// 50,000 projects (with their proofs, orders, stores and notifications) at 20 concurrent connections,
// and `POST accounts/get/get_accounts_post` over 100,000 accounts with three filters. Target: the
// overview's p95 under 150 ms. Run with `npx tsx bench/accounts-overview.bench.ts`.
//
// Environment: BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the server, default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_accounts is created on it
// and dropped afterwards (BENCH_KEEP=1 keeps it, loaded, and skips the runs). BENCH_SECONDS (default 10) sets the length of each loaded run. The load
// comes from a child process (this file with --load), so it does not share the API's event loop.
import { accounts, type DbHandle, rowsOf } from '@colophon/db';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { demoDatabase, inChildProcess, startApp, stopAfter } from './support/app';
import { dropDatabase, freshDatabase, KEEP } from './support/postgres';
import { percentile } from './support/stats';

interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}
interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  completed: number;
  failures: number;
}

/** The child side: autocannon for `seconds`, every 2xx response time kept (p95 is exact). */
async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = [];
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        headers: options.headers,
        body: options.body,
        connections: options.connections,
        duration: options.seconds,
        timeout: 30,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
      else failures++;
    });
  });
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    perSecond: samples.length / result.duration,
    completed: samples.length,
    failures: failures + result.errors + result.timeouts,
  };
}

const loader = inChildProcess(import.meta.url, runLoad);
if (!loader.isChild) await main();

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const databaseName = 'colophon_bench_accounts';
  const databaseUrl = await freshDatabase(databaseName);

  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  const disarm = stopAfter(15);
  try {
    handle = await demoDatabase(databaseUrl);
    const seeded = await seedBench(handle);
    console.log(
      `Data: ${seeded.accounts.toLocaleString('en-US')} accounts; the studio holds ${seeded.studioSchools.toLocaleString('en-US')} schools ` +
        `with ${seeded.studioProjects.toLocaleString('en-US')} projects, ${seeded.proofs.toLocaleString('en-US')} proofs, ` +
        `${seeded.orders.toLocaleString('en-US')} orders and ${seeded.notifications.toLocaleString('en-US')} notifications (built in ${seeded.seconds.toFixed(1)} s).`,
    );

    const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench' });
    app = running.app;
    const { base, tokenOf } = running;
    const owner = { authorization: `Bearer ${await tokenOf('owner@colophon.test')}` };
    const superAdmin = { authorization: `Bearer ${await tokenOf('super@colophon.test')}` };
    const overview = `${base}/api/accounts/account_summary_overview/${seeded.studioId}`;

    if (KEEP) return;
    const runs: { what: string; options: Omit<LoadOptions, 'connections' | 'seconds'>; target?: number }[] = [
      {
        what: 'overview, year=2026, page 1 (default sort)',
        options: { url: `${overview}?year=2026`, method: 'GET', headers: owner },
        target: 150,
      },
      {
        what: 'overview, year=2026, page 150, sort=-submissionDeadline',
        options: { url: `${overview}?year=2026&page=150&sort=-submissionDeadline`, method: 'GET', headers: owner },
        target: 150,
      },
      {
        what: 'overview, year=2026&notShipped&storeOpen&excludeStoreOnly, sort=-lastNotificationAt',
        options: {
          url: `${overview}?year=2026&notShipped=true&storeOpen=true&excludeStoreOnly=true&sort=-lastNotificationAt`,
          method: 'GET',
          headers: owner,
        },
        target: 150,
      },
      {
        what: 'overview, year=2026&noProof&orderBySubmission',
        options: { url: `${overview}?year=2026&noProof=true&orderBySubmission=true`, method: 'GET', headers: owner },
        target: 150,
      },
      {
        what: 'overview, every year (50,000 projects), page 1',
        options: { url: `${overview}`, method: 'GET', headers: owner },
      },
      {
        what: 'get_accounts_post, super admin, 100k accounts: type[], country[], search',
        options: {
          url: `${base}/api/accounts/get/get_accounts_post`,
          method: 'POST',
          headers: { ...superAdmin, 'content-type': 'application/json' },
          body: JSON.stringify({ type: [6, 3, 2], country: ['US', 'CA'], search: 'valley', perPage: 25 }),
        },
      },
      {
        what: 'get_accounts_post, studio owner (tree of 5k): type[], country[], search',
        options: {
          url: `${base}/api/accounts/get/get_accounts_post`,
          method: 'POST',
          headers: { ...owner, 'content-type': 'application/json' },
          body: JSON.stringify({ type: [6, 3, 2], country: ['US', 'CA'], search: 'valley', perPage: 25 }),
        },
      },
    ];

    console.log(`\nLoad: 20 concurrent connections, ${seconds} s each after a 2 s warm-up; PostgreSQL pool of 10.\n`);
    const table: string[] = [
      '| Call | p50 ms | p95 ms | p99 ms | req/s | target |',
      '| --- | --- | --- | --- | --- | --- |',
    ];
    for (const run of runs) {
      const check = await fetch(run.options.url, {
        method: run.options.method,
        headers: run.options.headers,
        ...(run.options.body ? { body: run.options.body } : {}),
      });
      const checked = (await check.json()) as { total?: number };
      if (check.status !== 200) throw new Error(`${run.what}: ${check.status} ${JSON.stringify(checked)}`);
      await loader.run({ ...run.options, connections: 20, seconds: 2 });
      const result = await loader.run({ ...run.options, connections: 20, seconds });
      const verdict =
        run.target === undefined ? '—' : result.p95 < run.target ? `< ${run.target} ✓` : `< ${run.target} ✗`;
      table.push(
        `| ${run.what} (${checked.total?.toLocaleString('en-US')} rows) | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.perSecond.toFixed(0)} | ${verdict} |`,
      );
      console.log(table[table.length - 1]);
      if (result.failures > 0) console.log(`  ${result.failures} requests failed`);
    }
    console.log(`\n${table.join('\n')}`);
  } finally {
    disarm();
    await app?.close();
    await handle?.close();
    if (KEEP) console.log(`kept the database ${databaseUrl}`);
    else await dropDatabase(databaseName);
  }
}

/**
 * The large data set, in bulk with generate_series: under the demo studio (the owner's tree), five
 * branch offices with 1,000 schools each and ten projects per school (2017 to 2026), their proofs,
 * orders, stores and notifications; then a second studio with 95,000 schools, so that the accounts
 * number over 100,000.
 */
async function seedBench(handle: DbHandle) {
  const started = performance.now();
  const { db } = handle;
  const [studio] = await db.select().from(accounts).where(eq(accounts.code, 'S10000'));
  if (!studio) throw new Error('the demo studio is missing');
  const run = (statement: ReturnType<typeof sql>) => db.execute(statement);
  await run(sql`
    insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
    select 'RB' || lpad(g::text, 4, '0'), 'Bench Branch ' || g, 10, 2, ${studio.id}, 1 from generate_series(1, 5) g`);
  await run(sql`
    insert into accounts (code, name, type, type_software, type_where_created, country, parent_account_id, depth, is_active)
    select 'AB' || lpad(g::text, 6, '0'),
      (array['Maple','Cedar','Lincoln','Riverside','Oak','Pine','Summit','Lake','Hill','Valley'])[1 + g % 10] || ' ' ||
      (array['Elementary','Middle School','High School','Academy','K-8'])[1 + (g / 10) % 5] || ' ' || g,
      (array[1,2,3,4,5,6,7,8,11,12,13])[1 + g % 11], (array[0,1,3,4,9,0,3,10])[1 + g % 8], 1 + g % 2,
      (array['US','US','US','CA','US','BR'])[1 + g % 6],
      (select id from accounts where code = 'RB' || lpad((1 + g % 5)::text, 4, '0')), 2, g % 50 <> 0
    from generate_series(1, 5000) g`);
  await run(sql`
    insert into projects (account_id, name, year, type_book, type_software, page_count, copies, submission_deadline, in_home_date)
    select a.id, a.name || ' Yearbook ' || y, y, 1 + (a.id + y) % 10, a.type_software, 96, 100 + a.id % 300,
      case when y = 2026 then current_date + (a.id % 150 - 30) else make_date(y, 3, 1) + a.id % 60 end,
      case when y = 2026 then current_date + (a.id % 150 + 15) else make_date(y, 5, 1) + a.id % 30 end
    from accounts a cross join generate_series(2017, 2026) y where a.code like 'AB%'`);
  await run(sql`
    insert into proofs (project_id, status, internal_status, created_at)
    select p.id, case when p.year < 2026 then 3 else 1 + p.id % 3 end, 1 + p.id % 8,
      now() - ((2026 - p.year) * 365 + 20 + p.id % 30) * interval '1 day'
    from projects p join accounts a on a.id = p.account_id
    where a.code like 'AB%' and (p.year < 2026 or p.id % 5 <> 0)`);
  await run(sql`
    insert into proofs (project_id, status, internal_status, created_at)
    select p.id, 1 + (p.id / 2) % 3, 1, now() - (p.id % 10) * interval '1 day'
    from projects p join accounts a on a.id = p.account_id where a.code like 'AB%' and p.year = 2026 and p.id % 2 = 0`);
  await run(sql`
    insert into orders (project_id, account_id, external_id, status, type_order, shipping_method, b_combine_copies, count_extras,
      school_tracking, studio_tracking, submitted_at, created_at)
    select p.id, p.account_id, 'B-' || p.id,
      case when p.year < 2026 then (array[3,8,3,8,6,7,2,12])[1 + p.id % 8] else (array[-2,-1,0,1,4,5,10,11,2,9])[1 + p.id % 10] end,
      1, (array['FG','UG','PP','LTL'])[1 + p.id % 4], p.id % 3 = 0, p.id % 40, '1Z' || p.id,
      case when p.id % 7 = 0 then null else 'ST' || p.id end,
      now() - ((2026 - p.year) * 365 + p.id % 20) * interval '1 day',
      now() - ((2026 - p.year) * 365 + 1 + p.id % 20) * interval '1 day'
    from projects p join accounts a on a.id = p.account_id
    where a.code like 'AB%' and (p.year < 2026 or p.id % 5 < 3)`);
  await run(sql`
    insert into store_statuses (account_id, year, is_open)
    select a.id, y, y = 2026 and a.id % 3 <> 0 from accounts a cross join generate_series(2025, 2026) y where a.code like 'AB%'`);
  await run(sql`
    insert into notifications (account_id, type_notification, date, user_name)
    select a.id, (array[1,2,4,5,6,7,87,97,105,110])[1 + (a.id + n) % 10],
      now() - ((a.id % 300) + n * 7) * interval '1 day', 'Bench'
    from accounts a cross join generate_series(1, 10) n where a.code like 'AB%' and a.id % 9 <> 0`);
  await run(sql`
    insert into accounts (code, name, type, type_where_created, depth) values ('SBIG01', 'Bench Big Studio', 9, 2, 0)`);
  await run(sql`
    insert into accounts (code, name, type, type_where_created, parent_account_id, depth)
    select 'RX' || lpad(g::text, 4, '0'), 'Big Branch ' || g, 10, 2, (select id from accounts where code = 'SBIG01'), 1
    from generate_series(1, 20) g`);
  await run(sql`
    insert into accounts (code, name, type, type_software, type_where_created, country, parent_account_id, depth)
    select 'AX' || lpad(g::text, 6, '0'),
      (array['North','South','East','West','Central','Valley','Lakeside','Hillside','Riverside','Mountain'])[1 + g % 10] || ' ' ||
      (array['Elementary','Middle School','High School','Academy','K-8','Church','Dance Studio'])[1 + (g / 10) % 7] || ' ' || g,
      (array[1,2,3,4,5,6,7,8,11,12,13])[1 + g % 11], (array[0,1,3,4,9])[1 + g % 5], 1 + g % 2,
      (array['US','US','CA','US','BR'])[1 + g % 5],
      (select id from accounts where code = 'RX' || lpad((1 + g % 20)::text, 4, '0')), 2
    from generate_series(1, 95000) g`);
  await run(sql`vacuum analyze`);
  const count = async (statement: ReturnType<typeof sql>) =>
    Number((await rowsOf<{ n: number }>(db.execute(statement)))[0]?.n ?? 0);
  return {
    studioId: studio.id,
    accounts: await count(sql`select count(*)::int as n from accounts`),
    studioSchools: await count(sql`select count(*)::int as n from accounts where code like 'AB%'`),
    studioProjects: await count(
      sql`select count(*)::int as n from projects p join accounts a on a.id = p.account_id where a.code like 'AB%'`,
    ),
    proofs: await count(sql`select count(*)::int as n from proofs`),
    orders: await count(sql`select count(*)::int as n from orders`),
    notifications: await count(sql`select count(*)::int as n from notifications`),
    seconds: (performance.now() - started) / 1000,
  };
}
