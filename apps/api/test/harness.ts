import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createDb, type DbHandle } from '@colophon/db';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Mailer } from '../src/integrations/email/mailer';
import { createNotificationWorker } from '../src/modules/notifications/worker';
import { createServices } from '../src/services';
import { DEMO_PASSWORD, databaseUrlOf, migrateAndSeed, onServer } from './demo-template';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  /** The PostgreSQL database of this app (api-postgres project), for a second app on it. */
  databaseUrl: string | undefined;
  /** A bearer token for a demo user (signs in through the real route). */
  tokenFor(email: string): Promise<string>;
  /** `inject` with the bearer token of `as` (an e-mail, or a token). */
  call(options: InjectOptions & { as?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The PGlite dump of the run's demo, read once per test file. */
let pgliteDump: Promise<Blob> | undefined;

/**
 * A real API on a real database: PGlite in memory, or (in the api-postgres project) a fresh
 * database on the server named by TEST_DATABASE_URL; migrated and loaded with the demo. The demo is
 * made once per run (see demo-template.ts) and copied for each app, each copy its own database.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  const template = inject('demoTemplate');
  const serverUrl = process.env.COLOPHON_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  let handle: DbHandle;
  if (serverUrl) {
    const name = `colophon_test_${randomBytes(6).toString('hex')}`;
    const fromTemplate = template?.kind === 'postgres';
    await onServer(serverUrl, `create database ${name}${fromTemplate ? ` template ${template.database}` : ''}`);
    databaseUrl = databaseUrlOf(serverUrl, name);
    dropDatabase = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
    handle = createDb({ databaseUrl, poolSize: 4 });
    if (!fromTemplate) await migrateAndSeed(handle);
  } else if (template?.kind === 'pglite') {
    pgliteDump ??= readFile(template.dumpFile).then((bytes) => new Blob([bytes]));
    handle = createDb({ loadDataDir: await pgliteDump });
  } else {
    handle = createDb();
    await migrateAndSeed(handle);
  }
  const config: Config = {
    ...loadConfig({ DATA_DIR: `/tmp/colophon-test-${process.pid}`, DEMO: 'false', LOG_LEVEL: 'silent' }),
    ...overrides,
  };
  const services = await createServices(config, handle);
  const app = await buildApp(
    options.logStream ? { services, logger: true, logStream: options.logStream } : { services, logger: false },
  );
  await app.ready();

  const tokens = new Map<string, string>();
  const tokenFor = async (email: string) => {
    const cached = tokens.get(email);
    if (cached) return cached;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
    const token = response.json<{ token: string }>().token;
    tokens.set(email, token);
    return token;
  };

  return {
    app,
    handle,
    config,
    databaseUrl,
    tokenFor,
    async call({ as, ...options }) {
      const headers = { ...(options.headers ?? {}) } as Record<string, string>;
      if (as) headers.authorization = `Bearer ${as.includes('@') ? await tokenFor(as) : as}`;
      return app.inject({ ...options, headers });
    },
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase?.();
    },
  };
}

/**
 * Waits for a condition rather than for a time: calls `check` until it returns something other than
 * false/null/undefined and returns that, or fails after `timeoutMs` (generous, for a busy machine).
 */
export async function until<T>(
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  {
    timeoutMs = 30_000,
    everyMs = 10,
    what = 'the condition',
  }: { timeoutMs?: number; everyMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The test app starts no queue workers: this runs the notification e-mails queued so far (the real
 * worker's handler, through `mailer`, by default the app's) until none is due.
 */
export async function drainNotifications(t: TestApp, mailer: Mailer = t.app.services.mailer): Promise<number> {
  return createNotificationWorker({ db: t.handle.db, mailer }).drain();
}

export const SUPER = 'super@colophon.test';
export const OWNER = 'owner@colophon.test';
export const ADVISER = 'adviser@colophon.test';
export const VOLUNTEER = 'volunteer@colophon.test';
export const DIRECT_ADVISER = 'direct@colophon.test';
