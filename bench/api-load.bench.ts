// Load benchmark of the API as `npm start` runs it: its own process (tsx apps/api/src/main.ts), the
// demo loaded, WORKERS and every other setting at its default; PGlite under a temporary DATA_DIR, then
// the same on a fresh PostgreSQL database with the same SQL sent straight to the database alongside.
// 100 connections for 30 s on GET /api/projects as the studio owner; prints requests/s, p50/p95/p99,
// answers other than 200, requests never answered, and the server's resident memory over time.
//
// Before the warm-up it waits for the demo's queues to drain (the first start's demo proofs go through
// the page workers, which would otherwise share the CPU and the memory with the measured run).
//
// Run: npm run bench:load -w @colophon/bench (about 4 minutes; on Node 22, as npm start). Loopback only.
// Knobs: BENCH_SECONDS (30), BENCH_CONNECTIONS (100), BENCH_ENGINES (pglite,postgres),
// BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; a database
// colophon_load is created there and dropped afterwards), BENCH_SETTLE_SECONDS (300: longest wait for
// the demo's queues; 0 skips it), BENCH_CPU_PROF (a folder: the server writes a V8 CPU profile there,
// read it with cpu-profile-summary.ts and the load window printed), WORKERS=false (an API-only server),
// BENCH_SERVER_ROOT (start the server from another checkout, e.g. `git archive` of an older commit with
// node_modules linked, for before/after figures under the same load).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createServices } from '../apps/api/src/services';
import { createDb } from '../packages/db/src/create-db';
import { type LatencySummary, summarize } from './support/stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARMUP_SECONDS = 5;
/** A request not answered in this long counts as unanswered (the reporter's client waited 30 s). */
const ANSWER_TIMEOUT_MS = 30_000;
const STARTUP_LIMIT_MS = 180_000;
const HARD_LIMIT_MS = 12 * 60_000;
const PATH = '/api/projects';
const SIGN_IN = { email: 'owner@colophon.test', password: 'colophon-demo' };
/** Signs in to watch the processing queues (the super administrator needs no MFA). */
const QUEUE_WATCHER = { email: 'super@colophon.test', password: 'colophon-demo' };
const QUEUES = ['queue_uploads', 'queue_proofs', 'queue_epubs', 'queue_notifications'];
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 300);
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** Another checkout's apps/api to start instead (an A/B comparison on the same database and load). */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').toLowerCase().split(',');
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'colophon_load';
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

const cleanups: (() => Promise<void>)[] = [];
async function runCleanups() {
  while (cleanups.length) {
    try {
      await cleanups.pop()?.();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void runCleanups().finally(() => process.exit(130)));
}
setTimeout(() => {
  console.error('benchmark exceeded its time limit: stopping');
  void runCleanups().finally(() => process.exit(1));
}, HARD_LIMIT_MS).unref();

const log = (message: string) => console.log(`  ${message}`);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** CPU seconds a process has used so far (Linux: utime + stime at 100 ticks a second), null once gone. */
function cpuSeconds(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB (Linux), null once it is gone. */
function rssMegabytes(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The API as `npm start` starts it (without building the web app), on loopback. */
async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess; spawnedAt: number }> {
  const port = await freePort();
  const profiling = CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROFILE_DIR] : [];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: SERVER_ROOT ?? repositoryRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { base, child, spawnedAt };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within ${STARTUP_LIMIT_MS / 1000} s`);
}

async function signIn(base: string, who = SIGN_IN): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Jobs of the processing queues: all of them, and those waiting or processing. */
async function queueJobs(base: string, token: string): Promise<{ all: number; open: number }> {
  let all = 0;
  let open = 0;
  for (const queue of QUEUES) {
    for (const [query, add] of [
      ['perPage=1', (n: number) => (all += n)],
      ['perPage=1&status[]=0&status[]=1', (n: number) => (open += n)],
    ] as const) {
      const response = await fetch(`${base}/api/${queue}?${query}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET /api/${queue}: ${response.status}`);
      add(((await response.json()) as { total: number }).total);
    }
  }
  return { all, open };
}

/**
 * Waits until the demo's proofs are queued, every queue has drained and the server is idle (under a
 * tenth of a core) for five polls in a row, at most SETTLE_SECONDS: the demo makes its books one by
 * one in the main thread, so the queues are briefly empty between two books. With WORKERS=false
 * nothing drains: it waits for the demo's jobs to be queued and the server to idle.
 */
async function settle(base: string, pid: number) {
  if (SETTLE_SECONDS <= 0) return;
  const workers = process.env.WORKERS !== 'false';
  const token = await signIn(base, QUEUE_WATCHER);
  const started = performance.now();
  let quiet = 0;
  let last = { all: 0, open: 0 };
  let cpuBefore = cpuSeconds(pid) ?? 0;
  let pollBefore = performance.now();
  while (performance.now() - started < SETTLE_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    last = await queueJobs(base, token);
    const cpuNow = cpuSeconds(pid) ?? 0;
    const pollNow = performance.now();
    const cores = (cpuNow - cpuBefore) / ((pollNow - pollBefore) / 1000);
    cpuBefore = cpuNow;
    pollBefore = pollNow;
    quiet = last.all > 0 && (last.open === 0 || !workers) && cores < 0.1 ? quiet + 1 : 0;
    if (quiet >= 5) {
      log(
        `demo ${workers ? 'queues drained' : 'jobs queued (WORKERS=false)'} in ${((performance.now() - started) / 1000).toFixed(0)} s (${last.all} jobs); ` +
          `RSS ${rssMegabytes(pid)?.toFixed(0)} MB`,
      );
      return;
    }
  }
  log(`demo queues NOT drained after ${SETTLE_SECONDS} s (${last.open} of ${last.all} jobs open): measuring anyway`);
}

interface LoadResult {
  perSecond: number;
  latency: LatencySummary;
  statuses: Map<number, number>;
  unanswered: number;
  errors: number;
  rss: { second: number; megabytes: number }[];
}

/**
 * `connections` keep-alive connections each send the next request when the last is answered, until
 * `seconds` have passed; then every request still out gets until its own 30 s are up. A request with
 * no answer by then is unanswered. Latency is over every answer, whatever its status.
 */
async function drive(base: string, token: string, seconds: number, serverPid: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const samples: number[] = [];
  const statuses = new Map<number, number>();
  let unanswered = 0;
  let errors = 0;
  const rss: LoadResult['rss'] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const sampler = setInterval(() => {
    const megabytes = rssMegabytes(serverPid);
    if (megabytes !== null) rss.push({ second: Math.round((performance.now() - started) / 1000), megabytes });
  }, 1000);
  const once = () =>
    new Promise<void>((resolve) => {
      const before = performance.now();
      const outgoing = request(
        `${base}${PATH}`,
        { agent, headers: { authorization: `Bearer ${token}` }, timeout: ANSWER_TIMEOUT_MS },
        (response) => {
          response.resume();
          response.once('end', () => {
            samples.push(performance.now() - before);
            statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      let timedOut = false;
      outgoing.once('timeout', () => {
        timedOut = true;
        unanswered++;
        outgoing.destroy();
        resolve();
      });
      outgoing.on('error', () => {
        if (!timedOut) errors++;
        resolve();
      });
      outgoing.end();
    });
  const loop = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  agent.destroy();
  return { perSecond: samples.length / elapsed, latency: summarize(samples), statuses, unanswered, errors, rss };
}

function report(label: string, result: LoadResult) {
  const statuses = [...result.statuses].map(([status, n]) => `${status}×${n}`).join(' ');
  log(
    `${label}: ${result.perSecond.toFixed(0)} req/s; p50 ${ms(result.latency.p50)} ms, p95 ${ms(result.latency.p95)} ms, ` +
      `p99 ${ms(result.latency.p99)} ms, max ${ms(result.latency.max)} ms; answers ${statuses}; ` +
      `unanswered ${result.unanswered}; connection errors ${result.errors}`,
  );
  if (result.rss.length) {
    const series = result.rss.filter((_, index) => index % 5 === 0 || index === result.rss.length - 1);
    log(
      `server RSS (MB) by second: ${series.map(({ second, megabytes }) => `${second}s ${megabytes.toFixed(0)}`).join(', ')}`,
    );
  }
}

/** Runs `operation` from `concurrency` loops for `seconds`. */
async function driveDirect(operation: () => Promise<void>, concurrency: number, seconds: number) {
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
  return { perSecond: samples.length / ((performance.now() - started) / 1000), latency: summarize(samples) };
}

type Statement = { text: string; values?: unknown[]; rowMode?: string };

/**
 * The SQL the route itself sends for one request, caught at the pg driver from an in-process app on
 * the same database: everything after the caller is identified (the sessions and users reads that
 * identify the caller are the API's own cost, and are left out).
 */
async function routeStatements(databaseUrl: string, token: string): Promise<Statement[]> {
  const handle = createDb({ databaseUrl });
  const config = loadConfig({ DATABASE_URL: databaseUrl, DEMO: 'false', LOG_LEVEL: 'silent', WORKERS: 'false' });
  const services = await createServices(config, handle);
  const app = await buildApp({ services, logger: false });
  const caught: Statement[] = [];
  const original = pg.Client.prototype.query;
  let catching = false;
  // biome-ignore lint/suspicious/noExplicitAny: the driver's overloaded signature, passed through untouched.
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const [config, values] = args;
    if (catching && config && typeof config === 'object' && typeof config.text === 'string') {
      caught.push({ text: config.text, values: config.values ?? values, rowMode: config.rowMode });
    } else if (catching && typeof config === 'string') {
      caught.push({ text: config, values: Array.isArray(values) ? values : undefined });
    }
    return original.apply(this, args as Parameters<typeof original>);
  } as typeof original;
  try {
    catching = true;
    const response = await app.inject({ method: 'GET', url: PATH, headers: { authorization: `Bearer ${token}` } });
    catching = false;
    if (response.statusCode !== 200) throw new Error(`in-process GET ${PATH}: ${response.statusCode}`);
  } finally {
    pg.Client.prototype.query = original;
    await app.close();
    await handle.close();
  }
  return caught.filter((statement) => !/from "(sessions|users)"/.test(statement.text));
}

async function benchEngine(engine: 'PGlite' | 'PostgreSQL') {
  console.log(`\n${engine}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'colophon-load-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let databaseUrl: string | undefined;
  if (engine === 'PostgreSQL') {
    const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
      await dropper.connect();
      await dropper.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await dropper.end();
    });
    const url = new URL(SERVER_URL);
    url.pathname = `/${BENCH_DATABASE}`;
    databaseUrl = url.toString();
    env.DATABASE_URL = databaseUrl;
  }
  const startedAt = performance.now();
  const { base, child, spawnedAt } = await startServer(env);
  const pid = child.pid ?? 0;
  /** Seconds since the server was spawned, which is about where its CPU profile starts. */
  const sinceSpawn = () => ((performance.now() - spawnedAt) / 1000).toFixed(0);
  log(
    `server up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (pid ${pid}, RSS ${rssMegabytes(pid)?.toFixed(0)} MB)`,
  );
  const token = await signIn(base);
  const probe = await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await probe.json()) as { data?: unknown[]; total?: number };
  if (!probe.ok) throw new Error(`GET ${PATH}: ${probe.status}`);
  log(`GET ${PATH} as ${SIGN_IN.email} → ${body.data?.length} of ${body.total} projects`);
  await settle(base, pid);
  report(`warm-up ${WARMUP_SECONDS} s`, await drive(base, token, WARMUP_SECONDS, pid));
  const rssAfterWarmup = rssMegabytes(pid) ?? Number.NaN;
  const loadFrom = sinceSpawn();
  const cpuBefore = cpuSeconds(pid) ?? Number.NaN;
  const result = await drive(base, token, SECONDS, pid);
  const cpuUsed = (cpuSeconds(pid) ?? Number.NaN) - cpuBefore;
  const loadTo = sinceSpawn();
  report(`${CONNECTIONS} connections for ${SECONDS} s`, result);
  // CPU time per answer, unlike latency, barely depends on what else the machine runs.
  const answered = [...result.statuses.values()].reduce((sum, n) => sum + n, 0);
  log(
    `server CPU ${cpuUsed.toFixed(1)} s for ${answered} answers: ${((1000 * cpuUsed) / answered).toFixed(2)} ms per request ` +
      `(${(cpuUsed / SECONDS).toFixed(2)} cores)`,
  );
  const rssEnd = result.rss.at(-1)?.megabytes ?? Number.NaN;
  const rssPeak = Math.max(...result.rss.map((sample) => sample.megabytes));
  log(
    `p99 ÷ p95 = ${(result.latency.p99 / result.latency.p95).toFixed(2)}; RSS after warm-up ${rssAfterWarmup.toFixed(0)} MB, ` +
      `peak ${rssPeak.toFixed(0)} MB, end ${rssEnd.toFixed(0)} MB (end − after warm-up ${(rssEnd - rssAfterWarmup).toFixed(0)} MB)`,
  );
  if (CPU_PROFILE_DIR) log(`CPU profile in ${CPU_PROFILE_DIR}: the load ran from ${loadFrom} s to ${loadTo} s of it`);

  if (engine === 'PostgreSQL' && databaseUrl) {
    const statements = await routeStatements(databaseUrl, token);
    log(
      `the route's own SQL: ${statements.length} statements (${statements.map((s) => s.text.slice(0, 40)).join(' | ')})`,
    );
    // The pool size main.ts gets, at the same concurrency: only HTTP, auth and serialization differ.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    cleanups.push(() => pool.end());
    const replay = async () => {
      for (const statement of statements) await pool.query(statement as pg.QueryConfig);
    };
    for (let n = 0; n < 100; n++) await replay();
    const direct = await driveDirect(replay, CONNECTIONS, SECONDS);
    log(
      `same SQL straight to the database, ${CONNECTIONS} at once: ${direct.perSecond.toFixed(0)} per s; ` +
        `p50 ${ms(direct.latency.p50)} ms, p95 ${ms(direct.latency.p95)} ms, p99 ${ms(direct.latency.p99)} ms`,
    );
    log(`API ÷ direct at p95: ×${(result.latency.p95 / direct.latency.p95).toFixed(2)}`);
  }
  await runCleanups();
}

console.log('Colophon API load benchmark (the server as npm start runs it)');
console.log(
  `GET ${PATH} as ${SIGN_IN.email}; ${CONNECTIONS} connections for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; ` +
    `node ${process.version}, ${availableParallelism()} cores`,
);
try {
  if (ENGINES.includes('pglite')) await benchEngine('PGlite');
  if (ENGINES.includes('postgres')) await benchEngine('PostgreSQL');
} finally {
  await runCleanups();
}
process.exit(0);
