import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';

/**
 * The background queues (DESIGN 3, "the queue tables are the queues"): one table per queue, all of one
 * shape. `status` is the spec's queue status (0 Waiting, 1 Processing, 2 Complete, 3 Error,
 * 4 Attention, 5 Addressed). A worker claims a Waiting row whose `run_after` has come (or a Processing
 * row whose lease `locked_until` has lapsed: a crashed worker's job) with `FOR UPDATE SKIP LOCKED`;
 * `attempts` counts the claims and doubles as the lease's fencing token. The engine is
 * apps/api/src/queue/.
 */
function queueTable<const Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      status: smallint('status').notNull().default(0),
      payload: jsonb('payload').notNull().default({}),
      attempts: integer('attempts').notNull().default(0),
      maxAttempts: integer('max_attempts').notNull().default(5),
      runAfter: instant('run_after').notNull().defaultNow(),
      lockedBy: varchar('locked_by', { length: 200 }),
      lockedUntil: instant('locked_until'),
      lastError: text('last_error'),
      result: jsonb('result'),
      ...timestamps,
      completedAt: instant('completed_at'),
    },
    (table) => [
      // Claiming: the waiting rows in due order, and the processing rows by lease end (both partial,
      // so they hold only the live rows however long the history grows).
      index(`${name}_claim_idx`).on(table.runAfter, table.id).where(sql`status = 0`),
      index(`${name}_lease_idx`).on(table.lockedUntil).where(sql`status = 1`),
      // The processing pages: by status, newest first.
      index(`${name}_status_created_idx`).on(
        table.status,
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      ),
    ],
  );
}

export const queueUploads = queueTable('queue_uploads');
export const queueProofs = queueTable('queue_proofs');
export const queueMoves = queueTable('queue_moves');
export const queueNotifications = queueTable('queue_notifications');
export const queueEpubs = queueTable('queue_epubs');
export const queueAccounting = queueTable('queue_accounting');

/** One row per queue worker: where it runs, when it last beat, what it is doing, what it has done. */
export const processorStatuses = pgTable(
  'processor_statuses',
  {
    workerId: varchar('worker_id', { length: 200 }).primaryKey(),
    queue: varchar('queue', { length: 40 }).notNull(),
    host: varchar('host', { length: 200 }).notNull(),
    pid: integer('pid').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    lastHeartbeatAt: instant('last_heartbeat_at').notNull().defaultNow(),
    /** Set when the worker stopped gracefully; a stale heartbeat without it means the worker died. */
    stoppedAt: instant('stopped_at'),
    currentJobId: bigint('current_job_id', { mode: 'number' }),
    jobsDone: integer('jobs_done').notNull().default(0),
    jobsFailed: integer('jobs_failed').notNull().default(0),
  },
  (table) => [index('processor_statuses_queue_idx').on(table.queue, table.lastHeartbeatAt.desc().nullsFirst())],
);
