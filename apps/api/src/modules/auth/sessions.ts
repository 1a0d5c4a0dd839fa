import { accounts, rowsOf, sessions, userAccounts, users } from '@colophon/db';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthContext, Services, UserRow } from '../../context';
import type { SessionRecord, SessionRow } from './session-cache';
import { signIdentityToken, type TokenClaims, verifyIdentityToken } from './tokens';

export interface NewSession {
  userId: number;
  tokenVersion: number;
  mfaRequired: boolean;
  originalUserId?: number | null;
  originalSessionId?: string | null;
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The session ends no later than this (an impersonation ends with the session it came from). */
  notAfter?: Date;
}

export async function openSession(
  services: Services,
  session: NewSession,
): Promise<{ token: string; expiresAt: Date }> {
  const fullTerm = new Date(Date.now() + services.config.tokenTtlHours * 3_600_000);
  const expiresAt = session.notAfter && session.notAfter < fullTerm ? session.notAfter : fullTerm;
  const [row] = await services.db
    .insert(sessions)
    .values({
      userId: session.userId,
      tokenVersion: session.tokenVersion,
      mfaRequired: session.mfaRequired,
      mfaValidated: false,
      originalUserId: session.originalUserId ?? null,
      originalSessionId: session.originalSessionId ?? null,
      ip: session.ip ?? null,
      userAgent: session.userAgent ?? null,
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('Session insert returned nothing');
  const token = await signIdentityToken(
    services.tokenSecret,
    { sid: row.id, sub: String(session.userId), ver: session.tokenVersion },
    expiresAt,
  );
  return { token, expiresAt };
}

const originalSessions = alias(sessions, 'original_sessions');
const originalUsers = alias(users, 'original_users');

/** The session row with its user and, for an impersonation, its original session and user: one query. */
async function readSessionRecord(services: Services, sessionId: string): Promise<SessionRecord | null> {
  const [row] = await services.db
    .select({ session: sessions, user: users, originalSession: originalSessions, originalUser: originalUsers })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(originalSessions, eq(originalSessions.id, sessions.originalSessionId))
    .leftJoin(originalUsers, eq(originalUsers.id, sessions.originalUserId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

const isLive = (session: SessionRow, now: number) => !session.revokedAt && session.expiresAt.getTime() > now;

/**
 * Whether a session still holds: not revoked or expired, its user active at the token version it was
 * opened with. An impersonation holds only while the super administrator's own session does.
 */
export function sessionHolds(record: SessionRecord, now: number): boolean {
  const { session, user, originalSession, originalUser } = record;
  if (!isLive(session, now) || !user.isActive || user.tokenVersion !== session.tokenVersion) return false;
  if (!session.originalUserId) return true;
  return Boolean(
    originalUser?.isActive &&
      originalUser.bSuperAdmin &&
      originalSession &&
      originalSession.userId === originalUser.id &&
      isLive(originalSession, now) &&
      originalSession.tokenVersion === originalUser.tokenVersion,
  );
}

function authContextOf(record: SessionRecord, claims: Pick<TokenClaims, 'sub'>, now: number): AuthContext | null {
  if (String(record.user.id) !== claims.sub || !sessionHolds(record, now)) return null;
  return {
    sessionId: record.session.id,
    user: record.user,
    originalUser: record.session.originalUserId ? record.originalUser : null,
    mfaRequired: record.session.mfaRequired,
    mfaValidated: record.session.mfaValidated,
    expiresAt: record.session.expiresAt,
  };
}

/**
 * Resolves a bearer token to its caller, or null when the token, its session or its user no longer
 * holds. The session is read from this process's cache when it can be (no query), else with one query.
 */
export async function resolveSession(services: Services, token: string): Promise<AuthContext | null> {
  const claims = await verifyIdentityToken(services.tokenSecret, token);
  if (!claims) return null;
  const now = Date.now();
  const cached = services.sessionCache.lookup(claims.sid);
  if (cached) return authContextOf(cached, claims, now);
  const generation = services.sessionCache.generation();
  const record = await readSessionRecord(services, claims.sid);
  if (!record) return null;
  // Ended sessions are remembered too: a revoked token costs no query either.
  services.sessionCache.remember(claims.sid, record, generation);
  return authContextOf(record, claims, now);
}

/**
 * The caller of a session opened earlier (a live event stream's), as this process remembers it now:
 * null when the session no longer holds, undefined when nothing is remembered (then `readCaller`).
 * No query and no token check: the token was verified when the stream opened.
 */
export function rememberedCaller(
  services: Services,
  sessionId: string,
  userId: number,
): AuthContext | null | undefined {
  const cached = services.sessionCache.lookup(sessionId);
  return cached ? authContextOf(cached, { sub: String(userId) }, Date.now()) : undefined;
}

/** As `rememberedCaller`, reading the session (one query, remembered) when the cache has forgotten it. */
export async function readCaller(services: Services, sessionId: string, userId: number): Promise<AuthContext | null> {
  const remembered = rememberedCaller(services, sessionId, userId);
  if (remembered !== undefined) return remembered;
  const generation = services.sessionCache.generation();
  const record = await readSessionRecord(services, sessionId);
  if (!record) return null;
  services.sessionCache.remember(sessionId, record, generation);
  return authContextOf(record, { sub: String(userId) }, Date.now());
}

/** Reads a session afresh (not from the cache), for decisions such as restoring it. */
export async function freshSessionRecord(services: Services, sessionId: string): Promise<SessionRecord | null> {
  return readSessionRecord(services, sessionId);
}

/**
 * Ends a session and every impersonation started from it (an impersonation token must not outlive
 * the super administrator's own sign-in).
 */
export async function revokeSession(services: Services, sessionId: string): Promise<void> {
  const revoked = await rowsOf<{ id: string }>(
    services.db.execute(sql`
    with recursive chain as (
      select ${sessionId}::uuid as id
      union
      select ${sessions.id} from ${sessions} join chain on ${sessions.originalSessionId} = chain.id
    )
    update ${sessions} set revoked_at = now()
    where ${sessions.id} in (select id from chain) and ${sessions.revokedAt} is null
    returning ${sessions.id}`),
  );
  // The database tells every process too; this process forgets at once, before answering.
  services.sessionCache.forget({ sessionIds: [sessionId, ...revoked.map((row) => row.id)] });
}

/** Every token of the user stops working (permissions changed, deactivated, password reset). */
export async function invalidateUserTokens(services: Services, userId: number): Promise<void> {
  await services.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  services.sessionCache.forget({ userIds: [userId] });
}

/** Multi-factor is required by the user's own flag, or by any account linked to them or above them. */
export async function isMfaRequired(services: Services, user: UserRow): Promise<boolean> {
  if (user.mfaRequired) return true;
  const linked = services.db
    .select({ id: userAccounts.accountId })
    .from(userAccounts)
    .where(eq(userAccounts.userId, user.id));
  const parents = services.db
    .select({ id: accounts.parentAccountId })
    .from(accounts)
    .where(inArray(accounts.id, linked));
  const grandparents = services.db
    .select({ id: accounts.parentAccountId })
    .from(accounts)
    .where(inArray(accounts.id, parents));
  const [requiring] = await services.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.mfaRequired, true),
        or(inArray(accounts.id, linked), inArray(accounts.id, parents), inArray(accounts.id, grandparents)),
      ),
    )
    .limit(1);
  return requiring !== undefined;
}
