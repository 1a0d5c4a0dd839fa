import { createDb, sessions, users } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type AuthChange, SessionCache } from '../src/modules/auth/session-cache';
import { invalidateUserTokens } from '../src/modules/auth/sessions';
import { createServices } from '../src/services';
import { createTestApp, DEMO_PASSWORD, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A sign-in of its own, so ending it leaves other tests alone. */
const signIn = async (email: string, app: FastifyInstance = t.app) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; user: { id: number } }>();
};
const me = (token: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** Polls until `check` holds (a change notice from another process arrives in milliseconds). */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the per-process session cache', () => {
  it('remembers a resolved session, and forgets it on logout before the next request', async () => {
    const { token } = await signIn(OWNER);
    expect((await me(token)).statusCode).toBe(200);
    expect(t.app.services.sessionCache.lookup(sessionIdOf(token))).toBeDefined();
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', as: token })).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("refuses a remembered session on the very next request once the user's token version moves", async () => {
    const { token, user } = await signIn(OWNER);
    expect((await me(token)).statusCode).toBe(200);
    await invalidateUserTokens(t.app.services, user.id);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a remembered session on the very next request once the user is deactivated', async () => {
    const { token, user } = await signIn('treasurer@colophon.test');
    expect((await me(token)).statusCode).toBe(200);
    const deactivated = await t.call({ method: 'DELETE', url: `/api/users/${user.id}`, as: SUPER });
    expect(deactivated.statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('hears of a change made in the database behind its back', async () => {
    const { token } = await signIn(OWNER);
    expect((await me(token)).statusCode).toBe(200);
    await t.handle.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionIdOf(token)));
    // PGlite tells before the update returns; PostgreSQL within the notice's delivery.
    await waitFor(async () => (await me(token)).statusCode === 401);
  });

  it.runIf(process.env.COLOPHON_TEST_DB === 'postgres')(
    'tells another API process on the same PostgreSQL database (LISTEN/NOTIFY)',
    async () => {
      const handle = createDb({ databaseUrl: t.databaseUrl, poolSize: 2 });
      const other = await buildApp({ services: await createServices(t.config, handle), logger: false });
      try {
        await other.ready();
        // Three sessions the other process has resolved and remembers.
        const loggedOut = await signIn(OWNER);
        const bumped = await signIn(OWNER);
        const deactivated = await signIn('salesrep@colophon.test');
        for (const { token } of [loggedOut, bumped, deactivated]) {
          expect((await me(token, other)).statusCode).toBe(200);
          expect(other.services.sessionCache.lookup(sessionIdOf(token))).toBeDefined();
        }
        // Logout in this process.
        expect((await t.call({ method: 'POST', url: '/api/auth/logout', as: loggedOut.token })).statusCode).toBe(204);
        await waitFor(async () => (await me(loggedOut.token, other)).statusCode === 401);
        // Token version bumped by this process.
        await invalidateUserTokens(t.app.services, bumped.user.id);
        await waitFor(async () => (await me(bumped.token, other)).statusCode === 401);
        // Deactivated in the database.
        await t.handle.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));
        await waitFor(async () => (await me(deactivated.token, other)).statusCode === 401);
      } finally {
        await other.close();
        await handle.close();
      }
    },
  );
});

describe('SessionCache.onForget', () => {
  it('tells its listeners of every forgotten session or user, not of a clear, until they stop listening', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const heard: AuthChange[] = [];
    const stop = cache.onForget((change) => heard.push(change));
    cache.forget({ sessionIds: ['a'] });
    cache.forget({ userIds: [7] });
    cache.forget({});
    cache.clear();
    expect(heard).toEqual([{ sessionIds: ['a'] }, { userIds: [7] }]);
    stop();
    cache.forget({ sessionIds: ['b'] });
    expect(heard).toHaveLength(2);
  });
});
