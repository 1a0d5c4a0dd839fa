// A processing queue of 1,000,000 jobs on PostgreSQL (issue 15): the counts per status
// (GET /api/queue_proofs/counts, the chips of the page) and page 1 of the list (GET /api/queue_proofs,
// perPage 25: the default sort -createdAt, the Error chip, and the Error chip with text in the
// error), through the real API in this process as the super administrator; ~30 runs one after the
// other for each, p50/p95 printed (never asserted), and EXPLAIN ANALYZE of the counts' query.
//
// Data, in bulk with generate_series: 1,000,000 proof jobs over a year, as a season leaves them:
// 93 % Complete, 3 % Error, 1.5 % Attention, 1 % Addressed, 1 % Waiting, 0.5 % Processing, with
// errors of a few kinds.
//
// Run: npm run bench:queue-list -w @colophon/bench (a minute or two, most of it loading). Knobs:
// BENCH_RUNS (30), BENCH_JOBS (1000000), BENCH_DATABASE_URL or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_queues is created there and
// dropped afterwards; BENCH_KEEP=1 keeps it).
import { performance } from 'node:perf_hooks';
import type { DbHandle } from '@colophon/db';
import type { FastifyInstance } from 'fastify';
import { demoDatabase, startApp, stopAfter } from './support/app';
import { dropDatabase, explain, freshDatabase, KEEP, loadInBulk } from './support/postgres';
import { summarize } from './support/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const DATABASE = 'colophon_bench_queues';

async function load(databaseUrl: string) {
  await loadInBulk(databaseUrl, async (step) => {
    await step(
      'proof jobs',
      `insert into queue_proofs (status, payload, attempts, max_attempts, run_after, locked_by, locked_until,
         last_error, result, created_at, updated_at, completed_at)
       select s.status, jsonb_build_object('proofId', 1 + g % 50000), case when s.status in (3) then 5 else 1 end, 5,
         c.at, case when s.status = 1 then 'proofs@bench-' || (g % 4) end,
         case when s.status = 1 then now() + interval '30 seconds' end,
         case s.status
           when 3 then (array['Timeout rendering page ' || (g % 300), 'The uploaded file is not a PDF',
                              'Page ' || (g % 200) || ' references a font that is not embedded'])[1 + g % 3]
           when 4 then 'The book has an odd page count'
           when 5 then 'Low resolution photos'
         end,
         case when s.status = 2 then '{"pages": 48}'::jsonb end,
         c.at, c.at + interval '5 minutes', case when s.status in (2, 4, 5) then c.at + interval '5 minutes' end
       from generate_series(1, ${JOBS}) g
       cross join lateral (select now() - (g::double precision / ${JOBS}) * interval '365 days' as at) c
       cross join lateral (select case
           when g % 1000 < 930 then 2 when g % 1000 < 960 then 3 when g % 1000 < 975 then 4
           when g % 1000 < 985 then 5 when g % 1000 < 995 then 0 else 1 end as status) s`,
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
    console.log(`Loading ${JOBS.toLocaleString('en-US')} proof jobs on PostgreSQL`);
    await load(databaseUrl);
    if (KEEP) return;
    const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench-queues' });
    app = running.app;
    const token = await running.tokenOf('super@colophon.test');
    const calls = [
      { what: 'counts per status', path: '/api/queue_proofs/counts' },
      { what: 'page 1', path: '/api/queue_proofs?page=1&perPage=25' },
      { what: 'Error chip, page 1', path: '/api/queue_proofs?status[]=3&page=1&perPage=25' },
      { what: 'Error + text in error, page 1', path: '/api/queue_proofs?status[]=3&error=timeout&page=1&perPage=25' },
    ];
    const table = ['| Call | total | p50 ms | p95 ms |', '| --- | --- | --- | --- |'];
    for (const { what, path } of calls) {
      const call = async () => {
        const before = performance.now();
        const response = await fetch(`${running.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { total?: number };
        if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - before, total: body.total ?? 0 };
      };
      const first = await call();
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push((await call()).ms);
      const latency = summarize(samples);
      table.push(
        `| ${what}: GET ${path.replace('/api/', '')} | ${first.total.toLocaleString('en-US')} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} |`,
      );
      console.log(table[table.length - 1]);
    }
    console.log('\n  EXPLAIN of the counts:');
    await explain(
      databaseUrl,
      `select s.status, (select count(*) from (select 1 from queue_proofs q where q.status = s.status limit 10001) capped)
       from (values (0), (1), (2), (3), (4), (5)) as s(status)`,
      30,
    );
    console.log('\n  EXPLAIN of the Error chip page 1 (rows):');
    await explain(
      databaseUrl,
      'select * from queue_proofs where status in (3) order by created_at desc, id desc limit 25',
      12,
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
