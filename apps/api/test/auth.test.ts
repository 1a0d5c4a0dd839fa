import { outboxEmails, signInAttempts, users } from '@colophon/db';
import { permissionHash } from '@colophon/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DEMO_PASSWORD, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (email: string, password = DEMO_PASSWORD, ip = '10.0.0.1') =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in', () => {
  it('returns a token, the session user and the permission hash', async () => {
    const response = await login(OWNER);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.mfaRequired).toBe(false);
    expect(body.user).toMatchObject({ email: OWNER, role: 8, timezone: 'CST' });
    expect(body.user.userPermission.permissions).toContain('orders.place');
    expect(body.permissionHash).toBe(permissionHash(body.user.id, body.user.userPermission));
    expect(response.headers['x-dashboard-version']).toBe('1.147.0');
  });

  it('accepts the e-mail in any case', async () => {
    expect((await login('Owner@Colophon.TEST')).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const response = await login(OWNER, 'not-the-password', '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, detail: 'The e-mail or password is not right.' });
  });

  it('refuses an unknown e-mail exactly like a wrong password', async () => {
    const response = await login('nobody@colophon.test', 'whatever-it-is', '10.0.0.3');
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('The e-mail or password is not right.');
  });

  // The waits, known devices and the owner's alert: sign-in-protection.test.ts.
  it('slows an account down after three failures instead of locking it', async () => {
    for (let attempt = 0; attempt < 5; attempt++)
      await login('treasurer@colophon.test', 'wrong-password', `10.1.0.${attempt}`);
    const response = await login('treasurer@colophon.test', DEMO_PASSWORD, '10.1.0.99');
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(1);
    expect(response.json().detail).toContain('Sign-ins to this account are slowed down');
  });

  it('throttles an address after twenty failures in fifteen minutes', async () => {
    for (let attempt = 0; attempt < 20; attempt++)
      await login(`guess${attempt}@colophon.test`, 'wrong-password', '10.2.0.1');
    const response = await login(ADVISER, DEMO_PASSWORD, '10.2.0.1');
    expect(response.statusCode).toBe(429);
    expect(response.json().detail).toContain('from your network');
    const recorded = await t.handle.db.select().from(signInAttempts).where(eq(signInAttempts.ip, '10.2.0.1'));
    expect(recorded.length).toBe(20);
  });

  it('refuses a deactivated user', async () => {
    await t.handle.db.update(users).set({ isActive: false }).where(eq(users.email, 'contact@colophon.test'));
    const response = await login('contact@colophon.test', DEMO_PASSWORD, '10.3.0.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toContain('deactivated');
    await t.handle.db.update(users).set({ isActive: true }).where(eq(users.email, 'contact@colophon.test'));
  });
});

describe('the session', () => {
  it('GET /api/auth/me returns the session state', async () => {
    const response = await t.call({ method: 'GET', url: '/api/auth/me', as: OWNER });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isStudioUser: true, impersonating: false, originalUser: null });
  });

  it('logout revokes the token', async () => {
    const token = (await login(ADVISER, DEMO_PASSWORD, '10.4.0.1')).json().token as string;
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', as: token })).statusCode).toBe(204);
    const after = await t.call({ method: 'GET', url: '/api/auth/me', as: token });
    expect(after.statusCode).toBe(401);
  });

  it('changing a user’s permissions ends that user’s sessions', async () => {
    const volunteerToken = (await login('volunteer@colophon.test', DEMO_PASSWORD, '10.4.0.2')).json().token as string;
    const volunteer = (await t.call({ method: 'GET', url: '/api/auth/me', as: volunteerToken })).json().user;
    const change = await t.call({
      method: 'PUT',
      url: `/api/users/${volunteer.id}/user_permissions`,
      as: SUPER,
      payload: { role: 6, bSuperAdmin: false, mfaRequired: false },
    });
    expect(change.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', as: volunteerToken })).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  const latestEmailTo = async (address: string) => {
    const [email] = await t.handle.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, address))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    return email;
  };

  it('resets a forgotten password through the e-mailed link, once', async () => {
    const forgot = await t.call({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: 'salesmanager@colophon.test' },
    });
    expect(forgot.statusCode).toBe(202);
    const email = await latestEmailTo('salesmanager@colophon.test');
    const token = /token=([\w-]+)/.exec(email?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await t.call({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await login('salesmanager@colophon.test', 'a-brand-new-password', '10.5.0.1')).statusCode).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'another-new-password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ path: 'token' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: 'ghost@colophon.test' },
    });
    expect(response.statusCode).toBe(202);
    expect(await latestEmailTo('ghost@colophon.test')).toBeUndefined();
  });

  it('refuses a short new password naming the field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/password/change',
      as: OWNER,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ path: 'newPassword', message: 'Use at least 10 characters' });
  });

  it('forces a new password at first sign-in before anything else opens', async () => {
    const token = (await login('newadviser@colophon.test', DEMO_PASSWORD, '10.6.0.1')).json().token as string;
    const me = await t.call({ method: 'GET', url: '/api/auth/me', as: token });
    expect(me.json()).toMatchObject({ redirectLocation: '/new-password' });
    const refused = await t.call({ method: 'GET', url: '/api/accounts', as: token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('password_change_required');
    const wrongCurrent = await t.call({
      method: 'POST',
      url: '/api/auth/password/change',
      as: token,
      payload: { currentPassword: 'not-it-at-all', newPassword: 'my-own-password-1' },
    });
    expect(wrongCurrent.json().errors[0].path).toBe('currentPassword');
    const changed = await t.call({
      method: 'POST',
      url: '/api/auth/password/change',
      as: token,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'my-own-password-1' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: '/api/accounts', as: token })).statusCode).toBe(200);
  });
});

describe('session data', () => {
  it('tells a studio owner apart from a sub-studio contact and a direct-to-school adviser', async () => {
    const state = async (email: string) => {
      const me = (await t.call({ method: 'GET', url: '/api/auth/me', as: email })).json();
      const response = await t.call({ method: 'GET', url: `/api/users/${me.user.id}/user_session_data`, as: email });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await state(OWNER)).toMatchObject({ isStudioUser: true, isSubStudioUser: false, isDirectToSchool: false });
    expect(await state('studioadmin@colophon.test')).toMatchObject({ isStudioUser: true, isSubStudioUser: false });
    expect(await state('direct@colophon.test')).toMatchObject({ isStudioUser: false, isDirectToSchool: true });
    const adviser = await state(ADVISER);
    expect(adviser).toMatchObject({ isStudioUser: false, isDirectToSchool: false, mfaRequired: false });
    expect(adviser.immediateAccounts[0]).toMatchObject({ name: 'Lincoln High School', depth: 2 });
  });

  it('answers 404 for another user’s session data', async () => {
    const response = await t.call({ method: 'GET', url: '/api/users/1/user_session_data', as: ADVISER });
    expect(response.statusCode).toBe(404);
  });
});
