import type { SessionState, SessionUser } from '@colophon/contract';
import { permissionHash, permissionsOf, type UserRoleCode } from '@colophon/domain';
import { type StoredSession, sessionStore } from '../lib/session';

export function makeUser(
  overrides: Partial<SessionUser> & { role?: UserRoleCode; bSuperAdmin?: boolean } = {},
): SessionUser {
  const { bSuperAdmin = false, role = 8, ...rest } = overrides;
  return {
    id: 42,
    email: 'owner@studio.test',
    firstName: 'Olive',
    lastName: 'Owner',
    uriAvatar: null,
    timezone: 'CST',
    role,
    mfaMethod: null,
    mustChangePassword: false,
    userPermission: { bSuperAdmin, role, permissions: permissionsOf({ role, bSuperAdmin }) },
    ...rest,
  };
}

export function makeSessionState(user: SessionUser, overrides: Partial<SessionState> = {}): SessionState {
  return {
    user,
    isStudioUser: true,
    isSubStudioUser: false,
    isDirectToSchool: false,
    immediateAccounts: [],
    permissionHash: permissionHash(user.id, user.userPermission),
    redirectLocation: null,
    mfaRequired: false,
    mfaValidated: false,
    impersonating: false,
    originalUser: null,
    originalUserMayUseAllMethods: false,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides,
  };
}

/** Puts a signed-in session in local storage, as sign-in would. */
export function signInAs(user: SessionUser, overrides: Partial<StoredSession> = {}): StoredSession {
  const state = makeSessionState(user);
  return sessionStore.start(
    { token: 'test-token', user, permissionHash: state.permissionHash },
    { expiresAt: state.expiresAt, ...overrides },
  );
}

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function problemResponse(
  status: number,
  detail: string,
  extra: { code?: string; errors?: { path: string; message: string }[] } = {},
): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}
