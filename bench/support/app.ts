// The benches' API: the demo loaded into a database, the real app listening on a free loopback
// port in this process, sign-ins, a stop watch for runs that hang, and load generation in a child
// process (so that it does not share the API's event loop).
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle, seedDemo } from '@colophon/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { createServices } from '../../apps/api/src/services';

/** The demo users' password (seedDemo). */
export const DEMO_PASSWORD = 'colophon-demo';

/** A database (PostgreSQL at `databaseUrl`, else PGlite in memory) migrated, with the demo loaded. */
export async function demoDatabase(databaseUrl?: string): Promise<DbHandle> {
  const handle = createDb(databaseUrl ? { databaseUrl } : {});
  await handle.migrate();
  await seedDemo(handle.db, { password: DEMO_PASSWORD, extraUsersPerSchool: 0 });
  return handle;
}

export interface RunningApp {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** A bearer token of a demo user. */
  tokenOf(email: string): Promise<string>;
}

/**
 * The API on `handle`, listening on a free port: no demo reload, silent logs, no background
 * workers unless `settings` say otherwise (they are the API's environment settings).
 */
export async function startApp(handle: DbHandle, settings: Record<string, string>): Promise<RunningApp> {
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', WORKERS: 'false', ...settings });
  const app = await buildApp({ services: await createServices(config, handle), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    base,
    async tokenOf(email) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    },
  };
}

/** Ends the process if the bench runs longer than `minutes` (a hung run would hold its database); the returned function disarms it. */
export function stopAfter(minutes: number): () => void {
  const timer = setTimeout(() => {
    console.error(`the benchmark ran for more than ${minutes} minutes: stopping`);
    process.exit(1);
  }, minutes * 60_000);
  return () => clearTimeout(timer);
}

/**
 * Load generation in a copy of the calling bench file forked with `--load`. In that child,
 * `work` answers the options the parent sends and the child exits (`isChild` true: the bench's
 * main must not run); in the parent, `run` forks a child per call.
 */
export function inChildProcess<Options, Result>(
  moduleUrl: string,
  work: (options: Options) => Promise<Result>,
): { isChild: boolean; run(options: Options): Promise<Result> } {
  const isChild = process.argv.includes('--load');
  if (isChild) {
    process.once('message', (options: Options) => {
      work(options).then(
        (result) => process.send?.({ result }, () => process.exit(0)),
        (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
      );
    });
  }
  return {
    isChild,
    run: (options) =>
      new Promise((resolve, reject) => {
        const child = fork(fileURLToPath(moduleUrl), ['--load'], {
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        child.once('message', (message: { result?: Result; error?: string }) =>
          message.result ? resolve(message.result) : reject(new Error(message.error)),
        );
        child.once('error', reject);
        child.send(options as object);
      }),
  };
}
