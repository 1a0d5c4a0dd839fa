import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@colophon/db';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DashboardCaller, RosterHost } from './host';
import { districts, rosterSessions, schools } from './schema';

/** What every roster route works with: the database, the dashboard's pieces, and the caller. */
export interface RosterContext {
  db: Db;
  host: RosterHost;
  caller: DashboardCaller;
}

/** A route's config when reading the roster: the dashboard's roster.view (app.ts checks it). */
export const viewRoster = { rosterPermission: 'roster.view' } as const;
/** A route's config when changing the roster: the dashboard's roster.manage. */
export const manageRoster = { rosterPermission: 'roster.manage' } as const;

export const hashRosterToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a roster session for a dashboard session: the token goes to the caller, its hash is kept. */
export async function openRosterSession(db: Db, caller: DashboardCaller): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(rosterSessions)
    .values({ tokenHash: hashRosterToken(token), dashboardSessionId: caller.sessionId, userId: caller.user.id });
  return token;
}

/**
 * The caller behind a roster session header: one lookup by the token's hash (unique index), then the
 * dashboard's own check that its session still holds (its cache, else one query by primary key).
 */
export async function callerOfRosterToken(db: Db, host: RosterHost, token: string): Promise<DashboardCaller | null> {
  const [session] = await db
    .select({ dashboardSessionId: rosterSessions.dashboardSessionId, userId: rosterSessions.userId })
    .from(rosterSessions)
    .where(eq(rosterSessions.tokenHash, hashRosterToken(token)))
    .limit(1);
  if (!session) return null;
  return host.callerOfSession(session.dashboardSessionId, session.userId);
}

/*
 * Access follows the dashboard's account tree, through its one visibility rule (host.visibleAccountIds):
 * a school is seen by whoever sees its account, a district by whoever sees its studio's account; so a
 * school's staff see their school only, a studio's staff their schools and districts.
 */

export function schoolsVisible(context: RosterContext): SQL | undefined {
  const visible = context.host.visibleAccountIds(context.caller);
  return visible ? inArray(schools.accountId, visible) : undefined;
}

export function districtsVisible(context: RosterContext): SQL | undefined {
  const visible = context.host.visibleAccountIds(context.caller);
  return visible ? inArray(districts.studioAccountId, visible) : undefined;
}

export async function requireSchool(context: RosterContext, id: number) {
  const [school] = await context.db
    .select()
    .from(schools)
    .where(and(eq(schools.id, id), schoolsVisible(context)))
    .limit(1);
  if (!school) throw context.host.problem('not_found', 'The school was not found.');
  return school;
}

export async function requireDistrict(context: RosterContext, id: number) {
  const [district] = await context.db
    .select()
    .from(districts)
    .where(and(eq(districts.id, id), districtsVisible(context)))
    .limit(1);
  if (!district) throw context.host.problem('not_found', 'The district was not found.');
  return district;
}

/** The owner of a setting or configuration, named by exactly one of the two ids (the schema checks). */
export async function requireOwner(
  context: RosterContext,
  owner: { schoolId?: number | undefined; districtId?: number | undefined },
) {
  if (owner.schoolId !== undefined) {
    await requireSchool(context, owner.schoolId);
    return { schoolId: owner.schoolId, districtId: null };
  }
  if (owner.districtId === undefined)
    throw context.host.problem('validation', 'Name either a schoolId or a districtId', 'schoolId');
  await requireDistrict(context, owner.districtId);
  return { schoolId: null, districtId: owner.districtId };
}
