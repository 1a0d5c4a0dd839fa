// Importing a OneRoster 1.2 bundle of 100,000 people into one school, end to end: the bundle (users,
// roles, orgs, a homeroom class per 25 people and their enrollments) is POSTed to /roster/imports as
// the dashboard sends it, then the job is claimed and run as the worker runs it, to Complete. Prints
// the upload's time, pass 1 (validate) and pass 2 (write) in rows/s, the total, the job's counts, and
// the process's peak RSS and heap (sampled every 100 ms). Pass 1 ends when the job reports 50 %
// (polled from queue_roster, like the job page does).
//
// Run: npm run bench:roster-import -w @colophon/bench (minutes). PGlite in memory, or PostgreSQL
// (a fresh colophon_roster_import database) when BENCH_DATABASE_URL is set. Knobs: BENCH_PEOPLE (100000).
import { performance } from 'node:perf_hooks';
import { queueRoster, userAccounts, users } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { claim, complete, fail, PermanentJobError } from '../apps/api/src/queue';
import { createServices } from '../apps/api/src/services';
import { rosterImportHandler } from '../apps/roster/src/imports/import-job';
import { DEMO_PASSWORD, demoDatabase, stopAfter } from './support/app';
import { dropDatabase, freshDatabase } from './support/postgres';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const ON_POSTGRES = process.env.BENCH_DATABASE_URL !== undefined;
const DATABASE = 'colophon_roster_import';
const PER_HOMEROOM = 25;
const SCHOOL = 'lincoln-high';
const ADVISER = 'adviser@colophon.test';
const OWNER = 'owner@colophon.test';
const MiB = 1024 * 1024;

const GIVEN = ['Ada', 'Zoë', 'José', 'Mary Jane', 'Li', 'Oluwaseun', 'Anne-Marie', 'Kai', 'Siobhán', 'Tomás'];
const FAMILY = ['Lovelace', 'Ñúñez', "O'Neil", 'Smith, Jr.', 'Nguyen', 'Van der Berg', 'Okafor', 'Müller', 'Kim'];
const GRADES = ['09', '10', '11', '12'];

const field = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (header: string, rows: string[][]) =>
  `${[header, ...rows.map((row) => row.map(field).join(','))].join('\r\n')}\r\n`;

/** Person `index`: a teacher every 25th, the rest students; homeroom `index / 25`. */
const isTeacher = (index: number) => index % PER_HOMEROOM === 0;
const homeroomOf = (index: number) => Math.floor(index / PER_HOMEROOM);
const gradeOf = (index: number) => GRADES[homeroomOf(index) % GRADES.length] ?? '09';

function bundle(): Uint8Array {
  const homerooms = Math.ceil(PEOPLE / PER_HOMEROOM);
  const people = Array.from({ length: PEOPLE }, (_, index) => index);
  const files: Record<string, string> = {
    'manifest.csv': [
      'propertyName,value',
      'manifest.version,1.0',
      'oneroster.version,1.2',
      ...['academicSessions', 'classes', 'courses', 'enrollments', 'orgs', 'roles', 'users'].map(
        (name) => `file.${name},bulk`,
      ),
      ...[
        'categories',
        'classResources',
        'courseResources',
        'demographics',
        'lineItems',
        'resources',
        'results',
        'userProfiles',
      ].map((name) => `file.${name},absent`),
      'source.systemName,Lincoln Unified SIS',
    ].join('\r\n'),
    'academicSessions.csv': csv(
      'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
      [['sy-2026-27', '', '', '2026-27', 'schoolYear', '2026-08-17', '2027-06-11', '', '2027']],
    ),
    'orgs.csv': csv('sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId', [
      ['lusd', '', '', 'Lincoln Unified School District', 'district', 'LUSD', ''],
      [SCHOOL, '', '', 'Lincoln High School', 'school', 'LHS', 'lusd'],
    ]),
    'courses.csv': csv(
      'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
      GRADES.map((grade) => [
        `hr-${grade}`,
        '',
        '',
        'sy-2026-27',
        `Homeroom ${grade}`,
        `HR${grade}`,
        grade,
        SCHOOL,
        '',
        '',
      ]),
    ),
    'classes.csv': csv(
      'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
      Array.from({ length: homerooms }, (_, homeroom) => {
        const grade = GRADES[homeroom % GRADES.length] ?? '09';
        return [
          `hr-${homeroom}`,
          '',
          '',
          `Homeroom ${homeroom}`,
          grade,
          `hr-${grade}`,
          `HR${homeroom}`,
          'homeroom',
          `Room ${homeroom}`,
          SCHOOL,
          'sy-2026-27',
          '',
          '',
          '',
        ];
      }),
    ),
    'users.csv': `\uFEFF${csv(
      'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
      people.map((index) => [
        `usr-${index}`,
        '',
        '',
        'true',
        `user${index}`,
        '',
        GIVEN[index % GIVEN.length] ?? '',
        FAMILY[(index * 7) % FAMILY.length] ?? '',
        '',
        `${100000 + index}`,
        `user${index}@lincoln.example.edu`,
        '',
        '',
        '',
        isTeacher(index) ? '' : gradeOf(index),
        '',
        '',
        '',
        '',
        '',
        '',
        SCHOOL,
        '',
      ]),
    )}`,
    'roles.csv': csv(
      'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
      people.map((index) => [
        `role-${index}`,
        '',
        '',
        `usr-${index}`,
        'primary',
        isTeacher(index) ? 'teacher' : 'student',
        '2026-08-17',
        '',
        SCHOOL,
        '',
      ]),
    ),
    'enrollments.csv': csv(
      'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
      people.map((index) => [
        `enr-${index}`,
        '',
        '',
        `hr-${homeroomOf(index)}`,
        SCHOOL,
        `usr-${index}`,
        isTeacher(index) ? 'teacher' : 'student',
        isTeacher(index) ? 'true' : 'false',
        '2026-08-17',
        '',
      ]),
    ),
  };
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [`lincoln-2026/${name}`, strToU8(text)])),
  );
}

/** A multipart/form-data body as a browser's FormData sends it. */
function formData(schoolId: number, bytes: Uint8Array) {
  const boundary = '----colophon-bench-boundary';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="schoolId"\r\n\r\n${schoolId}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lincoln-2026.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');

async function main() {
  const disarm = stopAfter(30);
  const databaseUrl = ON_POSTGRES ? await freshDatabase(DATABASE) : undefined;
  const handle = await demoDatabase(databaseUrl);
  const config = loadConfig({
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    WORKERS: 'false',
    DATA_DIR: `/tmp/colophon-bench-${process.pid}`,
  });
  const services = await createServices(config, handle);
  const app = await buildApp({ services, logger: false });
  await app.ready();
  try {
    const rosterHeaders = async (email: string) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      const token = login.json<{ token: string }>().token;
      const opened = await app.inject({
        method: 'POST',
        url: '/roster/session',
        headers: { authorization: `Bearer ${token}` },
      });
      if (opened.statusCode !== 201) throw new Error(`roster session of ${email}: ${opened.body}`);
      return opened.json<{ headers: Record<string, string> }>().headers;
    };
    const owner = await rosterHeaders(OWNER);
    const adviser = await rosterHeaders(ADVISER);

    // Lincoln (the adviser's school) mapped to the bundle's school org.
    const [lincoln] = await handle.db
      .select({ accountId: userAccounts.accountId })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(eq(users.email, ADVISER));
    if (!lincoln) throw new Error('no demo account for the adviser');
    const mapped = await app.inject({
      method: 'PUT',
      url: '/roster/mapping',
      headers: owner,
      payload: { mappings: [{ accountId: lincoln.accountId, sourcedId: SCHOOL, name: 'Lincoln High (SIS)' }] },
    });
    if (mapped.statusCode !== 200) throw new Error(`mapping: ${mapped.body}`);
    const mapping = (await app.inject({ method: 'GET', url: '/roster/mapping', headers: owner })).json() as {
      accountId: number;
      schoolId: number;
    }[];
    const schoolId = mapping.find((row) => row.accountId === lincoln.accountId)?.schoolId;
    if (!schoolId) throw new Error('Lincoln is not mapped');
    await handle.db.delete(queueRoster).where(eq(queueRoster.status, queueStatus.Waiting));

    const built = performance.now();
    const zip = bundle();
    console.log(
      `Bundle: OneRoster 1.2, ${PEOPLE.toLocaleString('en-US')} users, roles and enrollments, ${Math.ceil(PEOPLE / PER_HOMEROOM).toLocaleString('en-US')} homerooms; zip ${(zip.length / MiB).toFixed(1)} MiB, made in ${seconds(performance.now() - built)}; ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}`,
    );

    const memory = { rss: 0, heap: 0 };
    const sample = () => {
      const { rss, heapUsed } = process.memoryUsage();
      memory.rss = Math.max(memory.rss, rss);
      memory.heap = Math.max(memory.heap, heapUsed);
    };
    sample();
    const rssBefore = memory.rss;
    const sampler = setInterval(sample, 100);

    const started = performance.now();
    const body = formData(schoolId, zip);
    const posted = await app.inject({
      method: 'POST',
      url: '/roster/imports',
      headers: { ...adviser, 'content-type': body.contentType },
      payload: body.payload,
    });
    if (posted.statusCode !== 202) throw new Error(`upload: ${posted.statusCode} ${posted.body}`);
    const jobId = posted.json<{ id: number }>().id;
    const uploaded = performance.now();

    const job = await claim(handle.db, 'roster', 'bench-worker', 30 * 60_000);
    if (job?.id !== jobId) throw new Error(`claimed ${job?.id}, expected ${jobId}`);
    // The end of pass 1 is when the job reports 50 % (the last file validated).
    let validatedAt: number | undefined;
    let polling = true;
    const poll = (async () => {
      while (polling && validatedAt === undefined) {
        const [row] = await handle.db
          .select({ progress: queueRoster.progress })
          .from(queueRoster)
          .where(eq(queueRoster.id, jobId));
        if ((row?.progress ?? 0) >= 50) validatedAt = performance.now();
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const handler = rosterImportHandler({ db: handle.db, files: app.services.files });
    const claimedAt = performance.now();
    try {
      const result = await handler(job, { signal: new AbortController().signal });
      await complete(handle.db, job, result);
    } catch (error) {
      await fail(handle.db, job, error, { permanent: error instanceof PermanentJobError });
      throw error;
    } finally {
      polling = false;
      await poll;
    }
    const finished = performance.now();
    clearInterval(sampler);
    sample();

    const read = await app.inject({ method: 'GET', url: `/roster/queue-management/jobs/${jobId}`, headers: adviser });
    const done = read.json<{
      statusLabel: string;
      counts: Record<string, number>;
      faults: { total: number; items: { file: string; line: number; message: string }[] };
    }>();
    const passOne = (validatedAt ?? finished) - claimedAt;
    const passTwo = finished - (validatedAt ?? finished);
    const rowsRead = PEOPLE * 3 + Math.ceil(PEOPLE / PER_HOMEROOM) + GRADES.length + 3;
    console.log(`upload (POST /roster/imports, 202): ${(uploaded - started).toFixed(0)} ms`);
    console.log(
      `pass 1 (validate, to 50 %): ${rowsRead.toLocaleString('en-US')} rows in ${seconds(passOne)} = ${perSecond(rowsRead, passOne)} rows/s (${perSecond(PEOPLE, passOne)} people/s)`,
    );
    console.log(
      `pass 2 (write): ${PEOPLE.toLocaleString('en-US')} people in ${seconds(passTwo)} = ${perSecond(PEOPLE, passTwo)} people/s`,
    );
    console.log(
      `total ${seconds(finished - started)}; job ${done.statusLabel}, counts ${JSON.stringify(done.counts)}, faults ${done.faults.total}${done.faults.items[0] ? ` (first: ${done.faults.items[0].file} line ${done.faults.items[0].line}: ${done.faults.items[0].message})` : ''}`,
    );
    console.log(
      `memory: RSS ${(rssBefore / MiB).toFixed(0)} MiB before, peak ${(memory.rss / MiB).toFixed(0)} MiB; peak heap used ${(memory.heap / MiB).toFixed(0)} MiB`,
    );
  } finally {
    await app.close();
    await handle.close();
    if (databaseUrl) await dropDatabase(DATABASE);
    disarm();
  }
}

await main();
