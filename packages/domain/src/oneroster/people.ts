import type { RosterRoleCode } from '../rosterPeople';

/**
 * The roster's role for a OneRoster role (1.1 users.csv `role`, 1.2 roles.csv `role`), in any case:
 * students and teachers as themselves, the school's other adults as staff. Guardians, parents and
 * relatives are not in a yearbook: null, and the importer skips them (counted).
 */
const ROLE_OF: Readonly<Record<string, RosterRoleCode>> = {
  student: 'student',
  teacher: 'teacher',
  administrator: 'staff',
  aide: 'staff',
  counselor: 'staff',
  districtadministrator: 'staff',
  principal: 'staff',
  proctor: 'staff',
  siteadministrator: 'staff',
  systemadministrator: 'staff',
};

export function rosterRoleOfOneRoster(role: string | null | undefined): RosterRoleCode | null {
  return ROLE_OF[(role ?? '').trim().toLowerCase()] ?? null;
}
