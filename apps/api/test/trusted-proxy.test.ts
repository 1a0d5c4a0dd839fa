import { auditLog, signInAttempts } from '@colophon/db';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_HEADER } from '../src/plugins/transport-security';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness';

/** Behind a configured reverse proxy (TRUSTED_PROXIES=127.0.0.1, inject's own address). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustedProxies: ['127.0.0.1'] });
});
afterAll(async () => t.close());

const login = (email: string, password: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers, remoteAddress });

describe('a trusted proxy', () => {
  it('names the client: failures count by X-Forwarded-For', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await login(`spray${attempt}@colophon.test`, 'wrong-password', {
        'x-forwarded-for': `198.51.100.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const recorded = await t.handle.db
      .select({ ip: signInAttempts.ip })
      .from(signInAttempts)
      .where(like(signInAttempts.ip, '198.51.100.%'));
    expect(new Set(recorded.map((row) => row.ip)).size).toBe(30);
  });

  it('is believed only from its own address', async () => {
    await login('spray-other@colophon.test', 'wrong-password', { 'x-forwarded-for': '198.51.100.200' }, '10.30.0.9');
    const [latest] = await t.handle.db.select().from(signInAttempts).orderBy(desc(signInAttempts.id)).limit(1);
    expect(latest?.ip).toBe('10.30.0.9');
  });

  it('writes the forwarded client address in the audit log', async () => {
    const response = await login('owner@colophon.test', DEMO_PASSWORD, { 'x-forwarded-for': '203.0.113.7' });
    expect(response.statusCode).toBe(200);
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'auth/login'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.ip).toBe('203.0.113.7');
  });

  it('says the request came over HTTPS: HSTS and a Secure device cookie', async () => {
    const https = await login('adviser@colophon.test', DEMO_PASSWORD, {
      'x-forwarded-for': '203.0.113.8',
      'x-forwarded-proto': 'https',
    });
    expect(https.headers['strict-transport-security']).toBe(HSTS_HEADER);
    expect(String(https.headers['set-cookie'])).toMatch(/^colophon_device=.*; Secure$/);
    const plain = await t.call({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
