import { queueRoster } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, complete, fail, PermanentJobError } from '../../api/src/queue';
import { createRosterHost } from '../../api/src/roster-host';
import { createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import { signExportDownload } from '../src/exports/download-link';
import { rosterJobHandlers } from '../src/jobs/roster-worker';
import { individuals } from '../src/schema';
import { ADVISER, demoAccounts, expectEachFieldNamed, mapDemoSchools, rosterCaller } from './support';

/**
 * POST /roster/individuals/export-queue-job, its job run by the real export processor (claimed from
 * queue_roster as the worker claims it) on a real PGlite database with the demo, portraits in the
 * real file store, and the zip downloaded through the signed link the job's page hands out.
 */

interface Job {
  id: number;
  kind: string;
  status: number;
  progress: number;
  error: string | null;
  schoolId: number | null;
  districtId: number | null;
  counts: { added: number; changed: number; removed: number; skipped: number };
  faults: { items: { file: string; line: number; field?: string; message: string }[]; total: number };
  download: { url: string; expiresAt: string } | null;
}

let t: TestApp;
let lincolnSchool: number;
let otherSchool: number;
let oakSchool: number;
let studioDistrict: number;
let lincolnPreset: number;
let districtPreset: number;
let oakPreset: number;

const { roster } = rosterCaller(() => t);

/** Tiny stand-ins for portraits: the zip must hold these exact bytes. */
const portrait = (label: string) => Buffer.from(`\xFF\xD8\xFF portrait of ${label}`, 'latin1');

async function addPeople() {
  const db = t.handle.db;
  const files = t.app.services.files;
  const people = [
    // Lincoln: grades and homerooms in natural order (Room 2 before Room 12), two Ana Garcías.
    {
      schoolId: lincolnSchool,
      sourcedId: 's1',
      givenName: 'Ana',
      familyName: 'García',
      grade: '10',
      homeroom: 'Room 12',
      photo: 'ana1.jpg',
    },
    {
      schoolId: lincolnSchool,
      sourcedId: 's2',
      givenName: 'Ana',
      familyName: 'García',
      grade: '10',
      homeroom: 'Room 2',
      photo: 'ana2.jpg',
    },
    {
      schoolId: lincolnSchool,
      sourcedId: 's3',
      givenName: 'Zoë',
      familyName: 'Adams',
      grade: '09',
      homeroom: 'Room 2',
      photo: 'zoe.png',
    },
    // No portrait: a blank image cell and no file.
    {
      schoolId: lincolnSchool,
      sourcedId: 's4',
      givenName: 'Ben',
      familyName: 'Brown',
      grade: '09',
      homeroom: 'Room 2',
      photo: null,
    },
    // A portrait the store no longer has: a blank cell and a fault on its line.
    {
      schoolId: lincolnSchool,
      sourcedId: 's5',
      givenName: 'Cara',
      familyName: 'Cole',
      grade: '11',
      homeroom: 'Room 5',
      photo: 'gone.jpg',
    },
    // Removed: never exported.
    {
      schoolId: lincolnSchool,
      sourcedId: 's6',
      givenName: 'Dan',
      familyName: 'Left',
      grade: '10',
      homeroom: 'Room 2',
      photo: 'dan.jpg',
      removed: true,
    },
    // A teacher: not among the preset's roles.
    {
      schoolId: lincolnSchool,
      sourcedId: 't1',
      givenName: 'Tess',
      familyName: 'Teacher',
      grade: null,
      homeroom: 'Room 2',
      photo: 'tess.jpg',
      role: 'teacher' as const,
    },
    {
      schoolId: otherSchool,
      sourcedId: 'w1',
      givenName: 'Will',
      familyName: 'Wong',
      grade: '06',
      homeroom: 'HR6',
      photo: 'will.jpg',
    },
    {
      schoolId: oakSchool,
      sourcedId: 'o1',
      givenName: 'Olive',
      familyName: 'Oak',
      grade: '12',
      homeroom: 'A',
      photo: 'olive.jpg',
    },
  ];
  for (const person of people) {
    const photoKey = person.photo ? `roster-portraits/${person.schoolId}/${person.sourcedId}-${person.photo}` : null;
    if (photoKey && person.photo !== 'gone.jpg') await files.put(photoKey, portrait(person.sourcedId), 'image/jpeg');
    await db.insert(individuals).values({
      schoolId: person.schoolId,
      sourcedId: person.sourcedId,
      givenName: person.givenName,
      familyName: person.familyName,
      grade: person.grade as '10' | null,
      homeroom: person.homeroom,
      role: person.role ?? 'student',
      photoKey,
      ...(person.removed ? { status: 'removed' as const, removedAt: new Date() } : {}),
    });
  }
}

const yearbook = {
  roles: ['student'],
  columns: ['familyName', 'givenName', 'grade', 'homeroom', 'imageFileName'],
  layout: 'csv-with-images',
  fileNameTemplate: '{familyName}_{givenName}',
  sortOrder: 'grade-homeroom-familyName',
  headerRow: true,
};

async function createPreset(email: string, body: object) {
  const created = await roster(email, 'POST', '/roster/export-presets', { ...yearbook, ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

/** Runs the next waiting roster job as the worker does: the real processor, then complete or fail. */
async function runExport(expectedId: number, email = ADVISER) {
  const db = t.handle.db;
  const job = await claim(db, 'roster', 'export-test-worker', 30_000);
  expect(job?.id).toBe(expectedId);
  if (!job) throw new Error('no job to run');
  // The roster worker's own processor for the kind, as createRosterWorker runs it.
  const handler = rosterJobHandlers({
    db,
    files: t.app.services.files,
    secrets: createRosterHost(t.app.services).secrets,
  }).export;
  if (!handler) throw new Error('the roster worker runs no exports');
  try {
    await complete(db, job, await handler(job, { signal: new AbortController().signal, heartbeat: async () => {} }));
  } catch (error) {
    await fail(db, job, error, { permanent: error instanceof PermanentJobError });
  }
  const read = await roster(email, 'GET', `/roster/queue-management/jobs/${expectedId}`);
  expect(read.statusCode, read.body).toBe(200);
  return read.json<Job>();
}

async function queueExport(email: string, body: object) {
  const response = await roster(email, 'POST', '/roster/individuals/export-queue-job', body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Job>();
}

/** The download, clicked: no session headers at all. */
const download = (url: string) => t.app.inject({ method: 'GET', url });

function unzip(body: Buffer) {
  const entries = unzipSync(new Uint8Array(body));
  return new Map(Object.entries(entries).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t);
  studioDistrict = (
    await roster(OWNER, 'POST', '/roster/districts', { name: 'Export District', studioAccountId: demo.studioId })
  ).json().id;
  ({ lincolnSchool, otherSchool, oakSchool } = await mapDemoSchools(roster, demo, {
    lincoln: { sourcedId: 'exp-lincoln', name: 'Lincoln High', districtId: studioDistrict },
    other: { sourcedId: 'exp-washington', name: 'Washington Middle', districtId: studioDistrict },
    oak: { sourcedId: 'exp-oak', name: 'Oak Valley' },
  }));
  await addPeople();
  lincolnPreset = await createPreset(ADVISER, { name: 'Yearbook portraits', schoolId: lincolnSchool });
  districtPreset = await createPreset(OWNER, {
    name: 'District directory',
    districtId: studioDistrict,
    columns: ['sourcedId', 'familyName', 'givenName'],
    layout: 'csv',
    sortOrder: 'familyName',
  });
  oakPreset = await createPreset(SUPER, { name: 'Oak portraits', schoolId: oakSchool });
  // Only this file's jobs wait in the queue, so each run claims the job it queued.
  await t.handle.db.delete(queueRoster).where(eq(queueRoster.status, queueStatus.Waiting));
});

afterAll(async () => {
  await t?.close();
});

describe('POST /roster/individuals/export-queue-job and its zip', () => {
  it("exports a school's preset: the CSV's rows, columns and order, and each portrait under its name", async () => {
    const queued = await queueExport(ADVISER, { presetId: lincolnPreset });
    expect(queued).toMatchObject({
      kind: 'export',
      status: queueStatus.Waiting,
      schoolId: lincolnSchool,
      download: null,
    });

    const job = await runExport(queued.id);
    expect(job.error).toBeNull();
    expect(job).toMatchObject({ status: queueStatus.Complete, progress: 100 });
    // The portrait the store lost is named by the CSV's line (the header is line 1).
    expect(job.counts.skipped).toBe(1);
    expect(job.faults.items).toEqual([
      expect.objectContaining({ file: 'Yearbook_portraits.csv', line: 6, field: 'imageFileName' }),
    ]);
    expect(job.download?.url).toMatch(new RegExp(`^/roster/exports/${job.id}/download\\?expires=\\d+&signature=`));
    const expiresIn = new Date(job.download?.expiresAt ?? 0).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    const response = await download(job.download?.url ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Yearbook_portraits.zip"');
    const files = unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'Adams_Zoe.png',
      'Garcia_Ana.jpg',
      'Garcia_Ana_2.jpg',
      'Yearbook_portraits.csv',
    ]);
    const csv = files.get('Yearbook_portraits.csv')?.toString('utf8') ?? '';
    expect(csv.startsWith('\uFEFF')).toBe(true);
    // Grade, then homeroom in natural order, then name; removed people and teachers never.
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Family name,Given name,Grade,Homeroom,@Image file',
      'Adams,Zoë,09,Room 2,Adams_Zoe.png',
      'Brown,Ben,09,Room 2,',
      'García,Ana,10,Room 2,Garcia_Ana.jpg',
      'García,Ana,10,Room 12,Garcia_Ana_2.jpg',
      'Cole,Cara,11,Room 5,',
      '',
    ]);
    expect(files.get('Adams_Zoe.png')).toEqual(portrait('s3'));
    expect(files.get('Garcia_Ana.jpg')).toEqual(portrait('s2'));
    expect(files.get('Garcia_Ana_2.jpg')).toEqual(portrait('s1'));
  });

  it("runs a district's preset over its schools, or one of them; the CSV alone without images", async () => {
    const whole = await runExport((await queueExport(OWNER, { presetId: districtPreset })).id, OWNER);
    expect(whole).toMatchObject({ status: queueStatus.Complete, districtId: studioDistrict, schoolId: null });
    const files = unzip((await download(whole.download?.url ?? '')).rawPayload);
    expect([...files.keys()]).toEqual(['District_directory.csv']);
    expect(files.get('District_directory.csv')?.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Sourced ID,Family name,Given name',
      's3,Adams,Zoë',
      's4,Brown,Ben',
      's5,Cole,Cara',
      's1,García,Ana',
      's2,García,Ana',
      'w1,Wong,Will',
      '',
    ]);

    const one = await runExport(
      (await queueExport(OWNER, { presetId: districtPreset, schoolId: otherSchool })).id,
      OWNER,
    );
    expect(one).toMatchObject({ status: queueStatus.Complete, schoolId: otherSchool });
    const only = unzip((await download(one.download?.url ?? '')).rawPayload);
    expect(only.get('District_directory.csv')?.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Sourced ID,Family name,Given name',
      'w1,Wong,Will',
      '',
    ]);
  });

  it('refuses an altered link (403) and an expired one (410), each as problem+json', async () => {
    const job = await runExport((await queueExport(ADVISER, { presetId: lincolnPreset })).id);
    const url = job.download?.url ?? '';
    const signature = new URL(url, 'http://roster').searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;

    const tampered = await download(url.replace(signature, flipped));
    expect(tampered.statusCode).toBe(403);
    expect(tampered.headers['content-type']).toContain('application/problem+json');
    // Another job's number under this job's signature is no link either.
    const otherJob = await download(url.replace(`/exports/${job.id}/`, `/exports/${job.id + 1000}/`));
    expect(otherJob.statusCode).toBe(403);
    // Moving the expiry on breaks the signature.
    const expires = Number(new URL(url, 'http://roster').searchParams.get('expires'));
    expect((await download(url.replace(`expires=${expires}`, `expires=${expires + 3600}`))).statusCode).toBe(403);

    // A genuine link whose time has passed: signed by the same secret, 20 minutes ago.
    const host = createRosterHost(t.app.services);
    const old = signExportDownload(host, job.id, new Date(Date.now() - 20 * 60_000));
    const expired = await download(old.url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toMatch(/expired/);

    // The link's query is checked: each field named.
    const missing = await download(`/roster/exports/${job.id}/download?expires=${expires}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { path: string }) => error.path)).toContain('signature');
  });

  it('offers no download to a reader of the roster, and none once the zip is past its 7 days', async () => {
    const job = await runExport((await queueExport(ADVISER, { presetId: lincolnPreset })).id);
    const asVolunteer = await roster(VOLUNTEER, 'GET', `/roster/queue-management/jobs/${job.id}`);
    expect(asVolunteer.statusCode, asVolunteer.body).toBe(200);
    expect(asVolunteer.json<Job>().download).toBeNull();

    const link = job.download?.url ?? '';
    await t.handle.db
      .update(queueRoster)
      .set({ completedAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) })
      .where(eq(queueRoster.id, job.id));
    expect((await roster(ADVISER, 'GET', `/roster/queue-management/jobs/${job.id}`)).json<Job>().download).toBeNull();
    const gone = await download(link);
    expect(gone.statusCode).toBe(410);

    // The next export deletes the old zip from the store; the job keeps its figures.
    expect(await t.app.services.files.stat(`roster-exports/${job.id}.zip`)).not.toBeNull();
    await runExport((await queueExport(ADVISER, { presetId: lincolnPreset })).id);
    expect(await t.app.services.files.stat(`roster-exports/${job.id}.zip`)).toBeNull();
    const [kept] = await t.handle.db
      .select({ result: queueRoster.result })
      .from(queueRoster)
      .where(eq(queueRoster.id, job.id));
    expect(kept?.result).toMatchObject({ rows: 5, portraits: 3, deletedAt: expect.any(String) });
    expect(kept?.result).not.toHaveProperty('fileKey');
    expect((await download(link)).statusCode).toBe(410);
  });

  it("another tenant's preset is 404; a reader is 403; no session 401; bad input 400 naming the field", async () => {
    expect(
      (await roster(DIRECT_ADVISER, 'POST', '/roster/individuals/export-queue-job', { presetId: lincolnPreset }))
        .statusCode,
    ).toBe(404);
    expect(
      (await roster(ADVISER, 'POST', '/roster/individuals/export-queue-job', { presetId: oakPreset })).statusCode,
    ).toBe(404);
    // A school's staff do not see their studio's district presets.
    expect(
      (await roster(ADVISER, 'POST', '/roster/individuals/export-queue-job', { presetId: districtPreset })).statusCode,
    ).toBe(404);
    // A district's preset narrowed to a school of another tenant: that school is unknown.
    expect(
      (
        await roster(OWNER, 'POST', '/roster/individuals/export-queue-job', {
          presetId: districtPreset,
          schoolId: oakSchool,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await roster(VOLUNTEER, 'POST', '/roster/individuals/export-queue-job', { presetId: lincolnPreset })).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/roster/individuals/export-queue-job',
      payload: { presetId: lincolnPreset },
    });
    expect(anonymous.statusCode).toBe(401);

    await expectEachFieldNamed(roster, ADVISER, [
      ['presetId', 'POST', '/roster/individuals/export-queue-job', {}],
      ['presetId', 'POST', '/roster/individuals/export-queue-job', { presetId: 'yearbook' }],
      ['schoolId', 'POST', '/roster/individuals/export-queue-job', { presetId: lincolnPreset, schoolId: 0 }],
      // A school's preset exports that school only.
      ['schoolId', 'POST', '/roster/individuals/export-queue-job', { presetId: lincolnPreset, schoolId: otherSchool }],
    ]);
    // Nothing refused was queued.
    const waiting = await t.handle.db.select().from(queueRoster).where(eq(queueRoster.status, queueStatus.Waiting));
    expect(waiting).toHaveLength(0);
  });
});
