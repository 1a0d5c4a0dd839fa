/** Part 8: the request is cancelled when the stored permission hash does not match. */
export const INVALID_STATE_MESSAGE = 'Invalid state. 403 Not Authorized.';
/** Part 8: the request is cancelled when an impersonator may not use the method. */
export const INVALID_METHOD_MESSAGE = 'Invalid HTTP method. 403 Not Authorized.';

/** The methods every impersonator may use (part 6). */
export const IMPERSONATION_METHODS = ['GET', 'POST'] as const;

/**
 * Part 6: while impersonating, only GET and POST are allowed, unless the original user is one of
 * the privileged user ids (their values are configuration, not part of the spec).
 */
export function isMethodAllowedDuringImpersonation(
  method: string,
  originalUserId: number | string | null | undefined,
  privilegedUserIds: readonly (number | string)[],
): boolean {
  if ((IMPERSONATION_METHODS as readonly string[]).includes(method.toUpperCase())) return true;
  if (originalUserId === null || originalUserId === undefined) return false;
  return privilegedUserIds.some((id) => String(id) === String(originalUserId));
}

export type ImpersonationEnd =
  | { readonly kind: 'restore'; readonly redirectTo: string }
  | { readonly kind: 'signOut'; readonly redirectTo: string };

export const PROFILE_PATH = '/admin/profile';
export const LOGIN_PATH = '/login';

/**
 * Part 4: ending impersonation restores the original user and opens Profile; if the restored user
 * has no accounts, or the lookup returns nothing, the user is signed out and sent to login.
 */
export function endImpersonation(restoredUserAccounts: readonly unknown[] | null | undefined): ImpersonationEnd {
  if (!restoredUserAccounts || restoredUserAccounts.length === 0) return { kind: 'signOut', redirectTo: LOGIN_PATH };
  return { kind: 'restore', redirectTo: PROFILE_PATH };
}
