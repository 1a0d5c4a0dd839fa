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

/**
 * Why a control that would send a refused method is disabled (issue 9): the screens say it before
 * anyone edits, rather than failing at Save with INVALID_METHOD_MESSAGE.
 */
export const IMPERSONATION_READ_ONLY_REASON = 'While impersonating without privilege you can look but not change.';

/** What the session says about impersonation: whether it is on, and whether the original user is privileged. */
export interface ImpersonationState {
  readonly impersonating: boolean;
  readonly originalUserId: number | string | null | undefined;
  /** The server's word that the original user is one of the privileged ids (their values stay server-side). */
  readonly originalUserMayUseAllMethods: boolean;
}

/** Why a request with `method` may not be sent in this session (part 6), or null when it may. */
export function impersonationMethodRefusal(
  method: string,
  state: ImpersonationState | null | undefined,
): string | null {
  if (!state?.impersonating) return null;
  const privileged = state.originalUserMayUseAllMethods && state.originalUserId != null ? [state.originalUserId] : [];
  return isMethodAllowedDuringImpersonation(method, state.originalUserId, privileged)
    ? null
    : IMPERSONATION_READ_ONLY_REASON;
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
