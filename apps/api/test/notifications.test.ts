import {
  accounts,
  notifications,
  outboxEmails,
  queueNotifications,
  userNotificationPreferences,
  users,
} from '@colophon/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer, type Mailer } from '../src/integrations/email/mailer';
import { type NotificationJobPayload, notify } from '../src/modules/notifications/notify';
import { createNotificationWorker, notificationHandler } from '../src/modules/notifications/worker';
import { claim, complete, fail, heartbeat } from '../src/queue';
import {
  ADVISER,
  createTestApp,
  DIRECT_ADVISER,
  drainNotifications,
  OWNER,
  SUPER,
  type TestApp,
  until,
} from './harness';

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
    // Today in London (a bare date is a London day), which is not always today in UTC.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const untilToday = await list(`dateTo=${today}`);
    expect(untilToday.total).toBe((await list('')).total);
    const beforeEverything = await list('dateTo=2000-01-01');
    expect(beforeEverything.total).toBe(0);
  });

  it('reads a bare dateFrom/dateTo as a London day, daylight saving time included (part 5)', async () => {
    const oakValley = accountIds['Oak Valley High School']!;
    // 22:30 UTC is 23:30 BST on 1 July; 23:30 UTC is 00:30 BST on 2 July.
    const [lateFirst, earlySecond] = await t.handle.db
      .insert(notifications)
      .values([
        { accountId: oakValley, typeNotification: 1, date: new Date('2026-07-01T22:30:00Z') },
        { accountId: oakValley, typeNotification: 1, date: new Date('2026-07-01T23:30:00Z') },
      ])
      .returning();
    const on = async (date: string) =>
      (await list(`accountId[]=${oakValley}&dateFrom=${date}&dateTo=${date}`, SUPER)).data.map((row) => row.id);
    expect(await on('2026-07-01')).toEqual([lateFirst!.id]);
    expect(await on('2026-07-02')).toEqual([earlySecond!.id]);
    await t.handle.db.delete(notifications).where(inArray(notifications.id, [lateFirst!.id, earlySecond!.id]));
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

const mailsOf = (subject: string) =>
  t.handle.db.select().from(outboxEmails).where(eq(outboxEmails.subject, subject)).orderBy(outboxEmails.id);

const jobOf = async (id: number) => {
  const [job] = await t.handle.db.select().from(queueNotifications).where(eq(queueNotifications.id, id));
  return job;
};

/** The backoff has passed (as if the clock moved on): the job is due now. */
const dueNow = (id: number) =>
  t.handle.db.update(queueNotifications).set({ runAfter: sql`now()` }).where(eq(queueNotifications.id, id));

/** A mailer that fails until `healed`, then keeps every message in the outbox as the default does. */
function flakyMailer() {
  const outbox = createOutboxMailer(t.handle.db);
  const state = { healed: false, calls: 0 };
  const mailer: Mailer = {
    transport: 'smtp',
    async send(email) {
      state.calls++;
      if (!state.healed) throw new Error('SMTP down');
      await outbox.send(email);
    },
  };
  return { mailer, state };
}

describe('notify() and the notifications queue (part 7: queue_notifications)', () => {
  beforeAll(async () => {
    // Earlier tests raised nothing, but the demo may one day: start from an empty queue.
    await drainNotifications(t);
  });

  it('records the notification and queues its e-mail; the worker sends it to the users whose preferences allow the type', async () => {
    const lincoln = accountIds['Lincoln High School']!;
    const [adviser] = await t.handle.db.select().from(users).where(eq(users.email, ADVISER));
    const [treasurer] = await t.handle.db.select().from(users).where(eq(users.email, 'treasurer@colophon.test'));
    await t.handle.db.insert(userNotificationPreferences).values([
      { userId: adviser!.id, typeNotification: 6, email: false },
      { userId: treasurer!.id, typeNotification: 6, email: true },
    ]);
    const outcome = await notify(t.handle.db, {
      accountId: lincoln,
      typeNotification: 6,
      projectName: 'Lincoln High School Yearbook 2025-2026',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      shippingMethod: 'UG',
    });
    expect(outcome.notification).toMatchObject({ accountId: lincoln, typeNotification: 6, trackingNumber: '1Z999' });
    expect(await jobOf(outcome.jobId)).toMatchObject({
      status: 0,
      payload: { notificationId: outcome.notification.id },
    });
    // Nothing is sent by notify() itself.
    expect(await mailsOf('Order Shipped: Lincoln High School')).toEqual([]);

    expect(await drainNotifications(t)).toBe(1);
    const job = await jobOf(outcome.jobId);
    expect(job?.status).toBe(2);
    const emailed = (job?.result as { emailed: string[] } | null | undefined)?.emailed ?? [];
    expect(emailed).toContain('treasurer@colophon.test');
    expect(emailed).toContain('schooladmin@colophon.test');
    expect(emailed).not.toContain(ADVISER);
    // Inactive users get nothing; the other Lincoln users never turned type 6 off.
    const [inactive] = await t.handle.db
      .select()
      .from(users)
      .where(and(eq(users.isActive, false), inArray(users.email, emailed)));
    expect(inactive).toBeUndefined();
    const mails = await mailsOf('Order Shipped: Lincoln High School');
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([...emailed].sort());
    expect(mails[0]?.text).toContain('Tracking number: 1Z999');
    const [stored] = await t.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, outcome.notification.id));
    expect(stored?.carrier).toBe('UPS');
    // Draining again sends nothing more.
    expect(await drainNotifications(t)).toBe(0);
    expect(await mailsOf('Order Shipped: Lincoln High School')).toHaveLength(mails.length);
  });

  it('rolls the notification and its queued e-mail back with the change that raised it', async () => {
    const before = await t.handle.db.select({ id: queueNotifications.id }).from(queueNotifications);
    await expect(
      t.handle.db.transaction(async (tx) => {
        await notify(tx, {
          accountId: accountIds['Oak Valley High School']!,
          typeNotification: 1,
          info: 'rolled back',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.handle.db.select().from(notifications).where(eq(notifications.info, 'rolled back'))).toEqual([]);
    expect(await t.handle.db.select({ id: queueNotifications.id }).from(queueNotifications)).toHaveLength(
      before.length,
    );
  });

  it('answers a request at once while the mailer hangs, and e-mails once the mailer answers again', async () => {
    const appMailer = t.app.services.mailer;
    let hung = 0;
    let jobId = 0;
    t.app.services.mailer = { transport: 'smtp', send: () => new Promise(() => void hung++) };
    try {
      const started = Date.now();
      const response = await t.call({
        method: 'POST',
        url: '/api/projects',
        as: OWNER,
        payload: {
          accountId: accountIds['Maple Grove Elementary'],
          name: 'Queued Mail Memories',
          year: 2026,
          typeBook: 3,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(hung).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      const [notification] = await t.handle.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.projectId, response.json().id), eq(notifications.typeNotification, 61)));
      expect(notification).toBeDefined();
      const [job] = await t.handle.db
        .select()
        .from(queueNotifications)
        .where(sql`${queueNotifications.payload}->>'notificationId' = ${String(notification!.id)}`);
      expect(job?.status).toBe(0);
      jobId = job!.id;

      // The hanging mailer costs the worker one attempt (the send times out), not the request.
      const hanging = createNotificationWorker(
        { db: t.handle.db, mailer: t.app.services.mailer },
        { sendTimeoutMs: 50, backoff: { baseMs: 60_000 } },
      );
      await hanging.drain();
      expect(hung).toBeGreaterThan(0);
      expect(await jobOf(job!.id)).toMatchObject({ status: 0, attempts: 1 });
      expect((await jobOf(job!.id))?.lastError).toMatch(/did not answer within/);
    } finally {
      t.app.services.mailer = appMailer;
    }
    await dueNow(jobId);
    expect(await drainNotifications(t)).toBe(1);
    expect((await jobOf(jobId))?.status).toBe(2);
    expect((await mailsOf('Project Created: Maple Grove Elementary')).length).toBeGreaterThan(0);
  });

  it('retries a failing mailer with backoff, sending each address once, then completes', async () => {
    const { mailer, state } = flakyMailer();
    const worker = createNotificationWorker({ db: t.handle.db, mailer }, { backoff: { baseMs: 60_000 } });
    const outcome = await notify(t.handle.db, {
      accountId: accountIds['Oak Valley High School']!,
      typeNotification: 1,
    });
    await worker.drain();
    const failed = await jobOf(outcome.jobId);
    expect(failed).toMatchObject({ status: 0, attempts: 1 });
    // Backed off: not due again for about a minute, so draining now runs nothing.
    expect(failed!.runAfter.getTime() - failed!.updatedAt.getTime()).toBeGreaterThanOrEqual(59_000);
    expect(await worker.drain()).toBe(0);
    expect(failed?.lastError).toContain('SMTP down');
    expect(failed?.lastError).toContain(DIRECT_ADVISER);
    expect(await mailsOf('Proof Ready: Oak Valley High School')).toEqual([]);
    // The notification stands meanwhile.
    expect(
      await t.handle.db.select().from(notifications).where(eq(notifications.id, outcome.notification.id)),
    ).toHaveLength(1);

    state.healed = true;
    await dueNow(outcome.jobId);
    expect(await worker.drain()).toBe(1);
    expect(await jobOf(outcome.jobId)).toMatchObject({ status: 2, attempts: 2 });
    const mails = await mailsOf('Proof Ready: Oak Valley High School');
    expect(mails.map((mail) => mail.toAddress)).toContain(DIRECT_ADVISER);
    expect(new Set(mails.map((mail) => mail.toAddress)).size).toBe(mails.length);
  });

  it('ends in Error after its last attempt, and a person can retry it from the processing page', async () => {
    const { mailer, state } = flakyMailer();
    const worker = createNotificationWorker({ db: t.handle.db, mailer }, { backoff: { baseMs: 1, maxMs: 1 } });
    const outcome = await notify(t.handle.db, {
      accountId: accountIds['Oak Valley High School']!,
      typeNotification: 24,
    });
    await t.handle.db
      .update(queueNotifications)
      .set({ maxAttempts: 2 })
      .where(eq(queueNotifications.id, outcome.jobId));
    await until(
      async () => {
        await worker.drain();
        return (await jobOf(outcome.jobId))?.status === 3;
      },
      { what: 'the job to run out of attempts' },
    );
    expect(state.calls).toBeGreaterThanOrEqual(2);
    const retried = await t.call({
      method: 'POST',
      url: `/api/queue_notifications/${outcome.jobId}/retry`,
      as: SUPER,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    state.healed = true;
    await worker.drain();
    expect((await jobOf(outcome.jobId))?.status).toBe(2);
  });

  it('sends once when a job runs again after sending (a crash before it was marked complete)', async () => {
    const outcome = await notify(t.handle.db, {
      accountId: accountIds['Oak Valley High School']!,
      typeNotification: 105,
    });
    const handler = notificationHandler({ db: t.handle.db, mailer: t.app.services.mailer });
    const job = await claim<NotificationJobPayload>(t.handle.db, 'notifications', 'crashing-worker', 30_000);
    expect(job?.id).toBe(outcome.jobId);
    const context = { signal: new AbortController().signal, heartbeat: async () => undefined };
    const first = await handler(job!, context);
    const second = await handler(job!, context);
    expect(second).toEqual(first);
    const mails = await mailsOf('EPUB Ready: Oak Valley High School');
    expect(mails.length).toBeGreaterThan(0);
    expect(new Set(mails.map((mail) => mail.toAddress)).size).toBe(mails.length);
  });

  it('sends nothing from a worker that lost its lease: the worker that took the job over sends, once', async () => {
    const outcome = await notify(t.handle.db, {
      accountId: accountIds['Oak Valley High School']!,
      typeNotification: 2,
    });
    const stalled = await claim<NotificationJobPayload>(t.handle.db, 'notifications', 'stalled-worker', 1);
    expect(stalled?.id).toBe(outcome.jobId);
    const takenOver = await until(() => claim(t.handle.db, 'notifications', 'other-worker', 30_000), {
      what: 'the lapsed lease to be claimed',
    });
    expect(takenOver.id).toBe(outcome.jobId);
    const handler = notificationHandler({ db: t.handle.db, mailer: t.app.services.mailer });
    const controller = new AbortController();
    const stalledRun = handler(stalled!, {
      signal: controller.signal,
      heartbeat: async () => {
        if (!(await heartbeat(t.handle.db, stalled!, 30_000))) controller.abort();
      },
    });
    await expect(stalledRun).rejects.toThrow(/lease lost/);
    expect(await mailsOf('Proof Rejected: Oak Valley High School')).toEqual([]);
    expect(await fail(t.handle.db, stalled!, new Error('late'))).toEqual({ status: 'lost' });

    await handler(takenOver as typeof stalled & object, {
      signal: new AbortController().signal,
      heartbeat: async () => undefined,
    });
    expect(await complete(t.handle.db, takenOver)).toBe(true);
    const mails = await mailsOf('Proof Rejected: Oak Valley High School');
    expect(mails.length).toBeGreaterThan(0);
    expect(new Set(mails.map((mail) => mail.toAddress)).size).toBe(mails.length);
  });

  it('refuses an account that does not exist', async () => {
    await expect(notify(t.handle.db, { accountId: 999_999, typeNotification: 1 })).rejects.toThrow(/does not exist/);
  });
});
