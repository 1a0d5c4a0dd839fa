import { accounts, mfaCodes, outboxEmails, users } from '@colophon/db';
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signIn(email: string) {
  const response = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { token: string; user: { id: number }; mfaRequired: boolean };
}

const sendCode = (session: { token: string; user: { id: number } }, method: 'email' | 'totp' = 'email') =>
  t.call({
    method: 'POST',
    url: '/api/users/mfa/send_code',
    as: session.token,
    payload: { user_id: session.user.id, token: session.token, method },
  });

const validate = (session: { token: string; user: { id: number } }, code: string) =>
  t.call({
    method: 'POST',
    url: '/api/users/mfa/validate_code',
    as: session.token,
    payload: { user_id: session.user.id, token: session.token, code },
  });

async function codeFromOutbox(address: string) {
  const [email] = await t.handle.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, address))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  const code = /code is (\d{6})/.exec(email?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('multi-factor sign-in', () => {
  it('opens nothing but the MFA calls until the code is validated', async () => {
    const session = await signIn('mfa@colophon.test');
    expect(session.mfaRequired).toBe(true);
    const refused = await t.call({ method: 'GET', url: '/api/accounts', as: session.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('mfa_required');
    const me = await t.call({ method: 'GET', url: '/api/auth/me', as: session.token });
    expect(me.json()).toMatchObject({ mfaRequired: true, mfaValidated: false });

    const sent = await sendCode(session);
    expect(sent.json()).toEqual({ method: 'email', sentTo: 'mfa@colophon.test' });
    const code = await codeFromOutbox('mfa@colophon.test');
    const validated = await validate(session, code);
    expect(validated.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/accounts', as: session.token })).statusCode).toBe(200);
  });

  it('takes a code once only', async () => {
    const session = await signIn('mfa@colophon.test');
    await sendCode(session);
    const code = await codeFromOutbox('mfa@colophon.test');
    expect((await validate(session, code)).statusCode).toBe(200);
    const again = await validate(session, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ path: 'code', message: 'Ask for a code first.' });
  });

  it('counts down the tries and refuses after five', async () => {
    const session = await signIn('mfa@colophon.test');
    await sendCode(session);
    const code = await codeFromOutbox('mfa@colophon.test');
    const first = await validate(session, wrongCodeFor(code));
    expect(first.statusCode).toBe(400);
    expect(first.json().errors[0].message).toBe('That code is not right. 4 tries left.');
    for (let attempt = 2; attempt <= 5; attempt++) await validate(session, wrongCodeFor(code));
    const sixth = await validate(session, code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe('Too many wrong codes. Ask for a new one.');
  });

  it('refuses an expired code with 410', async () => {
    const session = await signIn('mfa@colophon.test');
    await sendCode(session);
    const code = await codeFromOutbox('mfa@colophon.test');
    await t.handle.db
      .update(mfaCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaCodes.userId, session.user.id));
    const response = await validate(session, code);
    expect(response.statusCode).toBe(410);
  });

  it('refuses a body naming another user or token', async () => {
    const session = await signIn('mfa@colophon.test');
    const response = await t.call({
      method: 'POST',
      url: '/api/users/mfa/send_code',
      as: session.token,
      payload: { user_id: session.user.id + 1, token: session.token, method: 'email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('user_id');
  });

  it('is required by an account for all of its users', async () => {
    const [hillcrest] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Hillcrest High School'));
    const [staff] = await t.handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, `jordan.nguyen.${hillcrest!.code.toLowerCase()}.0@schools.colophon.test`));
    const candidates = staff ? [staff.email] : [];
    // The demo's generated names vary by school; find any Hillcrest user instead when needed.
    const hillcrestUsers = await t.call({
      method: 'GET',
      url: `/api/users?accountId=${hillcrest!.id}&isActive=true`,
      as: 'super@colophon.test',
    });
    const email = candidates[0] ?? hillcrestUsers.json().data[0].email;
    const session = await signIn(email);
    expect(session.mfaRequired).toBe(true);
  });

  it('sets up an authenticator app and signs in with it', async () => {
    const session = await signIn('mfa@colophon.test');
    await sendCode(session);
    await validate(session, await codeFromOutbox('mfa@colophon.test'));
    const setup = await t.call({ method: 'POST', url: '/api/users/mfa/totp/setup', as: session.token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(otpauthUrl).toContain('otpauth://totp/');
    const wrong = await t.call({
      method: 'POST',
      url: '/api/users/mfa/totp/enable',
      as: session.token,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const enabled = await t.call({
      method: 'POST',
      url: '/api/users/mfa/totp/enable',
      as: session.token,
      payload: { code: await generate({ secret }) },
    });
    expect(enabled.statusCode).toBe(204);

    const next = await signIn('mfa@colophon.test');
    expect((await sendCode(next, 'totp')).json()).toEqual({ method: 'totp', sentTo: null });
    expect((await validate(next, await generate({ secret }))).statusCode).toBe(200);
  });

  it('refuses the authenticator method to a user who has not set it up', async () => {
    const session = await signIn('direct@colophon.test');
    const response = await sendCode(session, 'totp');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('method');
  });
});
