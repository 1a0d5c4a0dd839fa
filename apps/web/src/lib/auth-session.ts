import { authOperations } from '@colophon/contract';
import { LOGIN_PATH, PROFILE_PATH } from '@colophon/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './call';
import { queryClient } from './query-client';
import { needsMfa, type StoredSession, sessionStore } from './session';

/**
 * The session's life: sign in, refresh from /auth/me, impersonate and end it, sign out. Shared by
 * the auth screens, the shell and the users screen, so each does it the same way.
 */

export const sessionKeys = { all: ['session'] as const };

async function fetchSessionState(): Promise<StoredSession | null> {
  const state = await call(authOperations.sessionState);
  return sessionStore.applyState(state);
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: fetchSessionState,
  staleTime: 60_000,
});

/** Re-reads the session state from the API now (after MFA, a password change, impersonation…). */
export async function refreshSession(): Promise<StoredSession | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/** Keeps only paths inside this app: no other origin, no protocol-relative trick, not login itself. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return null;
  return target;
}

/** Where a signed-in person goes next: the second factor, a forced new password, or the page asked for. */
export function landingPath(session: StoredSession | null, redirect?: string | null): string {
  if (needsMfa(session)) return redirect ? `/mfa?redirect=${encodeURIComponent(redirect)}` : '/mfa';
  if (session?.user.mustChangePassword) return '/new-password';
  return safeRedirect(redirect) ?? safeRedirect(session?.redirectLocation) ?? PROFILE_PATH;
}

export async function signIn(credentials: { email: string; password: string }): Promise<StoredSession | null> {
  sessionStore.clear();
  queryClient.clear();
  const response = await call(authOperations.signIn, { body: credentials });
  sessionStore.start(response);
  return refreshSession();
}

/**
 * Signs out: tells the API (while the token still works), forgets the session, lets the caller
 * leave the admin area (`leave`, e.g. go to login), and only then drops the cached data, so no
 * mounted screen refetches without a session in between.
 */
export async function signOut(leave: () => Promise<unknown> = async () => undefined): Promise<void> {
  if (sessionStore.get()) {
    try {
      await call(authOperations.signOut);
    } catch {
      // Signing out locally still signs out: the token is forgotten either way.
    }
  }
  sessionStore.clear();
  await leave();
  queryClient.clear();
}

/** A signed-in user's new password: the forced one at first sign-in, or from the profile. */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await call(authOperations.changePassword, { body });
}

/** Part 6: a super administrator acts as another user; the original user is kept. */
export async function startImpersonation(userId: number): Promise<StoredSession | null> {
  const current = sessionStore.get();
  const response = await call(authOperations.impersonate, { body: { userId } });
  queryClient.clear();
  sessionStore.start(response, { impersonating: true, originalUser: current?.user ?? null, mfaValidated: true });
  return refreshSession();
}

/**
 * Part 4: ending impersonation restores the original user, clears the multi-factor requirement and
 * opens Profile; when the API finds nothing to restore the user is signed out and sent to login.
 */
export async function endImpersonation(): Promise<{ redirectTo: string }> {
  const response = await call(authOperations.endImpersonation);
  queryClient.clear();
  if (response.outcome === 'signedOut') {
    sessionStore.clear();
    return { redirectTo: LOGIN_PATH };
  }
  sessionStore.start(response, { mfaRequired: false, mfaValidated: true });
  const restored = await refreshSession().catch(() => null);
  if (restored) return { redirectTo: PROFILE_PATH };
  sessionStore.clear();
  return { redirectTo: LOGIN_PATH };
}
