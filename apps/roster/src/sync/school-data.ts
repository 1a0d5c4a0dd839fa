import { accounts, queueRoster } from '@colophon/db';
import { rosterGrade, rosterRole } from '@colophon/domain';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RosterContext } from '../access';
import type { SchoolData } from '../contract';
import { readJob } from '../routes/jobs';
import { individuals, schools, settings } from '../schema';
import { configurationOfSchool } from './configuration';

/** Homerooms answered at once; the rest are counted (the individuals list filters by homeroom). */
const HOMEROOMS_SHOWN = 200;

/**
 * `GET schools/{id}/data`: a school's roster at a glance, for a caller who sees the school (checked
 * before): its sync state, the configuration and schedule in force, its people by role and grade, its
 * homerooms, and its newest job. Counts are grouped in the database, never by reading the people.
 */
export async function readSchoolData(context: RosterContext, schoolId: number): Promise<SchoolData> {
  const { db } = context;
  const own = alias(settings, 'own_settings');
  const inherited = alias(settings, 'district_settings');
  const [row] = await db
    .select({
      school: {
        id: schools.id,
        accountId: schools.accountId,
        accountName: accounts.name,
        sourcedId: schools.sourcedId,
        name: schools.name,
        districtId: schools.districtId,
        lastSyncAt: schools.lastSyncAt,
        syncStatus: schools.syncStatus,
        syncError: schools.syncError,
        syncCounts: schools.syncCounts,
      },
      syncSchedule: sql<SchoolData['syncSchedule']>`coalesce(${own.syncSchedule}, ${inherited.syncSchedule}, 'off')`,
    })
    .from(schools)
    .innerJoin(accounts, eq(accounts.id, schools.accountId))
    .leftJoin(own, eq(own.schoolId, schools.id))
    .leftJoin(inherited, eq(inherited.districtId, schools.districtId))
    .where(eq(schools.id, schoolId));
  if (!row) throw context.host.problem('not_found', 'The school was not found.');

  const configuration = await configurationOfSchool(db, row.school);
  const ofSchool = eq(individuals.schoolId, schoolId);
  const active = and(ofSchool, eq(individuals.status, 'active'));
  const [byStatus, byRole, byGrade, homerooms, homeroomTotal, [lastJob]] = await Promise.all([
    db
      .select({ status: individuals.status, value: count() })
      .from(individuals)
      .where(ofSchool)
      .groupBy(individuals.status),
    db.select({ role: individuals.role, value: count() }).from(individuals).where(active).groupBy(individuals.role),
    db.select({ grade: individuals.grade, value: count() }).from(individuals).where(active).groupBy(individuals.grade),
    db
      .select({ homeroom: individuals.homeroom, students: count() })
      .from(individuals)
      .where(and(active, eq(individuals.role, 'student'), isNotNull(individuals.homeroom)))
      .groupBy(individuals.homeroom)
      .orderBy(asc(individuals.homeroom))
      .limit(HOMEROOMS_SHOWN),
    db
      .select({ value: sql<number>`count(distinct ${individuals.homeroom})::int` })
      .from(individuals)
      .where(and(active, eq(individuals.role, 'student'), isNotNull(individuals.homeroom))),
    db
      .select({ id: queueRoster.id })
      .from(queueRoster)
      .where(eq(queueRoster.rosterSchoolId, schoolId))
      .orderBy(desc(queueRoster.createdAt), desc(queueRoster.id))
      .limit(1),
  ]);
  const statusCount = (status: string) => Number(byStatus.find((entry) => entry.status === status)?.value ?? 0);
  const gradeCounts = new Map(byGrade.map((entry) => [entry.grade, Number(entry.value)]));
  return {
    school: row.school,
    configurationSource: configuration?.source ?? 'none',
    syncSchedule: row.syncSchedule,
    people: {
      total: statusCount('active'),
      removed: statusCount('removed'),
      byRole: rosterRole.codes.map((role) => ({
        role,
        label: rosterRole.label(role),
        count: Number(byRole.find((entry) => entry.role === role)?.value ?? 0),
      })),
      byGrade: [
        ...rosterGrade.codes.flatMap((grade) => {
          const value = gradeCounts.get(grade);
          return value ? [{ grade, label: rosterGrade.label(grade), count: value }] : [];
        }),
        ...(gradeCounts.get(null) ? [{ grade: null, label: 'No grade', count: gradeCounts.get(null) ?? 0 }] : []),
      ],
    },
    homerooms: {
      data: homerooms.flatMap((entry) =>
        entry.homeroom === null ? [] : [{ homeroom: entry.homeroom, students: Number(entry.students) }],
      ),
      total: homeroomTotal[0]?.value ?? 0,
    },
    lastJob: lastJob ? await readJob(context, lastJob.id) : null,
  };
}
