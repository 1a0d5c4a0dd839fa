import { accounts, auditLog, teacherGradeCombinations } from '@colophon/db';
import { type RosterGradeCode, rosterGradeRank } from '@colophon/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTeacherGradeCombinations } from '../src/modules/teacher-grade-combinations/fill';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from './harness';

/*
 * Teacher/grade combinations (issue 16): CRUD through the engine, the list's filters, sorts and
 * pages, clearing a school's counts, who may read and write whose, bad input, and the roster's fill
 * that replaces its own rows and leaves a person's. The demo seeds Lincoln's (2026 and 2025) and
 * Maple Grove's (2026).
 */

let t: TestApp;
let lincolnId: number;
let mapleId: number;
let oakId: number;

const TREASURER = 'treasurer@colophon.test';
/** Studio Contact of Evergreen North: Maple Grove is under it, Lincoln (Evergreen South) is not. */
const NORTH_CONTACT = 'contact@colophon.test';
const BASE = '/api/teacher_grade_combinations';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, as: string, payload?: object) =>
  t.call({ method, url, as, ...(payload ? { payload } : {}) });
const pathsOf = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

interface Row {
  id: number;
  accountId: number;
  year: number;
  teacher: string;
  grade: RosterGradeCode;
  studentCount: number;
  source: 'roster' | 'manual';
  account?: { code: string; name: string };
}
const list = async (query: string, as = ADVISER) => {
  const response = await call('GET', `${BASE}?${query}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Row[]; total: number; page: number; perPage: number };
};

async function accountId(name: string) {
  const [row] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

const rowsOf = (account: number, year: number) =>
  t.handle.db
    .select()
    .from(teacherGradeCombinations)
    .where(and(eq(teacherGradeCombinations.accountId, account), eq(teacherGradeCombinations.year, year)))
    .orderBy(asc(teacherGradeCombinations.grade), asc(teacherGradeCombinations.teacher));

const newRow = (fields: object = {}) => ({
  accountId: lincolnId,
  year: 2026,
  teacher: 'Mr. Underwood',
  grade: '10',
  studentCount: 19,
  ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  lincolnId = await accountId('Lincoln High School');
  mapleId = await accountId('Maple Grove Elementary');
  oakId = await accountId('Oak Valley High School');
}, 60_000);
afterAll(() => t?.close());

describe('the list', () => {
  it('answers a school only its own rows, in the school’s grade order, with each row’s school', async () => {
    const page = await list('perPage=100');
    expect(page.total).toBe(15);
    expect(new Set(page.data.map((row) => row.accountId))).toEqual(new Set([lincolnId]));
    const ranks = page.data.map((row) => rosterGradeRank(row.grade));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(page.data.at(-1)).toMatchObject({ grade: 'Other', teacher: 'Exchange students', source: 'manual' });
    expect(page.data[0]?.account).toMatchObject({ code: 'A30003', name: 'Lincoln High School' });
    const descending = await list('perPage=100&sort=-grade');
    expect(descending.data[0]?.grade).toBe('Other');
  });

  it('filters by school, year, grade, teacher and source', async () => {
    expect((await list(`accountId=${lincolnId}&year=2026&grade[]=09`)).total).toBe(3);
    expect((await list('year=2026&grade[]=11&grade[]=12')).total).toBe(4);
    expect((await list('year=2025')).total).toBe(4);
    const alvarez = await list('teacher=alvarez');
    expect(alvarez.data.map((row) => [row.year, row.teacher])).toEqual([
      [2026, 'Ms. Alvarez'],
      [2025, 'Ms. Alvarez'],
    ]);
    expect((await list('source[]=manual')).data.map((row) => row.teacher)).toEqual(['Exchange students']);
    // Another tenant's school: nothing, not an error.
    expect((await list(`accountId=${oakId}`)).total).toBe(0);
    // A super administrator sees every school's.
    expect((await list(`accountId[]=${lincolnId}&accountId[]=${mapleId}&year=2026`, SUPER)).total).toBe(21);
  });

  it('sorts by the count and pages, ties broken by id', async () => {
    const all = await list('year=2026&sort=-studentCount&perPage=100');
    const counts = all.data.map((row) => row.studentCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const second = await list('year=2026&sort=-studentCount&perPage=4&page=2');
    expect(second).toMatchObject({ total: 11, page: 2, perPage: 4 });
    expect(second.data.map((row) => row.id)).toEqual(all.data.slice(4, 8).map((row) => row.id));
    // Collations differ on punctuation (PGlite's C, a server's en_US): the ends agree in both.
    const byTeacher = await list('year=2026&sort=teacher&perPage=100');
    expect(byTeacher.data[0]?.teacher).toBe('Exchange students');
    expect(byTeacher.data.at(-1)?.teacher).toBe('Ms. Ibrahim');
  });

  it('exports the filtered list as CSV with the grade’s name', async () => {
    const response = await call('GET', `${BASE}/export?year=2026&grade[]=KG`, OWNER);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('Account code,Account,Year,Teacher,Grade,Grade name,Students,Source');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Maple Grove Elementary,2026,');
    expect(lines[1]).toContain(',KG,Kindergarten,');
  });
});

describe('writing', () => {
  it('creates, reads, updates and deletes a school’s count; each write is audited', async () => {
    const created = await call('POST', BASE, ADVISER, newRow());
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json() as Row;
    expect(row).toMatchObject({ accountId: lincolnId, teacher: 'Mr. Underwood', grade: '10', studentCount: 19 });
    expect(row.source).toBe('manual');
    const read = await call('GET', `${BASE}/${row.id}?include=account`, VOLUNTEER);
    expect(read.statusCode).toBe(200);
    expect(read.json().account.name).toBe('Lincoln High School');

    const updated = await call('PUT', `${BASE}/${row.id}`, ADVISER, {
      studentCount: 21,
      teacher: '  Mr. Underwood Jr. ',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ studentCount: 21, teacher: 'Mr. Underwood Jr.', year: 2026 });

    const removed = await call('DELETE', `${BASE}/${row.id}`, ADVISER);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${row.id}`, ADVISER)).statusCode).toBe(404);

    const audited = await t.handle.db
      .select({ action: auditLog.action, resource: auditLog.resource })
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(row.id)));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['DELETE', 'POST', 'PUT']);
  });

  it('a person’s change to a roster row makes it theirs (manual)', async () => {
    const [rostered] = await t.handle.db
      .select()
      .from(teacherGradeCombinations)
      .where(and(eq(teacherGradeCombinations.accountId, mapleId), eq(teacherGradeCombinations.grade, '04')));
    expect(rostered?.source).toBe('roster');
    const updated = await call('PUT', `${BASE}/${rostered?.id}`, OWNER, { studentCount: 30 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ studentCount: 30, source: 'manual' });
  });

  it('refuses a second count of the same teacher, grade and year: 409 naming the teacher', async () => {
    const taken = await call('POST', BASE, ADVISER, newRow({ teacher: 'Ms. Alvarez', grade: '09', studentCount: 3 }));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().errors).toEqual([
      { path: 'teacher', message: 'This school already has a count for this teacher and grade that year.' },
    ]);
    // The same teacher in another year or grade is another count.
    const otherYear = await call('POST', BASE, ADVISER, newRow({ teacher: 'Ms. Alvarez', grade: '09', year: 2027 }));
    expect(otherYear.statusCode, otherYear.body).toBe(201);
    // Renaming into a taken pair is the same conflict.
    const [twin] = (await list('teacher=Becker&year=2026')).data;
    const clash = await call('PUT', `${BASE}/${twin?.id}`, ADVISER, { teacher: 'Ms. Alvarez' });
    expect(clash.statusCode).toBe(409);
    expect(pathsOf(clash)).toEqual(['teacher']);
    await call('DELETE', `${BASE}/${otherYear.json().id}`, ADVISER);
  });

  it.each<[string, object, string]>([
    ['a grade that is not a roster grade', { grade: 'K5' }, 'grade'],
    ['a grade as a number', { grade: 9 }, 'grade'],
    ['a negative count', { studentCount: -1 }, 'studentCount'],
    ['a fractional count', { studentCount: 2.5 }, 'studentCount'],
    ['a count past any class', { studentCount: 10_001 }, 'studentCount'],
    ['a blank teacher', { teacher: '   ' }, 'teacher'],
    ['a teacher past 100 characters', { teacher: 'x'.repeat(101) }, 'teacher'],
    ['a year as text', { year: 'soon' }, 'year'],
    ['a year out of range', { year: 1999 }, 'year'],
    ['no school', { accountId: undefined }, 'accountId'],
    ['an id that is no id', { accountId: -1 }, 'accountId'],
  ])('refuses %s: 400 naming %s', async (_name, fields, path) => {
    const response = await call('POST', BASE, ADVISER, newRow(fields));
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response)).toContain(path);
  });

  it('refuses a school the caller does not see as a 400 naming accountId, and bad list input as 400', async () => {
    const foreign = await call('POST', BASE, ADVISER, newRow({ accountId: oakId }));
    expect(foreign.statusCode).toBe(400);
    expect(pathsOf(foreign)).toEqual(['accountId']);
    for (const [query, path] of [
      ['grade[]=14', 'grade'],
      ['sort=shoeSize', 'sort'],
      ['year[]=soon', 'year'],
      ['source[]=guess', 'source'],
      [`teacher=${'x'.repeat(101)}`, 'teacher'],
    ] as const) {
      const response = await call('GET', `${BASE}?${query}`, ADVISER);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json().errors), query).toContain(path);
    }
  });
});

describe('access', () => {
  it('another tenant’s row is a 404 to read, change or remove', async () => {
    const [lincolnRow] = (await list('year=2026&grade[]=12')).data;
    for (const [method, payload] of [['GET'], ['PUT', { studentCount: 1 }], ['DELETE']] as const) {
      const response = await call(method, `${BASE}/${lincolnRow?.id}`, DIRECT_ADVISER, payload);
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
    }
    // Evergreen North's contact sees Maple Grove's, not Lincoln's (Evergreen South).
    expect((await call('GET', `${BASE}/${lincolnRow?.id}`, NORTH_CONTACT)).statusCode).toBe(404);
    const north = await list('perPage=100', NORTH_CONTACT);
    expect(new Set(north.data.map((row) => row.accountId))).toEqual(new Set([mapleId]));
    expect((await list('perPage=1', DIRECT_ADVISER)).total).toBe(0);
  });

  it('a studio writes its schools’ counts; reading roles may not write; money roles may not read', async () => {
    const created = await call('POST', BASE, OWNER, newRow({ accountId: mapleId, grade: 'PK', teacher: 'Ms. Vega' }));
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('DELETE', `${BASE}/${created.json().id}`, SUPER)).statusCode).toBe(204);
    for (const reader of [VOLUNTEER, NORTH_CONTACT]) {
      expect((await call('POST', BASE, reader, newRow({ accountId: mapleId }))).statusCode, reader).toBe(403);
      const clear = await call('POST', `${BASE}/clear/records`, reader, { accountId: mapleId });
      expect(clear.statusCode, reader).toBe(403);
    }
    expect((await call('GET', BASE, TREASURER)).statusCode).toBe(403);
    expect((await call('GET', BASE, 'salesrep@colophon.test')).statusCode).toBe(403);
  });
});

describe('the roster’s fill', () => {
  it('replaces the roster’s rows of the year, keeps a person’s, merges spellings and reports what it left out', async () => {
    const before2025 = await rowsOf(lincolnId, 2025);
    const result = await fillTeacherGradeCombinations(t.handle.db, lincolnId, 2026, [
      { teacher: 'Ms. Alvarez', grade: '9', studentCount: 20 },
      { teacher: ' Ms. Alvarez ', grade: '09', studentCount: 3 },
      { teacher: 'Mr. Wu', grade: 'K', studentCount: 12 },
      { teacher: 'Exchange students', grade: 'other', studentCount: 9 },
      { teacher: '', grade: '10', studentCount: 4 },
      { teacher: 'Mr. Xu', grade: '14', studentCount: 4 },
      { teacher: 'Mr. Yi', grade: '10', studentCount: -2 },
      { teacher: 'Z'.repeat(101), grade: '10', studentCount: 4 },
    ]);
    expect(result).toEqual({
      replaced: 10,
      written: 2,
      keptManual: [{ teacher: 'Exchange students', grade: 'Other' }],
      skipped: [
        { teacher: '', grade: '10', reason: 'no teacher or homeroom' },
        { teacher: 'Mr. Xu', grade: '14', reason: 'not a grade' },
        { teacher: 'Mr. Yi', grade: '10', reason: 'not a number of students' },
        { teacher: 'Z'.repeat(101), grade: '10', reason: "a teacher's name longer than 100 characters" },
      ],
    });
    const after = await rowsOf(lincolnId, 2026);
    expect(after.map((row) => [row.teacher, row.grade, row.studentCount, row.source])).toEqual([
      ['Ms. Alvarez', '09', 23, 'roster'],
      ['Mr. Wu', 'KG', 12, 'roster'],
      ['Exchange students', 'Other', 6, 'manual'],
    ]);
    // Another year, and another school, are not touched.
    expect(await rowsOf(lincolnId, 2025)).toEqual(before2025);
    expect((await rowsOf(mapleId, 2026)).length).toBe(10);
  });

  it('two fills of one school at once end with one of them whole, never a mix', async () => {
    const first = [{ teacher: 'Ms. A', grade: '09', studentCount: 1 }];
    const second = [
      { teacher: 'Ms. B', grade: '10', studentCount: 2 },
      { teacher: 'Ms. C', grade: '11', studentCount: 3 },
    ];
    await Promise.all([
      fillTeacherGradeCombinations(t.handle.db, lincolnId, 2026, first),
      fillTeacherGradeCombinations(t.handle.db, lincolnId, 2026, second),
    ]);
    const roster = (await rowsOf(lincolnId, 2026)).filter((row) => row.source === 'roster').map((row) => row.teacher);
    expect([['Ms. A'], ['Ms. B', 'Ms. C']]).toContainEqual(roster);
  });
});

describe('clear/records', () => {
  it('clears one year of a school, then all of it, answering how many went', async () => {
    const lastYear = await call('POST', `${BASE}/clear/records`, ADVISER, { accountId: lincolnId, year: 2025 });
    expect(lastYear.statusCode, lastYear.body).toBe(200);
    expect(lastYear.json()).toEqual({ deleted: 4 });
    expect(await rowsOf(lincolnId, 2025)).toEqual([]);
    const remaining = (await list('perPage=1')).total;
    expect(remaining).toBeGreaterThan(0);
    const all = await call('POST', `${BASE}/clear/records`, ADVISER, { accountId: lincolnId });
    expect(all.json()).toEqual({ deleted: remaining });
    expect((await list('perPage=1')).total).toBe(0);
    // Maple Grove's are another school's: untouched.
    expect((await rowsOf(mapleId, 2026)).length).toBe(10);
    const [audited] = await t.handle.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.resource, 'teacher_grade_combinations/clear/records'));
    expect(JSON.stringify(audited?.detail)).toContain(String(lincolnId));
  });

  it('answers 404 for another tenant’s school and 400 naming a bad field', async () => {
    const foreign = await call('POST', `${BASE}/clear/records`, DIRECT_ADVISER, { accountId: lincolnId });
    expect(foreign.statusCode).toBe(404);
    expect((await rowsOf(mapleId, 2026)).length).toBe(10);
    for (const [body, path] of [
      [{}, 'accountId'],
      [{ accountId: 'lincoln' }, 'accountId'],
      [{ accountId: mapleId, year: 'last' }, 'year'],
    ] as const) {
      const response = await call('POST', `${BASE}/clear/records`, SUPER, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(pathsOf(response)).toContain(path);
    }
  });
});
