import { accounts, sessions, userAccounts, users } from '@colophon/db';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AuthContext, Services, UserRow } from '../../context';
import { signIdentityToken, verifyIdentityToken } from './tokens';

export interface NewSession {
  userId: number;
  tokenVersion: number;
  mfaRequired: boolean;
  originalUserId?: number | null;
  originalSessionId?: string | null;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export async function openSession(
  services: Services,
  session: NewSession,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + services.config.tokenTtlHours * 3_600_000);
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

/** Resolves a bearer token to its caller, or null when the token, its session or its user no longer holds. */
export async function resolveSession(services: Services, token: string): Promise<AuthContext | null> {
  const claims = await verifyIdentityToken(services.tokenSecret, token);
  if (!claims) return null;
  const [session] = await services.db.select().from(sessions).where(eq(sessions.id, claims.sid)).limit(1);
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return null;
  const ids = session.originalUserId ? [session.userId, session.originalUserId] : [session.userId];
  const found = await services.db.select().from(users).where(inArray(users.id, ids));
  const user = found.find((candidate) => candidate.id === session.userId);
  if (!user?.isActive || user.tokenVersion !== session.tokenVersion || String(user.id) !== claims.sub) {
    return null;
  }
  const originalUser = session.originalUserId
    ? (found.find((candidate) => candidate.id === session.originalUserId) ?? null)
    : null;
  if (session.originalUserId && (!originalUser?.isActive || !originalUser.bSuperAdmin)) return null;
  return {
    sessionId: session.id,
    user,
    originalUser,
    mfaRequired: session.mfaRequired,
    mfaValidated: session.mfaValidated,
    expiresAt: session.expiresAt,
  };
}

export async function revokeSession(services: Services, sessionId: string): Promise<void> {
  await services.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every token of the user stops working (permissions changed, deactivated, password reset). */
export async function invalidateUserTokens(services: Services, userId: number): Promise<void> {
  await services.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
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
