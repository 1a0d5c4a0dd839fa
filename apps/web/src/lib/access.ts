import type { SessionUser } from '@colophon/contract';
import { type AccessSubject, can, type Permission, userRole } from '@colophon/domain';

/** The session user as the domain's `can()` reads it; an unknown role gets no role rights. */
export function accessSubjectOf(user: SessionUser | null | undefined): AccessSubject | null {
  if (!user) return null;
  const bSuperAdmin = Boolean(user.userPermission.bSuperAdmin);
  if (userRole.has(user.role)) return { role: user.role, bSuperAdmin };
  return bSuperAdmin ? { role: 8, bSuperAdmin } : null;
}

export function userCan(user: SessionUser | null | undefined, permission: Permission): boolean {
  return can(accessSubjectOf(user), permission);
}
