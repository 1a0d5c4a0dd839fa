import { randomBytes } from 'node:crypto';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db, type DbHandle, seedDemo } from '@colophon/db';
import { migrateRoster } from '@colophon/roster';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * The demo every API test file starts from, migrated and seeded once per run (vitest globalSetup of
 * the api projects) instead of once per file: on PGlite a dump of its data folder that each test
 * app loads, on PostgreSQL a database each test database is created from (`CREATE DATABASE … TEMPLATE`).
 */
export type DemoTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the globalSetup did not run: the harness then migrates and seeds itself. */
    demoTemplate: DemoTemplate | undefined;
  }
}

export const DEMO_PASSWORD = 'colophon-demo';

/** Migrates and loads the demo the API tests expect. */
export async function migrateAndSeed(handle: DbHandle): Promise<void> {
  await handle.migrate();
  // The roster's tables too, so each test app's roster (mounted by buildApp) finds nothing left to apply.
  await migrateRoster(handle.db as Db);
  await seedDemo(handle.db as Db, { password: DEMO_PASSWORD, extraUsersPerSchool: 2, queueJobs: false });
}

/** `postgres://server/name` for a database on the server of `serverUrl`. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` on the server's maintenance connection (CREATE / DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** vitest globalSetup: builds the template, provides it to the test files, removes it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = project.config.env?.COLOPHON_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (serverUrl) {
    const database = `colophon_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${database}`);
    const handle = createDb({ databaseUrl: databaseUrlOf(serverUrl, database), poolSize: 2 });
    try {
      await migrateAndSeed(handle);
    } finally {
      // A template must have no connections while databases are created from it.
      await handle.close();
    }
    project.provide('demoTemplate', { kind: 'postgres', database });
    return () => onServer(serverUrl, `drop database if exists ${database} with (force)`);
  }
  await removeDumpsOfEndedRuns();
  const handle = createDb();
  let dump: Blob;
  try {
    await migrateAndSeed(handle);
    if (!handle.dumpDataDir) throw new Error('an in-memory database without dumpDataDir');
    dump = await handle.dumpDataDir();
  } finally {
    await handle.close();
  }
  const dumpFile = join(tmpdir(), `${DUMP_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(dumpFile, new Uint8Array(await dump.arrayBuffer()));
  project.provide('demoTemplate', { kind: 'pglite', dumpFile });
  return () => rm(dumpFile, { force: true });
}

const DUMP_PREFIX = 'colophon-demo-';

/**
 * A run that was killed left its dump (tens of megabytes) behind: removed once its process is gone
 * and the file is an hour old (a process of another container sharing the folder looks gone too).
 */
async function removeDumpsOfEndedRuns(): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const pid = Number(new RegExp(`^${DUMP_PREFIX}(\\d+)-[0-9a-f]+\\.tar$`).exec(name)?.[1]);
    if (!pid || isRunning(pid)) continue;
    const file = join(tmpdir(), name);
    const modified = await stat(file).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > 3_600_000) await rm(file, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
