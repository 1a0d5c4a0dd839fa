import { enqueueRosterJob, type RosterJobRow } from '@colophon/api/roster-jobs';
import { type Db, queueRoster } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { schools } from '../schema';

/** What a sync job carries besides its school (which the queue row and payload already name). */
export interface RosterSyncRequest {
  /** A full pull (which may remove people it no longer lists) rather than the changes since the last sync. */
  full?: boolean;
  /** Who asked; null for a scheduled sync. */
  requestedBy: number | null;
}

/**
 * Queues a sync of one school unless one is already Waiting or Processing for it (a failed attempt
 * waiting for its retry counts as waiting): null then. A per-school advisory lock makes the check and
 * the insert one step, so two clicks, or a click and the scheduler, never queue two.
 */
export async function enqueueSchoolSync(
  db: Db,
  school: { id: number; accountId: number },
  request: RosterSyncRequest,
): Promise<RosterJobRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roster-school-sync'), ${school.id})`);
    const [pending] = await tx
      .select({ id: queueRoster.id })
      .from(queueRoster)
      .where(
        and(
          eq(queueRoster.kind, 'sync'),
          eq(queueRoster.rosterSchoolId, school.id),
          inArray(queueRoster.status, [queueStatus.Waiting, queueStatus.Processing]),
        ),
      )
      .limit(1);
    if (pending) return null;
    const row = await enqueueRosterJob(tx, {
      kind: 'sync',
      accountId: school.accountId,
      rosterSchoolId: school.id,
      requestedBy: request.requestedBy,
      payload: { full: request.full ?? false },
    });
    await tx.update(schools).set({ syncStatus: 'queued', updatedAt: new Date() }).where(eq(schools.id, school.id));
    return row;
  });
}
