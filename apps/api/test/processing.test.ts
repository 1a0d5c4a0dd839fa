import { accounts, processorStatuses } from '@colophon/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, enqueue, enqueueRosterJob, fail, QueueStatus, QueueWorker, startProcessorStatus } from '../src/queue';
import type { Every } from '../src/queue/worker';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
const db = () => t.handle.db;

/** A job driven to Error: claimed, then failed permanently. */
async function errorJob(payload: Record<string, unknown>) {
  const row = await enqueue(db(), 'uploads', payload);
  const job = await claim(db(), 'uploads', 'test-worker', 30_000);
  expect(job?.id).toBe(row.id);
  await fail(db(), job!, new Error(`cannot read ${String(payload.file)}`), { permanent: true });
  return row.id;
}

let waitingId: number;
let errorId: number;
let completeId: number;
let attentionId: number;

beforeAll(async () => {
  t = await createTestApp();
  errorId = await errorJob({ file: 'broken.pdf', projectId: 2 });
  waitingId = (await enqueue(db(), 'uploads', { file: 'waiting.pdf', projectId: 1 })).id;
  // Complete and Attention: set directly once claimed (the transitions themselves are the queue engine's tests).
  completeId = (await enqueue(db(), 'uploads', { file: 'done.pdf' })).id;
  attentionId = (await enqueue(db(), 'uploads', { file: 'look.pdf' })).id;
  await db().execute(sql`update queue_uploads set status = 2, completed_at = now() where id = ${completeId}`);
  await db().execute(
    sql`update queue_uploads set status = 4, last_error = 'Page count is odd' where id = ${attentionId}`,
  );
});
afterAll(async () => t.close());

describe('queue resources', () => {
  it('lists a queue, with the engine envelope', async () => {
    const response = await t.call({ method: 'GET', url: '/api/queue_uploads', as: SUPER });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(body.data.map((job: { id: number }) => job.id).sort()).toEqual(
      [attentionId, completeId, errorId, waitingId].sort(),
    );
    expect(body.data.find((job: { id: number }) => job.id === errorId)).toMatchObject({
      status: QueueStatus.Error,
      attempts: 1,
      lastError: 'cannot read broken.pdf',
      payload: { file: 'broken.pdf', projectId: 2 },
    });
  });

  it('filters by status[] and searches payload and last error', async () => {
    const byStatus = await t.call({ method: 'GET', url: '/api/queue_uploads?status[]=3&status[]=4', as: SUPER });
    expect(
      byStatus
        .json()
        .data.map((job: { id: number }) => job.id)
        .sort(),
    ).toEqual([errorId, attentionId].sort());
    const inPayload = await t.call({ method: 'GET', url: '/api/queue_uploads?search=waiting.pdf', as: SUPER });
    expect(inPayload.json().data.map((job: { id: number }) => job.id)).toEqual([waitingId]);
    const inError = await t.call({ method: 'GET', url: '/api/queue_uploads?search=odd', as: SUPER });
    expect(inError.json().data.map((job: { id: number }) => job.id)).toEqual([attentionId]);
    const sorted = await t.call({ method: 'GET', url: '/api/queue_uploads?sort=-attempts', as: SUPER });
    expect(sorted.json().data[0].id).toBe(errorId);
    const other = await t.call({ method: 'GET', url: '/api/queue_proofs', as: SUPER });
    expect(other.json().total).toBe(0);
  });

  it('exports the filtered queue as CSV', async () => {
    const response = await t.call({ method: 'GET', url: '/api/queue_uploads/export?status[]=3', as: SUPER });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split(/\r\n/);
    expect(lines[0]).toContain('ID,Status,Attempts');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Error,');
  });

  it('gets one job, and 404s an unknown one', async () => {
    const found = await t.call({ method: 'GET', url: `/api/queue_uploads/${errorId}`, as: SUPER });
    expect(found.json().id).toBe(errorId);
    const missing = await t.call({ method: 'GET', url: '/api/queue_uploads/999999', as: SUPER });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a person’s transitions', () => {
  it('retries an Error job back to Waiting, attempts from zero', async () => {
    const response = await t.call({ method: 'POST', url: `/api/queue_uploads/${errorId}/retry`, as: SUPER });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: errorId, status: QueueStatus.Waiting, attempts: 0 });
  });

  it('marks an Attention job addressed', async () => {
    const response = await t.call({ method: 'POST', url: `/api/queue_uploads/${attentionId}/addressed`, as: SUPER });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: attentionId, status: QueueStatus.Addressed });
  });

  it('answers 409 with the reason when the status does not allow it', async () => {
    const retried = await t.call({ method: 'POST', url: `/api/queue_uploads/${completeId}/retry`, as: SUPER });
    expect(retried.statusCode).toBe(409);
    expect(retried.json().detail).toBe(`Upload job ${completeId} is Complete: it cannot go from Complete to Waiting.`);
    const addressed = await t.call({ method: 'POST', url: `/api/queue_uploads/${waitingId}/addressed`, as: SUPER });
    expect(addressed.statusCode).toBe(409);
    expect(addressed.json().detail).toContain('is Waiting');
  });

  it('answers 404 for an unknown job', async () => {
    const response = await t.call({ method: 'POST', url: '/api/queue_uploads/999999/retry', as: SUPER });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Upload job 999999 was not found.');
  });

  it('refuses anyone but a super administrator', async () => {
    for (const email of [OWNER, ADVISER]) {
      const list = await t.call({ method: 'GET', url: '/api/queue_uploads', as: email });
      expect(list.statusCode).toBe(403);
      const retried = await t.call({ method: 'POST', url: `/api/queue_uploads/${completeId}/retry`, as: email });
      expect(retried.statusCode).toBe(403);
    }
  });
});

describe('processor statuses', () => {
  it('lists the workers and flags one silent for over a minute as stale', async () => {
    await startProcessorStatus(db(), 'uploads@fresh', 'uploads', 15_000);
    await startProcessorStatus(db(), 'uploads@silent', 'uploads', 15_000);
    await startProcessorStatus(db(), 'proofs@stopped', 'proofs', 15_000);
    await db().execute(
      sql`update processor_statuses set last_heartbeat_at = now() - interval '5 minutes' where worker_id in ('uploads@silent', 'proofs@stopped')`,
    );
    await db().execute(sql`update processor_statuses set stopped_at = now() where worker_id = 'proofs@stopped'`);
    const response = await t.call({ method: 'GET', url: '/api/processor_statuses', as: SUPER });
    expect(response.statusCode).toBe(200);
    const byId = Object.fromEntries(
      response.json().data.map((worker: { workerId: string; stale: boolean }) => [worker.workerId, worker.stale]),
    );
    expect(byId).toEqual({ 'uploads@fresh': false, 'uploads@silent': true, 'proofs@stopped': false });
    const filtered = await t.call({ method: 'GET', url: '/api/processor_statuses?queue[]=proofs', as: SUPER });
    expect(filtered.json().total).toBe(1);
    const refused = await t.call({ method: 'GET', url: '/api/processor_statuses', as: OWNER });
    expect(refused.statusCode).toBe(403);
    await db().delete(processorStatuses);
  });
});

/** A pulse timer the test turns by hand: `tick()` is one interval passing. */
function manualTimer() {
  const callbacks = new Set<() => void>();
  const every: Every = (callback) => {
    callbacks.add(callback);
    return () => callbacks.delete(callback);
  };
  return {
    every,
    tick: () => {
      for (const callback of callbacks) callback();
    },
    get armed() {
      return callbacks.size > 0;
    },
  };
}

describe('an idle worker is not stale (issue 9, item 6)', () => {
  const staleOf = async (workerId: string) => {
    const response = await t.call({ method: 'GET', url: '/api/processor_statuses', as: SUPER });
    const worker = response.json().data.find((row: { workerId: string }) => row.workerId === workerId);
    return worker as { stale: boolean; stoppedAt: string | null } | undefined;
  };
  /** A minute and more passes on the database's clock: the worker's last beat moves back by 61 s. */
  const aMinutePasses = (workerId: string) =>
    db().execute(
      sql`update processor_statuses set last_heartbeat_at = last_heartbeat_at - interval '61 seconds' where worker_id = ${workerId}`,
    );
  const lastBeat = async (workerId: string) => {
    const [row] = await db()
      .select({ at: processorStatuses.lastHeartbeatAt })
      .from(processorStatuses)
      .where(sql`${processorStatuses.workerId} = ${workerId}`);
    return row?.at?.getTime() ?? 0;
  };

  it('keeps an idle worker fresh through its pulse, and calls a silent one stale', async () => {
    const idleTimer = manualTimer();
    const silentTimer = manualTimer();
    const handler = async () => null;
    // An hour between polls: the queue stays empty and the workers idle for the whole test.
    const idle = new QueueWorker({
      db: db(),
      queue: 'epubs',
      handler,
      workerId: 'epubs@idle',
      idleMs: 3_600_000,
      schedulePulse: idleTimer.every,
    });
    const silent = new QueueWorker({
      db: db(),
      queue: 'epubs',
      handler,
      workerId: 'epubs@silent',
      idleMs: 3_600_000,
      schedulePulse: silentTimer.every,
    });
    await idle.start();
    await silent.start();
    try {
      expect(idleTimer.armed).toBe(true);
      await aMinutePasses('epubs@idle');
      await aMinutePasses('epubs@silent');
      const before = await lastBeat('epubs@idle');
      // The idle worker's pulse fires (four 15 s intervals in that minute); the silent one's never does.
      for (let beat = 0; beat < 4; beat++) idleTimer.tick();
      await expect.poll(() => lastBeat('epubs@idle'), { timeout: 10_000 }).toBeGreaterThan(before);
      expect((await staleOf('epubs@idle'))?.stale).toBe(false);
      expect((await staleOf('epubs@silent'))?.stale).toBe(true);
    } finally {
      await idle.stop();
      await silent.stop();
    }
    // Stopped on purpose is neither running nor stale, and the pulse is off.
    expect(idleTimer.armed).toBe(false);
    expect((await staleOf('epubs@idle'))?.stoppedAt).not.toBeNull();
    expect((await staleOf('epubs@idle'))?.stale).toBe(false);
    await db().delete(processorStatuses);
  });
});

describe('a bare date in a queue filter is a London day (part 5)', () => {
  it('reads createdFrom/createdTo dates in Europe/London, daylight saving time included', async () => {
    // 22:30 UTC is 23:30 BST on 1 July; 23:30 UTC is 00:30 BST on 2 July.
    const lateFirst = (await enqueue(db(), 'moves', { order: 'late on the 1st' })).id;
    const earlySecond = (await enqueue(db(), 'moves', { order: 'early on the 2nd' })).id;
    await db().execute(sql`update queue_moves set created_at = '2026-07-01T22:30:00Z' where id = ${lateFirst}`);
    await db().execute(sql`update queue_moves set created_at = '2026-07-01T23:30:00Z' where id = ${earlySecond}`);
    const idsOn = async (date: string) => {
      const response = await t.call({
        method: 'GET',
        url: `/api/queue_moves?createdFrom=${date}&createdTo=${date}`,
        as: SUPER,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((job: { id: number }) => job.id);
    };
    expect(await idsOn('2026-07-01')).toEqual([lateFirst]);
    expect(await idsOn('2026-07-02')).toEqual([earlySecond]);
  });
});

describe('the roster’s jobs are a queue like the others (issue 16)', () => {
  it('lists, counts, retries and cancels queue_roster jobs on the console, with their history', async () => {
    const [account] = await db().select({ id: accounts.id }).from(accounts).limit(1);
    if (!account) throw new Error('the demo template has no account');
    const waiting = await enqueueRosterJob(db(), { kind: 'import', accountId: account.id, rosterSchoolId: 7 });
    const failing = await enqueueRosterJob(db(), { kind: 'sync', accountId: account.id });
    await db().execute(
      sql`update queue_roster set status = 3, last_error = 'The pull timed out' where id = ${failing.id}`,
    );
    expect(waiting.payload).toMatchObject({ kind: 'import', accountId: account.id, rosterSchoolId: 7 });

    const list = await t.call({ method: 'GET', url: '/api/queue_roster?include=history', as: SUPER });
    expect(list.statusCode, list.body).toBe(200);
    const jobs = list.json().data as { id: number; status: number; history: { transition: string }[] }[];
    expect(jobs.map((job) => job.id)).toEqual([failing.id, waiting.id]);
    expect(jobs[1]?.history.map((line) => line.transition)).toEqual(['enqueue']);

    const byAccount = await t.call({ method: 'GET', url: `/api/queue_roster?accountId=${account.id}`, as: SUPER });
    expect(byAccount.json().total).toBe(2);

    const counts = await t.call({ method: 'GET', url: '/api/queue_roster/counts', as: SUPER });
    expect(counts.json()).toMatchObject({ total: 2 });

    const retried = await t.call({ method: 'POST', url: `/api/queue_roster/${failing.id}/retry`, as: SUPER });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: QueueStatus.Waiting, attempts: 0 });
    const cancelled = await t.call({ method: 'POST', url: `/api/queue_roster/${waiting.id}/cancel`, as: SUPER });
    expect(cancelled.json()).toMatchObject({ status: QueueStatus.Addressed, result: { cancelled: true } });
    const again = await t.call({ method: 'POST', url: `/api/queue_roster/${waiting.id}/cancel`, as: SUPER });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      `Roster job ${waiting.id} is Addressed: it cannot go from Addressed to Addressed.`,
    );

    // Only the roster's own calls queue a job: no generic create.
    const created = await t.call({
      method: 'POST',
      url: '/api/queue_roster',
      as: SUPER,
      payload: { payload: { kind: 'import', accountId: account.id } },
    });
    expect(created.statusCode).toBe(404);
    const studio = await t.call({ method: 'GET', url: '/api/queue_roster', as: OWNER });
    expect(studio.statusCode).toBe(403);
  });
});
