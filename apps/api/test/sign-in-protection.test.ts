import { auditLog, knownDevices, outboxEmails, signInAttempts, users } from '@colophon/db';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness';

/**
 * Sign-in guessing (issue 8, items 3 and 4): slow down rather than lock out, known devices, the owner's
 * alert, and client addresses that X-Forwarded-For cannot forge without a trusted proxy. The clock is
 * moved instead of waiting.
 */
let t: TestApp;
let nowMs = Date.now();
const advance = (seconds: number) => {
  nowMs += seconds * 1000;
};

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock = { now: () => new Date(nowMs) };
});
afterAll(async () => t.close());

interface Attempt {
  ip?: string;
  cookie?: string | null;
  headers?: Record<string, string>;
}

const login = (email: string, password: string, { ip = '10.20.0.1', cookie, headers = {} }: Attempt = {}) =>
  t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { ...headers, cookie } : headers,
  });

/** `colophon_device=…` from a response's Set-Cookie, as the browser would send it back. */
function deviceCookieOf(response: LightMyRequestResponse): string | null {
  const header = response.headers['set-cookie'];
  const value = (Array.isArray(header) ? header : [header ?? '']).find((line) => line.startsWith('colophon_device='));
  return value ? (value.split(';')[0] ?? null) : null;
}

const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

describe('slowing down, not locking out', () => {
  it('asks for a wait that doubles after each failure, up to a minute, and never longer', async () => {
    const email = 'treasurer@colophon.test';
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await login(email, 'wrong-password', { ip: `10.21.0.${attempt}` })).statusCode).toBe(401);
    const waits: number[] = [];
    for (let attempt = 3; attempt < 11; attempt++) {
      // A distributed guesser: a new address each time, so only the per-account wait applies.
      const refused = await login(email, 'wrong-password', { ip: `10.21.0.${attempt}` });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toContain('slowed down');
      waits.push(retryAfter(refused));
      advance(retryAfter(refused));
      expect((await login(email, 'wrong-password', { ip: `10.21.0.${attempt}` })).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    const refused = await login(email, DEMO_PASSWORD, { ip: '10.21.1.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(
      'Sign-ins to this account are slowed down after failed attempts. Try again in 1 minute.',
    );
    // The right password a minute after the latest guess gets in: the account was never locked.
    advance(60);
    expect((await login(email, DEMO_PASSWORD, { ip: '10.21.1.1' })).statusCode).toBe(200);
  });

  it('refuses an attacker’s address for the window without keeping the owner out from another', async () => {
    const email = 'studioadmin@colophon.test';
    const attacker = '10.22.0.66';
    let failures = 0;
    while (failures < 10) {
      const response = await login(email, 'wrong-password', { ip: attacker });
      if (response.statusCode === 429) advance(retryAfter(response));
      else {
        expect(response.statusCode).toBe(401);
        failures += 1;
      }
    }
    const stopped = await login(email, 'wrong-password', { ip: attacker });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().detail).toContain('for this account from your network');
    expect(retryAfter(stopped)).toBeGreaterThan(10 * 60);
    // The attacker is out for the window; the owner elsewhere waits at most the minute of the slowdown.
    advance(60);
    expect((await login(email, DEMO_PASSWORD, { ip: '10.22.1.1' })).statusCode).toBe(200);
    expect((await login(email, DEMO_PASSWORD, { ip: attacker })).statusCode).toBe(429);
  });

  it('lets the owner in from a known device with the right password during an attack', async () => {
    const email = 'adviser@colophon.test';
    const first = await login(email, DEMO_PASSWORD, { ip: '10.23.1.1' });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie).toMatch(/^colophon_device=[\w-]{43}$/);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api');
    expect(setCookie).not.toContain('Secure');
    const [stored] = await t.handle.db.select().from(knownDevices).orderBy(desc(knownDevices.id)).limit(1);
    expect(stored?.tokenHash).not.toBe(cookie?.split('=')[1]);

    for (let attempt = 0; attempt < 8; attempt++) await login(email, 'wrong-password', { ip: `10.23.0.${attempt}` });
    // Anyone else, even with the right password, waits.
    expect((await login(email, DEMO_PASSWORD, { ip: '10.23.1.1' })).statusCode).toBe(429);
    const known = await login(email, DEMO_PASSWORD, { ip: '10.23.1.1', cookie });
    expect(known.statusCode).toBe(200);
    expect(deviceCookieOf(known)).toBe(cookie);
    // The cookie of another user's device does not count.
    const other = await login('salesrep@colophon.test', DEMO_PASSWORD, { ip: '10.23.2.1' });
    expect((await login(email, DEMO_PASSWORD, { ip: '10.23.1.1', cookie: deviceCookieOf(other) })).statusCode).toBe(
      429,
    );
  });

  it('stops trusting a device that tried a wrong password past the limit', async () => {
    const email = 'schooladmin@colophon.test';
    const cookie = deviceCookieOf(await login(email, DEMO_PASSWORD, { ip: '10.24.1.1' }));
    expect(cookie).not.toBeNull();
    for (let attempt = 0; attempt < 8; attempt++) await login(email, 'wrong-password', { ip: `10.24.0.${attempt}` });
    const guess = await login(email, 'another-guess', { ip: '10.24.1.1', cookie });
    expect(guess.statusCode).toBe(429);
    expect(String(guess.headers['set-cookie'])).toContain('colophon_device=; Path=/api; Max-Age=0');
    // A stolen cookie buys one guess: afterwards even the right password waits like anyone else.
    expect((await login(email, DEMO_PASSWORD, { ip: '10.24.1.1', cookie })).statusCode).toBe(429);
  });

  it('e-mails the owner once after repeated failures, with the addresses', async () => {
    const email = 'salesmanager@colophon.test';
    const alerts = () =>
      t.handle.db
        .select()
        .from(outboxEmails)
        .where(
          and(eq(outboxEmails.toAddress, email), eq(outboxEmails.subject, 'Failed sign-ins to your Colophon account')),
        );
    const failTimes = async (times: number, ip: string) => {
      for (let done = 0; done < times; ) {
        const response = await login(email, 'wrong-password', { ip });
        if (response.statusCode === 429) advance(retryAfter(response));
        else done += 1;
      }
    };
    await failTimes(4, '10.25.0.1');
    expect(await alerts()).toHaveLength(0);
    await failTimes(1, '10.25.0.2');
    const [alert] = await alerts();
    expect(alert?.text).toContain('There were 5 failed attempts to sign in');
    expect(alert?.text).toContain('10.25.0.1 (4 times)');
    expect(alert?.text).toContain('10.25.0.2 (1 time)');
    expect(alert?.text).toContain('/new-password');
    await failTimes(3, '10.25.0.3');
    expect(await alerts()).toHaveLength(1);
    // An hour on, a new wave is told again.
    advance(61 * 60);
    await failTimes(5, '10.25.0.4');
    expect(await alerts()).toHaveLength(2);
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
    expect(user?.failedSignInAlertAt?.getTime()).toBe(nowMs);
  });

  it('does not e-mail about an address that matches no user', async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      advance(60);
      await login('nobody-here@colophon.test', 'wrong-password', { ip: '10.26.0.1' });
    }
    const sent = await t.handle.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, 'nobody-here@colophon.test'));
    expect(sent).toHaveLength(0);
  });
});

describe('client addresses without a trusted proxy', () => {
  it('counts failures by the socket’s address whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await login(`spray${attempt}@colophon.test`, 'wrong-password', {
        ip: '10.27.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    const recorded = await t.handle.db.select().from(signInAttempts).where(eq(signInAttempts.ip, '10.27.0.1'));
    expect(recorded).toHaveLength(20);
  });

  it('writes the socket’s address in the audit log', async () => {
    const response = await login('direct@colophon.test', DEMO_PASSWORD, {
      ip: '10.28.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'auth/login'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.ip).toBe('10.28.0.1');
  });

  it('sends HSTS only over HTTPS, and a forged X-Forwarded-Proto is not HTTPS', async () => {
    const plain = await t.call({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
