import { type RosterRoleCode, rosterGradeOf, rosterRoleOfOneRoster } from '@colophon/domain';
import type { OneRosterRecord } from '../oneroster-rest';
import type { IndividualWrite } from '../write-individuals';

/**
 * Reading OneRoster REST records (1.1 and 1.2) into the roster's people. The records are what the
 * information system sent, unchecked: every field is read defensively, and nothing here ever puts a
 * record (which may hold a password) into a message.
 */

const text = (record: Record<string, unknown>, key: string): string | null => {
  const value = record[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
const sourcedIdOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null ? text(value as Record<string, unknown>, 'sourcedId') : null;
const cut = (value: string | null, max: number) => (value ? value.slice(0, max) : null);

/** What one user record means for one school. */
export type SyncedUser =
  | { kind: 'person'; person: IndividualWrite & { sourcedId: string } }
  /** `status: tobedeleted`, at this school or anywhere: only its id matters. */
  | { kind: 'deleted'; sourcedId: string }
  /** Not this school's (no role at its org). */
  | { kind: 'elsewhere' }
  /** This school's, but not writable: no roster role (a guardian), or no name. Never removed for it. */
  | { kind: 'skipped'; sourcedId: string | null; reason: string };

/**
 * One user record for the school whose org is `schoolSourcedId`. 1.2 carries the user's roles inside
 * it (`roles: [{roleType, role, org}]`, primary first); 1.1 has one `role` and its `orgs`.
 */
export function userForSchool(
  record: OneRosterRecord,
  schoolSourcedId: string,
  homeroomOf: (userSourcedId: string) => string | null,
): SyncedUser {
  const sourcedId = text(record, 'sourcedId');
  if (sourcedId && text(record, 'status')?.toLowerCase() === 'tobedeleted') return { kind: 'deleted', sourcedId };

  let role: RosterRoleCode | null = null;
  let atSchool = false;
  const roles = objects(record.roles);
  if (roles.length > 0) {
    const here = roles
      .filter((entry) => sourcedIdOf(entry.org) === schoolSourcedId)
      .sort((a, b) => Number(text(b, 'roleType') === 'primary') - Number(text(a, 'roleType') === 'primary'));
    atSchool = here.length > 0;
    const first = here.find((entry) => rosterRoleOfOneRoster(text(entry, 'role')) !== null);
    role = first ? rosterRoleOfOneRoster(text(first, 'role')) : null;
  } else {
    const orgIds = [...objects(record.orgs).map(sourcedIdOf), ...objects(record.org).map(sourcedIdOf)];
    atSchool = orgIds.includes(schoolSourcedId);
    role = rosterRoleOfOneRoster(text(record, 'role'));
  }
  if (!atSchool) return { kind: 'elsewhere' };
  if (!sourcedId) return { kind: 'skipped', sourcedId: null, reason: 'no sourcedId' };
  if (!role) return { kind: 'skipped', sourcedId, reason: 'no roster role' };
  const givenName = text(record, 'givenName');
  const familyName = text(record, 'familyName');
  if (!givenName || !familyName) return { kind: 'skipped', sourcedId, reason: 'no name' };

  const grades = Array.isArray(record.grades) ? record.grades : [];
  const firstGrade = typeof grades[0] === 'string' ? grades[0] : null;
  const email = text(record, 'email');
  return {
    kind: 'person',
    person: {
      sourcedId,
      givenName: givenName.slice(0, 100),
      familyName: familyName.slice(0, 100),
      middleName: cut(text(record, 'middleName'), 100),
      // 1.2's name; some 1.1 vendors send it too.
      preferredName: cut(text(record, 'preferredFirstName') ?? text(record, 'preferredGivenName'), 100),
      grade: rosterGradeOf(firstGrade),
      homeroom: cut(homeroomOf(sourcedId), 100),
      role,
      email: email && email.length <= 254 ? email : null,
    },
  };
}

/** A homeroom class of the school: its id and the name people see (classCode, else title). */
export function homeroomClass(
  record: OneRosterRecord,
  schoolSourcedId: string,
): { sourcedId: string; name: string } | null {
  const sourcedId = text(record, 'sourcedId');
  if (!sourcedId || text(record, 'classType')?.toLowerCase() !== 'homeroom') return null;
  if (text(record, 'status')?.toLowerCase() === 'tobedeleted') return null;
  if (sourcedIdOf(record.school) !== schoolSourcedId) return null;
  const name = text(record, 'classCode') ?? text(record, 'title');
  return name ? { sourcedId, name } : null;
}

/** An active enrollment: who is in which class, as what. */
export function enrollmentOf(
  record: OneRosterRecord,
): { userSourcedId: string; classSourcedId: string; role: string } | null {
  if (text(record, 'status')?.toLowerCase() === 'tobedeleted') return null;
  const userSourcedId = sourcedIdOf(record.user);
  const classSourcedId = sourcedIdOf(record.class);
  if (!userSourcedId || !classSourcedId) return null;
  return { userSourcedId, classSourcedId, role: (text(record, 'role') ?? '').toLowerCase() };
}
