// The benches' PostgreSQL: a database of their own on the server, created fresh and dropped after,
// and bulk loads over one connection with each step timed.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** The server the benches use (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one). */
export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** BENCH_KEEP=1: the loaded database is kept (and the runs skipped), to explore it by hand. */
export const KEEP = process.env.BENCH_KEEP === '1';

/** One statement on the server's maintenance database (create and drop database cannot run elsewhere). */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the benches' server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Database `name` created empty (one left by a stopped run is dropped first); its URL. */
export async function freshDatabase(name: string): Promise<string> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return databaseUrlOf(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await admin(`drop database if exists ${name} with (force)`);
}

/** Runs one statement of a bulk load and prints what it did and how long it took. */
export type LoadStep = (what: string, statement: string) => Promise<void>;

/**
 * A large data set through one connection: `steps` run with triggers and foreign-key checks off
 * (`session_replication_role = replica`: the data is the bench's own and consistent by
 * construction), then `afterwards` with triggers back on (to fill what triggers would have kept),
 * then vacuum analyze.
 */
export async function loadInBulk(
  databaseUrl: string,
  steps: (step: LoadStep) => Promise<void>,
  afterwards?: (step: LoadStep) => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const step: LoadStep = async (what, statement) => {
    const before = performance.now();
    const result = await client.query(statement);
    console.log(`  ${what}: ${result.rowCount ?? 0} rows in ${((performance.now() - before) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query('set session_replication_role = replica');
    await steps(step);
    await client.query('set session_replication_role = origin');
    await afterwards?.(step);
    await step('vacuum analyze', 'vacuum analyze');
    console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, its first `lines` lines printed indented. */
export async function explain(databaseUrl: string, statement: string, lines = 20): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(`explain (analyze, buffers) ${statement}`);
    for (const row of result.rows.slice(0, lines))
      console.log(`      ${(row as Record<string, string>)['QUERY PLAN']}`);
  } finally {
    await client.end();
  }
}
