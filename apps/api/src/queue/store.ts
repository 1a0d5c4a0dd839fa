import { type Db, processorStatuses, queueEvents } from '@colophon/db';
import {
  canApplyQueueTransition,
  type QueuePersonAction,
  type QueueTransitionName,
  queueTransition,
} from '@colophon/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../context';
import { type QueueName, type QueueRow, QueueStatus, tableOf } from './tables';

/**
 * The queue engine's SQL: every state change of a queue row is one statement here, the same on PGlite
 * and PostgreSQL 15. Times come from the database's `now()`, never from a worker's clock, unless a
 * `Clock` is passed (tests do, to move time past a lease or a backoff instead of sleeping): then the
 * due times, leases and backoffs are set and compared at that clock's time.
 *
 * Transitions: the domain's `queueTransitions` (packages/domain/src/queues.ts) is the one table; every
 * statement below takes its `WHERE status in (…)` from it, and records each change through
 * `recordTransitions` (the row's history in queue_events, in the change's transaction):
 *   0 Waiting    → 1 Processing   claim (attempts + 1, lease until now + leaseMs)
 *   1 Processing → 1 Processing   claim by another worker once the lease has lapsed (a crashed worker)
 *   1 Processing → 2 Complete     complete(result)
 *   1 Processing → 0 Waiting      fail(error) with attempts left: run_after = now + backoff
 *   1 Processing → 3 Error        fail(error) with no attempts left, or a permanent failure, or a lapsed
 *                                 lease found with no attempts left
 *   1 Processing → 4 Attention    attention(message): the job ran, and a person must look at it
 *   3, 4, 5      → 0 Waiting      retry (a person, on the processing pages): attempts start again
 *   3, 4         → 5 Addressed    markAddressed (a person)
 *   0            → 5 Addressed    cancel (a person): result { cancelled: true }
 * A worker's writes (heartbeat, complete, fail, attention) are fenced by the lease it holds: they
 * match only while the row is still Processing, locked by that worker, at the attempt it claimed. A
 * worker that lost its lease (it stalled, another worker took the job over) changes nothing.
 */

/** A claimed job: the row at claim time; `lockedBy` + `attempts` are the lease it holds. */
export interface ClaimedJob<Payload = unknown> {
  queue: QueueName;
  id: number;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
  lockedUntil: Date;
  createdAt: Date;
  lastError: string | null;
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAfter?: Date;
  /** Claims allowed before the job ends in Error (default 5). */
  maxAttempts?: number;
  /** The time "now" is (default: the database's). */
  clock?: Clock | undefined;
  /** The person who enqueued it (the generic create), for its history. */
  userId?: number | undefined;
}

export interface BackoffOptions {
  /** Delay after the first failed attempt (default 2 s); doubled after each further one. */
  baseMs?: number;
  /** The longest delay (default 10 minutes). */
  maxMs?: number;
}

/** A status code written into the SQL text (so the partial claim indexes match, and types are plain). */
const code = (status: number) => sql.raw(String(status));

const msInterval = (ms: number) => sql`(${Math.max(0, Math.round(ms))}::double precision * interval '1 millisecond')`;

/** "Now" in SQL: the clock's time when one is given, else the database's `now()`. */
const nowOf = (clock: Clock | undefined) => (clock ? sql`${clock.now().toISOString()}::timestamptz` : sql`now()`);

/** The wait before the next attempt after `attempts` failed ones: base · 2^(attempts − 1), capped. */
export function backoffDelayMs(attempts: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? 2_000;
  const max = options.maxMs ?? 600_000;
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

/** The table name a queue's history lines carry (`queue_proofs`): the part 7 resource name. */
export const queueTableName = (queue: QueueName) => `queue_${queue}` as const;

/** One change of a queue row's status, as its history keeps it. */
export interface QueueTransitionRecord {
  queue: QueueName;
  jobId: number;
  /** Null: the row was just enqueued. */
  from: number | null;
  to: number;
  transition: QueueTransitionName | 'enqueue' | 'delete';
  /** The person who made the change (a worker's changes name the worker instead). */
  userId?: number | null | undefined;
  workerId?: string | null | undefined;
  reason?: string | null | undefined;
}

type TransitionListener = (records: readonly QueueTransitionRecord[]) => void;
const transitionListeners = new Set<TransitionListener>();

/**
 * Calls `listener` after every recorded change of a queue row (in this process), with the changes
 * of one statement together. The live updates (GET /api/events) listen here; a listener's error is
 * logged by no one and never fails the change.
 */
export function onQueueTransition(listener: TransitionListener): () => void {
  transitionListeners.add(listener);
  return () => transitionListeners.delete(listener);
}

/**
 * The one place every status change of a queue row is recorded: its lines in queue_events (call it
 * with the transaction that made the change), then the process's listeners. Every mutation of a
 * queue row's status goes through a function of this file, and each of them through this.
 */
export async function recordTransitions(db: Db, records: readonly QueueTransitionRecord[]): Promise<void> {
  if (records.length === 0) return;
  for (let start = 0; start < records.length; start += 1_000) {
    await db.insert(queueEvents).values(
      records.slice(start, start + 1_000).map((record) => ({
        queue: queueTableName(record.queue),
        jobId: record.jobId,
        fromStatus: record.from,
        toStatus: record.to,
        transition: record.transition,
        userId: record.userId ?? null,
        workerId: record.workerId ?? null,
        reason: record.reason ?? null,
      })),
    );
  }
  notifyTransitions(records);
}

function notifyTransitions(records: readonly QueueTransitionRecord[]) {
  for (const listener of transitionListeners) {
    try {
      listener(records);
    } catch {
      // A listener (the event stream) must never fail the change it hears about.
    }
  }
}

/**
 * Deletes a job that no worker holds (any status but Processing) with its history; the listeners hear
 * of it as a `delete` (no history line is kept: the audit log keeps the delete).
 */
export async function deleteJob(db: Db, queue: QueueName, id: number): Promise<'deleted' | 'refused' | 'missing'> {
  const table = tableOf(queue);
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).for('update');
    if (!current) return { done: 'missing' as const };
    if (current.status === QueueStatus.Processing) return { done: 'refused' as const };
    await tx.delete(table).where(eq(table.id, id));
    await tx.delete(queueEvents).where(and(eq(queueEvents.queue, queueTableName(queue)), eq(queueEvents.jobId, id)));
    return { done: 'deleted' as const, from: current.status };
  });
  if (outcome.done === 'deleted') {
    notifyTransitions([{ queue, jobId: id, from: outcome.from, to: outcome.from, transition: 'delete' }]);
  }
  return outcome.done;
}

/** `recordTransitions` for one change. */
export function recordTransition(db: Db, record: QueueTransitionRecord): Promise<void> {
  return recordTransitions(db, [record]);
}

/** The statuses a named transition starts from, for `WHERE status in (…)`. */
const fromStatuses = (name: QueueTransitionName) => [...queueTransition(name).from] as number[];

export async function enqueue<Payload>(
  db: Db,
  queue: QueueName,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<QueueRow> {
  const table = tableOf(queue);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(table)
      .values({
        payload: payload as unknown,
        ...(options.runAfter || options.clock ? { runAfter: options.runAfter ?? options.clock?.now() } : {}),
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      })
      .returning();
    if (!row) throw new Error(`enqueue into ${queue} returned no row`);
    await recordTransition(tx, {
      queue,
      jobId: row.id,
      from: null,
      to: row.status,
      transition: 'enqueue',
      userId: options.userId,
    });
    return row;
  });
}

function toClaimed<Payload>(queue: QueueName, row: QueueRow): ClaimedJob<Payload> {
  return {
    queue,
    id: row.id,
    payload: row.payload as Payload,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lockedBy: row.lockedBy ?? '',
    lockedUntil: row.lockedUntil ?? new Date(),
    createdAt: row.createdAt,
    lastError: row.lastError,
  };
}

/**
 * Claims the next job of a queue for `workerId`, or returns null when none is due. A Processing row
 * whose lease has lapsed comes first (its worker crashed or stalled); then the Waiting row due
 * soonest. `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once without ever taking
 * the same row. A lapsed row that has used all its attempts is moved to Error instead (a job that
 * keeps killing its worker must not loop forever), and the next row is tried.
 */
export async function claim<Payload = unknown>(
  db: Db,
  queue: QueueName,
  workerId: string,
  leaseMs: number,
  clock?: Clock,
): Promise<ClaimedJob<Payload> | null> {
  const table = tableOf(queue);
  const now = nowOf(clock);
  // Lapsed leases first (1 → 1 reclaim, or 1 → 3 expire with no attempts left), then due rows (0 → 1).
  const lapsed = sql`select id from ${table}
    where status in (${sql.raw(fromStatuses('reclaim').join(', '))}) and locked_until < ${now}
    order by locked_until limit 1 for update skip locked`;
  const due = sql`select id from ${table}
    where status in (${sql.raw(fromStatuses('claim').join(', '))}) and run_after <= ${now}
    order by run_after, id limit 1 for update skip locked`;
  for (let tries = 0; tries < 100; tries++) {
    const job = await db.transaction(async (tx) => {
      const exhausted = sql`(${table.attempts} >= ${table.maxAttempts})`;
      const [taken] = await tx
        .update(table)
        .set({
          status: sql`case when ${exhausted} then ${code(QueueStatus.Error)} else ${code(QueueStatus.Processing)} end`,
          attempts: sql`case when ${exhausted} then ${table.attempts} else ${table.attempts} + 1 end`,
          lockedBy: sql`case when ${exhausted} then null else ${workerId} end`,
          lockedUntil: sql`case when ${exhausted} then null else ${now} + ${msInterval(leaseMs)} end`,
          lastError: sql`case when ${exhausted} then ${LAPSED_WITHOUT_ATTEMPTS} else ${table.lastError} end`,
          updatedAt: sql`now()`,
        })
        .where(sql`${table.id} = (${lapsed})`)
        .returning();
      if (taken) {
        const expired = taken.status === QueueStatus.Error;
        await recordTransition(tx, {
          queue,
          jobId: taken.id,
          from: QueueStatus.Processing,
          to: taken.status,
          transition: expired ? 'expire' : 'reclaim',
          workerId,
          reason: expired ? LAPSED_WITHOUT_ATTEMPTS : 'The lease of the worker running it lapsed',
        });
        return { row: taken };
      }
      const [claimed] = await tx
        .update(table)
        .set({
          status: QueueStatus.Processing,
          attempts: sql`${table.attempts} + 1`,
          lockedBy: workerId,
          lockedUntil: sql`${now} + ${msInterval(leaseMs)}`,
          updatedAt: sql`now()`,
        })
        .where(sql`${table.id} = (${due})`)
        .returning();
      if (!claimed) return null;
      await recordTransition(tx, {
        queue,
        jobId: claimed.id,
        from: QueueStatus.Waiting,
        to: claimed.status,
        transition: 'claim',
        workerId,
      });
      return { row: claimed };
    });
    if (!job) return null;
    if (job.row.status === QueueStatus.Processing) return toClaimed<Payload>(queue, job.row);
  }
  return null;
}

const LAPSED_WITHOUT_ATTEMPTS =
  'The worker running this job stopped answering (lease lapsed) and no attempts were left.';

/** The condition that a worker still holds the lease it was given at claim time. */
function holding(job: ClaimedJob): SQL {
  const table = tableOf(job.queue);
  return and(
    eq(table.id, job.id),
    eq(table.status, QueueStatus.Processing),
    eq(table.lockedBy, job.lockedBy),
    eq(table.attempts, job.attempts),
  ) as SQL;
}

/**
 * Extends the lease of a running job by `leaseMs` from now and records the beat in
 * processor_statuses. Returns false when the lease was lost (the job was taken over): the caller
 * must stop working on it.
 */
export async function heartbeat(db: Db, job: ClaimedJob, leaseMs: number, clock?: Clock): Promise<boolean> {
  const table = tableOf(job.queue);
  const rows = await db
    .update(table)
    .set({ lockedUntil: sql`${nowOf(clock)} + ${msInterval(leaseMs)}`, updatedAt: sql`now()` })
    .where(holding(job))
    .returning({ id: table.id, lockedUntil: table.lockedUntil });
  await db
    .update(processorStatuses)
    .set({ lastHeartbeatAt: sql`now()`, currentJobId: rows.length ? job.id : null })
    .where(eq(processorStatuses.workerId, job.lockedBy));
  const [row] = rows;
  if (row?.lockedUntil) job.lockedUntil = row.lockedUntil;
  return rows.length === 1;
}

/**
 * Processing → a status the job ends in (Complete, Attention), the lease released, the result kept.
 * False when the lease was lost (nothing changed).
 */
async function finish(
  db: Db,
  job: ClaimedJob,
  transition: 'complete' | 'attention',
  outcome: { result: unknown; lastError?: string },
): Promise<boolean> {
  const table = tableOf(job.queue);
  const { to } = queueTransition(transition);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(table)
      .set({
        ...outcome,
        status: to,
        result: outcome.result ?? null,
        completedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(holding(job))
      .returning({ id: table.id });
    if (rows.length !== 1) return false;
    await recordTransition(tx, {
      queue: job.queue,
      jobId: job.id,
      from: QueueStatus.Processing,
      to,
      transition,
      workerId: job.lockedBy,
      reason: outcome.lastError ?? null,
    });
    return true;
  });
}

/** Processing → Complete with the handler's result. False when the lease was lost (nothing changed). */
export function complete(db: Db, job: ClaimedJob, result: unknown = null): Promise<boolean> {
  return finish(db, job, 'complete', { result });
}

/** Processing → Attention: the job ran, and a person must look at its outcome (message and result kept). */
export function attention(db: Db, job: ClaimedJob, message: string, result: unknown = null): Promise<boolean> {
  return finish(db, job, 'attention', { result, lastError: message });
}

export interface FailOptions extends BackoffOptions {
  /** No retry: straight to Error (bad input that will never succeed). */
  permanent?: boolean;
  /** The time the backoff counts from (default: the database's). */
  clock?: Clock | undefined;
}

export type FailOutcome =
  | { status: typeof QueueStatus.Waiting; runAfter: Date }
  | { status: typeof QueueStatus.Error }
  | { status: 'lost' };

/**
 * A failed attempt: back to Waiting after an exponential backoff while attempts are left, else (or
 * when `permanent`) Error. `last_error` keeps the message either way.
 */
export async function fail(db: Db, job: ClaimedJob, error: unknown, options: FailOptions = {}): Promise<FailOutcome> {
  const table = tableOf(job.queue);
  const message = errorMessage(error);
  const final = options.permanent === true || job.attempts >= job.maxAttempts;
  return db.transaction(async (tx): Promise<FailOutcome> => {
    const [row] = await tx
      .update(table)
      .set(
        final
          ? { status: QueueStatus.Error, lastError: message, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` }
          : {
              status: QueueStatus.Waiting,
              lastError: message,
              runAfter: sql`${nowOf(options.clock)} + ${msInterval(backoffDelayMs(job.attempts, options))}`,
              lockedBy: null,
              lockedUntil: null,
              updatedAt: sql`now()`,
            },
      )
      .where(holding(job))
      .returning({ status: table.status, runAfter: table.runAfter });
    if (!row) return { status: 'lost' };
    await recordTransition(tx, {
      queue: job.queue,
      jobId: job.id,
      from: QueueStatus.Processing,
      to: row.status,
      transition: final ? 'fail' : 'backoff',
      workerId: job.lockedBy,
      reason: message,
    });
    return row.status === QueueStatus.Error
      ? { status: QueueStatus.Error }
      : { status: QueueStatus.Waiting, runAfter: row.runAfter };
  });
}

/** Who made a person's change, and why: kept in the row's history. */
export interface PersonChange {
  userId?: number | null | undefined;
  reason?: string | null | undefined;
  clock?: Clock | undefined;
}

/** What a person's action writes on the rows it moves (besides the status). */
function personChanges(action: QueuePersonAction, clock: Clock | undefined) {
  switch (action) {
    case 'retry':
      // Attempts from zero: the person dealt with the cause (decisions: "Queues: transitions").
      return {
        attempts: 0,
        runAfter: nowOf(clock),
        lockedBy: null,
        lockedUntil: null,
        completedAt: null,
      };
    case 'addressed':
      return {};
    case 'cancel':
      return { result: { cancelled: true }, completedAt: sql`now()` };
  }
}

/** The outcome of a person's action on one job. */
export type PersonActionOutcome =
  | { outcome: 'moved'; row: QueueRow; from: number }
  | { outcome: 'refused'; from: number; to: number }
  | { outcome: 'missing' };

/**
 * A person's action on one job (retry, addressed, cancel), only from the statuses the domain allows:
 * the row and its history line in one transaction, or, when it may not move, its status (nothing
 * changed), or `missing`.
 */
export async function applyPersonAction(
  db: Db,
  queue: QueueName,
  id: number,
  action: QueuePersonAction,
  change: PersonChange = {},
): Promise<PersonActionOutcome> {
  const table = tableOf(queue);
  const { to } = queueTransition(action);
  return db.transaction(async (tx): Promise<PersonActionOutcome> => {
    // The row is locked first, so its "from" is the status it really left.
    const [current] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).for('update');
    if (!current) return { outcome: 'missing' };
    if (!canApplyQueueTransition(action, current.status)) return { outcome: 'refused', from: current.status, to };
    const [row] = await tx
      .update(table)
      .set({ status: to, ...personChanges(action, change.clock), updatedAt: sql`now()` })
      .where(and(eq(table.id, id), inArray(table.status, fromStatuses(action))))
      .returning();
    if (!row) return { outcome: 'refused', from: current.status, to };
    await recordTransition(tx, {
      queue,
      jobId: id,
      from: current.status,
      to,
      transition: action,
      userId: change.userId,
      reason: change.reason,
    });
    return { outcome: 'moved', row, from: current.status };
  });
}

/**
 * A person's action on every job matching `where` that the action may move (a bulk retry of a
 * filtered set): at most `limit` rows, oldest first, in one transaction with their history lines.
 * Rows in other statuses are left as they are; the moved rows' ids and former statuses are returned.
 */
export async function applyPersonActionToMany(
  db: Db,
  queue: QueueName,
  action: QueuePersonAction,
  where: SQL | undefined,
  limit: number,
  change: PersonChange = {},
): Promise<{ id: number; from: number }[]> {
  const table = tableOf(queue);
  const { to } = queueTransition(action);
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: table.id, status: table.status })
      .from(table)
      .where(and(where, inArray(table.status, fromStatuses(action))))
      .orderBy(table.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    const moved = await tx
      .update(table)
      .set({ status: to, ...personChanges(action, change.clock), updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            table.id,
            picked.map((row) => row.id),
          ),
          inArray(table.status, fromStatuses(action)),
        ),
      )
      .returning({ id: table.id });
    const movedIds = new Set(moved.map((row) => row.id));
    const records = picked.filter((row) => movedIds.has(row.id));
    await recordTransitions(
      tx,
      records.map((row) => ({
        queue,
        jobId: row.id,
        from: row.status,
        to,
        transition: action,
        userId: change.userId,
        reason: change.reason,
      })),
    );
    return records.map((row) => ({ id: row.id, from: row.status }));
  });
}

/**
 * A person retries a job (processing pages): Error, Attention or Addressed → Waiting, due now, with
 * its attempts counted from zero again. Returns the row, or null when the job is not in one of those
 * statuses (or does not exist).
 */
export async function retry(
  db: Db,
  queue: QueueName,
  id: number,
  clock?: Clock,
  change: Omit<PersonChange, 'clock'> = {},
): Promise<QueueRow | null> {
  const done = await applyPersonAction(db, queue, id, 'retry', { ...change, clock });
  return done.outcome === 'moved' ? done.row : null;
}

/** A person marks a job addressed: Error or Attention → Addressed. Null when it is in neither. */
export async function markAddressed(
  db: Db,
  queue: QueueName,
  id: number,
  change: PersonChange = {},
): Promise<QueueRow | null> {
  const done = await applyPersonAction(db, queue, id, 'addressed', change);
  return done.outcome === 'moved' ? done.row : null;
}

/** A person cancels a waiting job: Waiting → Addressed, result `{ cancelled: true }`. Null otherwise. */
export async function cancel(
  db: Db,
  queue: QueueName,
  id: number,
  change: PersonChange = {},
): Promise<QueueRow | null> {
  const done = await applyPersonAction(db, queue, id, 'cancel', change);
  return done.outcome === 'moved' ? done.row : null;
}

export async function getJob(db: Db, queue: QueueName, id: number): Promise<QueueRow | null> {
  const table = tableOf(queue);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row ?? null;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
