import { defineEnumeration } from './enumeration';

/** User role (part 3). */
export const userRole = defineEnumeration([
  { code: 8, label: 'Studio Owner' },
  { code: 7, label: 'Studio Administrator' },
  { code: 16, label: 'Studio Contact' },
  { code: 3, label: 'School Administrator' },
  { code: 5, label: 'School Yearbook Adviser' },
  { code: 6, label: 'School Yearbook Volunteer' },
  { code: 22, label: 'School Yearbook Sales Manager' },
  { code: 20, label: 'Treasurer' },
  { code: 99, label: 'Sales Rep' },
]);
export type UserRoleCode = (typeof userRole.codes)[number];

export const studioRoles = [8, 7, 16] as const satisfies readonly UserRoleCode[];
export const schoolRoles = [3, 5, 6, 22, 20] as const satisfies readonly UserRoleCode[];

export function isStudioRole(role: number): boolean {
  return (studioRoles as readonly number[]).includes(role);
}
