import { hostname } from 'node:os';
import { type Db, processorStatuses } from '@colophon/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../context';
import { type QueueName, type QueueRow, QueueStatus, tableOf } from './tables';

/**
 * The queue engine's SQL: every state change of a queue row is one statement here, the same on PGlite
 * and PostgreSQL 15. Times come from the database's `now()`, never from a worker's clock, unless a
 * `Clock` is passed (tests do, to move time past a lease or a backoff instead of sleeping): then the
 * due times, leases and backoffs are set and compared at that clock's time.
 *
 * Transitions (the spec gives the statuses, not the transitions; these are ours):
 *   0 Waiting    → 1 Processing   claim (attempts + 1, lease until now + leaseMs)
 *   1 Processing → 1 Processing   claim by another worker once the lease has lapsed (a crashed worker)
 *   1 Processing → 2 Complete     complete(result)
 *   1 Processing → 0 Waiting      fail(error) with attempts left: run_after = now + backoff
 *   1 Processing → 3 Error        fail(error) with no attempts left, or a permanent failure, or a lapsed
 *                                 lease found with no attempts left
 *   1 Processing → 4 Attention    attention(message): the job ran, and a person must look at it
 *   3, 4, 5      → 0 Waiting      retry (a person, on the processing pages): attempts start again
 *   3, 4         → 5 Addressed    markAddressed (a person)
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

export async function enqueue<Payload>(
  db: Db,
  queue: QueueName,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<QueueRow> {
  const table = tableOf(queue);
  const [row] = await db
    .insert(table)
    .values({
      payload: payload as unknown,
      ...(options.runAfter || options.clock ? { runAfter: options.runAfter ?? options.clock?.now() } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .returning();
  if (!row) throw new Error(`enqueue into ${queue} returned no row`);
  return row;
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
  for (let tries = 0; tries < 100; tries++) {
    const exhausted = sql`(${table.status} = ${code(QueueStatus.Processing)} and ${table.attempts} >= ${table.maxAttempts})`;
    const [row] = await db
      .update(table)
      .set({
        status: sql`case when ${exhausted} then ${code(QueueStatus.Error)} else ${code(QueueStatus.Processing)} end`,
        attempts: sql`case when ${exhausted} then ${table.attempts} else ${table.attempts} + 1 end`,
        lockedBy: sql`case when ${exhausted} then null else ${workerId} end`,
        lockedUntil: sql`case when ${exhausted} then null else ${now} + ${msInterval(leaseMs)} end`,
        lastError: sql`case when ${exhausted} then ${`The worker running this job stopped answering (lease lapsed) and no attempts were left.`} else ${table.lastError} end`,
        updatedAt: sql`now()`,
      })
      .where(
        sql`${table.id} = (
          with lapsed as (
            select id from ${table}
            where status = ${code(QueueStatus.Processing)} and locked_until < ${now}
            order by locked_until limit 1 for update skip locked
          ), due as (
            select id from ${table}
            where status = ${code(QueueStatus.Waiting)} and run_after <= ${now}
            order by run_after, id limit 1 for update skip locked
          )
          select id from lapsed union all select id from due limit 1
        )`,
      )
      .returning();
    if (!row) return null;
    if (row.status === QueueStatus.Processing) return toClaimed<Payload>(queue, row);
  }
  return null;
}

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
  outcome: { status: number; result: unknown; lastError?: string },
): Promise<boolean> {
  const table = tableOf(job.queue);
  const rows = await db
    .update(table)
    .set({
      ...outcome,
      result: outcome.result ?? null,
      completedAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(holding(job))
    .returning({ id: table.id });
  return rows.length === 1;
}

/** Processing → Complete with the handler's result. False when the lease was lost (nothing changed). */
export function complete(db: Db, job: ClaimedJob, result: unknown = null): Promise<boolean> {
  return finish(db, job, { status: QueueStatus.Complete, result });
}

/** Processing → Attention: the job ran, and a person must look at its outcome (message and result kept). */
export function attention(db: Db, job: ClaimedJob, message: string, result: unknown = null): Promise<boolean> {
  return finish(db, job, { status: QueueStatus.Attention, result, lastError: message });
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
  const [row] = await db
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
  return row.status === QueueStatus.Error
    ? { status: QueueStatus.Error }
    : { status: QueueStatus.Waiting, runAfter: row.runAfter };
}

/**
 * A person retries a job (processing pages): Error, Attention or Addressed → Waiting, due now, with
 * its attempts counted from zero again. Returns the row, or null when the job is not in one of those
 * statuses (or does not exist).
 */
export async function retry(db: Db, queue: QueueName, id: number, clock?: Clock): Promise<QueueRow | null> {
  const table = tableOf(queue);
  const [row] = await db
    .update(table)
    .set({
      status: QueueStatus.Waiting,
      attempts: 0,
      runAfter: nowOf(clock),
      lockedBy: null,
      lockedUntil: null,
      completedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(table.id, id), inArray(table.status, [QueueStatus.Error, QueueStatus.Attention, QueueStatus.Addressed])),
    )
    .returning();
  return row ?? null;
}

/** A person marks a job addressed: Error or Attention → Addressed. Null when it is in neither. */
export async function markAddressed(db: Db, queue: QueueName, id: number): Promise<QueueRow | null> {
  const table = tableOf(queue);
  const [row] = await db
    .update(table)
    .set({ status: QueueStatus.Addressed, updatedAt: sql`now()` })
    .where(and(eq(table.id, id), inArray(table.status, [QueueStatus.Error, QueueStatus.Attention])))
    .returning();
  return row ?? null;
}

export async function getJob(db: Db, queue: QueueName, id: number): Promise<QueueRow | null> {
  const table = tableOf(queue);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row ?? null;
}

/** A worker announces itself in processor_statuses (a restarted worker id starts its counts again). */
export async function registerProcessor(db: Db, workerId: string, queue: QueueName): Promise<void> {
  const values = {
    workerId,
    queue,
    host: hostname(),
    pid: process.pid,
    startedAt: sql`now()`,
    lastHeartbeatAt: sql`now()`,
    stoppedAt: null,
    currentJobId: null,
    jobsDone: 0,
    jobsFailed: 0,
  } as const;
  await db
    .insert(processorStatuses)
    .values(values)
    .onConflictDoUpdate({ target: processorStatuses.workerId, set: { ...values, workerId: undefined } });
}

/** Updates a worker's row: its beat, its current job, and its counts. */
export async function recordProcessor(
  db: Db,
  workerId: string,
  change: { currentJobId?: number | null; done?: number; failed?: number; stopped?: boolean },
): Promise<void> {
  await db
    .update(processorStatuses)
    .set({
      lastHeartbeatAt: sql`now()`,
      ...(change.currentJobId !== undefined ? { currentJobId: change.currentJobId } : {}),
      ...(change.done ? { jobsDone: sql`${processorStatuses.jobsDone} + ${change.done}` } : {}),
      ...(change.failed ? { jobsFailed: sql`${processorStatuses.jobsFailed} + ${change.failed}` } : {}),
      ...(change.stopped ? { stoppedAt: sql`now()`, currentJobId: null } : {}),
    })
    .where(eq(processorStatuses.workerId, workerId));
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
