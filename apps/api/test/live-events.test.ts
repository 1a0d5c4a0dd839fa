import type { AddressInfo } from 'node:net';
import { accounts, createDb, eventLog, processorStatuses, users } from '@colophon/db';
import { type LiveEvent, queueStatus } from '@colophon/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { EVENTS_CHANNEL } from '../src/modules/events/hub';
import { mayHear } from '../src/modules/events/routes';
import { claim, complete, enqueue, enqueueRosterJob, QueueWorker } from '../src/queue';
import { createServices } from '../src/services';
import { ADVISER, createTestApp, DEMO_PASSWORD, SUPER, type TestApp, until } from './harness';
import { openEventStream, type SseStream } from './sse-client';

let t: TestApp;
let base: string;
const db = () => t.handle.db;
const streams: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(as: string, lastEventId?: number): Promise<SseStream> {
  const stream = await openEventStream(`${base}/api/events`, {
    token: await t.tokenFor(as),
    ...(lastEventId !== undefined ? { lastEventId } : {}),
  });
  streams.push(stream);
  return stream;
}

const isJob = (queue: string, jobId: number, status?: number) => (event: LiveEvent) =>
  event.topic === 'queue' &&
  event.queue === queue &&
  event.jobId === jobId &&
  (status === undefined || event.status === status);

describe('GET /api/events', () => {
  it('refuses a stream without a session (401) and opens none', async () => {
    const before = t.app.services.events.size;
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(t.app.services.events.size).toBe(before);
  });

  it("tells a super administrator of every queue row's new status, as it commits", async () => {
    const stream = await open(SUPER);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    const job = await enqueue(db(), 'proofs', { proofId: 1 });
    await stream.waitFor(isJob('queue_proofs', job.id, queueStatus.Waiting));
    const claimed = await claim(db(), 'proofs', 'test-worker', 30_000);
    expect(claimed?.id).toBe(job.id);
    await stream.waitFor(isJob('queue_proofs', job.id, queueStatus.Processing));
    if (!claimed) throw new Error('no job claimed');
    await complete(db(), claimed, { ok: true });
    const done = await stream.waitFor(isJob('queue_proofs', job.id, queueStatus.Complete));
    expect(done).toMatchObject({ from: queueStatus.Processing, accountId: null });
    // A change that is not a status change (a lease extended) says nothing.
    const ids = stream.events().map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps queue events from users who may not see the processing pages', async () => {
    expect(mayHear({ role: 5, bSuperAdmin: false }, { id: 1, topic: 'queue', accountId: 3 })).toBe(false);
    expect(mayHear({ role: 1, bSuperAdmin: true }, { id: 1, topic: 'queue', accountId: 3 })).toBe(true);
    expect(mayHear({ role: 1, bSuperAdmin: true }, { id: 1, topic: 'no-such-topic', accountId: null })).toBe(false);
    // A role that may hear no topic gets no stream at all.
    const adviser = await open(ADVISER);
    const superStream = await open(SUPER);
    expect(adviser.status).toBe(403);
    const job = await enqueue(db(), 'uploads', { uploadId: 1 });
    await superStream.waitFor(isJob('queue_uploads', job.id));
    // Both streams are written in the same turn of this process's loop; the super's has arrived.
    await until(() => superStream.events().length > 0);
    expect(adviser.events()).toEqual([]);
  });

  it("tells of a roster job's changes with the school's account (queue_roster, issue 16)", async () => {
    const stream = await open(SUPER);
    const [account] = await db().select({ id: accounts.id }).from(accounts).limit(1);
    if (!account) throw new Error('the demo template has no account');
    const job = await enqueueRosterJob(db(), { kind: 'import', accountId: account.id });
    const queued = await stream.waitFor(isJob('queue_roster', job.id, queueStatus.Waiting));
    expect(queued).toMatchObject({ from: null, accountId: account.id });
    const claimed = await claim(db(), 'roster', 'roster-worker', 30_000);
    expect(claimed?.id).toBe(job.id);
    const running = await stream.waitFor(isJob('queue_roster', job.id, queueStatus.Processing));
    expect(running).toMatchObject({ from: queueStatus.Waiting, accountId: account.id });
  });

  it('resumes after a dropped connection from Last-Event-ID, losing nothing', async () => {
    const first = await enqueue(db(), 'epubs', { proofId: 1 });
    const [firstEvent] = await db()
      .select({ id: eventLog.id })
      .from(eventLog)
      .where(
        sql`${eventLog.payload}->>'queue' = 'queue_epubs' and (${eventLog.payload}->>'jobId')::bigint = ${first.id}`,
      );
    if (!firstEvent) throw new Error('no event written for the first job');
    // Changes while nobody listens.
    const second = await enqueue(db(), 'epubs', { proofId: 2 });
    const third = await enqueue(db(), 'epubs', { proofId: 3 });
    const resumed = await open(SUPER, firstEvent.id);
    await resumed.waitFor(isJob('queue_epubs', second.id));
    await resumed.waitFor(isJob('queue_epubs', third.id));
    // The same through ?lastEventId= (for a client that cannot set the header).
    const byQuery = await openEventStream(`${base}/api/events?lastEventId=${firstEvent.id}`, {
      token: await t.tokenFor(SUPER),
    });
    streams.push(byQuery);
    await byQuery.waitFor(isJob('queue_epubs', third.id));
  });

  it('answers 400 for a malformed lastEventId', async () => {
    const response = await t.call({ method: 'GET', url: '/api/events?lastEventId=abc', as: SUPER });
    expect(response.statusCode).toBe(400);
  });

  it('sends one event for the queue when a statement changes many rows (a bulk retry)', async () => {
    const stream = await open(SUPER);
    await db().execute(sql`insert into queue_notifications (payload) select '{}'::jsonb from generate_series(1, 50)`);
    const bulk = await stream.waitFor((event) => event.queue === 'queue_notifications' && event.count === 50);
    expect(bulk.jobId).toBeUndefined();
  });

  it('hears a notice that arrives after a gap by reading event_log (catch-up)', async () => {
    const stream = await open(SUPER);
    // A row written with the trigger's notice lost (as if the listening connection had dropped).
    const [row] = await db()
      .insert(eventLog)
      .values({ topic: 'queue', payload: { queue: 'queue_moves', jobId: 999_999, status: 0, from: null } })
      .returning();
    if (!row) throw new Error('no event row');
    await t.app.services.events.catchUp();
    await stream.waitFor(isJob('queue_moves', 999_999));
    // A notice of the same event again (delivered late) is not sent twice.
    await db().execute(
      sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify([{ ...row, accountId: null, ...(row.payload as object) }])})`,
    );
    const again = await stream.waitFor(isJob('queue_proofs', (await enqueue(db(), 'proofs', {})).id));
    expect(again).toBeTruthy();
    expect(stream.events().filter((event) => event.id === row.id)).toHaveLength(1);
  });

  it('prunes events older than a day', async () => {
    const [old] = await db()
      .insert(eventLog)
      .values({ topic: 'queue', payload: { queue: 'queue_moves' }, createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .returning();
    const [recent] = await db()
      .insert(eventLog)
      .values({ topic: 'queue', payload: { queue: 'queue_moves' } })
      .returning();
    if (!old || !recent) throw new Error('no event rows');
    expect(await t.app.services.events.prune()).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(eventLog).where(eq(eventLog.id, old.id))).toHaveLength(0);
    expect(await db().select().from(eventLog).where(eq(eventLog.id, recent.id))).toHaveLength(1);
  });
});

describe('a stream lasts no longer than its session and its right to it', () => {
  /** A session of its own (tokenFor's is shared by the other tests). */
  async function signIn(email: string): Promise<string> {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  }
  async function openWith(token: string): Promise<SseStream> {
    const stream = await openEventStream(`${base}/api/events`, { token });
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  }
  /** Resolves with the time the stream took to end, or fails after `withinMs`. */
  async function endsWithin(stream: SseStream, from: number, withinMs: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the stream was still open after ${withinMs} ms`)), withinMs);
    });
    try {
      await Promise.race([stream.ended, late]);
      return Date.now() - from;
    } finally {
      clearTimeout(timer);
    }
  }

  it('ends the stream of a session signed out at once; another session of the same user keeps its stream', async () => {
    const leaving = await signIn(SUPER);
    const staying = await signIn(SUPER);
    const ending = await openWith(leaving);
    const other = await openWith(staying);
    const before = t.app.services.events.size;
    const signedOutAt = Date.now();
    const signOut = await t.call({ method: 'POST', url: '/api/auth/logout', as: leaving });
    expect(signOut.statusCode).toBe(204);
    expect(await endsWithin(ending, signedOutAt, 1_000)).toBeLessThan(1_000);
    await until(() => t.app.services.events.size === before - 1, { what: 'the stream to stop listening' });
    // The other session's stream still hears what happens.
    const job = await enqueue(db(), 'proofs', { proofId: 7 });
    await other.waitFor(isJob('queue_proofs', job.id));
    // Reopening with the signed-out token is refused (the web client stops there).
    expect((await openEventStream(`${base}/api/events`, { token: leaving })).status).toBe(401);
    other.close();
  });

  it("ends a user's streams when their role is lowered to one that hears no topic, however it is changed", async () => {
    const token = await signIn(SUPER);
    const stream = await openWith(token);
    const [superUser] = await db().select({ id: users.id }).from(users).where(eq(users.email, SUPER));
    if (!superUser) throw new Error('no super administrator');
    try {
      const loweredAt = Date.now();
      // Typed by hand (the database's change notice reaches every process), without ending the session.
      await db().update(users).set({ bSuperAdmin: false }).where(eq(users.id, superUser.id));
      expect(await endsWithin(stream, loweredAt, 1_000)).toBeLessThan(1_000);
      expect((await openEventStream(`${base}/api/events`, { token })).status).toBe(403);
    } finally {
      await db().update(users).set({ bSuperAdmin: true }).where(eq(users.id, superUser.id));
    }
  });

  it.runIf(process.env.COLOPHON_TEST_DB === 'postgres')(
    "ends a stream held by another API process when the session is signed out in this one (the database's notice)",
    async () => {
      const handle = createDb({ databaseUrl: t.databaseUrl, poolSize: 2 });
      const other = await buildApp({ services: await createServices(t.config, handle), logger: false });
      try {
        await other.listen({ port: 0, host: '127.0.0.1' });
        const token = await signIn(SUPER);
        const port = (other.server.address() as AddressInfo).port;
        const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { token });
        streams.push(stream);
        expect(stream.status).toBe(200);
        const signedOutAt = Date.now();
        expect((await t.call({ method: 'POST', url: '/api/auth/logout', as: token })).statusCode).toBe(204);
        expect(await endsWithin(stream, signedOutAt, 1_000)).toBeLessThan(1_000);
        expect(other.services.events.size).toBe(0);
      } finally {
        await other.close();
        await handle.close();
      }
    },
  );

  it('reads the session again before writing when the cache has forgotten it, holding the events meanwhile', async () => {
    const stream = await openWith(await signIn(SUPER));
    t.app.services.sessionCache.clear();
    const first = await enqueue(db(), 'uploads', { uploadId: 1 });
    const second = await enqueue(db(), 'uploads', { uploadId: 2 });
    await stream.waitFor(isJob('queue_uploads', second.id));
    const ids = stream.events().map((event) => event.jobId);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    stream.close();
  });
});

describe('processor statuses and throughput', () => {
  it('shows a worker busy, then idle with its last success and version; throughput counts the minute', async () => {
    let release!: () => void;
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = new QueueWorker({
      db: db(),
      queue: 'moves',
      workerId: 'moves@live-test',
      idleMs: 20,
      pulseMs: 5_000,
      handler: async () => {
        await running;
        return { moved: true };
      },
    });
    const job = await enqueue(db(), 'moves', { orderId: 1 });
    await worker.start();
    const read = async () => {
      const response = await t.call({ method: 'GET', url: '/api/processor_statuses?queue[]=moves', as: SUPER });
      expect(response.statusCode).toBe(200);
      return response.json().data.find((row: { workerId: string }) => row.workerId === 'moves@live-test');
    };
    const busy = await until(async () => {
      const row = await read();
      return row?.state === 'busy' ? row : null;
    });
    expect(busy).toMatchObject({ currentJobId: job.id, pulseMs: 5_000, stale: false, lastSuccessAt: null });
    expect(busy.version).toMatch(/\d/);
    release();
    const idle = await until(async () => {
      const row = await read();
      return row?.state === 'idle' && row.jobsDone === 1 ? row : null;
    });
    expect(idle.lastSuccessAt).not.toBeNull();
    expect(idle.currentJobId).toBeNull();
    await worker.stop();

    const throughput = await t.call({ method: 'GET', url: '/api/processor_statuses/throughput', as: SUPER });
    expect(throughput.statusCode).toBe(200);
    const body = throughput.json() as { from: string; data: { queue: string; minute: string; completed: number }[] };
    const moves = body.data.filter((row) => row.queue === 'queue_moves');
    expect(moves.reduce((sum, row) => sum + row.completed, 0)).toBeGreaterThanOrEqual(1);
    expect(new Date(body.from).getTime() % 60_000).toBe(0);
    const refused = await t.call({ method: 'GET', url: '/api/processor_statuses/throughput', as: ADVISER });
    expect(refused.statusCode).toBe(403);
    await db().delete(processorStatuses).where(eq(processorStatuses.workerId, 'moves@live-test'));
  });

  it('turns a worker stale past 3 of its pulses, by the injected clock', async () => {
    const worker = new QueueWorker({
      db: db(),
      queue: 'epubs',
      workerId: 'epubs@clock',
      pulseMs: 10_000,
      handler: async () => null,
    });
    await worker.start();
    await worker.stop();
    await db().update(processorStatuses).set({ stoppedAt: null }).where(eq(processorStatuses.workerId, 'epubs@clock'));
    const clock = t.app.services.clock;
    const real = clock.now;
    const staleOf = async () => {
      const response = await t.call({ method: 'GET', url: '/api/processor_statuses?queue[]=epubs', as: SUPER });
      return response.json().data.find((row: { workerId: string }) => row.workerId === 'epubs@clock')?.stale;
    };
    try {
      clock.now = () => new Date(real().getTime() + 29_000);
      expect(await staleOf()).toBe(false);
      clock.now = () => new Date(real().getTime() + 31_000);
      expect(await staleOf()).toBe(true);
    } finally {
      clock.now = real;
    }
    await db().delete(processorStatuses).where(eq(processorStatuses.workerId, 'epubs@clock'));
  });
});

describe('shutdown', () => {
  it('ends open streams cleanly when the server closes', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.app.server.address() as AddressInfo).port;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { token: await other.tokenFor(SUPER) });
    expect(stream.status).toBe(200);
    await until(() => other.app.services.events.size === 1);
    await other.close();
    await stream.ended;
    expect(other.app.services.events.size).toBe(0);
  });
});
