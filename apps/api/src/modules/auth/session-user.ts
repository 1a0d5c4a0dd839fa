import type { ImmediateAccount, SessionState, SessionUser } from '@colophon/contract';
import { accounts, userAccounts } from '@colophon/db';
import { isParentAccountType, isStudioRole, permissionHash, permissionsOf, type TimeZoneCode } from '@colophon/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AuthContext, Services, UserRow } from '../../context';
import { pendingEmailOf } from '../users/pending-email';

export function toSessionUser(user: UserRow, services: Services): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    uriAvatar: user.uriAvatar ? services.files.signedUrl(user.uriAvatar, 24 * 3600) : null,
    timezone: user.timezone as TimeZoneCode,
    role: user.role,
    mfaMethod: user.mfaMethod === 'email' || user.mfaMethod === 'totp' ? user.mfaMethod : null,
    mustChangePassword: user.mustChangePassword,
    userPermission: { bSuperAdmin: user.bSuperAdmin, role: user.role, permissions: permissionsOf(user) },
  };
}

export function permissionHashOf(sessionUser: SessionUser): string {
  return permissionHash(sessionUser.id, sessionUser.userPermission);
}

export async function immediateAccountsOf(services: Services, userId: number): Promise<ImmediateAccount[]> {
  return services.db
    .select({
      id: accounts.id,
      code: accounts.code,
      name: accounts.name,
      type: accounts.type,
      typeSoftware: accounts.typeSoftware,
      typeWhereCreated: accounts.typeWhereCreated,
      country: accounts.country,
      parentAccountId: accounts.parentAccountId,
      depth: accounts.depth,
    })
    .from(userAccounts)
    .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
    .where(eq(userAccounts.userId, userId))
    .orderBy(asc(userAccounts.id));
}

/**
 * Spec part 3's session state. A studio user holds a studio role; a sub-studio user is a studio
 * user whose account sits under another studio; a direct-to-school user is a school user whose
 * school has no studio above it (the school deals with the plant directly).
 */
export async function sessionStateOf(services: Services, auth: AuthContext): Promise<SessionState> {
  const immediateAccounts = await immediateAccountsOf(services, auth.user.id);
  const isStudioUser = !auth.user.bSuperAdmin && isStudioRole(auth.user.role);
  const isSubStudioUser = isStudioUser && immediateAccounts.some((account) => account.parentAccountId !== null);
  const parentIds = immediateAccounts
    .map((account) => account.parentAccountId)
    .filter((id): id is number => id !== null);
  let underStudio = false;
  if (parentIds.length > 0) {
    const parents = await services.db
      .select({ type: accounts.type })
      .from(accounts)
      .where(inArray(accounts.id, parentIds));
    underStudio = parents.some((parent) => isParentAccountType(parent.type));
  }
  const isDirectToSchool = !isStudioUser && !auth.user.bSuperAdmin && immediateAccounts.length > 0 && !underStudio;
  const user = { ...toSessionUser(auth.user, services), pendingEmail: await pendingEmailOf(services.db, auth.user.id) };
  return {
    user,
    isStudioUser,
    isSubStudioUser,
    isDirectToSchool,
    immediateAccounts,
    permissionHash: permissionHashOf(user),
    redirectLocation: auth.user.mustChangePassword ? '/new-password' : null,
    mfaRequired: auth.mfaRequired,
    mfaValidated: auth.mfaValidated,
    impersonating: auth.originalUser !== null,
    originalUser: auth.originalUser ? toSessionUser(auth.originalUser, services) : null,
    originalUserMayUseAllMethods: auth.originalUser
      ? services.config.privilegedUserIds.includes(auth.originalUser.id)
      : false,
    expiresAt: auth.expiresAt.toISOString(),
  };
}
