import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { notifications, processorStatuses, queueNotifications, rowsOf, userAccounts } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRecipients } from '../src/modules/notifications/notify';
import { createTestApp, DEMO_PASSWORD, SUPER, type TestApp, until } from './harness';
import { openEventStream, type SseStream } from './sse-client';

/**
 * Past one machine (issue 15): two API processes (COLOPHON_ROLE=api) and two worker processes
 * (COLOPHON_ROLE=worker), real child processes of apps/api/src/main.ts, on one PostgreSQL database.
 * The workers e-mail notifications through a small SMTP sink of this test, which counts what it
 * accepted (and can hold a message unanswered: a job caught mid-send). PostgreSQL only.
 */
const onPostgres = process.env.COLOPHON_TEST_DB === 'postgres';
const JOBS = 1_000;
const LEASE_MS = 3_000;
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** An SMTP server that accepts every message (or holds them while `hold` is set), and counts them. */
class SmtpSink {
  readonly accepted: string[] = [];
  hold = false;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  constructor() {
    this.server = createServer((socket) => this.session(socket));
  }
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }
  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  private session(socket: Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          // Held: never answered; the sender waits (until it dies, or its timeout).
          if (this.hold) return;
          this.accepted.push(message);
          socket.write('250 OK queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  }
}

interface Child {
  role: 'api' | 'worker';
  process: ChildProcess;
  port: number;
  output: string[];
}

function start(role: Child['role'], port: number, env: Record<string, string>): Child {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, COLOPHON_ROLE: role, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return { role, process: child, port, output };
}

/** `wait()`, or its failure with what the child printed (it may have died on start). */
async function waitForChild<T>(child: Child, wait: () => Promise<T>, progress = () => ''): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    throw new Error(
      `${progress()}\n` +
        `${(error as Error).message}\n${child.role} process output:\n${child.output.join('').slice(-3_000)}`,
    );
  }
}

const tokenMark = (n: number) => `mp-job-${n}.`;

describe.skipIf(!onPostgres)('two API and two worker processes on one PostgreSQL', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const children: Child[] = [];
  const streams: SseStream[] = [];
  let accountId = 0;
  let recipients = 0;

  beforeAll(async () => {
    t = await createTestApp();
    if (!t.databaseUrl) throw new Error('no database URL');
    const smtpPort = await sink.listen();
    // An account whose notifications go to exactly one address, so a message is a job.
    const accounts = await rowsOf<{ account_id: number }>(
      t.handle.db.execute(sql`select ${userAccounts.accountId} as account_id from ${userAccounts}
        group by 1 order by 1 limit 40`),
    );
    for (const { account_id } of accounts) {
      const found = await notificationRecipients(t.handle.db, Number(account_id), 1);
      if (found.length === 1) {
        accountId = Number(account_id);
        recipients = 1;
        break;
      }
    }
    if (!recipients) throw new Error('no demo account with exactly one notification recipient');
    const env = {
      DATABASE_URL: t.databaseUrl,
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: `/tmp/colophon-multi-process-${process.pid}`,
      // One SMTP connection per worker, kept open (nodemailer's pool), as a production relay would be.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true&pool=true&maxConnections=1`,
      QUEUE_LEASE_MS: String(LEASE_MS),
    };
    const base = 20_000 + (process.pid % 10_000) * 2;
    children.push(start('api', base, env), start('api', base + 1, env));
    children.push(start('worker', 0, env), start('worker', 0, env));
    for (const api of children.filter((child) => child.role === 'api')) {
      await waitForChild(api, () =>
        until(
          async () => {
            const response = await fetch(`http://127.0.0.1:${api.port}/api/health`).catch(() => null);
            return response?.ok ?? false;
          },
          { timeoutMs: 150_000, everyMs: 200, what: `API process on ${api.port}` },
        ),
      );
    }
    const workerPids = children.filter((child) => child.role === 'worker').map((child) => child.process.pid);
    await until(
      async () => {
        const rows = await t.handle.db
          .selectDistinct({ pid: processorStatuses.pid })
          .from(processorStatuses)
          .where(eq(processorStatuses.queue, 'notifications'));
        return workerPids.every((pid) => rows.some((row) => row.pid === pid));
      },
      { timeoutMs: 150_000, everyMs: 200, what: 'both worker processes' },
    );
  }, 240_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const child of children) child.process.kill('SIGKILL');
    await sink.close();
    await t?.close();
  });

  const [apiA, apiB] = [() => children[0] as Child, () => children[1] as Child];

  async function signIn(port: number): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SUPER, password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  /** n notifications on the account and their e-mail jobs, in two statements. */
  async function enqueueNotifications(from: number, n: number): Promise<number[]> {
    const made = await rowsOf<{ id: number }>(
      t.handle.db.execute(sql`insert into ${notifications} (account_id, type_notification, info)
        select ${accountId}, 1, 'mp-job-' || g || '.' from generate_series(${from}::int, ${from + n - 1}::int) g returning id`),
    );
    const jobs = await rowsOf<{ id: number }>(
      t.handle.db.execute(sql`insert into ${queueNotifications} (payload)
        select jsonb_build_object('notificationId', id) from unnest(${`{${made.map((row) => row.id).join(',')}}`}::bigint[]) id
        returning id`),
    );
    return jobs.map((row) => Number(row.id));
  }

  it('tells a stream held on one API process of a change made through the other', async () => {
    const token = await signIn(apiB().port);
    const stream = await openEventStream(`http://127.0.0.1:${apiB().port}/api/events`, { token });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const [failed] = await rowsOf<{ id: number }>(
      t.handle.db.execute(sql`with n as (insert into ${notifications} (account_id, type_notification, info)
          values (${accountId}, 1, ${tokenMark(0)}) returning id)
        insert into ${queueNotifications} (status, payload, last_error)
        select ${queueStatus.Error}, jsonb_build_object('notificationId', id), 'SMTP refused' from n returning id`),
    );
    const jobId = Number(failed?.id);
    // The retry goes to API A (a token signed in on B works on A: one database, one secret).
    const retried = await fetch(`http://127.0.0.1:${apiA().port}/api/queue_notifications/${jobId}/retry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(retried.status).toBe(200);
    await stream.waitFor(
      (event) => event.queue === 'queue_notifications' && event.jobId === jobId && event.status === queueStatus.Waiting,
    );
    // …and a worker process finishes it: B's stream hears that too.
    await stream.waitFor(
      (event) =>
        event.queue === 'queue_notifications' && event.jobId === jobId && event.status === queueStatus.Complete,
      30_000,
    );
  });

  it(`pushes ${JOBS} jobs through two workers: none lost, none done twice`, async () => {
    const started = Date.now();
    const jobs = await enqueueNotifications(1, JOBS);
    expect(jobs).toHaveLength(JOBS);
    let completed = 0;
    const workers = children.filter((child) => child.role === 'worker');
    await waitForChild(
      workers[0] as Child,
      () =>
        until(
          async () => {
            const [row] = await t.handle.db
              .select({ n: count() })
              .from(queueNotifications)
              .where(
                and(
                  sql`${queueNotifications.id} = any(${`{${jobs.join(',')}}`}::bigint[])`,
                  eq(queueNotifications.status, queueStatus.Complete),
                ),
              );
            completed = row?.n ?? 0;
            return completed === JOBS;
          },
          {
            // Generous: on a 2-core machine shared with other work (load ~20) 1,000 took minutes (docs/operations.md).
            timeoutMs: 300_000,
            everyMs: 250,
            what: `${JOBS} jobs complete`,
          },
        ),
      () => `${completed} of ${JOBS} complete, ${sink.accepted.length} e-mails accepted`,
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `multi-process: ${JOBS} jobs through 2 workers in ${seconds.toFixed(1)} s (${(JOBS / seconds).toFixed(0)}/s)`,
    );
    // Each job claimed once…
    const attempts = await rowsOf<{ attempts: number; n: number }>(
      t.handle.db.execute(sql`select attempts, count(*)::int as n from ${queueNotifications}
        where id = any(${`{${jobs.join(',')}}`}::bigint[]) group by 1`),
    );
    expect(attempts.map((row) => [Number(row.attempts), Number(row.n)])).toEqual([[1, JOBS]]);
    // …by both worker processes between them (each took a share: their rows count what they did).
    const shares = await t.handle.db
      .select({ pid: processorStatuses.pid, done: processorStatuses.jobsDone })
      .from(processorStatuses)
      .where(eq(processorStatuses.queue, 'notifications'));
    const workerPids = children.filter((child) => child.role === 'worker').map((child) => child.process.pid);
    for (const pid of workerPids) expect(shares.find((share) => share.pid === pid)?.done ?? 0).toBeGreaterThan(0);
    // Each e-mail accepted exactly once.
    const marks = sink.accepted.flatMap((message) => message.match(/mp-job-\d+\./g) ?? []);
    for (let n = 1; n <= JOBS; n++)
      expect(marks.filter((mark) => mark === tokenMark(n)).length, tokenMark(n)).toBe(recipients);
  }, 360_000);

  it("finishes a killed worker's job on the other worker once its lease ends", async () => {
    sink.hold = true;
    const [jobId] = await enqueueNotifications(JOBS + 1, 1);
    // Whichever worker took it is now waiting on the SMTP sink, mid-job.
    const holder = await until(
      async () => {
        const [row] = await t.handle.db
          .select({ pid: processorStatuses.pid, workerId: processorStatuses.workerId })
          .from(processorStatuses)
          .where(eq(processorStatuses.currentJobId, Number(jobId)));
        return row ?? null;
      },
      { what: 'a worker holding the job' },
    );
    const victim = children.find((child) => child.process.pid === holder.pid);
    if (!victim) throw new Error('the job is held by no child of this test');
    victim.process.kill('SIGKILL');
    sink.hold = false;
    const killedAt = Date.now();
    const done = await until(
      async () => {
        const [row] = await t.handle.db
          .select()
          .from(queueNotifications)
          .where(eq(queueNotifications.id, Number(jobId)));
        return row?.status === queueStatus.Complete ? row : null;
      },
      { timeoutMs: 30_000, everyMs: 100, what: 'the job done by the other worker' },
    );
    expect(done.attempts).toBe(2);
    // The other worker process finished it: its row has a success since the kill; the victim's has none.
    const [survivor] = await t.handle.db
      .select({ pid: processorStatuses.pid, lastSuccessAt: processorStatuses.lastSuccessAt })
      .from(processorStatuses)
      .where(and(eq(processorStatuses.queue, 'notifications'), sql`${processorStatuses.pid} <> ${holder.pid}`));
    expect(survivor?.lastSuccessAt?.getTime() ?? 0).toBeGreaterThanOrEqual(killedAt - 1_000);
    console.log(
      `multi-process: the killed worker's job was done by the other ${Date.now() - killedAt} ms after the kill (lease ${LEASE_MS} ms)`,
    );
    const marks = sink.accepted.flatMap((message) => message.match(/mp-job-\d+\./g) ?? []);
    expect(marks.filter((mark) => mark === tokenMark(JOBS + 1))).toHaveLength(1);
  }, 60_000);
});
