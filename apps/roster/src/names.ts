import type { Db } from '@colophon/db';
import type { RosterNameEntry, RosterRoleCode } from '@colophon/domain';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { individuals, schools } from './schema';

/** A roster person as the name check takes them, with their role (only students can be missing). */
export interface RosterName extends RosterNameEntry {
  readonly role: RosterRoleCode;
}

export interface RosterNamesOfAccount {
  /** The roster school the dashboard account is mapped to. */
  readonly schoolId: number;
  readonly schoolName: string;
  /** Every active person: students, teachers and staff (all are names a book may misspell). */
  readonly people: readonly RosterName[];
}

/** The roster school a dashboard account is mapped to, or null (its proofs have no name check). */
export async function rosterSchoolOfAccount(db: Db, accountId: number): Promise<{ id: number; name: string } | null> {
  const [school] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(eq(schools.accountId, accountId))
    .limit(1);
  return school ?? null;
}

/**
 * The names of the roster school a dashboard account is mapped to (roster.schools.account_id), for
 * the name check of that account's proofs: active people only (a removed person is not in the book),
 * in a stable order (family, given, id). Null when the account has no roster school: no check then.
 */
export async function rosterNamesOfAccount(db: Db, accountId: number): Promise<RosterNamesOfAccount | null> {
  const school = await rosterSchoolOfAccount(db, accountId);
  if (!school) return null;
  const rows = await db
    .select({
      id: individuals.id,
      givenName: individuals.givenName,
      familyName: individuals.familyName,
      middleName: individuals.middleName,
      preferredName: individuals.preferredName,
      grade: individuals.grade,
      homeroom: individuals.homeroom,
      role: individuals.role,
    })
    .from(individuals)
    .where(and(eq(individuals.schoolId, school.id), eq(individuals.status, 'active')))
    .orderBy(asc(individuals.familyName), asc(individuals.givenName), asc(individuals.id));
  return {
    schoolId: school.id,
    schoolName: school.name,
    people: rows.map((row) => ({
      individualId: String(row.id),
      givenName: row.givenName,
      familyName: row.familyName,
      middleName: row.middleName,
      preferredName: row.preferredName,
      grade: row.grade ?? '',
      homeroom: row.homeroom ?? '',
      role: row.role,
    })),
  };
}

/** The dashboard account of the roster school with the most active students (the demo's), or null. */
export async function accountOfLargestRoster(db: Db): Promise<number | null> {
  const [largest] = await db
    .select({ accountId: schools.accountId, students: count() })
    .from(schools)
    .innerJoin(individuals, eq(individuals.schoolId, schools.id))
    .where(and(eq(individuals.status, 'active'), eq(individuals.role, 'student')))
    .groupBy(schools.accountId)
    .orderBy(desc(count()), asc(schools.accountId))
    .limit(1);
  return largest?.accountId ?? null;
}
