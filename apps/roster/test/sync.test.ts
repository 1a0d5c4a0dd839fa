import { queueRoster, teacherGradeCombinations } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRosterHost } from '../../api/src/roster-host';
import { createTestApp, DIRECT_ADVISER, OWNER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import { createRosterWorker } from '../src/jobs/roster-worker';
import { type OneRosterTestServer, startOneRosterTestServer } from '../src/oneroster-rest/test-server';
import { schools } from '../src/schema';
import { enqueueDueSyncs } from '../src/sync/schedule';
import { yearbookYearOf } from '../src/sync/teacher-grades';
import { ADVISER, demoAccounts, mapDemoSchools, pathsOf, rosterCaller } from './support';

/**
 * The OneRoster REST sync end to end: POST schools/{id}/sync queues a job, the roster worker runs it
 * against a local OneRoster 1.2 server (OAuth 2, paged two records at a time) on a real PGlite
 * database with the demo, and the people, the school's sync state, its data page and the main API's
 * teacher/grade counts are read back. The server's records are changed between syncs; a connection
 * is broken mid-pull by the server failing from one page on.
 */

const BASE_PATH = '/ims/oneroster/rostering/v1p2';
const SECRET = 'lincoln-sis-secret-0123456789';
const LINCOLN = 'lincoln-high';
const DAY_MS = 86_400_000;

interface Job {
  id: number;
  kind: string;
  status: number;
  progress: number;
  counts: { added: number; changed: number; removed: number; skipped: number };
  error: string | null;
  schoolId: number | null;
}
interface Person {
  sourcedId: string | null;
  givenName: string;
  familyName: string;
  grade: string | null;
  homeroom: string | null;
  role: string;
  status: string;
}

let t: TestApp;
let server: OneRosterTestServer;
let lincolnSchool: number;
let washingtonSchool: number;
let oakSchool: number;
let lincolnAccount: number;
let studioAccount: number;
const { roster } = rosterCaller(() => t);

/**
 * The sync's and the scheduler's time: moved by the tests, never waited for. It starts a month
 * ahead of the database's clock, so the jobs the tests queue (stamped by the database) are never
 * within a scheduled school's period: only the last sync decides when it is due.
 */
let now = new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 30 * DAY_MS + 12 * 3_600_000);
const clock = { now: () => now, sleep: async () => {} };
/** Set to break the pull: the server fails every request from the users page at this offset on. */
let failUsersFromOffset: number | null = null;

const at = (iso: string) => ({ dateLastModified: iso, status: 'active' });
const student = (sourcedId: string, givenName: string, familyName: string, grade: string, modified: string) => ({
  sourcedId,
  ...at(modified),
  givenName,
  familyName,
  // Some systems send passwords in user records: they must never reach a log or a message.
  password: `pw-${sourcedId}`,
  grades: [grade],
  roles: [{ roleType: 'primary', role: 'student', org: { sourcedId: LINCOLN, type: 'org' } }],
});

const users: Record<string, unknown>[] = [];
const classes: Record<string, unknown>[] = [];
const enrollments: Record<string, unknown>[] = [];

function resetFeed() {
  const first = '2026-01-01T00:00:00Z';
  users.splice(
    0,
    users.length,
    student('u1', 'Ada', 'Lovelace', '09', first),
    student('u2', 'Grace', 'Hopper', '09', first),
    student('u3', 'Alan', 'Turing', '10', first),
    student('u4', 'Edsger', 'Dijkstra', '10', first),
    {
      sourcedId: 't1',
      ...at(first),
      givenName: 'Barbara',
      familyName: 'Liskov',
      roles: [{ roleType: 'primary', role: 'teacher', org: { sourcedId: LINCOLN } }],
    },
    // A guardian is this school's but not the roster's: skipped, never removed for it.
    {
      sourcedId: 'g1',
      ...at(first),
      givenName: 'Pat',
      familyName: 'Parent',
      roles: [{ roleType: 'primary', role: 'guardian', org: { sourcedId: LINCOLN } }],
    },
    // Another school's student: not Lincoln's, not counted.
    {
      ...student('x1', 'Other', 'School', '09', first),
      roles: [{ roleType: 'primary', role: 'student', org: { sourcedId: 'washington-ms' } }],
    },
  );
  classes.splice(
    0,
    classes.length,
    {
      sourcedId: 'hr-101',
      ...at(first),
      title: 'Homeroom 101',
      classCode: 'HR101',
      classType: 'homeroom',
      school: { sourcedId: LINCOLN },
    },
    {
      sourcedId: 'hr-102',
      ...at(first),
      title: 'Homeroom 102',
      classCode: 'HR102',
      classType: 'homeroom',
      school: { sourcedId: LINCOLN },
    },
    {
      sourcedId: 'math',
      ...at(first),
      title: 'Algebra',
      classCode: 'ALG',
      classType: 'scheduled',
      school: { sourcedId: LINCOLN },
    },
  );
  const enrol = (id: string, user: string, klass: string, role = 'student') => ({
    sourcedId: id,
    ...at(first),
    role,
    user: { sourcedId: user },
    class: { sourcedId: klass },
  });
  enrollments.splice(
    0,
    enrollments.length,
    enrol('e1', 'u1', 'hr-101'),
    enrol('e2', 'u2', 'hr-101'),
    enrol('e3', 'u3', 'hr-102'),
    enrol('e4', 'u4', 'math'),
    enrol('e5', 't1', 'hr-101', 'teacher'),
  );
}

function worker() {
  const { secrets } = createRosterHost(t.app.services, { secretKey: t.app.services.config.roster.secretKey });
  // The network under the adapter: the server starts failing at one page, as a dropped vendor would.
  const fetchThrough: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (
      failUsersFromOffset !== null &&
      url.pathname.endsWith('/users') &&
      Number(url.searchParams.get('offset')) >= failUsersFromOffset
    ) {
      server.behaviour.failWith = { status: 500, body: JSON.stringify({ imsx_description: 'Database unavailable' }) };
    }
    return fetch(input, init);
  };
  return createRosterWorker(
    { db: t.handle.db, files: t.app.services.files, secrets, clock, fetch: fetchThrough, pageSize: 2 },
    { scheduleEvery: () => () => {} },
  );
}

async function readJob(id: number) {
  const read = await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${id}`);
  expect(read.statusCode, read.body).toBe(200);
  return read.json<Job>();
}

async function requestSync(body?: object, email = ADVISER) {
  const response = await roster(email, 'POST', `/roster/schools/${lincolnSchool}/sync`, body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Job>();
}

/** Runs the waiting roster jobs as the worker does (the real handler, claimed from queue_roster). */
async function runJobs() {
  return worker().drain();
}

async function people(status = 'active') {
  const response = await roster(
    ADVISER,
    'GET',
    `/roster/individuals?schoolId=${lincolnSchool}&perPage=200&status=${status}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Person[] }>().data;
}
const sourcedIds = (list: Person[]) => list.map((person) => person.sourcedId).sort();

async function schoolRow() {
  const [row] = await t.handle.db.select().from(schools).where(eq(schools.id, lincolnSchool));
  if (!row) throw new Error('no Lincoln');
  return row;
}

const userRequests = () => server.requests.filter((request) => request.path === `${BASE_PATH}/users`);

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t);
  lincolnAccount = demo.lincolnId;
  studioAccount = demo.studioId;
  ({
    lincolnSchool,
    otherSchool: washingtonSchool,
    oakSchool,
  } = await mapDemoSchools(roster, demo, {
    lincoln: { sourcedId: LINCOLN, name: 'Lincoln High (SIS)' },
    other: { sourcedId: 'washington-ms', name: 'Washington Middle (SIS)' },
    oak: { sourcedId: 'org-oak', name: 'Oak Valley (SIS)' },
  }));
  // Only this file's jobs wait in the queue, so each run takes the job it queued.
  await t.handle.db.delete(queueRoster).where(eq(queueRoster.status, queueStatus.Waiting));
  resetFeed();
  server = await startOneRosterTestServer({
    basePath: BASE_PATH,
    auth: { kind: 'oauth2', clientId: 'lincoln', clientSecret: SECRET, tokenLifetimeSeconds: 3600 },
    collections: { users, classes, enrollments },
    nowSeconds: () => Math.floor(now.getTime() / 1000),
  });
});

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('POST /roster/schools/{id}/sync', () => {
  it('answers 401 without the session headers, 404 for another tenant’s school, 403 to a volunteer', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: `/roster/schools/${lincolnSchool}/sync` });
    expect(anonymous.statusCode).toBe(401);
    expect((await roster(ADVISER, 'POST', `/roster/schools/${oakSchool}/sync`)).statusCode).toBe(404);
    expect((await roster(OWNER, 'POST', `/roster/schools/${oakSchool}/sync`)).statusCode).toBe(404);
    expect((await roster(ADVISER, 'POST', `/roster/schools/${washingtonSchool}/sync`)).statusCode).toBe(404);
    expect((await roster(VOLUNTEER, 'POST', `/roster/schools/${lincolnSchool}/sync`)).statusCode).toBe(403);
  });

  it('answers 400 naming the configuration when neither the school nor its district has one', async () => {
    const response = await roster(ADVISER, 'POST', `/roster/schools/${lincolnSchool}/sync`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(pathsOf(response.json())).toContain('configuration');
    const badBody = await roster(ADVISER, 'POST', `/roster/schools/${lincolnSchool}/sync`, { full: 'yes' });
    expect(badBody.statusCode).toBe(400);
    expect(pathsOf(badBody.json())).toContain('full');
  });

  it('queues a first sync (202), refuses a second while it waits (409), then pulls everyone in full', async () => {
    const config = await roster(ADVISER, 'POST', '/roster/configurations', {
      schoolId: lincolnSchool,
      baseUrl: server.baseUrl,
      version: '1.2',
      authKind: 'oauth2',
      clientId: 'lincoln',
      clientSecret: SECRET,
    });
    expect(config.statusCode, config.body).toBe(201);

    const queued = await requestSync();
    expect(queued).toMatchObject({ kind: 'sync', status: queueStatus.Waiting, progress: 0, schoolId: lincolnSchool });
    expect((await schoolRow()).syncStatus).toBe('queued');
    const again = await roster(OWNER, 'POST', `/roster/schools/${lincolnSchool}/sync`);
    expect(again.statusCode, again.body).toBe(409);

    expect(await runJobs()).toBe(1);
    const job = await readJob(queued.id);
    expect(job.error).toBeNull();
    expect(job).toMatchObject({
      status: queueStatus.Complete,
      progress: 100,
      // The guardian is skipped; the other school's student is not Lincoln's at all.
      counts: { added: 5, changed: 0, removed: 0, skipped: 1 },
    });
    // A first sync is full: no filter; paged two at a time until the short page.
    expect(userRequests().map((request) => request.query.get('filter'))).toEqual([null, null, null, null]);
    expect(userRequests().map((request) => request.query.get('offset'))).toEqual(['0', '2', '4', '6']);

    const list = await people();
    expect(sourcedIds(list)).toEqual(['t1', 'u1', 'u2', 'u3', 'u4']);
    const ada = list.find((person) => person.sourcedId === 'u1');
    expect(ada).toMatchObject({ givenName: 'Ada', grade: '09', homeroom: 'HR101', role: 'student', source: 'sync' });
    // A class that is no homeroom gives none; a teacher's homeroom is the one they teach.
    expect(list.find((person) => person.sourcedId === 'u4')?.homeroom).toBeNull();
    expect(list.find((person) => person.sourcedId === 't1')).toMatchObject({ role: 'teacher', homeroom: 'HR101' });

    const school = await schoolRow();
    expect(school).toMatchObject({
      syncStatus: 'succeeded',
      syncError: null,
      syncCounts: { added: 5, changed: 0, removed: 0, skipped: 1 },
    });
    expect(school.lastSyncAt?.toISOString()).toBe(now.toISOString());
    expect(JSON.stringify(job)).not.toContain('pw-');

    // The main API's teacher/grade counts of the yearbook year, from the students by homeroom.
    const combinations = await t.handle.db
      .select({
        teacher: teacherGradeCombinations.teacher,
        grade: teacherGradeCombinations.grade,
        studentCount: teacherGradeCombinations.studentCount,
        source: teacherGradeCombinations.source,
      })
      .from(teacherGradeCombinations)
      .where(
        and(
          eq(teacherGradeCombinations.accountId, lincolnAccount),
          eq(teacherGradeCombinations.year, yearbookYearOf(now)),
        ),
      )
      .orderBy(teacherGradeCombinations.teacher, teacherGradeCombinations.grade);
    expect(combinations).toEqual([
      { teacher: 'HR101', grade: '09', studentCount: 2, source: 'roster' },
      { teacher: 'HR102', grade: '10', studentCount: 1, source: 'roster' },
    ]);
  });

  it('pulls only what changed since the last sync; only tobedeleted removes, a missing person stays', async () => {
    const lastSync = now;
    now = new Date(now.getTime() + DAY_MS);
    const changedAt = new Date(lastSync.getTime() + 3_600_000).toISOString();
    const ada = users.find((user) => user.sourcedId === 'u1');
    if (!ada) throw new Error('no Ada');
    Object.assign(ada, { givenName: 'Augusta', dateLastModified: changedAt });
    const grace = users.find((user) => user.sourcedId === 'u2');
    Object.assign(grace ?? {}, { status: 'tobedeleted', dateLastModified: changedAt });
    // Turing leaves the feed without a word: an incremental pull cannot tell, so he stays.
    users.splice(
      users.findIndex((user) => user.sourcedId === 'u3'),
      1,
    );
    // Dijkstra joins homeroom 102 (only his enrollment changed).
    enrollments.push({
      sourcedId: 'e6',
      ...at(changedAt),
      role: 'student',
      user: { sourcedId: 'u4' },
      class: { sourcedId: 'hr-102' },
    });
    server.requests.length = 0;

    const queued = await requestSync();
    await runJobs();
    const job = await readJob(queued.id);
    expect(job.error).toBeNull();
    expect(job).toMatchObject({
      status: queueStatus.Complete,
      counts: { added: 0, changed: 2, removed: 1, skipped: 0 },
    });
    expect(new Set(userRequests().map((request) => request.query.get('filter')))).toEqual(
      new Set([`dateLastModified>'${lastSync.toISOString().replace('.000Z', 'Z')}'`]),
    );
    // The filter is sent as the adapter signs it: the quotes and > percent-encoded on the wire.
    expect(userRequests()[0]?.rawQuery).toContain('filter=dateLastModified%3E%27');

    const list = await people();
    expect(sourcedIds(list)).toEqual(['t1', 'u1', 'u3', 'u4']);
    // Ada changed her name; her homeroom, not in the delta, is kept.
    expect(list.find((person) => person.sourcedId === 'u1')).toMatchObject({ givenName: 'Augusta', homeroom: 'HR101' });
    expect(list.find((person) => person.sourcedId === 'u4')?.homeroom).toBe('HR102');
    expect(sourcedIds(await people('removed'))).toEqual(['u2']);
    expect((await schoolRow()).lastSyncAt?.toISOString()).toBe(now.toISOString());
  });

  it('removes a person missing from a complete full pull', async () => {
    now = new Date(now.getTime() + DAY_MS);
    const queued = await requestSync({ full: true });
    await runJobs();
    const job = await readJob(queued.id);
    expect(job).toMatchObject({
      status: queueStatus.Complete,
      counts: { added: 0, changed: 0, removed: 1, skipped: 1 },
    });
    expect(sourcedIds(await people())).toEqual(['t1', 'u1', 'u4']);
    expect(sourcedIds(await people('removed'))).toEqual(['u2', 'u3']);
  });

  it('never removes anyone when a full pull fails part way: the job fails, the counts stay', async () => {
    now = new Date(now.getTime() + DAY_MS);
    const before = await schoolRow();
    // Page 1 comes back with Augusta alone; from the second page on, the server fails.
    failUsersFromOffset = 2;
    try {
      const queued = await requestSync({ full: true });
      await runJobs();
      const job = await readJob(queued.id);
      // Failed and waiting for its retry (a vendor's outage passes); nothing removed meanwhile.
      expect(job.status).toBe(queueStatus.Waiting);
      expect(job.error).toContain('500');
      expect(job.error).not.toContain('pw-');
      expect(sourcedIds(await people())).toEqual(['t1', 'u1', 'u4']);
      const school = await schoolRow();
      expect(school.syncStatus).toBe('failed');
      expect(school.syncError).toContain('500');
      expect(school.syncCounts).toEqual(before.syncCounts);
      expect(school.lastSyncAt).toEqual(before.lastSyncAt);
      // Its retry is still pending: another request is a conflict, not a second job.
      expect((await roster(ADVISER, 'POST', `/roster/schools/${lincolnSchool}/sync`)).statusCode).toBe(409);
      await t.handle.db.delete(queueRoster).where(eq(queueRoster.id, queued.id));
    } finally {
      failUsersFromOffset = null;
      delete server.behaviour.failWith;
    }
  });
});

describe('GET /roster/schools/{id}/data', () => {
  it("shows the school's sync state, people by role and grade, homerooms and newest job", async () => {
    const response = await roster(ADVISER, 'GET', `/roster/schools/${lincolnSchool}/data`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json();
    expect(data).toMatchObject({
      school: { id: lincolnSchool, sourcedId: LINCOLN, syncStatus: 'failed' },
      configurationSource: 'school',
      syncSchedule: 'off',
      people: {
        total: 3,
        removed: 2,
        byRole: [
          { role: 'student', label: 'Student', count: 2 },
          { role: 'teacher', label: 'Teacher', count: 1 },
          { role: 'staff', label: 'Staff', count: 0 },
        ],
        byGrade: [
          { grade: '09', label: 'Grade 9', count: 1 },
          { grade: '10', label: 'Grade 10', count: 1 },
          { grade: null, label: 'No grade', count: 1 },
        ],
      },
      homerooms: {
        data: [
          { homeroom: 'HR101', students: 1 },
          { homeroom: 'HR102', students: 1 },
        ],
        total: 2,
      },
      lastJob: { kind: 'sync', schoolId: lincolnSchool, status: queueStatus.Complete },
    });
  });

  it('is seen by the studio, not by another tenant or another school of the studio', async () => {
    expect((await roster(OWNER, 'GET', `/roster/schools/${lincolnSchool}/data`)).statusCode).toBe(200);
    expect((await roster(DIRECT_ADVISER, 'GET', `/roster/schools/${lincolnSchool}/data`)).statusCode).toBe(404);
    expect((await roster(ADVISER, 'GET', `/roster/schools/${washingtonSchool}/data`)).statusCode).toBe(404);
    expect((await roster(OWNER, 'GET', `/roster/schools/${oakSchool}/data`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/roster/schools/${lincolnSchool}/data` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a OneRoster 1.1 sync with OAuth 1.0a, configured on the district', () => {
  it("pulls the school's people through its district's configuration, every request signed", async () => {
    const modified = '2026-01-01T00:00:00Z';
    const user11 = (sourcedId: string, role: string, org: string, grade?: string) => ({
      sourcedId,
      ...at(modified),
      givenName: `Given ${sourcedId}`,
      familyName: `Family ${sourcedId}`,
      role,
      orgs: [{ href: `/orgs/${org}`, sourcedId: org, type: 'org' }],
      grades: grade ? [grade] : [],
      password: `pw-${sourcedId}`,
    });
    const server11 = await startOneRosterTestServer({
      basePath: '/ims/oneroster/v1p1',
      auth: { kind: 'oauth1', consumerKey: 'washington', consumerSecret: 'district-secret-0123456789' },
      collections: {
        users: [
          user11('w1', 'student', 'washington-ms', '7'),
          user11('w2', 'student', 'washington-ms', 'KG'),
          user11('w3', 'teacher', 'washington-ms'),
          user11('w4', 'aide', 'washington-ms'),
          user11('l9', 'student', LINCOLN, '9'),
        ],
        classes: [],
        enrollments: [],
      },
      nowSeconds: () => Math.floor(now.getTime() / 1000),
    });
    try {
      const district = await roster(OWNER, 'POST', '/roster/districts', {
        name: 'Sync District',
        studioAccountId: studioAccount,
      });
      expect(district.statusCode, district.body).toBe(201);
      const districtId = district.json<{ id: number }>().id;
      const linked = await roster(OWNER, 'POST', `/roster/schools/${washingtonSchool}/link-district`, { districtId });
      expect(linked.statusCode, linked.body).toBe(200);
      const config = await roster(OWNER, 'POST', '/roster/configurations', {
        districtId,
        // The service root written out, as vendors give it.
        baseUrl: `${server11.baseUrl}/ims/oneroster/v1p1`,
        version: '1.1',
        authKind: 'oauth1',
        clientId: 'washington',
        clientSecret: 'district-secret-0123456789',
      });
      expect(config.statusCode, config.body).toBe(201);

      const queued = await roster(OWNER, 'POST', `/roster/schools/${washingtonSchool}/sync`);
      expect(queued.statusCode, queued.body).toBe(202);
      await runJobs();
      const job = await roster(OWNER, 'GET', `/roster/queue-management/jobs/${queued.json<Job>().id}`);
      expect(job.json<Job>()).toMatchObject({
        status: queueStatus.Complete,
        error: null,
        counts: { added: 4, changed: 0, removed: 0, skipped: 0 },
      });
      expect(server11.requests.every((request) => request.authorization?.startsWith('OAuth '))).toBe(true);
      // No signature method configured: the standard's.
      expect(config.json()).toMatchObject({ signatureMethod: 'HMAC-SHA256', tokenUrl: null });
      expect(
        server11.requests.every((request) => request.authorization?.includes('oauth_signature_method="HMAC-SHA256"')),
      ).toBe(true);
      expect(server11.requests.some((request) => request.path === '/ims/oneroster/v1p1/users')).toBe(true);

      const data = await roster(OWNER, 'GET', `/roster/schools/${washingtonSchool}/data`);
      expect(data.statusCode, data.body).toBe(200);
      expect(data.json()).toMatchObject({
        configurationSource: 'district',
        school: { syncStatus: 'succeeded' },
        people: {
          total: 4,
          byRole: [
            { role: 'student', count: 2 },
            { role: 'teacher', count: 1 },
            // An aide is staff (the domain's OneRoster role mapping).
            { role: 'staff', count: 1 },
          ],
          byGrade: [
            { grade: 'KG', count: 1 },
            { grade: '07', count: 1 },
            { grade: null, count: 2 },
          ],
        },
      });
    } finally {
      await server11.close();
    }
  });
});

describe('what vendors differ on: the OAuth 1 signature method and the OAuth 2 token endpoint', () => {
  it('signs with HMAC-SHA1 when configured, then gets its OAuth 2 token at the configured token URL', async () => {
    const feed = () => ({
      users: [
        {
          sourcedId: 'w9',
          ...at('2026-03-01T00:00:00Z'),
          givenName: 'Vera',
          familyName: 'Vendor',
          role: 'student',
          orgs: [{ href: '/orgs/washington-ms', sourcedId: 'washington-ms', type: 'org' }],
          grades: ['8'],
        },
      ],
      classes: [],
      enrollments: [],
    });
    const nowSeconds = () => Math.floor(now.getTime() / 1000);
    const sha1 = await startOneRosterTestServer({
      basePath: '/ims/oneroster/v1p1',
      auth: { kind: 'oauth1', consumerKey: 'washington-own', consumerSecret: 'sha1-secret-0123456789' },
      collections: feed(),
      nowSeconds,
    });
    // Its token endpoint is not `<origin>/token`: a POST there is a resource request, refused.
    const elsewhere = await startOneRosterTestServer({
      basePath: '/ims/oneroster/v1p1',
      auth: {
        kind: 'oauth2',
        clientId: 'washington-own',
        clientSecret: 'oauth2-secret-0123456789',
        tokenLifetimeSeconds: 3600,
      },
      collections: feed(),
      nowSeconds,
      tokenPath: '/oauth/v2/token',
    });
    const syncWashington = async () => {
      const queued = await roster(OWNER, 'POST', `/roster/schools/${washingtonSchool}/sync`);
      expect(queued.statusCode, queued.body).toBe(202);
      await runJobs();
      return (await roster(OWNER, 'GET', `/roster/queue-management/jobs/${queued.json<Job>().id}`)).json<Job>();
    };
    try {
      // The school's own configuration, in place of its district's.
      const own = await roster(OWNER, 'POST', '/roster/configurations', {
        schoolId: washingtonSchool,
        baseUrl: `${sha1.baseUrl}/ims/oneroster/v1p1`,
        version: '1.1',
        authKind: 'oauth1',
        signatureMethod: 'HMAC-SHA1',
        clientId: 'washington-own',
        clientSecret: 'sha1-secret-0123456789',
      });
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json()).toMatchObject({ signatureMethod: 'HMAC-SHA1', tokenUrl: null });
      expect(await syncWashington()).toMatchObject({ status: queueStatus.Complete, error: null });
      expect(sha1.requests.length).toBeGreaterThan(0);
      expect(
        sha1.requests.every((request) => request.authorization?.includes('oauth_signature_method="HMAC-SHA1"')),
      ).toBe(true);

      const oauth2 = await roster(OWNER, 'PUT', `/roster/configurations/${own.json<{ id: number }>().id}`, {
        baseUrl: `${elsewhere.baseUrl}/ims/oneroster/v1p1`,
        version: '1.1',
        authKind: 'oauth2',
        tokenUrl: elsewhere.tokenUrl,
        clientId: 'washington-own',
        clientSecret: 'oauth2-secret-0123456789',
      });
      expect(oauth2.statusCode, oauth2.body).toBe(200);
      expect(oauth2.json()).toMatchObject({ tokenUrl: elsewhere.tokenUrl, signatureMethod: null });
      expect(await syncWashington()).toMatchObject({ status: queueStatus.Complete, error: null });
      expect(elsewhere.tokenRequests).toHaveLength(1);
      expect(elsewhere.requests.some((request) => request.path === '/token')).toBe(false);
      expect(elsewhere.requests.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);
    } finally {
      await sha1.close();
      await elsewhere.close();
    }
  });
});

describe('scheduled syncs', () => {
  const lincolnSyncs = () =>
    t.handle.db
      .select({ id: queueRoster.id, requestedBy: queueRoster.requestedBy })
      .from(queueRoster)
      .where(
        and(
          eq(queueRoster.kind, 'sync'),
          eq(queueRoster.rosterSchoolId, lincolnSchool),
          eq(queueRoster.status, queueStatus.Waiting),
        ),
      );

  it('queue a due school once, and again only when its period has passed since its last sync', async () => {
    // Nothing is scheduled yet.
    expect(await enqueueDueSyncs(t.handle.db, now)).toEqual([]);
    const saved = await roster(ADVISER, 'PUT', '/roster/settings', {
      schoolId: lincolnSchool,
      syncSchedule: 'daily',
      grades: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The last successful sync was a day ago or more: due now, once, whoever ticks.
    const first = await enqueueDueSyncs(t.handle.db, now);
    expect(first.map((job) => job.rosterSchoolId)).toEqual([lincolnSchool]);
    expect(first[0]?.requestedBy).toBeNull();
    expect(await enqueueDueSyncs(t.handle.db, now)).toEqual([]);
    expect(await lincolnSyncs()).toHaveLength(1);
    const schedule = worker();
    expect(await schedule.scheduleTick()).toEqual([]);

    await runJobs();
    expect((await schoolRow()).syncStatus).toBe('succeeded');
    // Just synced: not due again until a day has passed.
    expect(await enqueueDueSyncs(t.handle.db, now)).toEqual([]);
    const later = new Date(now.getTime() + DAY_MS + 60_000);
    expect((await enqueueDueSyncs(t.handle.db, later)).map((job) => job.rosterSchoolId)).toEqual([lincolnSchool]);
    expect(await enqueueDueSyncs(t.handle.db, later)).toEqual([]);
    await t.handle.db.delete(queueRoster).where(eq(queueRoster.status, queueStatus.Waiting));
  });
});
