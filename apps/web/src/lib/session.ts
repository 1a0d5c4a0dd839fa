import type { SessionState, SessionUser } from '@colophon/contract';
import { isSessionValid } from '@colophon/domain';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session, kept in local storage (spec part 9: identity token keys live there) so a
 * reload or a second tab keeps it. The API is the authority; this is the client's copy of
 * `SessionState` plus the bearer token.
 */
export interface StoredSession {
  token: string;
  user: SessionUser;
  /** The permission-hash check value the server handed out with this user (parts 6 and 8). */
  permissionHash: string;
  expiresAt: string | null;
  mfaRequired: boolean;
  mfaValidated: boolean;
  impersonating: boolean;
  originalUser: SessionUser | null;
  /** The server says the impersonating user is privileged (part 6): every method is allowed. */
  originalUserMayUseAllMethods: boolean;
  isStudioUser: boolean;
  isSubStudioUser: boolean;
  isDirectToSchool: boolean;
  immediateAccounts: SessionState['immediateAccounts'];
  redirectLocation: string | null;
}

export const TOKEN_STORAGE_KEY = 'colophon.idToken';
export const SESSION_STORAGE_KEY = 'colophon.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: StoredSession | null = null;

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function read(): StoredSession | null {
  const token = readStorage(TOKEN_STORAGE_KEY);
  const raw = readStorage(SESSION_STORAGE_KEY);
  const cacheKey = token === null || raw === null ? null : `${token}\n${raw}`;
  if (cacheKey === cachedRaw) return cachedSession;
  cachedRaw = cacheKey;
  cachedSession = null;
  if (token && raw) {
    try {
      const parsed = JSON.parse(raw) as Omit<StoredSession, 'token'>;
      if (parsed && typeof parsed === 'object' && parsed.user) cachedSession = { ...parsed, token };
    } catch {
      cachedSession = null;
    }
  }
  return cachedSession;
}

function write(session: StoredSession | null): void {
  if (session) {
    const { token, ...rest } = session;
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(rest));
  } else {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(SESSION_STORAGE_KEY);
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === SESSION_STORAGE_KEY || event.key === null) {
      for (const listener of listeners) listener();
    }
  });
}

/** What the API answers at sign-in, impersonation or its end: a token, a user and their hash. */
export interface IssuedIdentity {
  token: string;
  user: SessionUser;
  permissionHash: string;
  mfaRequired?: boolean;
}

export const sessionStore = {
  get: read,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A fresh identity (sign-in, impersonation): the rest of the state comes with the next /auth/me. */
  start(identity: IssuedIdentity, extra: Partial<StoredSession> = {}): StoredSession {
    const session: StoredSession = {
      token: identity.token,
      user: identity.user,
      permissionHash: identity.permissionHash,
      expiresAt: null,
      mfaRequired: identity.mfaRequired ?? false,
      mfaValidated: false,
      impersonating: false,
      originalUser: null,
      originalUserMayUseAllMethods: false,
      isStudioUser: false,
      isSubStudioUser: false,
      isDirectToSchool: false,
      immediateAccounts: [],
      redirectLocation: null,
      ...extra,
    };
    write(session);
    return session;
  },
  /** Merge the server's session state into the stored copy. */
  applyState(state: SessionState): StoredSession | null {
    const current = read();
    if (!current) return null;
    const next: StoredSession = {
      token: current.token,
      user: state.user,
      permissionHash: state.permissionHash,
      expiresAt: state.expiresAt,
      mfaRequired: state.mfaRequired,
      mfaValidated: state.mfaValidated,
      impersonating: state.impersonating,
      originalUser: state.originalUser,
      originalUserMayUseAllMethods: state.originalUserMayUseAllMethods,
      isStudioUser: state.isStudioUser,
      isSubStudioUser: state.isSubStudioUser,
      isDirectToSchool: state.isDirectToSchool,
      immediateAccounts: state.immediateAccounts,
      redirectLocation: state.redirectLocation,
    };
    write(next);
    return next;
  },
  update(patch: Partial<Omit<StoredSession, 'token'>>): void {
    const current = read();
    if (current) write({ ...current, ...patch });
  },
  clear(): void {
    write(null);
  },
};

/** Part 5: a session is valid only if an identity token exists and has not expired. */
export function hasValidSession(session: StoredSession | null = read()): session is StoredSession {
  return isSessionValid(session);
}

/** Whether the second factor still has to be given before the admin area opens. */
export function needsMfa(session: StoredSession | null): boolean {
  return Boolean(session?.mfaRequired && !session.mfaValidated);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(sessionStore.subscribe, read, () => null);
}

export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}
