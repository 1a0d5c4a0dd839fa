import { isProcessorStale } from '@colophon/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle, rowsOf } from '../create-db';
import { processorStatuses, queueEvents, queueProofs } from '../schema/index';
import { seedQueueJobs } from './queues';

let handle: DbHandle;
const now = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  handle = createDb();
  await handle.migrate();
  await seedQueueJobs(handle.db, now);
});
afterAll(async () => handle.close());

describe('the demo queue jobs', () => {
  it('puts a proof job in every status, with a readable error where it failed or needs a look', async () => {
    const rows = await handle.db.select().from(queueProofs);
    expect([...new Set(rows.map((row) => row.status))].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const row of rows.filter((job) => job.status === 3 || job.status === 4)) {
      expect(row.lastError?.length ?? 0).toBeGreaterThan(30);
    }
  });

  it('leaves the running workers nothing to take: waiting jobs are due later, leases run long', async () => {
    const rows = await handle.db.select().from(queueProofs);
    for (const row of rows.filter((job) => job.status === 0))
      expect(row.runAfter.getTime()).toBeGreaterThan(now.getTime());
    for (const row of rows.filter((job) => job.status === 1)) {
      expect(row.lockedUntil?.getTime()).toBeGreaterThan(now.getTime());
    }
  });

  it('gives every job its history, ending in its status', async () => {
    for (const queue of [
      'queue_proofs',
      'queue_uploads',
      'queue_notifications',
      'queue_moves',
      'queue_epubs',
      'queue_payments',
    ]) {
      const rows = await rowsOf<{ status: number; last: number | null }>(
        handle.db.execute(
          sql`select q.status, (select e.to_status from queue_events e where e.queue = ${queue} and e.job_id = q.id order by e.id desc limit 1) as last from ${sql.raw(queue)} q`,
        ),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.last).toBe(row.status);
    }
    const firstLines = await handle.db.select().from(queueEvents).where(eq(queueEvents.transition, 'enqueue'));
    expect(firstLines.every((line) => line.fromStatus === null)).toBe(true);
  });

  it('adds two processors, one stale for good (it died holding a job) and one stopped cleanly', async () => {
    const rows = await handle.db.select().from(processorStatuses).orderBy(processorStatuses.workerId);
    expect(rows.map((row) => row.workerId)).toEqual(['proofs@demo-worker-2', 'uploads@demo-worker-1']);
    // No real worker id looks like these: theirs are <queue>@<host>:<pid>:<random>.
    for (const row of rows) expect(row.workerId).not.toContain(':');
    const [died, stopped] = rows;
    const [held] = await handle.db.select().from(queueProofs).where(eq(queueProofs.status, 1));
    expect(died).toMatchObject({ stoppedAt: null, state: 'busy', currentJobId: held?.id });
    expect(held?.lockedBy).toBe(died?.workerId);
    const later = new Date(now.getTime() + 30 * 24 * 3600_000);
    for (const at of [now, later]) {
      expect(isProcessorStale(died!, at)).toBe(true);
      expect(isProcessorStale(stopped!, at)).toBe(false);
    }
  });
});
