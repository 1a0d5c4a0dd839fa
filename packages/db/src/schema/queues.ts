import type { RosterJobCounts, RosterJobFaults, RosterJobKindCode } from '@colophon/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';
import { accounts, users } from './identity';

/**
 * The background queues (DESIGN 3, "the queue tables are the queues"): one table per queue, all of one
 * shape. `status` is the spec's queue status (0 Waiting, 1 Processing, 2 Complete, 3 Error,
 * 4 Attention, 5 Addressed). A worker claims a Waiting row whose `run_after` has come (or a Processing
 * row whose lease `locked_until` has lapsed: a crashed worker's job) with `FOR UPDATE SKIP LOCKED`;
 * `attempts` counts the claims and doubles as the lease's fencing token. The engine is
 * apps/api/src/queue/.
 */
/** The columns every queue table has: the engine works on these alone. */
const queueColumns = () => ({
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
});

type QueueColumns = { [Key in keyof ReturnType<typeof queueColumns>]: ExtraConfigColumn };

/** The indexes every queue table has. */
function queueIndexes(name: string, table: QueueColumns) {
  return [
    // Claiming: the waiting rows in due order, and the processing rows by lease end (both partial,
    // so they hold only the live rows however long the history grows).
    index(`${name}_claim_idx`).on(table.runAfter, table.id).where(sql`status = 0`),
    index(`${name}_lease_idx`).on(table.lockedUntil).where(sql`status = 1`),
    // The processing pages: all statuses newest first (migration 0024), and by status, newest first.
    index(`${name}_created_idx`).on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index(`${name}_status_created_idx`).on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Throughput per minute over the last hour (the processor statuses page).
    index(`${name}_completed_idx`).on(table.completedAt).where(sql`completed_at is not null`),
  ];
}

function queueTable<const Name extends string>(name: Name) {
  return pgTable(name, queueColumns(), (table) => queueIndexes(name, table));
}

export const queueUploads = queueTable('queue_uploads');
export const queueProofs = queueTable('queue_proofs');
export const queueMoves = queueTable('queue_moves');
export const queueNotifications = queueTable('queue_notifications');
export const queueEpubs = queueTable('queue_epubs');
export const queueAccounting = queueTable('queue_accounting');
/** The card provider's calls that must not hold a person up (issue 13: detaching a removed card), retried. */
export const queuePayments = queueTable('queue_payments');

/**
 * The roster service's jobs (issue 16, migration 0030): imports, syncs and exports, a queue like the
 * others (the engine, the console's page, the live events, the history) with what the roster's jobs
 * page shows besides: the kind (domain `rosterJobKind`), the school's dashboard account (the roster's
 * access follows it), the roster school or district it is for (roster.schools / roster.districts ids,
 * not foreign keys: that schema is migrated after this one), progress 0–100, the people added,
 * changed, removed and skipped, and the first 1,000 faults by file and line with their total.
 */
export const queueRoster = pgTable(
  'queue_roster',
  {
    ...queueColumns(),
    kind: varchar('kind', { length: 10 }).$type<RosterJobKindCode>().notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    rosterSchoolId: integer('roster_school_id'),
    rosterDistrictId: integer('roster_district_id'),
    progress: smallint('progress').notNull().default(0),
    counts: jsonb('counts')
      .$type<RosterJobCounts>()
      .notNull()
      .default({ added: 0, changed: 0, removed: 0, skipped: 0 }),
    faults: jsonb('faults').$type<RosterJobFaults>().notNull().default({ items: [], total: 0 }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    ...queueIndexes('queue_roster', table),
    // The roster's jobs page: a school's (or a studio's schools') jobs by status, newest first.
    index('queue_roster_account_status_idx').on(
      table.accountId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('queue_roster_kind_check', sql`${table.kind} in ('import', 'sync', 'export')`),
    check('queue_roster_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);

/**
 * The history of every queue row (issue 15): one line per status change, written by the queue engine
 * (`recordTransition` in apps/api/src/queue/store.ts) in the statement's transaction: the queue's table
 * name, the job, from (null: enqueued) and to, when, who (a person's user id, or the worker holding
 * the lease), and why (the error, the person's reason). A row's lines are read by (queue, job_id).
 */
export const queueEvents = pgTable(
  'queue_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: varchar('queue', { length: 40 }).notNull(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    transition: varchar('transition', { length: 20 }).notNull(),
    at: instant('at').notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    workerId: varchar('worker_id', { length: 200 }),
    reason: text('reason'),
  },
  (table) => [index('queue_events_job_idx').on(table.queue, table.jobId, table.id)],
);

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
    /** The application's version the worker runs (package.json), to spot a machine left behind. */
    version: varchar('version', { length: 40 }).notNull().default(''),
    /** 'busy' while it runs a job, else 'idle' (domain `processorState`). */
    state: varchar('state', { length: 10 }).notNull().default('idle'),
    lastSuccessAt: instant('last_success_at'),
    /** How often it promised to beat: stale after 3 of these without a beat (domain `isProcessorStale`). */
    pulseMs: integer('pulse_ms').notNull().default(15_000),
  },
  (table) => [index('processor_statuses_queue_idx').on(table.queue, table.lastHeartbeatAt.desc().nullsFirst())],
);

/**
 * What changed, for the live event stream (GET /api/events): written by migration 0025's triggers on
 * the queue tables (topic 'queue'), told to every API process on the channel colophon_events, and kept
 * a day so a dropped stream resumes from its last event id. `id` is the stream's event id.
 */
export const eventLog = pgTable(
  'event_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: varchar('topic', { length: 40 }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }),
    payload: jsonb('payload').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('event_log_created_idx').on(table.createdAt)],
);
