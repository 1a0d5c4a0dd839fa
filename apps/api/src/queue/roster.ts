import { type Db, queueRoster } from '@colophon/db';
import {
  keepRosterJobFaults,
  queueStatus,
  type RosterJobCounts,
  type RosterJobFaults,
  type RosterJobKindCode,
} from '@colophon/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type ClaimedJob, recordTransition } from './store';

// What the roster's processors (apps/roster) run on, through this one entry point of the dashboard.
export type { ClaimedJob } from './store';
export { type JobContext, PermanentJobError, QueueWorker, type QueueWorkerOptions } from './worker';

/** A `queue_roster` row: the engine's columns and the roster job's own. */
export type RosterJobRow = typeof queueRoster.$inferSelect;

export interface RosterJobRequest {
  kind: RosterJobKindCode;
  /** The school's dashboard account (a district's job: its studio's account): who may see the job. */
  accountId: number;
  rosterSchoolId?: number | null | undefined;
  rosterDistrictId?: number | null | undefined;
  /** The person who asked for it; none for a scheduled sync. */
  requestedBy?: number | null | undefined;
  /** What its processor reads besides (the stored bundle's key, the export preset…). */
  payload?: Record<string, unknown> | undefined;
  runAfter?: Date | undefined;
  maxAttempts?: number | undefined;
}

/**
 * Queues one roster job (an import, a sync or an export) as a Waiting row of `queue_roster`, with its
 * first history line, in one transaction. The one way the roster's steps start a job: the generic
 * `POST /api/queue_roster` is not offered, since a job needs the columns its page reads. The payload
 * repeats the kind, the account and the roster school or district, so the live events carry the
 * account (migration 0025's trigger reads `payload.accountId`) and the console's filters and links
 * find them as they do on every queue.
 */
export async function enqueueRosterJob(db: Db, request: RosterJobRequest): Promise<RosterJobRow> {
  const rosterSchoolId = request.rosterSchoolId ?? null;
  const rosterDistrictId = request.rosterDistrictId ?? null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(queueRoster)
      .values({
        kind: request.kind,
        accountId: request.accountId,
        rosterSchoolId,
        rosterDistrictId,
        requestedBy: request.requestedBy ?? null,
        payload: {
          ...request.payload,
          kind: request.kind,
          accountId: request.accountId,
          ...(rosterSchoolId !== null ? { rosterSchoolId } : {}),
          ...(rosterDistrictId !== null ? { rosterDistrictId } : {}),
        },
        ...(request.runAfter ? { runAfter: request.runAfter } : {}),
        ...(request.maxAttempts ? { maxAttempts: request.maxAttempts } : {}),
      })
      .returning();
    if (!row) throw new Error('enqueueRosterJob returned no row');
    await recordTransition(tx, {
      queue: 'roster',
      jobId: row.id,
      from: null,
      to: row.status,
      transition: 'enqueue',
      userId: request.requestedBy ?? null,
    });
    return row;
  });
}

/** What a running roster job tells its page: any of its progress (0–100), its counts, its faults. */
export interface RosterJobReport {
  progress?: number;
  counts?: RosterJobCounts;
  faults?: RosterJobFaults;
}

/**
 * A running roster job's processor writes its progress, counts and faults (the first 1,000 kept, the
 * total as given), fenced by the lease it holds like every write of a worker: false when it lost the
 * job (another worker took it over), and nothing is written. Only Processing rows take a report, so a
 * cancelled or finished job's page never moves again.
 */
export async function reportRosterJob(db: Db, job: ClaimedJob, report: RosterJobReport): Promise<boolean> {
  const rows = await db
    .update(queueRoster)
    .set({
      ...(report.progress !== undefined
        ? { progress: Math.max(0, Math.min(100, Math.floor(Number.isFinite(report.progress) ? report.progress : 0))) }
        : {}),
      ...(report.counts ? { counts: report.counts } : {}),
      ...(report.faults ? { faults: keepRosterJobFaults(report.faults.items, report.faults.total) } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(queueRoster.id, job.id),
        eq(queueRoster.status, queueStatus.Processing),
        eq(queueRoster.lockedBy, job.lockedBy),
        eq(queueRoster.attempts, job.attempts),
      ),
    )
    .returning({ id: queueRoster.id });
  return rows.length === 1;
}
