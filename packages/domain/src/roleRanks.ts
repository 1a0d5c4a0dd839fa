import { type UserRoleCode, userRole } from './roles';

/**
 * Who may change whom (issue 8). The rank order of the roles of part 3, kept here once: the API
 * enforces it on every route that changes a user, the web hides what it would refuse, and
 * `assignableRoles` (access.ts) derives from it. A higher number ranks higher; equal numbers tie.
 *
 * - Studio roles rank above school roles: the studio staffs its schools, never the other way round.
 * - Studio Owner > Studio Administrator > Studio Contact.
 * - Sales Rep ties with Studio Contact: studio-side staff (a branch office under the studio) who run
 *   neither the studio nor a school, and manage no users.
 * - School Administrator > Adviser > Sales Manager = Treasurer = Volunteer: the last three are the
 *   school's helpers, each with a narrow job; none of them outranks another.
 */
export const roleRanks = {
  [userRole.StudioOwner]: 6,
  [userRole.StudioAdministrator]: 5,
  [userRole.StudioContact]: 4,
  [userRole.SalesRep]: 4,
  [userRole.SchoolAdministrator]: 3,
  [userRole.SchoolYearbookAdviser]: 2,
  [userRole.SchoolYearbookSalesManager]: 1,
  [userRole.Treasurer]: 1,
  [userRole.SchoolYearbookVolunteer]: 1,
} as const satisfies Record<UserRoleCode, number>;

/** The rank of a role code; null for a code part 3 does not know (it outranks nobody, nobody outranks it). */
export function roleRank(role: number): number | null {
  return (roleRanks as Record<number, number | undefined>)[role] ?? null;
}

/** Whether role `higher` ranks strictly above role `lower`; never for an unknown code. */
export function roleOutranks(higher: number, lower: number): boolean {
  const higherRank = roleRank(higher);
  const lowerRank = roleRank(lower);
  return higherRank !== null && lowerRank !== null && higherRank > lowerRank;
}

/**
 * Roles whose grant asks for more than outranking them: only super administrators create sales reps
 * (they sit outside any studio's own staff); only a school administrator or a studio role names the
 * school's Treasurer (cards, refunds and fund requests, rights an adviser does not hold).
 */
export const roleGrantedOnlyBy: Partial<Record<UserRoleCode, 'super' | UserRoleCode>> = {
  [userRole.SalesRep]: 'super',
  [userRole.Treasurer]: userRole.SchoolAdministrator,
};

/** Whether a user of role `giver` (not a super administrator) may give role `role` by rank. */
export function rankAllowsGrant(giver: number, role: number): boolean {
  if (!roleOutranks(giver, role)) return false;
  const floor = (roleGrantedOnlyBy as Record<number, 'super' | UserRoleCode | undefined>)[role];
  if (floor === undefined) return true;
  if (floor === 'super') return false;
  const giverRank = roleRank(giver);
  const floorRank = roleRank(floor);
  return giverRank !== null && floorRank !== null && giverRank >= floorRank;
}

/** The person acting, or the person acted on: who they are, their role and the super flag. */
export interface RankedUser {
  readonly id: number;
  /** A role code of part 3; an unknown code ranks nowhere. */
  readonly role: number;
  readonly bSuperAdmin: boolean;
}

/**
 * What a route does to a user:
 * - `edit`: name, e-mail, time zone, reactivation, notification preferences, linked accounts;
 * - `deactivate`: `DELETE /api/users/{id}` or `isActive: false`;
 * - `permissions`: role, super administration and the two-step requirement.
 */
export type UserChange = 'edit' | 'deactivate' | 'permissions';

export interface UserChangeRefusal {
  /** `self`: a rule about one's own account (a 400 on the field); the others are refusals (403). */
  readonly kind: 'self' | 'superAdministrator' | 'rank';
  readonly message: string;
}

/**
 * The one rule: a user may change only themselves or users whose role ranks below their own; a
 * super administrator may change anyone but another super administrator; nobody else ever changes a
 * super administrator. On oneself, a user may edit but neither deactivate themselves nor change their
 * own role or permissions (so nobody raises their own role). Null when the change is allowed.
 *
 * Whether the actor holds the right at all (`users.manage`) is the route's question, asked first.
 */
export function userChangeRefusal(
  actor: RankedUser,
  target: RankedUser,
  change: UserChange = 'edit',
): UserChangeRefusal | null {
  if (actor.id === target.id) {
    if (change === 'deactivate') return { kind: 'self', message: 'You cannot deactivate yourself.' };
    if (change === 'permissions') {
      return { kind: 'self', message: 'You cannot change your own role or permissions.' };
    }
    return null;
  }
  if (target.bSuperAdmin) {
    return {
      kind: 'superAdministrator',
      message: 'A super administrator’s account is changed only by that super administrator.',
    };
  }
  if (actor.bSuperAdmin) return null;
  if (!roleOutranks(actor.role, target.role)) {
    return {
      kind: 'rank',
      message: `You can change only users whose role ranks below yours: ${userRole.label(target.role)} does not rank below ${userRole.label(actor.role)}.`,
    };
  }
  return null;
}

/** `userChangeRefusal` as a yes or no. */
export function mayChangeUser(actor: RankedUser, target: RankedUser, change: UserChange = 'edit'): boolean {
  return userChangeRefusal(actor, target, change) === null;
}

/** Whether `actor` may manage `target` at all: themselves, or a user ranking below them (see above). */
export function mayManageUser(actor: RankedUser, target: RankedUser): boolean {
  return mayChangeUser(actor, target, 'edit');
}
