import { auditLog, sessions, userAccounts, users } from '@colophon/db';
import { INVALID_METHOD_MESSAGE } from '@colophon/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateUserTokens } from '../src/modules/auth/sessions';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
let adviserId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [adviser] = await t.handle.db.select().from(users).where(eq(users.email, ADVISER));
  adviserId = adviser!.id;
});
afterAll(async () => t.close());

const impersonate = async (userId: number, as = SUPER) =>
  t.call({ method: 'POST', url: '/api/auth/impersonate', as, payload: { userId } });

describe('impersonation', () => {
  it('lets a super administrator act as a user, and says so in the session', async () => {
    const response = await impersonate(adviserId);
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(user.email).toBe(ADVISER);
    const me = (await t.call({ method: 'GET', url: '/api/auth/me', as: token })).json();
    expect(me).toMatchObject({ impersonating: true, originalUser: { email: SUPER }, user: { email: ADVISER } });
    // Acting as the adviser, the super admin sees only the adviser's world.
    expect((await t.call({ method: 'GET', url: '/api/manufacturers', as: token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/audit_log', as: token })).statusCode).toBe(403);
  });

  it('allows only GET and POST while impersonating, before any other rule', async () => {
    const { token } = (await impersonate(adviserId)).json();
    const response = await t.call({
      method: 'PUT',
      url: `/api/users/${adviserId}`,
      as: token,
      payload: { firstName: 'X' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(INVALID_METHOD_MESSAGE);
    const deleteResponse = await t.call({ method: 'DELETE', url: '/api/user_accounts/999999', as: token });
    expect(deleteResponse.json().detail).toBe(INVALID_METHOD_MESSAGE);
  });

  it('allows every method when the original user is one of the privileged ids', async () => {
    const [superUser] = await t.handle.db.select().from(users).where(eq(users.email, SUPER));
    const privileged = await (await import('./harness')).createTestApp({ privilegedUserIds: [superUser!.id] });
    try {
      const { token } = (
        await privileged.call({
          method: 'POST',
          url: '/api/auth/impersonate',
          as: SUPER,
          payload: { userId: adviserId },
        })
      ).json();
      const response = await privileged.call({
        method: 'PUT',
        url: '/api/profile',
        as: token,
        payload: { firstName: 'Avery' },
      });
      expect(response.statusCode).toBe(200);
      const [entry] = await privileged.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({
        action: 'PUT',
        resource: 'profile',
        actorUserId: superUser!.id,
        asUserId: adviserId,
      });
    } finally {
      await privileged.close();
    }
  });

  it('ends by restoring the original user with the multi-factor requirement cleared', async () => {
    const { token } = (await impersonate(adviserId)).json();
    const ended = await t.call({ method: 'POST', url: '/api/auth/impersonate/end', as: token });
    expect(ended.statusCode).toBe(200);
    const body = ended.json();
    expect(body).toMatchObject({ outcome: 'restored', user: { email: SUPER } });
    const me = (await t.call({ method: 'GET', url: '/api/auth/me', as: body.token })).json();
    expect(me).toMatchObject({ impersonating: false, mfaRequired: false, user: { email: SUPER } });
    expect((await t.call({ method: 'GET', url: '/api/auth/me', as: token })).statusCode).toBe(401);
  });

  it('signs out at the end when the restored user has no accounts', async () => {
    const [superUser] = await t.handle.db.select().from(users).where(eq(users.email, SUPER));
    // A session of its own: signing out ends it, and the other tests keep theirs.
    const fresh = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: SUPER, password: 'colophon-demo' },
    });
    const { token } = (await impersonate(adviserId, fresh.json().token)).json();
    const links = await t.handle.db.select().from(userAccounts).where(eq(userAccounts.userId, superUser!.id));
    await t.handle.db.delete(userAccounts).where(eq(userAccounts.userId, superUser!.id));
    const ended = await t.call({ method: 'POST', url: '/api/auth/impersonate/end', as: token });
    expect(ended.json()).toEqual({ outcome: 'signedOut' });
    await t.handle.db.insert(userAccounts).values(links.map(({ userId, accountId }) => ({ userId, accountId })));
    expect((await t.call({ method: 'GET', url: '/api/auth/me', as: fresh.json().token })).statusCode).toBe(401);
  });

  it('is refused to anyone but a super administrator', async () => {
    const response = await impersonate(adviserId, OWNER);
    expect(response.statusCode).toBe(403);
  });

  it('refuses to impersonate a super administrator, oneself, or nobody', async () => {
    const [superUser] = await t.handle.db.select().from(users).where(eq(users.email, SUPER));
    expect((await impersonate(superUser!.id)).json().errors[0].path).toBe('userId');
    expect((await impersonate(987654)).statusCode).toBe(404);
  });

  describe('bound to the session it started from', () => {
    /** A super-admin session of its own, so ending it leaves the other tests' sessions alone. */
    const freshSuperSession = async () => {
      const response = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: SUPER, password: 'colophon-demo' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ token: string }>().token;
    };
    const sessionIdOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

    it('ends when the super administrator logs out, and cannot be turned into a new super-admin token', async () => {
      const superToken = await freshSuperSession();
      const { token } = (await impersonate(adviserId, superToken)).json();
      expect((await t.call({ method: 'GET', url: '/api/auth/me', as: token })).statusCode).toBe(200);
      expect((await t.call({ method: 'POST', url: '/api/auth/logout', as: superToken })).statusCode).toBe(204);
      expect((await t.call({ method: 'GET', url: '/api/auth/me', as: token })).statusCode).toBe(401);
      const ended = await t.call({ method: 'POST', url: '/api/auth/impersonate/end', as: token });
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).not.toHaveProperty('token');
      const [impersonation] = await t.handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(token)));
      expect(impersonation?.revokedAt).not.toBeNull();
    });

    it('signs out at the end, without a new token, when the original session no longer holds', async () => {
      const superToken = await freshSuperSession();
      const { token } = (await impersonate(adviserId, superToken)).json();
      // The original session expired meanwhile (a revocation outside logout works the same way).
      await t.handle.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, sessionIdOf(superToken)));
      const ended = await t.call({ method: 'POST', url: '/api/auth/impersonate/end', as: token });
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).not.toHaveProperty('token');
      expect((await t.call({ method: 'GET', url: '/api/auth/me', as: token })).statusCode).toBe(401);
    });

    it("stops working when the super administrator's tokens are invalidated", async () => {
      const superToken = await freshSuperSession();
      const { token } = (await impersonate(adviserId, superToken)).json();
      const [superUser] = await t.handle.db.select().from(users).where(eq(users.email, SUPER));
      await invalidateUserTokens(t.app.services, superUser!.id);
      try {
        expect((await t.call({ method: 'GET', url: '/api/auth/me', as: token })).statusCode).toBe(401);
        expect((await t.call({ method: 'POST', url: '/api/auth/impersonate/end', as: token })).statusCode).toBe(401);
      } finally {
        await t.handle.db
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} - 1` })
          .where(eq(users.email, SUPER));
        // The other tests' super-admin token holds again: nothing remembered may say otherwise.
        t.app.services.sessionCache.clear();
      }
    });

    it("never outlives the original session's expiry", async () => {
      const superToken = await freshSuperSession();
      const soon = new Date(Date.now() + 60_000);
      await t.handle.db
        .update(sessions)
        .set({ expiresAt: soon })
        .where(eq(sessions.id, sessionIdOf(superToken)));
      const { token } = (await impersonate(adviserId, superToken)).json();
      const [impersonation] = await t.handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(token)));
      expect(impersonation!.expiresAt.getTime()).toBeLessThanOrEqual(soon.getTime());
    });
  });

  it('refuses to nest impersonations', async () => {
    const { token } = (await impersonate(adviserId)).json();
    const nested = await t.call({
      method: 'POST',
      url: '/api/auth/impersonate',
      as: token,
      payload: { userId: adviserId },
    });
    expect(nested.statusCode).toBe(403);
  });
});
