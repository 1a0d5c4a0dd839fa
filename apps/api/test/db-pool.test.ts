import { createDb, rowsOf } from '@colophon/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const onPostgres = process.env.COLOPHON_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  it('survives an idle connection the server ends: it is told, and the next query gets a new one', async () => {
    const told: Error[] = [];
    const handle = createDb({
      databaseUrl: process.env.TEST_DATABASE_URL,
      poolSize: 1,
      onIdleConnectionError: (error) => told.push(error),
    });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const backendPid = async () =>
        (await rowsOf<{ pid: number }>(handle.db.execute(sql`select pg_backend_pid() as pid`)))[0]!.pid;
      const pid = await backendPid();
      // What a server restart or an administrator's pg_terminate_backend does to an idle connection.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await expect.poll(() => told.length, { timeout: 5_000 }).toBe(1);
      expect(await backendPid()).not.toBe(pid);
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});
