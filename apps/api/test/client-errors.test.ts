import { auditLog, clientErrorReports, clientErrors, rateLimitCounters } from '@colophon/db';
import { CLIENT_ERROR_REPORTS_KEPT, rateLimits, rateLimitWindowOf } from '@colophon/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, SUPER, type TestApp } from './harness';

/*
 * Part 8's error reporting to the API (issue 15): POST /api/client_errors files reports in groups
 * (message with its numbers made alike, and the first stack frame), counts them, keeps the latest,
 * ignores console-only noise, refuses a body over 16 kB (413) and an address past its limit (429);
 * super administrators read the groups and their reports.
 */

let t: TestApp;
let nowMs = Date.parse('2031-11-03T09:00:00Z');

const stack = (fn: string) =>
  `TypeError: boom\n    at ${fn} (https://colophon.test/assets/index-abc.js:1:200)\n    at run (https://colophon.test/assets/index-abc.js:1:10)`;

const report = (ip: string, reports: object[], as?: string) =>
  t.call({ method: 'POST', url: '/api/client_errors', payload: { reports }, remoteAddress: ip, ...(as ? { as } : {}) });

async function groupOf(messageStart: string) {
  const rows = await t.handle.db.select().from(clientErrors).orderBy(desc(clientErrors.id));
  return rows.find((row) => row.message.startsWith(messageStart));
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock = { now: () => new Date(nowMs) };
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => {
  nowMs += 3_600_000;
});

describe('POST /api/client_errors', () => {
  it('groups reports by message (numbers alike) and first frame, with counts, first and last seen, the last user', async () => {
    const first = await report('10.7.0.1', [
      { message: 'Order 12 could not load', stack: stack('loadOrder'), url: 'https://colophon.test/admin/orders/12' },
    ]);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ stored: 1, ignored: 0 });
    const firstSeen = new Date(nowMs);
    nowMs += 60_000;
    const second = await report(
      '10.7.0.1',
      [
        {
          message: 'Order 9071 could not load',
          stack: stack('loadOrder'),
          url: 'https://colophon.test/admin/orders/9071',
          context: 'react.uncaught',
        },
        { message: 'Order 12 could not load', stack: stack('elsewhere') },
      ],
      OWNER,
    );
    expect(second.json()).toEqual({ stored: 2, ignored: 0 });

    const groups = await t.handle.db
      .select()
      .from(clientErrors)
      .where(eq(clientErrors.message, 'Order 12 could not load'));
    expect(groups).toHaveLength(2);
    const loadOrder = groups.find((group) => group.firstFrame.includes('loadOrder'));
    expect(loadOrder).toMatchObject({
      count: 2,
      firstSeenAt: firstSeen,
      lastSeenAt: new Date(nowMs),
      lastUrl: 'https://colophon.test/admin/orders/9071',
    });
    expect(loadOrder?.lastUserId).not.toBeNull();
    const reports = await t.handle.db
      .select()
      .from(clientErrorReports)
      .where(eq(clientErrorReports.groupId, loadOrder?.id ?? 0))
      .orderBy(desc(clientErrorReports.id));
    expect(reports.map((row) => [row.message, row.userEmail, row.context])).toEqual([
      ['Order 9071 could not load', OWNER, 'react.uncaught'],
      ['Order 12 could not load', null, null],
    ]);
  });

  it('ignores console-only noise (part 8) and stores the rest of the batch', async () => {
    const response = await report('10.7.0.2', [
      { message: "Cannot read properties of undefined (reading 'id')", stack: stack('a') },
      { message: "Failed to execute 'removeChild' on 'Node'", stack: stack('b') },
      { message: 'Chunk 7 failed', stack: stack('c') },
    ]);
    expect(response.json()).toEqual({ stored: 1, ignored: 2 });
    expect(await groupOf('Cannot read properties')).toBeUndefined();
    expect(await groupOf('Chunk 7 failed')).toBeDefined();
  });

  it(`keeps the latest ${CLIENT_ERROR_REPORTS_KEPT} reports of a group while the count goes on`, async () => {
    const many = Array.from({ length: 10 }, () => ({ message: 'Repeated fault', stack: stack('repeat') }));
    for (let batch = 0; batch < 3; batch += 1) {
      nowMs += 1000;
      expect((await report('10.7.0.3', many)).statusCode).toBe(202);
    }
    const group = await groupOf('Repeated fault');
    expect(group?.count).toBe(30);
    const kept = await t.handle.db
      .select({ id: clientErrorReports.id })
      .from(clientErrorReports)
      .where(eq(clientErrorReports.groupId, group?.id ?? 0));
    expect(kept).toHaveLength(CLIENT_ERROR_REPORTS_KEPT);
  });

  it('refuses a body over 16 kB with 413, a 10 MB one by its length, and stores nothing', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const huge = await t.call({
      method: 'POST',
      url: '/api/client_errors',
      headers: { 'content-type': 'application/json' },
      payload: `{"reports":[{"message":"${big}"}]}`,
      remoteAddress: '10.7.0.4',
    });
    expect(huge.statusCode, huge.body).toBe(413);
    const over = await report('10.7.0.4', [{ message: 'Big', stack: 'y'.repeat(17 * 1024) }]);
    expect(over.statusCode).toBe(413);
    expect(await groupOf('Big')).toBeUndefined();
  });

  it.each([
    { name: 'no reports', reports: [], path: 'reports' },
    { name: 'an empty message', reports: [{ message: '  ' }], path: 'reports.0.message' },
    { name: 'eleven reports', reports: Array.from({ length: 11 }, () => ({ message: 'x' })), path: 'reports' },
  ])('answers 400 naming the field for $name', async ({ reports, path }) => {
    const response = await report('10.7.0.5', reports);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('answers 429 with retry-after once an address used its limit, and writes nothing more', async () => {
    const ip = '10.7.0.6';
    const { start, secondsLeft } = rateLimitWindowOf('clientErrors', new Date(nowMs));
    await t.handle.db
      .insert(rateLimitCounters)
      .values({ bucket: 'clientErrors', subject: ip, windowStart: start, hits: rateLimits.clientErrors.limit - 1 });
    expect((await report(ip, [{ message: 'Last one fits' }])).statusCode).toBe(202);
    const refused = await report(ip, [{ message: 'One too many' }]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(secondsLeft));
    expect(await groupOf('One too many')).toBeUndefined();
    expect((await report('10.7.0.7', [{ message: 'Another address' }])).statusCode).toBe(202);
  });
});

describe('the groups, for super administrators', () => {
  it('lists groups by count, searches the message, and answers a group with its latest reports', async () => {
    const list = await t.call({ method: 'GET', url: '/api/client_errors?sort=-count&perPage=5', as: SUPER });
    expect(list.statusCode, list.body).toBe(200);
    const counts = list.json().data.map((group: { count: number }) => group.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const repeated = await t.call({ method: 'GET', url: '/api/client_errors?search=Repeated', as: SUPER });
    expect(repeated.json().data).toMatchObject([{ message: 'Repeated fault', count: 30 }]);

    const found = await t.call({ method: 'GET', url: '/api/client_errors?search=could%20not%20load', as: SUPER });
    const loadOrder = found.json().data.find((group: { firstFrame: string }) => group.firstFrame.includes('loadOrder'));
    expect(loadOrder).toMatchObject({ count: 2, lastUserEmail: OWNER });

    const reports = await t.call({ method: 'GET', url: `/api/client_errors/${loadOrder.id}/reports`, as: SUPER });
    expect(reports.json().data.map((row: { message: string }) => row.message)).toEqual([
      'Order 9071 could not load',
      'Order 12 could not load',
    ]);
    expect((await t.call({ method: 'GET', url: '/api/client_errors/999999/reports', as: SUPER })).statusCode).toBe(404);
  });

  it('is closed to anyone else (403) and to no session (401)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/client_errors', as: OWNER })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/client_errors' })).statusCode).toBe(401);
  });

  it('tells the web where reports go (no Sentry DSN configured: to the API)', async () => {
    const config = await t.call({ method: 'GET', url: '/api/client_config' });
    expect(config.json()).toEqual({ sentryDsn: null, environment: 'production', rosterUrl: null });
  });

  it("names the roster's own address when ROSTER_URL is set, and the CSP lets the web reach it", async () => {
    const withRoster = await createTestApp({ rosterUrl: 'https://roster.example.org' });
    try {
      const config = await withRoster.call({ method: 'GET', url: '/api/client_config' });
      expect(config.json()).toMatchObject({ rosterUrl: 'https://roster.example.org' });
      expect(String(config.headers['content-security-policy'])).toMatch(
        /connect-src [^;]*https:\/\/roster\.example\.org/,
      );
    } finally {
      await withRoster.close();
    }
  });

  it('names the Sentry DSN when one is configured, and the CSP lets the web reach its host', async () => {
    const withSentry = await createTestApp({
      sentry: { dsn: 'https://public@o42.ingest.sentry.example/7', environment: 'staging' },
    });
    try {
      const config = await withSentry.call({ method: 'GET', url: '/api/client_config' });
      expect(config.json()).toEqual({
        sentryDsn: 'https://public@o42.ingest.sentry.example/7',
        environment: 'staging',
        rosterUrl: null,
      });
      expect(String(config.headers['content-security-policy'])).toMatch(
        /connect-src [^;]*https:\/\/o42\.ingest\.sentry\.example/,
      );
    } finally {
      await withSentry.close();
    }
  });

  it('writes an audit row per batch like every write', async () => {
    const rows = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'client_errors'), eq(auditLog.action, 'POST')));
    expect(rows.length).toBeGreaterThan(0);
  });
});
