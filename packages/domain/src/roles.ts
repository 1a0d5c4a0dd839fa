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

export const studioRoles = [
  userRole.StudioOwner,
  userRole.StudioAdministrator,
  userRole.StudioContact,
] as const satisfies readonly UserRoleCode[];
export const schoolRoles = [
  userRole.SchoolAdministrator,
  userRole.SchoolYearbookAdviser,
  userRole.SchoolYearbookVolunteer,
  userRole.SchoolYearbookSalesManager,
  userRole.Treasurer,
] as const satisfies readonly UserRoleCode[];

export function isStudioRole(role: number): boolean {
  return (studioRoles as readonly number[]).includes(role);
}
