import type { RosterJobRow } from '@colophon/api/roster-jobs';
import { type Db, queueRoster } from '@colophon/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { syncSchedules } from '../contract';
import { schools, settings } from '../schema';
import { enqueueSchoolSync } from './enqueue';

const DAY_MS = 86_400_000;

/** How long after a sync (or an attempt at one) a scheduled school is due again. */
export const SYNC_PERIOD_MS: Record<Exclude<(typeof syncSchedules)[number], 'off'>, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

/**
 * One tick of the sync scheduler: every school whose schedule (its own settings, else its
 * district's) is daily or weekly, that has a configuration (its own or its district's), whose last
 * successful sync is older than its period, and that had no sync job queued within that period (so a
 * sync that keeps failing is tried once a period, not every tick) gets one sync job, requested by
 * no one. Ticks of several processes take turns on one lock, so none queues a school twice.
 */
export async function enqueueDueSyncs(db: Db, now: Date): Promise<RosterJobRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roster-sync-schedule'))`);
    const own = alias(settings, 'own_settings');
    const inherited = alias(settings, 'district_settings');
    const candidates = await tx
      .select({
        id: schools.id,
        accountId: schools.accountId,
        lastSyncAt: schools.lastSyncAt,
        schedule: sql<string>`coalesce(${own.syncSchedule}, ${inherited.syncSchedule}, 'off')`,
      })
      .from(schools)
      .leftJoin(own, eq(own.schoolId, schools.id))
      .leftJoin(inherited, eq(inherited.districtId, schools.districtId))
      .where(
        sql`exists (select 1 from roster.configurations c
          where c.school_id = ${schools.id} or (c.district_id is not null and c.district_id = ${schools.districtId}))`,
      )
      .orderBy(schools.id);
    const queued: RosterJobRow[] = [];
    for (const school of candidates) {
      const period = school.schedule === 'daily' || school.schedule === 'weekly' ? SYNC_PERIOD_MS[school.schedule] : 0;
      if (period === 0) continue;
      const since = new Date(now.getTime() - period);
      if (school.lastSyncAt && school.lastSyncAt > since) continue;
      const [recent] = await tx
        .select({ id: queueRoster.id })
        .from(queueRoster)
        .where(
          and(
            eq(queueRoster.kind, 'sync'),
            eq(queueRoster.rosterSchoolId, school.id),
            gt(queueRoster.createdAt, since),
          ),
        )
        .limit(1);
      if (recent) continue;
      const row = await enqueueSchoolSync(tx, school, { requestedBy: null });
      if (row) queued.push(row);
    }
    return queued;
  });
}
