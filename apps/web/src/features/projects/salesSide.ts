import type { SessionUser } from '@colophon/contract';
import { isStudioRole } from '@colophon/domain';

/**
 * Whether the user sees a project's sales side (`sales_rep_project_meta`): studio staff, sales reps
 * and super administrators; the API refuses school roles (403). The domain has no permission for
 * it, so this mirrors the API's rule.
 */
export function canSeeSalesSide(user: SessionUser | null | undefined): boolean {
  if (!user) return false;
  return Boolean(user.userPermission.bSuperAdmin) || isStudioRole(user.role) || user.role === 99;
}
