// API list benchmark: how fast the real API answers a paged, sorted list on ~5,000 users, on PGlite
// and on PostgreSQL, and how much of that time is the API's own (versus the same SQL sent straight
// to the database). Run with `npm run bench`. Loopback only; stops by itself in about two minutes.
//
// Environment: BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server, default
// postgres://postgres@127.0.0.1:5432/postgres (scripts/ensure-postgres.sh starts the local one);
// a database colophon_bench is created on it and dropped afterwards. BENCH_SECONDS (default 10)
// sets the length of the loaded runs; BENCH_ENGINES=pglite or =postgres measures one engine only.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle, seedDemo, users } from '@colophon/db';
import { asc, count } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createServices } from '../apps/api/src/services';
import type { LoadOptions, LoadResult } from './support/load-worker';
import { type LatencySummary, summarize } from './support/stats';

const CONNECTIONS = 100;
const LOADED_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SEQUENTIAL_SECONDS = Math.max(2, Math.round(LOADED_SECONDS / 2));
const WARMUP_SECONDS = 2;
const EXTRA_USERS_PER_SCHOOL = 400;
const PAGE = 3;
const PER_PAGE = 25;
const LIST_PATH = `/api/users?page=${PAGE}&perPage=${PER_PAGE}&sort=lastName`;
const SIGN_IN = { email: 'super@colophon.test', password: 'colophon-demo' };
const BENCH_DATABASE = 'colophon_bench';
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Which engines to measure: BENCH_ENGINES=pglite,postgres (the default, both). */
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').toLowerCase().split(',');
/** A hard stop, whatever happens: the benchmark never runs away. */
const HARD_LIMIT_MS = 10 * 60_000;

type Engine = 'PGlite' | 'PostgreSQL';

interface Measurement {
  engine: Engine;
  what: string;
  concurrency: number;
  perSecond: number;
  latency: LatencySummary;
  note?: string;
}

interface EngineReport {
  engine: Engine;
  rows: number;
  seedSeconds: number;
  api: Measurement;
  apiSequential: Measurement;
  direct: Measurement;
  directSequential: Measurement;
}

const cleanups: (() => Promise<void>)[] = [];
async function runCleanups() {
  while (cleanups.length) {
    const cleanup = cleanups.pop();
    try {
      await cleanup?.();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}
setTimeout(() => {
  console.error(`benchmark exceeded ${HARD_LIMIT_MS / 60_000} minutes: stopping`);
  void runCleanups().finally(() => process.exit(1));
}, HARD_LIMIT_MS).unref();

const log = (message: string) => console.log(`  ${message}`);

/** HTTP load from a child process (see support/load-worker.ts), so it does not share the API's event loop. */
function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = fork(fileURLToPath(new URL('./support/load-worker.ts', import.meta.url)), {
      // The worker is TypeScript too: load it through tsx, as this process is.
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let settled = false;
    worker.once('message', (message: { result?: LoadResult; error?: string }) => {
      settled = true;
      if (message.result) resolve(message.result);
      else reject(new Error(`load worker: ${message.error}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`load worker exited with code ${code} before reporting`));
    });
    worker.send(options);
  });
}

/** Runs `operation` from `concurrency` loops for `seconds`, timing each call. */
async function drive(operation: () => Promise<void>, concurrency: number, seconds: number) {
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const before = performance.now();
      await operation();
      samples.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return { latency: summarize(samples), perSecond: samples.length / elapsed };
}

async function openEngine(engine: Engine, dataDir: string): Promise<{ handle: DbHandle; databaseUrl?: string }> {
  if (engine === 'PGlite') return { handle: createDb({ dataDir }) };
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
    await dropper.connect();
    await dropper.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await dropper.end();
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  const databaseUrl = url.toString();
  // The pool size main.ts gets (createDb's default), so the direct queries compete like the API's.
  return { handle: createDb({ databaseUrl }), databaseUrl };
}

async function benchEngine(engine: Engine): Promise<EngineReport> {
  console.log(`\n${engine}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'colophon-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const { handle, databaseUrl } = await openEngine(engine, dataDir);
  cleanups.push(() => handle.close());

  const seedStarted = performance.now();
  await handle.migrate();
  await seedDemo(handle.db, { password: SIGN_IN.password, extraUsersPerSchool: EXTRA_USERS_PER_SCHOOL });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const [{ total: rows } = { total: 0 }] = await handle.db.select({ total: count() }).from(users);
  log(`migrated and seeded ${rows} users in ${seedSeconds.toFixed(1)} s`);

  // The real API, as main.ts builds it, on a free loopback port (request logs off: level warn).
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DEMO: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const services = await createServices(config, handle);
  const app = await buildApp({ services });
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const signIn = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SIGN_IN),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const probe = await fetch(`${base}${LIST_PATH}`, { headers });
  const page = (await probe.json()) as { data?: unknown[]; total?: number };
  if (!probe.ok || page.data?.length !== PER_PAGE) {
    throw new Error(`GET ${LIST_PATH} answered ${probe.status}: ${JSON.stringify(page).slice(0, 300)}`);
  }
  log(`GET ${LIST_PATH} → ${page.data.length} of ${page.total} users`);

  const loadOf = async (connections: number, seconds: number) => {
    const result = await load({ url: `${base}${LIST_PATH}`, headers, connections, durationSeconds: seconds });
    if (result.non2xx || result.errors) {
      throw new Error(`load run had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    }
    return result;
  };
  log(`warming up (${WARMUP_SECONDS} s at ${CONNECTIONS} connections)`);
  await loadOf(CONNECTIONS, WARMUP_SECONDS);
  log(`API: ${LOADED_SECONDS} s at ${CONNECTIONS} connections (autocannon)`);
  const loaded = await loadOf(CONNECTIONS, LOADED_SECONDS);
  log(`API: ${SEQUENTIAL_SECONDS} s at 1 connection`);
  const sequential = await loadOf(1, SEQUENTIAL_SECONDS);

  // The same two statements the list route sends (drizzle builds the identical SQL), executed raw:
  // no HTTP, no token check, no validation, no row mapping, no serialization.
  const countQuery = handle.db.select({ total: count() }).from(users);
  const pageQuery = handle.db
    .select()
    .from(users)
    .orderBy(asc(users.lastName), asc(users.id))
    .limit(PER_PAGE)
    .offset((PAGE - 1) * PER_PAGE);
  const directQuery = async () => {
    await handle.db.execute(countQuery);
    await handle.db.execute(pageQuery);
  };
  for (let n = 0; n < 200; n++) await directQuery();
  const directConcurrency = engine === 'PGlite' ? 1 : CONNECTIONS;
  log(`direct SQL: ${LOADED_SECONDS} s at concurrency ${directConcurrency}`);
  const direct = await drive(directQuery, directConcurrency, LOADED_SECONDS);
  let directSequential = direct;
  if (directConcurrency !== 1) {
    log(`direct SQL: ${SEQUENTIAL_SECONDS} s at concurrency 1`);
    directSequential = await drive(directQuery, 1, SEQUENTIAL_SECONDS);
  }

  await runCleanups();
  return {
    engine,
    rows: Number(rows),
    seedSeconds,
    api: {
      engine,
      what: 'API over HTTP',
      concurrency: CONNECTIONS,
      latency: loaded.latency,
      perSecond: loaded.requestsPerSecond,
    },
    apiSequential: {
      engine,
      what: 'API over HTTP',
      concurrency: 1,
      latency: sequential.latency,
      perSecond: sequential.requestsPerSecond,
    },
    direct: {
      engine,
      what: 'direct SQL (count + page)',
      concurrency: directConcurrency,
      ...direct,
      ...(engine === 'PostgreSQL' ? { note: 'pool of 10, as the API' } : { note: 'one connection' }),
    },
    directSequential: { engine, what: 'direct SQL (count + page)', concurrency: 1, ...directSequential },
  };
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

function measurementTable(measurements: Measurement[]) {
  const header = `${pad('engine', 11)} ${pad('measured', 27)} ${padLeft('conc.', 5)} ${padLeft('per s', 8)} ${padLeft('p50 ms', 8)} ${padLeft('p95 ms', 8)} ${padLeft('p99 ms', 8)}  note`;
  console.log(header);
  console.log('-'.repeat(header.length + 10));
  for (const row of measurements) {
    console.log(
      `${pad(row.engine, 11)} ${pad(row.what, 27)} ${padLeft(String(row.concurrency), 5)} ${padLeft(row.perSecond.toFixed(0), 8)} ${padLeft(ms(row.latency.p50), 8)} ${padLeft(ms(row.latency.p95), 8)} ${padLeft(ms(row.latency.p99), 8)}  ${row.note ?? ''}`,
    );
  }
}

function overheadRow(engine: Engine, label: string, api: Measurement, direct: Measurement) {
  const part = (key: 'p50' | 'p95') => {
    const difference = api.latency[key] - direct.latency[key];
    const ratio = api.latency[key] / direct.latency[key];
    return `${padLeft(`${difference >= 0 ? '+' : ''}${ms(difference)}`, 9)} ${padLeft(`×${ratio.toFixed(2)}`, 7)}`;
  };
  console.log(`${pad(engine, 11)} ${pad(label, 44)} ${part('p50')}   ${part('p95')}`);
}

async function main() {
  console.log('Colophon API list benchmark');
  console.log(
    `GET ${LIST_PATH} as ${SIGN_IN.email}; ${CONNECTIONS} connections for ${LOADED_SECONDS} s (autocannon in a child process); ` +
      `node ${process.version}, ${availableParallelism()} cores`,
  );
  const reports: EngineReport[] = [];
  const skipped: string[] = [];
  if (ENGINES.includes('pglite')) reports.push(await benchEngine('PGlite'));
  const unreachable = ENGINES.includes('postgres') ? await postgresReachable() : null;
  if (!ENGINES.includes('postgres')) {
    skipped.push('PostgreSQL skipped (BENCH_ENGINES).');
  } else if (unreachable) {
    skipped.push(
      `PostgreSQL skipped: ${SERVER_URL} is not reachable (${unreachable}); run bash scripts/ensure-postgres.sh`,
    );
  } else {
    const version = await (async () => {
      const client = new pg.Client({ connectionString: SERVER_URL });
      await client.connect();
      const result = await client.query<{ server_version: string }>('show server_version');
      await client.end();
      return result.rows[0]?.server_version ?? '?';
    })();
    log(`PostgreSQL server ${version} at ${new URL(SERVER_URL).host}`);
    reports.push(await benchEngine('PostgreSQL'));
  }

  console.log('\nResults (latency per list request; a direct "request" is the count query then the page query)\n');
  measurementTable(
    reports.flatMap((report) => [
      report.api,
      report.direct,
      report.apiSequential,
      // PGlite's direct run is already sequential: one row says it.
      ...(report.direct.concurrency === 1 ? [] : [report.directSequential]),
    ]),
  );
  console.log("\nThe API's own overhead (API latency − direct SQL latency, and API ÷ direct)\n");
  console.log(
    `${pad('engine', 11)} ${pad('compared', 44)} ${padLeft('p50 ms', 9)} ${padLeft('ratio', 7)}   ${padLeft('p95 ms', 9)} ${padLeft('ratio', 7)}`,
  );
  for (const report of reports) {
    overheadRow(
      report.engine,
      `API at ${report.api.concurrency} vs direct at ${report.direct.concurrency}`,
      report.api,
      report.direct,
    );
    overheadRow(report.engine, 'API at 1 vs direct at 1', report.apiSequential, report.directSequential);
  }
  console.log('');
  for (const report of reports) {
    console.log(
      `${report.engine}: ${report.rows} users (seeded in ${report.seedSeconds.toFixed(1)} s); ` +
        `API throughput at ${CONNECTIONS} connections is ${((report.api.perSecond / report.direct.perSecond) * 100).toFixed(0)}% of the direct SQL rate.`,
    );
  }
  console.log(
    '\nEach API request also verifies the token and reads the session and the user (two more queries), then validates, ' +
      'maps and serializes the page: that is the overhead above. PGlite has one connection, so at 100 connections its ' +
      'API latency is mostly queueing; the 1-vs-1 line is the per-request cost.',
  );
  for (const line of skipped) console.log(`\n${line}`);
}

try {
  await main();
} finally {
  await runCleanups();
}
process.exit(0);
