import { auditLog, queueEvents, queueRoster, users } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim } from '../../api/src/queue';
import { enqueueRosterJob, reportRosterJob } from '../../api/src/queue/roster';
import { createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import { ADVISER, demoAccounts, mapDemoSchools, rosterCaller } from './support';

/**
 * The roster's jobs page (`queue-management/jobs`) over queue_roster rows, through the roster service
 * as the dashboard serves it, on a real PGlite database with the demo: the list and one job, retry and
 * cancel under the domain's queue transitions, audit and history, roster.view against roster.manage,
 * and access along the account tree (a school sees its own, a studio its schools', no one another
 * tenant's).
 */

const TREASURER = 'treasurer@colophon.test';

interface Job {
  id: number;
  kind: string;
  kindLabel: string;
  status: number;
  statusLabel: string;
  progress: number;
  counts: { added: number; changed: number; removed: number; skipped: number };
  error: string | null;
  schoolId: number | null;
  faultCount?: number;
  faults?: { items: { file: string; line: number; field?: string; message: string }[]; total: number };
  attempts: number;
}

let t: TestApp;
const db = () => t.handle.db;
let lincolnId: number;
let lincolnSchool: number;
let otherSchool: number;
let oakSchool: number;
let adviserId: number;
const jobs: Record<'lincolnImport' | 'lincolnFailed' | 'otherComplete' | 'studioSync' | 'oakImport', number> = {
  lincolnImport: 0,
  lincolnFailed: 0,
  otherComplete: 0,
  studioSync: 0,
  oakImport: 0,
};

const { roster } = rosterCaller(() => t);

const idsOf = (body: { data: Job[] }) => body.data.map((job) => job.id);
const statusOf = async (id: number) => {
  const [row] = await db()
    .select({ status: queueRoster.status, updatedAt: queueRoster.updatedAt })
    .from(queueRoster)
    .where(eq(queueRoster.id, id));
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t);
  lincolnId = demo.lincolnId;
  const [adviser] = await db().select({ id: users.id }).from(users).where(eq(users.email, ADVISER));
  if (!adviser) throw new Error(`no demo user ${ADVISER}`);
  adviserId = adviser.id;
  const district = (
    await roster(OWNER, 'POST', '/roster/districts', { name: 'Jobs District', studioAccountId: demo.studioId })
  ).json().id as number;
  ({ lincolnSchool, otherSchool, oakSchool } = await mapDemoSchools(roster, demo, {
    lincoln: { sourcedId: 'org-lincoln', name: 'Lincoln (SIS)', districtId: district },
    other: { sourcedId: 'org-other', name: 'Other (SIS)' },
    oak: { sourcedId: 'org-oak', name: 'Oak Valley (SIS)' },
  }));

  // Oldest first, so the list's newest-first order is the reverse.
  jobs.oakImport = (
    await enqueueRosterJob(db(), { kind: 'import', accountId: demo.oakValleyId, rosterSchoolId: oakSchool })
  ).id;
  jobs.studioSync = (
    await enqueueRosterJob(db(), { kind: 'sync', accountId: demo.studioId, rosterDistrictId: district })
  ).id;
  jobs.otherComplete = (
    await enqueueRosterJob(db(), { kind: 'export', accountId: demo.otherId, rosterSchoolId: otherSchool })
  ).id;
  jobs.lincolnFailed = (
    await enqueueRosterJob(db(), { kind: 'sync', accountId: lincolnId, rosterSchoolId: lincolnSchool })
  ).id;
  jobs.lincolnImport = (
    await enqueueRosterJob(db(), {
      kind: 'import',
      accountId: lincolnId,
      rosterSchoolId: lincolnSchool,
      requestedBy: adviserId,
      payload: { bundle: 'lincoln-1.2-with-faults.zip' },
    })
  ).id;
  await db().execute(
    sql`update queue_roster set created_at = created_at + make_interval(secs => id) where id in (${sql.join(Object.values(jobs), sql`, `)})`,
  );
  await db()
    .update(queueRoster)
    .set({
      status: queueStatus.Error,
      attempts: 5,
      lastError: 'The information system answered 503 five times',
      progress: 40,
      counts: { added: 12, changed: 3, removed: 0, skipped: 2 },
      faults: {
        items: [
          { file: 'users.csv', line: 4, field: 'role', message: 'Unknown role "janitor"' },
          { file: 'enrollments.csv', line: 17, message: 'The class cls-9 is not in the bundle' },
        ],
        total: 1_500,
      },
    })
    .where(eq(queueRoster.id, jobs.lincolnFailed));
  await db()
    .update(queueRoster)
    .set({ status: queueStatus.Complete, progress: 100, completedAt: new Date() })
    .where(eq(queueRoster.id, jobs.otherComplete));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /roster/queue-management/jobs', () => {
  it("lists a school's own jobs, newest first, and a studio's schools' (no other tenant's)", async () => {
    const adviser = await roster(ADVISER, 'GET', '/roster/queue-management/jobs');
    expect(adviser.statusCode, adviser.body).toBe(200);
    expect(idsOf(adviser.json())).toEqual([jobs.lincolnImport, jobs.lincolnFailed]);
    expect(adviser.json().total).toBe(2);

    const owner = (await roster(OWNER, 'GET', '/roster/queue-management/jobs')).json();
    expect(idsOf(owner)).toEqual([jobs.lincolnImport, jobs.lincolnFailed, jobs.otherComplete, jobs.studioSync]);
    const oak = (await roster(DIRECT_ADVISER, 'GET', '/roster/queue-management/jobs')).json();
    expect(idsOf(oak)).toEqual([jobs.oakImport]);
    const everyone = (await roster(SUPER, 'GET', '/roster/queue-management/jobs')).json();
    expect(everyone.total).toBe(5);
  });

  it('filters by kind, status and school, a page at a time, with labels and a fault count', async () => {
    const failed = (await roster(OWNER, 'GET', `/roster/queue-management/jobs?status=${queueStatus.Error}`)).json();
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({
      id: jobs.lincolnFailed,
      kind: 'sync',
      kindLabel: 'Sync',
      status: 3,
      statusLabel: 'Error',
      progress: 40,
      error: 'The information system answered 503 five times',
      faultCount: 1_500,
    });
    expect(failed.data[0].faults).toBeUndefined();
    const exports = (await roster(OWNER, 'GET', '/roster/queue-management/jobs?kind=export')).json();
    expect(idsOf(exports)).toEqual([jobs.otherComplete]);
    const ofSchool = (await roster(OWNER, 'GET', `/roster/queue-management/jobs?schoolId=${otherSchool}`)).json();
    expect(idsOf(ofSchool)).toEqual([jobs.otherComplete]);
    const second = (await roster(OWNER, 'GET', '/roster/queue-management/jobs?perPage=2&page=2')).json();
    expect(second).toMatchObject({ total: 4, page: 2, perPage: 2 });
    expect(idsOf(second)).toEqual([jobs.otherComplete, jobs.studioSync]);
  });

  it("answers 404 for another tenant's school and 400 naming a bad filter", async () => {
    const oak = await roster(ADVISER, 'GET', `/roster/queue-management/jobs?schoolId=${oakSchool}`);
    expect(oak.statusCode).toBe(404);
    for (const [query, field] of [
      ['status=9', 'status'],
      ['kind=delete', 'kind'],
      ['perPage=0', 'perPage'],
    ]) {
      const response = await roster(ADVISER, 'GET', `/roster/queue-management/jobs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).toContain(field);
    }
  });

  it('needs roster.view: a treasurer is refused', async () => {
    expect((await roster(TREASURER, 'GET', '/roster/queue-management/jobs')).statusCode).toBe(403);
    expect((await roster(VOLUNTEER, 'GET', '/roster/queue-management/jobs')).statusCode).toBe(200);
  });
});

describe('GET /roster/queue-management/jobs/{id}', () => {
  it('shows status, progress, counts, faults by file and line, and the error', async () => {
    const response = await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${jobs.lincolnFailed}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: jobs.lincolnFailed,
      kind: 'sync',
      status: 3,
      statusLabel: 'Error',
      progress: 40,
      counts: { added: 12, changed: 3, removed: 0, skipped: 2 },
      error: 'The information system answered 503 five times',
      schoolId: lincolnSchool,
      faults: {
        total: 1_500,
        items: [
          { file: 'users.csv', line: 4, field: 'role', message: 'Unknown role "janitor"' },
          { file: 'enrollments.csv', line: 17, message: 'The class cls-9 is not in the bundle' },
        ],
      },
    });
    const fresh = (await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${jobs.lincolnImport}`)).json();
    expect(fresh).toMatchObject({
      status: 0,
      statusLabel: 'Waiting',
      progress: 0,
      counts: { added: 0, changed: 0, removed: 0, skipped: 0 },
      faults: { items: [], total: 0 },
      error: null,
    });
  });

  it("answers 404 for another tenant's job, a studio's district job seen from a school, and an unknown one", async () => {
    expect((await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${jobs.oakImport}`)).statusCode).toBe(404);
    expect(
      (await roster(DIRECT_ADVISER, 'GET', `/roster/queue-management/jobs/${jobs.lincolnFailed}`)).statusCode,
    ).toBe(404);
    expect((await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${jobs.studioSync}`)).statusCode).toBe(404);
    expect((await roster(OWNER, 'GET', `/roster/queue-management/jobs/${jobs.studioSync}`)).statusCode).toBe(200);
    expect((await roster(OWNER, 'GET', '/roster/queue-management/jobs/999999999')).statusCode).toBe(404);
    expect((await roster(OWNER, 'GET', '/roster/queue-management/jobs/abc')).statusCode).toBe(400);
  });
});

describe('retry and cancel', () => {
  it('retries a failed job (Waiting, attempts from zero), with its history line and an audit row', async () => {
    const response = await roster(ADVISER, 'POST', `/roster/queue-management/jobs/${jobs.lincolnFailed}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: jobs.lincolnFailed, status: 0, statusLabel: 'Waiting', attempts: 0 });
    const [line] = await db()
      .select()
      .from(queueEvents)
      .where(and(eq(queueEvents.queue, 'queue_roster'), eq(queueEvents.jobId, jobs.lincolnFailed)))
      .orderBy(desc(queueEvents.id))
      .limit(1);
    expect(line).toMatchObject({ fromStatus: 3, toStatus: 0, transition: 'retry', userId: adviserId });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(jobs.lincolnFailed)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorUserId: adviserId,
      action: 'POST',
      resource: 'roster/queue-management/jobs/:id/retry',
    });
  });

  it('answers 409 naming from and to when the domain forbids the move, and changes nothing', async () => {
    const before = await statusOf(jobs.lincolnImport);
    const retried = await roster(ADVISER, 'POST', `/roster/queue-management/jobs/${jobs.lincolnImport}/retry`);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().detail).toBe(
      `Roster job ${jobs.lincolnImport} is Waiting: it cannot go from Waiting to Waiting.`,
    );
    expect(await statusOf(jobs.lincolnImport)).toEqual(before);
    const cancelled = await roster(OWNER, 'POST', `/roster/queue-management/jobs/${jobs.otherComplete}/cancel`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe(
      `Roster job ${jobs.otherComplete} is Complete: it cannot go from Complete to Addressed.`,
    );
    expect((await statusOf(jobs.otherComplete))?.status).toBe(queueStatus.Complete);
  });

  it('cancels a waiting job (Addressed), which can then be retried', async () => {
    const cancelled = await roster(ADVISER, 'POST', `/roster/queue-management/jobs/${jobs.lincolnImport}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 5, statusLabel: 'Addressed' });
    const [row] = await db().select().from(queueRoster).where(eq(queueRoster.id, jobs.lincolnImport));
    expect(row?.result).toEqual({ cancelled: true });
    const retried = await roster(ADVISER, 'POST', `/roster/queue-management/jobs/${jobs.lincolnImport}/retry`);
    expect(retried.json()).toMatchObject({ status: 0 });
  });

  it("needs roster.manage, and another tenant's job is 404 with nothing changed", async () => {
    const volunteer = await roster(VOLUNTEER, 'POST', `/roster/queue-management/jobs/${jobs.lincolnImport}/cancel`);
    expect(volunteer.statusCode).toBe(403);
    const before = await statusOf(jobs.oakImport);
    const oak = await roster(ADVISER, 'POST', `/roster/queue-management/jobs/${jobs.oakImport}/cancel`);
    expect(oak.statusCode).toBe(404);
    expect(await statusOf(jobs.oakImport)).toEqual(before);
    const own = await roster(DIRECT_ADVISER, 'POST', `/roster/queue-management/jobs/${jobs.oakImport}/cancel`);
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('enqueueRosterJob', () => {
  it('queues a Waiting row with its first history line, and refuses a kind the domain does not know', async () => {
    const job = await enqueueRosterJob(db(), {
      kind: 'export',
      accountId: lincolnId,
      rosterSchoolId: lincolnSchool,
      requestedBy: adviserId,
      payload: { presetId: 3 },
    });
    expect(job).toMatchObject({
      status: 0,
      kind: 'export',
      accountId: lincolnId,
      rosterSchoolId: lincolnSchool,
      requestedBy: adviserId,
      progress: 0,
      payload: { presetId: 3, kind: 'export', accountId: lincolnId, rosterSchoolId: lincolnSchool },
    });
    const lines = await db()
      .select()
      .from(queueEvents)
      .where(and(eq(queueEvents.queue, 'queue_roster'), eq(queueEvents.jobId, job.id)));
    expect(lines).toMatchObject([{ fromStatus: null, toStatus: 0, transition: 'enqueue', userId: adviserId }]);
    await expect(enqueueRosterJob(db(), { kind: 'delete' as 'import', accountId: lincolnId })).rejects.toThrow();
  });
});

describe('reportRosterJob', () => {
  it("writes a running job's progress, counts and first 1,000 faults, only while its worker holds the lease", async () => {
    await db()
      .update(queueRoster)
      .set({ runAfter: new Date(Date.now() + 86_400_000) });
    const queued = await enqueueRosterJob(db(), {
      kind: 'import',
      accountId: lincolnId,
      rosterSchoolId: lincolnSchool,
    });
    const job = await claim(db(), 'roster', 'roster-test-worker', 30_000);
    expect(job?.id).toBe(queued.id);
    if (!job) throw new Error('no roster job claimed');
    const faults = Array.from({ length: 1_200 }, (_, index) => ({
      file: 'users.csv',
      line: index + 2,
      message: 'Unknown role',
    }));
    const reported = await reportRosterJob(db(), job, {
      progress: 57.9,
      counts: { added: 10, changed: 1, removed: 0, skipped: 1_200 },
      faults: { items: faults, total: 1_200 },
    });
    expect(reported).toBe(true);
    const shown = (await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${job.id}`)).json();
    expect(shown).toMatchObject({ status: 1, progress: 57, counts: { added: 10, skipped: 1_200 } });
    expect(shown.faults.total).toBe(1_200);
    expect(shown.faults.items).toHaveLength(1_000);
    expect(shown.faults.items[999]).toEqual({ file: 'users.csv', line: 1_001, message: 'Unknown role' });
    // A worker that lost the lease writes nothing.
    expect(await reportRosterJob(db(), { ...job, attempts: job.attempts + 1 }, { progress: 99 })).toBe(false);
    expect((await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${job.id}`)).json().progress).toBe(57);
  });
});
