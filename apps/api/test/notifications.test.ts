import { accounts, notifications, outboxEmails, userNotificationPreferences, users } from '@colophon/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notifications/notify';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
const accountIds: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.handle.db.select().from(accounts)) accountIds[row.name] = row.id;
});
afterAll(async () => t.close());

const list = async (query: string, as = OWNER) => {
  const response = await t.call({ method: 'GET', url: `/api/notifications?perPage=100&${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: number; accountId: number; typeNotification: number; date: string; account?: { name: string } }[];
    total: number;
  };
};

describe('GET notifications', () => {
  it('lists the caller’s notifications newest first, with their account', async () => {
    const result = await list('include=account');
    expect(result.total).toBeGreaterThan(50);
    const dates = result.data.map((notification) => notification.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(result.data.some((notification) => notification.account?.name === 'Oak Valley High School')).toBe(false);
    const oldestFirst = await list('sort=date');
    expect(oldestFirst.data[0]!.date <= oldestFirst.data[1]!.date).toBe(true);
  });

  it('keeps a school adviser to the school', async () => {
    const result = await list('', ADVISER);
    expect(result.data.every((notification) => notification.accountId === accountIds['Lincoln High School'])).toBe(
      true,
    );
    const foreign = (await list('', DIRECT_ADVISER)).data[0];
    if (foreign) {
      const hidden = await t.call({ method: 'GET', url: `/api/notifications/${foreign.id}`, as: ADVISER });
      expect(hidden.statusCode).toBe(404);
    }
  });

  it('filters by account, by repeated types and by a date range', async () => {
    const lincoln = accountIds['Lincoln High School']!;
    const byAccount = await list(`accountId[]=${lincoln}`);
    expect(byAccount.total).toBeGreaterThan(0);
    expect(byAccount.data.every((notification) => notification.accountId === lincoln)).toBe(true);
    const byType = await list('typeNotification[]=6&typeNotification[]=7');
    expect(byType.total).toBeGreaterThan(0);
    expect(byType.data.every((notification) => [6, 7].includes(notification.typeNotification))).toBe(true);
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const recent = await list(`dateFrom=${encodeURIComponent(from)}`);
    expect(recent.total).toBeGreaterThan(0);
    expect(recent.data.every((notification) => notification.date >= from)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const untilToday = await list(`dateTo=${today}`);
    expect(untilToday.total).toBe((await list('')).total);
    const beforeEverything = await list('dateTo=2000-01-01');
    expect(beforeEverything.total).toBe(0);
  });

  it('answers 400 naming the field', async () => {
    for (const [query, path] of [
      ['dateFrom=yesterday', 'dateFrom'],
      ['typeNotification[]=x', 'typeNotification.0'],
      ['sort=type', 'sort'],
    ]) {
      const response = await t.call({ method: 'GET', url: `/api/notifications?${query}`, as: OWNER });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    }
  });

  it('exports the filtered list as CSV with labels, Unknown for an unknown code', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/notifications/export?typeNotification[]=999&include=account',
      as: SUPER,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Date,Account,Type,Project,Book type,User,Order,Carrier,Tracking number,Info,Error');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',Unknown,'))).toBe(true);
  });
});

describe('notify()', () => {
  it('records the notification and e-mails the account’s users whose preferences allow the type', async () => {
    const lincoln = accountIds['Lincoln High School']!;
    const [adviser] = await t.handle.db.select().from(users).where(eq(users.email, ADVISER));
    const [treasurer] = await t.handle.db.select().from(users).where(eq(users.email, 'treasurer@colophon.test'));
    await t.handle.db.insert(userNotificationPreferences).values([
      { userId: adviser!.id, typeNotification: 6, email: false },
      { userId: treasurer!.id, typeNotification: 6, email: true },
    ]);
    const outcome = await notify(t.app.services, {
      accountId: lincoln,
      typeNotification: 6,
      projectName: 'Lincoln High School Yearbook 2025-2026',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      shippingMethod: 'UG',
    });
    expect(outcome.notification).toMatchObject({ accountId: lincoln, typeNotification: 6, trackingNumber: '1Z999' });
    expect(outcome.emailed).toContain('treasurer@colophon.test');
    expect(outcome.emailed).not.toContain(ADVISER);
    // Inactive users get nothing; the other Lincoln users never turned type 6 off.
    const [inactive] = await t.handle.db
      .select()
      .from(users)
      .where(and(eq(users.isActive, false), inArray(users.email, outcome.emailed)));
    expect(inactive).toBeUndefined();
    expect(outcome.emailed).toContain('schooladmin@colophon.test');
    expect(outcome.failed).toEqual([]);
    const mails = await t.handle.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, 'Order Shipped: Lincoln High School'));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([...outcome.emailed].sort());
    expect(mails[0]?.text).toContain('Tracking number: 1Z999');
    const [stored] = await t.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, outcome.notification.id));
    expect(stored?.carrier).toBe('UPS');
  });

  it('keeps the notification when an e-mail fails', async () => {
    const failing = { transport: 'smtp' as const, send: async () => Promise.reject(new Error('SMTP down')) };
    const outcome = await notify(
      { db: t.handle.db, mailer: failing },
      { accountId: accountIds['Oak Valley High School']!, typeNotification: 1 },
    );
    expect(outcome.emailed).toEqual([]);
    expect(outcome.failed).toContain(DIRECT_ADVISER);
    const [stored] = await t.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, outcome.notification.id));
    expect(stored).toBeDefined();
  });

  it('refuses an account that does not exist', async () => {
    await expect(notify(t.app.services, { accountId: 999_999, typeNotification: 1 })).rejects.toThrow(/does not exist/);
  });
});
