import type { SessionUser } from '@colophon/contract';
import {
  type AccessSubject,
  can,
  impersonationMethodRefusal,
  type Permission,
  type RankedUser,
  type UserChange,
  userChangeRefusal,
  userRole,
} from '@colophon/domain';
import { type StoredSession, useSession } from './session';

/** The session user as the domain's `can()` reads it; an unknown role gets no role rights. */
export function accessSubjectOf(user: SessionUser | null | undefined): AccessSubject | null {
  if (!user) return null;
  const bSuperAdmin = Boolean(user.userPermission.bSuperAdmin);
  if (userRole.has(user.role)) return { role: user.role, bSuperAdmin };
  return bSuperAdmin ? { role: userRole.StudioOwner, bSuperAdmin } : null;
}

export function userCan(user: SessionUser | null | undefined, permission: Permission): boolean {
  return can(accessSubjectOf(user), permission);
}

/** The session user as the domain's rank rule reads them (`mayChangeUser`, `userChangeRefusal`). */
export function rankedUserOf(user: SessionUser | null | undefined): RankedUser | null {
  const subject = accessSubjectOf(user);
  return user && subject ? { id: user.id, ...subject } : null;
}

/**
 * Why the viewer may not change `target` this way on the users screen, or null when they may: the
 * screen's routes take `users.manage`, then the domain's rank rule, the one the server applies.
 */
export function userChangeRefusalFor(
  viewer: SessionUser | null | undefined,
  target: RankedUser,
  change: UserChange,
): string | null {
  const actor = rankedUserOf(viewer);
  if (!actor || !userCan(viewer, 'users.manage')) return 'You do not have permission to change users.';
  return userChangeRefusal(actor, target, change)?.message ?? null;
}

export function viewerMayChangeUser(
  viewer: SessionUser | null | undefined,
  target: RankedUser,
  change: UserChange,
): boolean {
  return userChangeRefusalFor(viewer, target, change) === null;
}

/** The request methods a control may send. */
export type ChangeMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Why a control that sends `method` is disabled in this session, or null when it may be used: the
 * domain's impersonation method rule (part 6), the same one the API client and the server apply.
 */
export function methodRefusalOf(session: StoredSession | null | undefined, method: ChangeMethod): string | null {
  if (!session) return null;
  return impersonationMethodRefusal(method, {
    impersonating: session.impersonating,
    originalUserId: session.originalUser?.id,
    originalUserMayUseAllMethods: session.originalUserMayUseAllMethods,
  });
}

/** `methodRefusalOf` for the signed-in session, kept current as it changes. */
export function useMethodRefusal(method: ChangeMethod): string | null {
  return methodRefusalOf(useSession(), method);
}
