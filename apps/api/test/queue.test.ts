import { randomBytes } from 'node:crypto';
import { createDb, type DbHandle, processorStatuses, rowsOf } from '@colophon/db';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attention,
  backoffDelayMs,
  claim,
  complete,
  type Every,
  enqueue,
  fail,
  getJob,
  heartbeat,
  markAddressed,
  NeedsAttention,
  PermanentJobError,
  QueueStatus,
  QueueWorker,
  queueNames,
  retry,
  sleep,
  startProcessorStatus,
  tableOf,
} from '../src/queue';

const onPostgres = process.env.COLOPHON_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

/** A migrated database: PGlite in memory, or a fresh database on the TEST_DATABASE_URL server. */
async function createTestDatabase(): Promise<{ url?: string; handle: DbHandle; drop(): Promise<void> }> {
  const serverUrl = onPostgres ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const handle = createDb();
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const name = `colophon_queue_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = createDb({ databaseUrl: url.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.handle.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().execute(sql`create table job_runs (job_id bigint not null, worker text not null)`);
});
afterAll(async () => {
  await database?.drop();
});
beforeEach(async () => {
  for (const queue of queueNames) await db().delete(tableOf(queue));
  await db().execute(sql`delete from job_runs`);
});

/** A clock the tests move by hand: a lease or a backoff lapses when the test says so, not after a sleep. */
function manualClock(startMs = Date.now()) {
  let nowMs = startMs;
  return {
    now: () => new Date(nowMs),
    advance(ms: number) {
      nowMs += ms;
    },
  };
}

/** A timer run by hand: `tick()` runs the callbacks scheduled on it. */
function manualTimer(): Every & { tick(): void } {
  const callbacks = new Set<() => void>();
  const every = (callback: () => void) => {
    callbacks.add(callback);
    return () => callbacks.delete(callback);
  };
  const tick = () => {
    for (const callback of callbacks) callback();
  };
  return Object.assign(every, { tick });
}

describe('the queue engine', () => {
  it('claims a waiting job once, with a lease, and completes it with its result', async () => {
    const clock = manualClock();
    const row = await enqueue(db(), 'proofs', { proofId: 7 }, { clock });
    expect(row.status).toBe(QueueStatus.Waiting);

    const job = await claim<{ proofId: number }>(db(), 'proofs', 'worker-a', 30_000, clock);
    expect(job).toMatchObject({ id: row.id, payload: { proofId: 7 }, attempts: 1, lockedBy: 'worker-a' });
    expect(job!.lockedUntil.getTime()).toBe(clock.now().getTime() + 30_000);
    expect(await claim(db(), 'proofs', 'worker-b', 30_000, clock)).toBeNull();
    expect((await getJob(db(), 'proofs', row.id))?.status).toBe(QueueStatus.Processing);

    expect(await complete(db(), job!, { pages: 48 })).toBe(true);
    const done = await getJob(db(), 'proofs', row.id);
    expect(done).toMatchObject({ status: QueueStatus.Complete, result: { pages: 48 }, lockedBy: null });
    expect(done?.completedAt).toBeInstanceOf(Date);
    // A second completion (a rerun, a stale worker) changes nothing.
    expect(await complete(db(), job!, { pages: 1 })).toBe(false);
    expect((await getJob(db(), 'proofs', row.id))?.result).toEqual({ pages: 48 });
  });

  it('claims in due order and leaves jobs that are not due yet', async () => {
    const clock = manualClock();
    const inAMinute = new Date(clock.now().getTime() + 60_000);
    const later = await enqueue(db(), 'uploads', { n: 1 }, { runAfter: inAMinute, clock });
    const first = await enqueue(db(), 'uploads', { n: 2 }, { clock });
    const second = await enqueue(db(), 'uploads', { n: 3 }, { clock });
    const firstJob = await claim(db(), 'uploads', 'w', 10_000, clock);
    expect(firstJob?.id).toBe(first.id);
    const secondJob = await claim(db(), 'uploads', 'w', 10_000, clock);
    expect(secondJob?.id).toBe(second.id);
    expect(await claim(db(), 'uploads', 'w', 10_000, clock)).toBeNull();
    expect((await getJob(db(), 'uploads', later.id))?.status).toBe(QueueStatus.Waiting);
    // Queues are separate tables.
    expect(await claim(db(), 'proofs', 'w', 10_000, clock)).toBeNull();
    // A minute on, the later one is due.
    await complete(db(), firstJob!);
    await complete(db(), secondJob!);
    clock.advance(60_000);
    expect((await claim(db(), 'uploads', 'w', 10_000, clock))?.id).toBe(later.id);
  });

  it('backs off exponentially after a failure and ends in Error after the last attempt', async () => {
    const clock = manualClock();
    const row = await enqueue(db(), 'proofs', {}, { maxAttempts: 3, clock });
    const backoff = { baseMs: 1_000, maxMs: 60_000, clock };

    const first = await claim(db(), 'proofs', 'w', 10_000, clock);
    const outcome = await fail(db(), first!, new Error('The file store did not answer.'), backoff);
    expect(outcome).toEqual({ status: QueueStatus.Waiting, runAfter: new Date(clock.now().getTime() + 1_000) });
    const waiting = await getJob(db(), 'proofs', row.id);
    expect(waiting).toMatchObject({
      status: 0,
      attempts: 1,
      lastError: 'The file store did not answer.',
      lockedBy: null,
    });
    expect(waiting!.runAfter.getTime() - clock.now().getTime()).toBe(1_000);
    // Not due yet, up to its last millisecond: nobody gets it.
    clock.advance(999);
    expect(await claim(db(), 'proofs', 'w', 10_000, clock)).toBeNull();

    clock.advance(1);
    const second = await claim(db(), 'proofs', 'w', 10_000, clock);
    expect(second?.attempts).toBe(2);
    await fail(db(), second!, 'again', backoff);
    const secondDelay = (await getJob(db(), 'proofs', row.id))!.runAfter.getTime() - clock.now().getTime();
    expect(secondDelay).toBe(2_000); // doubled after the second failure
    clock.advance(1_999);
    expect(await claim(db(), 'proofs', 'w', 10_000, clock)).toBeNull();

    clock.advance(1);
    const third = await claim(db(), 'proofs', 'w', 10_000, clock);
    expect(third?.attempts).toBe(3);
    expect((await fail(db(), third!, new Error('still broken'), backoff)).status).toBe(QueueStatus.Error);
    expect(await getJob(db(), 'proofs', row.id)).toMatchObject({
      status: QueueStatus.Error,
      lastError: 'still broken',
    });
    clock.advance(3_600_000);
    expect(await claim(db(), 'proofs', 'w', 10_000, clock)).toBeNull();
  });

  it('computes the backoff as base · 2^(attempts − 1), capped', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffDelayMs(20)).toBe(600_000);
    expect(backoffDelayMs(3, { baseMs: 100, maxMs: 250 })).toBe(250);
  });

  it('sends a permanent failure straight to Error', async () => {
    const row = await enqueue(db(), 'moves', {});
    const job = await claim(db(), 'moves', 'w', 10_000);
    await fail(db(), job!, new PermanentJobError('The order does not exist.'), { permanent: true });
    expect(await getJob(db(), 'moves', row.id)).toMatchObject({ status: QueueStatus.Error, attempts: 1 });
  });

  it('lets a person retry Error and Attention jobs and mark them addressed', async () => {
    const broken = await enqueue(db(), 'notifications', {}, { maxAttempts: 1 });
    await fail(db(), (await claim(db(), 'notifications', 'w', 10_000))!, 'SMTP refused');
    expect((await getJob(db(), 'notifications', broken.id))?.status).toBe(QueueStatus.Error);

    const retried = await retry(db(), 'notifications', broken.id);
    expect(retried).toMatchObject({ status: QueueStatus.Waiting, attempts: 0, lastError: 'SMTP refused' });
    const again = await claim(db(), 'notifications', 'w', 10_000);
    expect(again).toMatchObject({ id: broken.id, attempts: 1 });
    expect(await attention(db(), again!, 'The address bounced.', { bounced: true })).toBe(true);
    expect(await getJob(db(), 'notifications', broken.id)).toMatchObject({
      status: QueueStatus.Attention,
      lastError: 'The address bounced.',
      result: { bounced: true },
    });

    expect((await markAddressed(db(), 'notifications', broken.id))?.status).toBe(QueueStatus.Addressed);
    // Addressed is final for "addressed", but can still be retried.
    expect(await markAddressed(db(), 'notifications', broken.id)).toBeNull();
    expect((await retry(db(), 'notifications', broken.id))?.status).toBe(QueueStatus.Waiting);

    // Waiting, Processing and Complete jobs are not retried or addressed.
    expect(await retry(db(), 'notifications', broken.id)).toBeNull();
    expect(await markAddressed(db(), 'notifications', broken.id)).toBeNull();
    const job = await claim(db(), 'notifications', 'w', 10_000);
    await complete(db(), job!, null);
    expect(await retry(db(), 'notifications', broken.id)).toBeNull();
    expect(await markAddressed(db(), 'notifications', broken.id)).toBeNull();
    expect(await retry(db(), 'notifications', 999_999)).toBeNull();
  });

  it('claims a crashed worker’s job again once its lease lapses, and fences the old worker out', async () => {
    const clock = manualClock();
    const row = await enqueue(db(), 'epubs', { book: 1 }, { clock });
    const crashed = await claim(db(), 'epubs', 'worker-a', 200, clock);
    expect(crashed?.id).toBe(row.id);
    expect(await claim(db(), 'epubs', 'worker-b', 200, clock)).toBeNull(); // lease still held
    clock.advance(200);
    expect(await claim(db(), 'epubs', 'worker-b', 200, clock)).toBeNull(); // to its last instant

    clock.advance(1);
    const taken = await claim(db(), 'epubs', 'worker-b', 10_000, clock);
    expect(taken).toMatchObject({ id: row.id, attempts: 2, lockedBy: 'worker-b' });

    // The old worker comes back: its heartbeat, completion and failure all miss.
    expect(await heartbeat(db(), crashed!, 10_000, clock)).toBe(false);
    expect(await complete(db(), crashed!, { by: 'a' })).toBe(false);
    expect((await fail(db(), crashed!, 'late')).status).toBe('lost');

    expect(await complete(db(), taken!, { by: 'b' })).toBe(true);
    expect(await getJob(db(), 'epubs', row.id)).toMatchObject({ status: 2, result: { by: 'b' }, attempts: 2 });
  });

  it('moves a job whose lease lapsed with no attempts left to Error instead of running it again', async () => {
    const clock = manualClock();
    const row = await enqueue(db(), 'epubs', {}, { maxAttempts: 1, clock });
    await claim(db(), 'epubs', 'worker-a', 100, clock);
    const next = await enqueue(db(), 'epubs', { next: true }, { clock });
    clock.advance(101);
    const job = await claim(db(), 'epubs', 'worker-b', 10_000, clock);
    expect(job?.id).toBe(next.id);
    expect(await getJob(db(), 'epubs', row.id)).toMatchObject({ status: QueueStatus.Error, lockedBy: null });
    expect((await getJob(db(), 'epubs', row.id))?.lastError).toMatch(/lease lapsed/);
  });

  it('extends the lease on a heartbeat and records it in processor_statuses', async () => {
    await startProcessorStatus(db(), 'beater', 'proofs', 15_000);
    const clock = manualClock();
    const row = await enqueue(db(), 'proofs', {}, { clock });
    const job = await claim(db(), 'proofs', 'beater', 1_000, clock);
    expect(job!.lockedUntil.getTime()).toBe(clock.now().getTime() + 1_000);
    clock.advance(900);
    expect(await heartbeat(db(), job!, 60_000, clock)).toBe(true);
    const row2 = await getJob(db(), 'proofs', row.id);
    expect(row2!.lockedUntil!.getTime()).toBe(clock.now().getTime() + 60_000);
    expect(job!.lockedUntil).toEqual(row2!.lockedUntil);
    const [status] = await db().select().from(processorStatuses).where(eq(processorStatuses.workerId, 'beater'));
    expect(status).toMatchObject({ queue: 'proofs', currentJobId: row.id, pid: process.pid });
  });
});

describe('the queue worker', () => {
  it('runs jobs, retries a failing one after its backoff, and passes attention outcomes on', async () => {
    const clock = manualClock();
    const ok = await enqueue(db(), 'proofs', { kind: 'ok' }, { clock });
    const flaky = await enqueue(db(), 'proofs', { kind: 'flaky' }, { clock });
    const odd = await enqueue(db(), 'proofs', { kind: 'attention' }, { clock });
    const calls: string[] = [];
    const worker = new QueueWorker<{ kind: string }, { kind: string }>({
      db: db(),
      queue: 'proofs',
      workerId: 'runner-1',
      idleMs: 20,
      clock,
      backoff: { baseMs: 5_000 },
      handler: async (job) => {
        calls.push(`${job.payload.kind}#${job.attempts}`);
        if (job.payload.kind === 'flaky' && job.attempts === 1) throw new Error('temporary');
        if (job.payload.kind === 'attention') return new NeedsAttention('Page 3 is the wrong size.', job.payload);
        return job.payload;
      },
    });
    await worker.start();
    await waitFor(async () => (await getJob(db(), 'proofs', odd.id))?.status === QueueStatus.Attention);
    expect(calls).toEqual(['ok#1', 'flaky#1', 'attention#1']);
    expect(await getJob(db(), 'proofs', flaky.id)).toMatchObject({ status: QueueStatus.Waiting, attempts: 1 });
    clock.advance(5_000); // the backoff has passed
    await waitFor(async () => (await getJob(db(), 'proofs', flaky.id))?.status === QueueStatus.Complete);
    await worker.stop();

    expect(calls).toEqual(['ok#1', 'flaky#1', 'attention#1', 'flaky#2']);
    expect(await getJob(db(), 'proofs', ok.id)).toMatchObject({ status: 2, result: { kind: 'ok' } });
    expect(await getJob(db(), 'proofs', odd.id)).toMatchObject({ status: 4, lastError: 'Page 3 is the wrong size.' });
    const [status] = await db().select().from(processorStatuses).where(eq(processorStatuses.workerId, 'runner-1'));
    expect(status).toMatchObject({ jobsDone: 3, jobsFailed: 1, currentJobId: null });
    expect(status?.stoppedAt).toBeInstanceOf(Date);
  });

  it('heartbeats a long job so its lease never lapses, and waits for it on a graceful stop', async () => {
    const clock = manualClock();
    const beats = manualTimer();
    const row = await enqueue(db(), 'uploads', {}, { clock });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const worker = new QueueWorker({
      db: db(),
      queue: 'uploads',
      leaseMs: 300,
      idleMs: 20,
      clock,
      scheduleHeartbeat: beats,
      handler: async () => {
        started();
        await finishing; // three leases long, below
        return { ok: true };
      },
    });
    const leaseEnd = async () => (await getJob(db(), 'uploads', row.id))?.lockedUntil?.getTime();
    await worker.start();
    await running;
    // Two leases on, nobody else can take it: each beat extended it before it lapsed.
    for (let beat = 1; beat <= 3; beat++) {
      clock.advance(200);
      expect(await claim(db(), 'uploads', 'intruder', 1_000, clock)).toBeNull();
      beats.tick();
      const extended = clock.now().getTime() + 300;
      await waitFor(async () => (await leaseEnd()) === extended);
    }
    const stopped = worker.stop();
    finish();
    await stopped;
    expect(await getJob(db(), 'uploads', row.id)).toMatchObject({ status: 2, attempts: 1, result: { ok: true } });
  });

  it('completes a job exactly once when its first worker dies mid-job', async () => {
    const clock = manualClock();
    const row = await enqueue(db(), 'proofs', { n: 1 }, { clock });
    let release!: () => void;
    const hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const record = async (jobId: number, worker: string) => {
      await db().execute(sql`insert into job_runs (job_id, worker) values (${jobId}, ${worker})`);
    };
    let frozenRunOver!: () => void;
    const wokeUp = new Promise<void>((resolve) => {
      frozenRunOver = resolve;
    });
    // Worker A takes the job and then "dies": its handler never finishes, it heartbeats no more.
    const dying = new QueueWorker({
      db: db(),
      queue: 'proofs',
      workerId: 'dying',
      leaseMs: 300,
      idleMs: 20,
      clock,
      scheduleHeartbeat: manualTimer(), // never ticks
      handler: async (job) => {
        started();
        try {
          await hang; // ignores its signal, like a process that froze
          await record(job.id, 'dying'); // a frozen run that wakes up late writes nothing the engine keeps
          return { by: 'dying' };
        } finally {
          frozenRunOver();
        }
      },
    });
    await dying.start();
    await running;
    await dying.stop({ timeoutMs: 0 }); // abandons the job: the lease is left to lapse

    const rescuer = new QueueWorker({
      db: db(),
      queue: 'proofs',
      workerId: 'rescuer',
      leaseMs: 5_000,
      idleMs: 20,
      clock,
      handler: async (job) => {
        await record(job.id, 'rescuer');
        return { by: 'rescuer' };
      },
    });
    clock.advance(301); // the dying worker's lease lapses
    await rescuer.start();
    await waitFor(async () => (await getJob(db(), 'proofs', row.id))?.status === QueueStatus.Complete);
    release(); // the frozen run finishes after all
    await wokeUp;
    await rescuer.stop();

    expect(await getJob(db(), 'proofs', row.id)).toMatchObject({ status: 2, attempts: 2, result: { by: 'rescuer' } });
    const runs = await rowsOf<{ worker: string }>(
      db().execute(sql`select worker from job_runs where worker = 'rescuer'`),
    );
    expect(runs).toHaveLength(1);
  });
});

describe.runIf(onPostgres)('the queue on PostgreSQL with concurrent workers', () => {
  it('never gives one job to two workers: 200 jobs, 2 workers on separate connection pools', async () => {
    const jobs = 200;
    await db()
      .insert(tableOf('proofs'))
      .values(Array.from({ length: jobs }, (_, n) => ({ payload: { n } })));
    const second = createDb({ databaseUrl: database.url, poolSize: 4 });
    const workers = [database.handle, second].map(
      (handle, index) =>
        new QueueWorker<{ n: number }>({
          db: handle.db,
          queue: 'proofs',
          workerId: `concurrent-${index}`,
          idleMs: 10,
          handler: async (job, { signal }) => {
            await handle.db.execute(sql`insert into job_runs (job_id, worker) values (${job.id}, ${`w${index}`})`);
            if (job.payload.n % 7 === 0) await sleep(3); // uneven job lengths
            if (signal.aborted) throw signal.reason;
            return { n: job.payload.n };
          },
        }),
    );
    try {
      await Promise.all(workers.map((worker) => worker.start()));
      await waitFor(async () => {
        const [row] = await rowsOf<{ n: number }>(
          db().execute(sql`select count(*)::int as n from queue_proofs where status = 2`),
        );
        return row?.n === jobs;
      }, 60_000);
      await Promise.all(workers.map((worker) => worker.stop()));
    } finally {
      await second.close();
    }
    const [counts] = await rowsOf<{ runs: number; distinct_jobs: number }>(
      db().execute(sql`select count(*)::int as runs, count(distinct job_id)::int as distinct_jobs from job_runs`),
    );
    expect(counts).toEqual({ runs: jobs, distinct_jobs: jobs });
    // Both workers took part.
    expect(workers[0]!.done).toBeGreaterThan(0);
    expect(workers[1]!.done).toBeGreaterThan(0);
    expect(workers[0]!.done + workers[1]!.done).toBe(jobs);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error('timed out waiting');
}
