import { rankAllowsGrant } from './roleRanks';
import { type UserRoleCode, userRole } from './roles';

/**
 * Access rules as data: every permission question in the product — navigation, buttons, routes —
 * is answered by `can()` from this one table. docs/permissions.md is the prose view of it.
 */
export const permissions = [
  'profile.edit',
  'users.view',
  'users.manage',
  'accounts.view',
  'accounts.manage',
  'projects.view',
  'projects.manage',
  /** A project's sales-side figures (sales_rep_project_meta): studio and sales reps, never the school. */
  'projects.salesSide',
  /** An account's pricing adjustments, read-only: the studio side, and the school's administrator and treasurer. */
  'pricing.view',
  'schoolSignup.create',
  'settings.manage',
  'presets.manage',
  'submissionStatus.view',
  'proofs.view',
  'proofs.upload',
  'proofs.comment',
  'proofs.approve',
  'proofs.internal',
  'orders.view',
  'orders.place',
  'sales.view',
  'sales.manage',
  'sales.refund',
  'coupons.manage',
  'cards.manage',
  'funds.request',
  'salesTax.request',
  'marketing.manage',
  'marketing.import',
  /** The school's roster (issue 16): its people, grades and homerooms, read-only. */
  'roster.view',
  /** Editing the roster: its people, syncs, imports, exports and the teacher/grade counts. */
  'roster.manage',
  // Super-administrator only: the plant side.
  'super.orderAdmin',
  'super.pricing',
  'super.invoices',
  'super.queues',
  'super.plants',
  'super.personalization',
  'super.impersonate',
  'super.audit',
  /** The record editor (issue 15): any account, project, proof, order or user, with a reason. */
  'super.records',
] as const;
export type Permission = (typeof permissions)[number];

const everyoneSignedIn = ['profile.edit'] as const satisfies readonly Permission[];

const studioStaff = [
  ...everyoneSignedIn,
  'users.view',
  'accounts.view',
  'projects.view',
  'projects.salesSide',
  'pricing.view',
  'submissionStatus.view',
  'proofs.view',
  'proofs.comment',
  'proofs.internal',
  'orders.view',
  'sales.view',
  'roster.view',
] as const satisfies readonly Permission[];

export const rolePermissions = {
  // Studio Owner: runs the studio, its schools and its money.
  [userRole.StudioOwner]: [
    ...studioStaff,
    'users.manage',
    'accounts.manage',
    'projects.manage',
    'schoolSignup.create',
    'settings.manage',
    'presets.manage',
    'proofs.upload',
    'proofs.approve',
    'orders.place',
    'sales.manage',
    'sales.refund',
    'coupons.manage',
    'cards.manage',
    'funds.request',
    'salesTax.request',
    'marketing.manage',
    'marketing.import',
    'roster.manage',
  ],
  // Studio Administrator: the owner's day-to-day deputy; no card or marketing-import rights.
  [userRole.StudioAdministrator]: [
    ...studioStaff,
    'users.manage',
    'accounts.manage',
    'projects.manage',
    'schoolSignup.create',
    'settings.manage',
    'presets.manage',
    'proofs.upload',
    'proofs.approve',
    'orders.place',
    'sales.manage',
    'coupons.manage',
    'funds.request',
    'salesTax.request',
    'marketing.manage',
    'roster.manage',
  ],
  // Studio Contact: follows the schools, comments, but neither approves nor orders.
  [userRole.StudioContact]: [...studioStaff],
  // Sales Rep: signs schools up, sets up their projects, follows their progress.
  [userRole.SalesRep]: [
    ...everyoneSignedIn,
    'accounts.view',
    'accounts.manage',
    'projects.view',
    'projects.manage',
    'projects.salesSide',
    'pricing.view',
    'schoolSignup.create',
    'submissionStatus.view',
    'proofs.view',
    'orders.view',
    'sales.view',
    'marketing.manage',
  ],
  // School Administrator: signs off on everything the school does.
  [userRole.SchoolAdministrator]: [
    ...everyoneSignedIn,
    'users.view',
    'users.manage',
    'accounts.view',
    'projects.view',
    'pricing.view',
    'settings.manage',
    'proofs.view',
    'proofs.upload',
    'proofs.comment',
    'proofs.approve',
    'orders.view',
    'orders.place',
    'sales.view',
    'sales.manage',
    'coupons.manage',
    'cards.manage',
    'funds.request',
    'salesTax.request',
    'roster.view',
    'roster.manage',
  ],
  // School Yearbook Adviser: builds the book, approves and orders it, runs the store.
  [userRole.SchoolYearbookAdviser]: [
    ...everyoneSignedIn,
    'users.view',
    'users.manage',
    'accounts.view',
    'projects.view',
    'projects.manage',
    'presets.manage',
    'submissionStatus.view',
    'proofs.view',
    'proofs.upload',
    'proofs.comment',
    'proofs.approve',
    'orders.view',
    'orders.place',
    'sales.view',
    'sales.manage',
    'coupons.manage',
    'roster.view',
    'roster.manage',
  ],
  // School Yearbook Volunteer: uploads pages and comments; never approves or orders.
  [userRole.SchoolYearbookVolunteer]: [
    ...everyoneSignedIn,
    'accounts.view',
    'projects.view',
    'proofs.view',
    'proofs.upload',
    'proofs.comment',
    'roster.view',
  ],
  // School Yearbook Sales Manager: the online store and its sales.
  [userRole.SchoolYearbookSalesManager]: [
    ...everyoneSignedIn,
    'accounts.view',
    'projects.view',
    'sales.view',
    'sales.manage',
    'coupons.manage',
  ],
  // Treasurer: the school's money.
  [userRole.Treasurer]: [
    ...everyoneSignedIn,
    'accounts.view',
    'pricing.view',
    'sales.view',
    'sales.refund',
    'cards.manage',
    'funds.request',
    'salesTax.request',
  ],
} as const satisfies Record<UserRoleCode, readonly Permission[]>;

export interface AccessSubject {
  /** A role code of part 3; an unknown code grants nothing. */
  readonly role: number;
  readonly bSuperAdmin: boolean;
}

/** The one permission question. Super administrators may do everything. */
export function can(subject: AccessSubject | null | undefined, permission: Permission): boolean {
  if (!subject) return false;
  if (subject.bSuperAdmin) return true;
  return rolePermissionsOf(subject.role).includes(permission);
}

export function permissionsOf(subject: AccessSubject): Permission[] {
  if (subject.bSuperAdmin) return [...permissions];
  return [...new Set<Permission>(rolePermissionsOf(subject.role))];
}

function rolePermissionsOf(role: number): readonly Permission[] {
  return (rolePermissions as Record<number, readonly Permission[] | undefined>)[role] ?? [];
}

/**
 * Whether a user may give `role` to someone (creating a user, or changing one's role): super
 * administrators give every role; anyone else needs `users.manage`, and gives only roles ranking
 * below their own (roleRanks.ts), never their own or a higher one; sales reps are created only by
 * super administrators and the Treasurer only by a school administrator or a studio role.
 */
export function mayAssignRole(subject: AccessSubject, role: number): boolean {
  if (!userRole.has(role)) return false;
  if (subject.bSuperAdmin) return true;
  return can(subject, 'users.manage') && rankAllowsGrant(subject.role, role);
}

/** The roles a user may give others, in the order of part 3: `mayAssignRole` for each. */
export function assignableRoles(subject: AccessSubject): UserRoleCode[] {
  return userRole.codes.filter((role) => mayAssignRole(subject, role));
}
