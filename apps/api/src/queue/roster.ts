import { type Db, queueRoster } from '@colophon/db';
import type { RosterJobKindCode } from '@colophon/domain';
import { recordTransition } from './store';

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
