import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { queueRoster } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { and, eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, complete, fail, PermanentJobError } from '../../api/src/queue';
import { createRosterHost } from '../../api/src/roster-host';
import { createTestApp, OWNER, SUPER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import { buildRosterApp } from '../src/app';
import { rosterImportHandler } from '../src/imports/import-job';
import { individuals } from '../src/schema';
import { ADVISER, demoAccounts, mapDemoSchools, rosterCaller } from './support';

/**
 * POST /roster/imports and its job, through the roster service as the dashboard serves it, on a real
 * PGlite database with the demo: the fixture bundles uploaded, their jobs run by the real processor
 * (claimed from queue_roster as the worker claims them), the people and the job's page read back.
 */

const fixtures = fileURLToPath(new URL('../../../fixtures/oneroster/', import.meta.url));

interface Job {
  id: number;
  kind: string;
  status: number;
  statusLabel: string;
  progress: number;
  counts: { added: number; changed: number; removed: number; skipped: number };
  error: string | null;
  schoolId: number | null;
  faults: { items: { file: string; line: number; field?: string; message: string }[]; total: number };
}
interface Person {
  sourcedId: string | null;
  givenName: string;
  familyName: string;
  preferredName: string | null;
  grade: string | null;
  homeroom: string | null;
  role: string;
  status: string;
}

let t: TestApp;
let lincolnSchool: number;
let washingtonSchool: number;
let oakSchool: number;

const { roster, headersOf } = rosterCaller(() => t);

/** A multipart/form-data body as a browser's FormData sends it. */
function formData(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const boundary = '----colophon-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(email: string, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const body = formData(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/roster/imports',
    headers: { ...(await headersOf(email)), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const fixtureZip = (name: string) => ({ name: `${name}.zip`, bytes: readFileSync(`${fixtures}${name}.zip`) });

/** A fixture folder zipped with some files changed (`null` leaves one out). */
function bundleOf(folder: string, changes: Record<string, string | null> = {}) {
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(`${fixtures}${folder}`)) {
    if (!name.endsWith('.csv') || changes[name] === null) continue;
    files[name] = readFileSync(`${fixtures}${folder}/${name}`);
  }
  for (const [name, text] of Object.entries(changes)) if (text !== null) files[name] = strToU8(text);
  return { name: `${folder}.zip`, bytes: zipSync(files) };
}

/** Runs the next waiting roster job as the worker does: the real processor, then complete or fail. */
async function runNextJob(expectedId: number) {
  const db = t.handle.db;
  const job = await claim(db, 'roster', 'import-test-worker', 30_000);
  expect(job?.id).toBe(expectedId);
  if (!job) throw new Error('no job to run');
  const handler = rosterImportHandler({ db, files: t.app.services.files });
  try {
    await complete(db, job, await handler(job, { signal: new AbortController().signal }));
  } catch (error) {
    await fail(db, job, error, { permanent: error instanceof PermanentJobError });
  }
  const read = await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${expectedId}`);
  return read.statusCode === 200
    ? read.json<Job>()
    : (await roster(SUPER, 'GET', `/roster/queue-management/jobs/${expectedId}`)).json<Job>();
}

async function peopleOf(schoolId: number, email = ADVISER, status = 'active') {
  const response = await roster(email, 'GET', `/roster/individuals?schoolId=${schoolId}&perPage=200&status=${status}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Person[] }>().data;
}

const jobCount = async () => {
  const [row] = await t.handle.db.select({ value: sql<number>`count(*)::int` }).from(queueRoster);
  return row?.value ?? 0;
};

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t);
  ({
    lincolnSchool,
    otherSchool: washingtonSchool,
    oakSchool,
  } = await mapDemoSchools(roster, demo, {
    lincoln: { sourcedId: 'lincoln-high', name: 'Lincoln High (SIS)' },
    other: { sourcedId: 'washington-ms', name: 'Washington Middle (SIS)' },
    oak: { sourcedId: 'org-oak', name: 'Oak Valley (SIS)' },
  }));
  // Only this file's jobs wait in the queue, so each run claims the job it uploaded.
  await t.handle.db.delete(queueRoster).where(eq(queueRoster.status, queueStatus.Waiting));
});

afterAll(async () => {
  await t?.close();
});

describe('POST /roster/imports', () => {
  it('imports Lincoln (1.2, with faults): 202, then Complete with its four faults by file and line and its people', async () => {
    const response = await upload(ADVISER, { schoolId: String(lincolnSchool) }, fixtureZip('lincoln-1.2-with-faults'));
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<Job>();
    expect(queued).toMatchObject({ kind: 'import', status: queueStatus.Waiting, progress: 0, schoolId: lincolnSchool });

    const job = await runNextJob(queued.id);
    expect(job.error).toBeNull();
    expect(job).toMatchObject({ status: queueStatus.Complete, progress: 100 });
    expect(job.faults.total).toBe(4);
    expect(job.faults.items.map(({ file, line, field }) => ({ file, line, field }))).toEqual([
      { file: 'users.csv', line: 19, field: 'sourcedId' },
      { file: 'roles.csv', line: 30, field: 'role' },
      { file: 'enrollments.csv', line: 38, field: 'beginDate' },
      { file: 'enrollments.csv', line: 46, field: 'userSourcedId' },
    ]);
    // 44 users read: 43 written; the re-entered Levi Kim and the hall monitor (no role) skipped.
    expect(job.counts).toEqual({ added: 43, changed: 0, removed: 0, skipped: 2 });

    const people = await peopleOf(lincolnSchool);
    expect(people).toHaveLength(43);
    const bySourcedId = new Map(people.map((person) => [person.sourcedId, person]));
    expect(bySourcedId.get('lhs-stu-012')).toMatchObject({ givenName: 'Levi', familyName: "O'Brien", grade: '10' });
    expect(bySourcedId.get('lhs-stu-025')).toBeUndefined();
    expect(bySourcedId.get('lhs-stu-001')).toMatchObject({ role: 'student', grade: '09', homeroom: '09A' });
    // Its enrollment was skipped for a bad date: no homeroom rather than a guess.
    expect(bySourcedId.get('lhs-stu-033')?.homeroom).toBeNull();
    expect(bySourcedId.get('lhs-tch-1')).toMatchObject({ role: 'teacher', familyName: 'Hamilton' });
    expect(people.filter((person) => person.role === 'student')).toHaveLength(39);
    expect(people.some((person) => person.preferredName === 'Izzy')).toBe(true);
  });

  it('adds no one twice when the same bundle is imported again (a retry)', async () => {
    const response = await upload(ADVISER, { schoolId: String(lincolnSchool) }, fixtureZip('lincoln-1.2-with-faults'));
    expect(response.statusCode, response.body).toBe(202);
    const job = await runNextJob(response.json<Job>().id);
    expect(job.status).toBe(queueStatus.Complete);
    expect(job.counts).toEqual({ added: 0, changed: 0, removed: 0, skipped: 2 });
    expect(await peopleOf(lincolnSchool)).toHaveLength(43);
  });

  it('imports Washington (1.1, clean) with grades and homerooms', async () => {
    const response = await upload(OWNER, { schoolId: String(washingtonSchool) }, fixtureZip('washington-1.1'));
    expect(response.statusCode, response.body).toBe(202);
    const job = await runNextJob(response.json<Job>().id);
    expect(job).toMatchObject({ status: queueStatus.Complete, error: null });
    expect(job.faults.total).toBe(0);
    expect(job.counts).toEqual({ added: 21, changed: 0, removed: 0, skipped: 0 });
    const people = await peopleOf(washingtonSchool, OWNER);
    const caleb = people.find((person) => person.sourcedId === 'wms-s-001');
    expect(caleb).toMatchObject({ givenName: 'Caleb', familyName: 'Nguyen', grade: '06', homeroom: 'HR6' });
    expect(people.filter((person) => person.role === 'teacher')).toHaveLength(3);
  });

  it('a bulk re-import without one student marks only that one removed', async () => {
    const usersCsv = readFileSync(`${fixtures}washington-1.1/users.csv`, 'utf8');
    const without = usersCsv
      .split('\n')
      .filter((line) => !line.startsWith('wms-s-018,'))
      .join('\n');
    const response = await upload(
      OWNER,
      { schoolId: String(washingtonSchool) },
      bundleOf('washington-1.1', { 'users.csv': without }),
    );
    expect(response.statusCode, response.body).toBe(202);
    const job = await runNextJob(response.json<Job>().id);
    expect(job.status).toBe(queueStatus.Complete);
    expect(job.counts).toEqual({ added: 0, changed: 0, removed: 1, skipped: 0 });
    // Chloe's enrollment now names a missing person: reported, not a crash.
    expect(job.faults.items.some((fault) => fault.file === 'enrollments.csv' && fault.field === 'userSourcedId')).toBe(
      true,
    );
    const removed = await peopleOf(washingtonSchool, OWNER, 'removed');
    expect(removed.map((person) => person.sourcedId)).toEqual(['wms-s-018']);
    expect(await peopleOf(washingtonSchool, OWNER)).toHaveLength(20);
  });

  it('a delta bundle removes its tobedeleted people and changes the rest', async () => {
    const [header = '', ...rows] = readFileSync(`${fixtures}washington-1.1/users.csv`, 'utf8').split(/\r?\n/);
    const rowOf = (sourcedId: string) => rows.find((row) => row.startsWith(`${sourcedId},`)) ?? '';
    const stamped = (row: string, status: string) => row.replace(/^([^,]+),,,/, `$1,${status},2026-11-20T10:00:00Z,`);
    const deltaUsers = [
      header,
      stamped(rowOf('wms-s-001'), 'tobedeleted'),
      stamped(rowOf('wms-s-002').replace(' Naomi ', 'Naomie'), 'active'),
    ].join('\r\n');
    const manifest = [
      'propertyName,value',
      'manifest.version,1.0',
      'oneroster.version,1.1',
      'file.users,delta',
      'file.orgs,absent',
    ].join('\r\n');
    const bundle = {
      name: 'delta.zip',
      bytes: zipSync({ 'manifest.csv': strToU8(manifest), 'users.csv': strToU8(deltaUsers) }),
    };
    const response = await upload(OWNER, { schoolId: String(washingtonSchool) }, bundle);
    expect(response.statusCode, response.body).toBe(202);
    const job = await runNextJob(response.json<Job>().id);
    expect(job.faults.items).toEqual([]);
    expect(job).toMatchObject({ status: queueStatus.Complete });
    expect(job.counts).toEqual({ added: 0, changed: 1, removed: 1, skipped: 0 });
    const removed = (await peopleOf(washingtonSchool, OWNER, 'removed')).map((person) => person.sourcedId).sort();
    expect(removed).toEqual(['wms-s-001', 'wms-s-018']);
    const naomi = (await peopleOf(washingtonSchool, OWNER)).find((person) => person.sourcedId === 'wms-s-002');
    expect(naomi?.givenName).toBe('Naomie');
  });

  it('a blocked bundle ends the job in Error with its faults, nothing written', async () => {
    const badHeader = 'sourcedId,status,dateLastModified,name,kind\r\nlincoln-high,,,Lincoln High School,school\r\n';
    const before = (await peopleOf(lincolnSchool)).length;
    const response = await upload(
      ADVISER,
      { schoolId: String(lincolnSchool) },
      bundleOf('lincoln-1.2-with-faults', { 'orgs.csv': badHeader, 'users.csv': 'sourcedId\r\n' }),
    );
    expect(response.statusCode, response.body).toBe(202);
    const job = await runNextJob(response.json<Job>().id);
    expect(job.status).toBe(queueStatus.Error);
    expect(job.error).toMatch(/nothing was written/);
    expect(job.faults.items[0]).toMatchObject({ file: 'orgs.csv', line: 1 });
    expect((await peopleOf(lincolnSchool)).length).toBe(before);
  });

  it('refuses what is not a bundle with 400 naming file, and queues nothing', async () => {
    const before = await jobCount();
    const cases: [string, { name: string; bytes: Uint8Array } | undefined][] = [
      ['no manifest', bundleOf('washington-1.1', { 'manifest.csv': null })],
      [
        '../ entry',
        {
          name: 'evil.zip',
          bytes: zipSync({ 'manifest.csv': strToU8('propertyName,value\n'), '../users.csv': strToU8('x') }),
        },
      ],
      ['not a zip', { name: 'notes.zip', bytes: strToU8('these are not the bytes of a zip') }],
      ['no file', undefined],
    ];
    for (const [what, file] of cases) {
      const response = await upload(ADVISER, { schoolId: String(lincolnSchool) }, file);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(
        response.json<{ errors: { path: string }[] }>().errors.map((error) => error.path),
        what,
      ).toEqual(['file']);
    }
    const neither = await upload(ADVISER, {}, fixtureZip('washington-1.1'));
    expect(neither.statusCode).toBe(400);
    expect(neither.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('schoolId');
    expect(await jobCount()).toBe(before);
  });

  it('refuses a bundle over the size cap with 400 naming file, and stores and queues nothing', async () => {
    const small = await buildRosterApp({
      db: t.handle.db,
      config: { maxImportBytes: 1024 },
      host: createRosterHost(t.app.services),
    });
    try {
      const before = await jobCount();
      const body = formData({ schoolId: String(lincolnSchool) }, fixtureZip('washington-1.1'));
      const response = await small.inject({
        method: 'POST',
        url: '/roster/imports',
        headers: { ...(await headersOf(ADVISER)), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ errors: { path: string; message: string }[] }>().errors[0]).toMatchObject({
        path: 'file',
        message: expect.stringMatching(/larger than/),
      });
      expect(await jobCount()).toBe(before);
    } finally {
      await small.close();
    }
  });

  it("answers 404 for another studio's school and 403 to a volunteer", async () => {
    const before = await jobCount();
    const elsewhere = await upload(ADVISER, { schoolId: String(oakSchool) }, fixtureZip('washington-1.1'));
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    const volunteer = await upload(VOLUNTEER, { schoolId: String(lincolnSchool) }, fixtureZip('washington-1.1'));
    expect(volunteer.statusCode, volunteer.body).toBe(403);
    expect(await jobCount()).toBe(before);
    const [left] = await t.handle.db
      .select({ value: sql<number>`count(*)::int` })
      .from(individuals)
      .where(and(eq(individuals.schoolId, oakSchool)));
    expect(left?.value).toBe(0);
  });
});
