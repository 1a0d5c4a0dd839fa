import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import { individuals, relations } from '../src/schema';
import {
  ADVISER,
  type BadInput,
  demoAccounts,
  expectEachFieldNamed,
  mapDemoSchools,
  pathsOf,
  rosterCaller,
} from './support';

/**
 * A school's people and their relations through the roster service as the dashboard serves it, on
 * a real PGlite database with the demo: CRUD, search, filters and sorts, bulk writes, relations,
 * and access along the account tree.
 */

const TREASURER = 'treasurer@colophon.test';
interface Person {
  id: number;
  schoolId: number;
  sourcedId: string | null;
  givenName: string;
  familyName: string;
  grade: string | null;
  homeroom: string | null;
  role: string;
  status: string;
  removedAt: string | null;
  source: string;
}

let t: TestApp;
let lincolnSchool: number;
let otherSchool: number;
let oakSchool: number;
let studioDistrict: number;

const { roster } = rosterCaller(() => t);

const namesOf = (body: { data: Person[] }) => body.data.map((person) => `${person.givenName} ${person.familyName}`);
const countAt = async (schoolId: number) => {
  const [row] = await t.handle.db
    .select({ value: sql<number>`count(*)::int` })
    .from(individuals)
    .where(eq(individuals.schoolId, schoolId));
  return row?.value ?? 0;
};

/** Lincoln's people for the list's tests: grades across the school's order, homerooms, roles. */
const lincolnPeople = [
  { sourcedId: 'stu-1', givenName: 'Anna', familyName: 'Smith', grade: '09', homeroom: 'Room 12', role: 'student' },
  { sourcedId: 'stu-2', givenName: 'Ben', familyName: 'Smithers', grade: '10', homeroom: 'Room 14', role: 'student' },
  { sourcedId: 'stu-3', givenName: 'Cara', familyName: 'Jones', grade: 'KG', homeroom: 'Room 1', role: 'student' },
  { sourcedId: 'stu-4', givenName: 'Dev', familyName: 'Patel', grade: '01', homeroom: 'Room 2', role: 'student' },
  { sourcedId: 'stu-5', givenName: 'Eve', familyName: 'Adams', grade: '12', homeroom: 'Room 12', role: 'student' },
  {
    sourcedId: 'stu-6',
    givenName: 'Finn',
    familyName: 'Moss_50%',
    preferredName: 'Fox',
    grade: '09',
    homeroom: 'Room 12',
    role: 'student',
  },
  { sourcedId: 'tea-1', givenName: 'Grace', familyName: 'Hall', grade: null, homeroom: 'Room 12', role: 'teacher' },
  { sourcedId: 'stf-1', givenName: 'Hugo', familyName: 'Baker', role: 'staff', email: 'hugo@lincoln.example.org' },
];

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t);
  studioDistrict = (
    await roster(OWNER, 'POST', '/roster/districts', { name: 'Studio District', studioAccountId: demo.studioId })
  ).json().id;
  ({ lincolnSchool, otherSchool, oakSchool } = await mapDemoSchools(roster, demo, {
    lincoln: { sourcedId: 'org-lincoln', name: 'Lincoln (SIS)', districtId: studioDistrict },
    other: { sourcedId: 'org-other', name: 'Other (SIS)' },
    oak: { sourcedId: 'org-oak', name: 'Oak Valley (SIS)' },
  }));

  const written = await roster(ADVISER, 'POST', '/roster/individuals/bulk-insert-update', {
    schoolId: lincolnSchool,
    individuals: lincolnPeople,
  });
  expect(written.statusCode, written.body).toBe(200);
  expect(written.json()).toEqual({ added: lincolnPeople.length, changed: 0, unchanged: 0 });
});

afterAll(async () => {
  await t?.close();
});

describe('one person', () => {
  it('is added by hand, read, changed, removed, brought back and purged', async () => {
    const created = await roster(ADVISER, 'POST', '/roster/individuals', {
      schoolId: lincolnSchool,
      givenName: ' Ivy ',
      familyName: 'Nguyen',
      grade: '11',
      homeroom: 'Room 20',
      role: 'student',
      email: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const person = created.json<Person>();
    expect(person).toMatchObject({
      givenName: 'Ivy',
      sourcedId: null,
      email: null,
      status: 'active',
      source: 'manual',
      removedAt: null,
    });
    expect((await roster(VOLUNTEER, 'GET', `/roster/individuals/${person.id}`)).json()).toMatchObject({
      familyName: 'Nguyen',
    });

    const changed = await roster(ADVISER, 'PUT', `/roster/individuals/${person.id}`, {
      givenName: 'Ivy',
      familyName: 'Nguyen-Tran',
      grade: '12',
      homeroom: 'Room 21',
      role: 'student',
      sourcedId: 'stu-ivy',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ familyName: 'Nguyen-Tran', grade: '12', sourcedId: 'stu-ivy' });

    const taken = await roster(ADVISER, 'PUT', `/roster/individuals/${person.id}`, {
      givenName: 'Ivy',
      familyName: 'Nguyen-Tran',
      role: 'student',
      sourcedId: 'stu-1',
    });
    expect(taken.statusCode).toBe(409);
    expect(pathsOf(taken.json())).toEqual(['sourcedId']);

    expect((await roster(ADVISER, 'DELETE', `/roster/individuals/${person.id}`)).statusCode).toBe(204);
    const removed = (await roster(ADVISER, 'GET', `/roster/individuals/${person.id}`)).json<Person>();
    expect(removed.status).toBe('removed');
    expect(removed.removedAt).not.toBeNull();
    const active = await roster(ADVISER, 'GET', `/roster/individuals?schoolId=${lincolnSchool}&search=Nguyen`);
    expect(active.json().total).toBe(0);
    const gone = await roster(
      ADVISER,
      'GET',
      `/roster/individuals?schoolId=${lincolnSchool}&search=Nguyen&status=removed`,
    );
    expect(namesOf(gone.json())).toEqual(['Ivy Nguyen-Tran']);

    const back = await roster(ADVISER, 'PUT', `/roster/individuals/${person.id}`, {
      givenName: 'Ivy',
      familyName: 'Nguyen-Tran',
      role: 'student',
      status: 'active',
    });
    expect(back.json()).toMatchObject({ status: 'active', removedAt: null, sourcedId: null, grade: null });

    expect((await roster(ADVISER, 'DELETE', `/roster/individuals/${person.id}?purge=true`)).statusCode).toBe(204);
    expect((await roster(ADVISER, 'GET', `/roster/individuals/${person.id}`)).statusCode).toBe(404);
  });

  it('names the field of bad input', async () => {
    const base = { schoolId: lincolnSchool, givenName: 'Jo', familyName: 'March', role: 'student' };
    const cases: BadInput[] = [
      ['grade', 'POST', '/roster/individuals', { ...base, grade: '14' }],
      ['role', 'POST', '/roster/individuals', { ...base, role: 'janitor' }],
      ['email', 'POST', '/roster/individuals', { ...base, email: 'not-an-address' }],
      ['givenName', 'POST', '/roster/individuals', { ...base, givenName: '  ' }],
      ['schoolId', 'POST', '/roster/individuals', { ...base, schoolId: 'lincoln' }],
      ['grade', 'GET', '/roster/individuals?grade=Z9', undefined],
      ['sort', 'GET', '/roster/individuals?sort=age', undefined],
      ['status', 'GET', '/roster/individuals?status=gone', undefined],
      ['purge', 'DELETE', '/roster/individuals/1?purge=yes', undefined],
    ];
    await expectEachFieldNamed(roster, ADVISER, cases);
  });
});

describe('the list', () => {
  const list = async (query: string) => {
    const response = await roster(ADVISER, 'GET', `/roster/individuals?schoolId=${lincolnSchool}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Person[]; total: number; page: number; perPage: number }>();
  };

  it('searches names from their start, case-blind, with % and _ taken as letters', async () => {
    expect(namesOf(await list('search=smi'))).toEqual(['Anna Smith', 'Ben Smithers']);
    expect(namesOf(await list('search=ANNA%20SM'))).toEqual(['Anna Smith']);
    expect(namesOf(await list('search=fox'))).toEqual(['Finn Moss_50%']);
    expect(namesOf(await list('search=moss_5'))).toEqual(['Finn Moss_50%']);
    expect((await list('search=mith')).total).toBe(0);
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=s_ith')).total).toBe(0);
  });

  it('filters by grades, homeroom and role', async () => {
    expect(namesOf(await list('grade=09&grade=10'))).toEqual(['Finn Moss_50%', 'Anna Smith', 'Ben Smithers']);
    expect(namesOf(await list('grade=KG'))).toEqual(['Cara Jones']);
    // The web sends a list as the dashboard's API reads it.
    expect(namesOf(await list('grade[]=09&grade[]=10'))).toEqual(['Finn Moss_50%', 'Anna Smith', 'Ben Smithers']);
    expect(namesOf(await list('homeroom=Room%2012&role=student'))).toEqual([
      'Eve Adams',
      'Finn Moss_50%',
      'Anna Smith',
    ]);
    expect(namesOf(await list('role=teacher'))).toEqual(['Grace Hall']);
    const district = await roster(OWNER, 'GET', `/roster/individuals?districtId=${studioDistrict}&role=staff`);
    expect(namesOf(district.json())).toEqual(['Hugo Baker']);
  });

  it("sorts by family or given name, grade in the school's order, homeroom and last change", async () => {
    expect(namesOf(await list('sort=grade&role=student'))).toEqual([
      'Cara Jones',
      'Dev Patel',
      'Finn Moss_50%',
      'Anna Smith',
      'Ben Smithers',
      'Eve Adams',
    ]);
    const byGradeDescending = namesOf(await list('sort=-grade'));
    expect(byGradeDescending.slice(0, 2)).toEqual(['Eve Adams', 'Ben Smithers']);
    // Without a grade (a teacher, the staff) last, either way.
    expect(byGradeDescending.slice(-2)).toEqual(['Hugo Baker', 'Grace Hall']);
    expect(namesOf(await list('sort=givenName')).slice(0, 3)).toEqual(['Anna Smith', 'Ben Smithers', 'Cara Jones']);
    expect(namesOf(await list('sort=-familyName')).slice(0, 2)).toEqual(['Ben Smithers', 'Anna Smith']);
    expect(namesOf(await list('sort=homeroom')).slice(0, 3)).toEqual(['Cara Jones', 'Eve Adams', 'Grace Hall']);
    expect(namesOf(await list('sort=homeroom')).at(-1)).toBe('Hugo Baker');
    const updated = await list('sort=-updatedAt&perPage=200');
    const times = updated.data.map((person) =>
      Date.parse(String((person as unknown as { updatedAt: string }).updatedAt)),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages', async () => {
    const second = await list('perPage=3&page=2');
    expect(second).toMatchObject({ total: 8, page: 2, perPage: 3 });
    expect(namesOf(second)).toEqual(['Cara Jones', 'Finn Moss_50%', 'Dev Patel']);
    expect(namesOf(await list('perPage=3&page=3'))).toEqual(['Anna Smith', 'Ben Smithers']);
    expect((await list('perPage=3&page=4')).data).toEqual([]);
  });
});

describe('bulk insert-update', () => {
  const school = () => otherSchool;
  const people = Array.from({ length: 40 }, (_, index) => ({
    sourcedId: `o-${index}`,
    givenName: `Given${index}`,
    familyName: `Family${String(index).padStart(2, '0')}`,
    grade: index % 2 ? '05' : '06',
    homeroom: `Room ${index % 4}`,
    role: 'student',
  }));
  const write = (rows: object[]) =>
    roster(OWNER, 'POST', '/roster/individuals/bulk-insert-update', { schoolId: school(), individuals: rows });

  it('adds, then finds nothing to change in the same list, then changes only what changed', async () => {
    expect((await write(people)).json()).toEqual({ added: 40, changed: 0, unchanged: 0 });
    expect((await write(people)).json()).toEqual({ added: 0, changed: 0, unchanged: 40 });
    const next = people.map((row, index) => (index === 3 ? { ...row, homeroom: 'Room 9' } : row));
    next.push({ ...people[0], sourcedId: 'o-new', givenName: 'Newcomer' } as (typeof people)[number]);
    expect((await write(next)).json()).toEqual({ added: 1, changed: 1, unchanged: 39 });
    const [moved] = await t.handle.db
      .select()
      .from(individuals)
      .where(and(eq(individuals.schoolId, school()), eq(individuals.sourcedId, 'o-3')));
    expect(moved).toMatchObject({ homeroom: 'Room 9', source: 'import' });
  });

  it('brings a removed person back as a change', async () => {
    const [person] = await t.handle.db
      .select({ id: individuals.id })
      .from(individuals)
      .where(and(eq(individuals.schoolId, school()), eq(individuals.sourcedId, 'o-7')));
    expect((await roster(OWNER, 'DELETE', `/roster/individuals/${person?.id}`)).statusCode).toBe(204);
    // o-3 moved to Room 9 before; these rows leave it out.
    expect((await write(people.slice(4, 10))).json()).toEqual({ added: 0, changed: 1, unchanged: 5 });
    expect((await roster(OWNER, 'GET', `/roster/individuals/${person?.id}`)).json().status).toBe('active');
  });

  it('names every bad row in one 400 and writes nothing', async () => {
    const before = await countAt(school());
    const rows = [
      { ...people[0], givenName: 'Changed' },
      { ...people[1], grade: '14' },
      { sourcedId: 'o-x', givenName: 'New', familyName: 'Person', role: 'student' },
      { ...people[2], familyName: '' },
      { ...people[4], role: 'principal' },
      { ...people[1], grade: '05' },
    ];
    const response = await write(rows);
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response.json()).sort()).toEqual(
      ['individuals.1.grade', 'individuals.3.familyName', 'individuals.4.role', 'individuals.5.sourcedId'].sort(),
    );
    expect(await countAt(school())).toBe(before);
    const [first] = await t.handle.db
      .select({ givenName: individuals.givenName })
      .from(individuals)
      .where(and(eq(individuals.schoolId, school()), eq(individuals.sourcedId, 'o-0')));
    expect(first?.givenName).toBe('Given0');
  });

  it('takes 5,000 people in one call and refuses 5,001', async () => {
    const many = Array.from({ length: 5_000 }, (_, index) => ({
      sourcedId: `m-${index}`,
      givenName: `Person${index}`,
      familyName: `Many${index}`,
      middleName: 'Quincy',
      preferredName: `P${index}`,
      grade: '08',
      homeroom: `Room ${index % 30}`,
      role: 'student',
      email: `person${index}@many.example.org`,
    }));
    const first = await write(many);
    expect(first.statusCode, first.body.slice(0, 500)).toBe(200);
    expect(first.json()).toEqual({ added: 5_000, changed: 0, unchanged: 0 });
    expect((await write(many)).json()).toEqual({ added: 0, changed: 0, unchanged: 5_000 });
    const tooMany = await write([...many, { ...many[0], sourcedId: 'm-extra' }]);
    expect(tooMany.statusCode).toBe(400);
    expect(pathsOf(tooMany.json())).toEqual(['individuals']);
  });
});

describe('bulk remove', () => {
  it("removes a school's people in one call and counts what it did", async () => {
    const page = (await roster(OWNER, 'GET', `/roster/individuals?schoolId=${otherSchool}&sort=familyName&perPage=5`))
      .json<{ data: Person[] }>()
      .data.map((person) => person.id);
    const lincolnOne = (
      await roster(ADVISER, 'GET', `/roster/individuals?schoolId=${lincolnSchool}&search=Smith`)
    ).json<{ data: Person[] }>().data[0]?.id;
    expect((await roster(OWNER, 'DELETE', `/roster/individuals/${page[0]}`)).statusCode).toBe(204);
    const response = await roster(OWNER, 'POST', '/roster/individuals/bulk-remove', {
      schoolId: otherSchool,
      ids: [...page, page[1], lincolnOne, 2_000_000_000],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ removed: 4, alreadyRemoved: 1, notFound: 2 });
    // Another school's person named by mistake is left alone.
    expect((await roster(ADVISER, 'GET', `/roster/individuals/${lincolnOne}`)).json().status).toBe('active');
    const tooMany = await roster(OWNER, 'POST', '/roster/individuals/bulk-remove', {
      schoolId: otherSchool,
      ids: Array.from({ length: 5_001 }, (_, index) => index + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(pathsOf(tooMany.json())).toEqual(['ids']);
  });
});

describe('relations', () => {
  it('relates two people of one school, lists them from either side and removes them', async () => {
    const lincoln = (await roster(ADVISER, 'GET', `/roster/individuals?schoolId=${lincolnSchool}&perPage=200`)).json<{
      data: Person[];
    }>().data;
    const idOf = (given: string) => lincoln.find((person) => person.givenName === given)?.id ?? 0;
    const [anna, ben, grace] = [idOf('Anna'), idOf('Ben'), idOf('Grace')];

    const sibling = await roster(ADVISER, 'POST', '/roster/relation', {
      individualId: anna,
      relatedIndividualId: ben,
      kind: 'sibling',
    });
    expect(sibling.statusCode, sibling.body).toBe(201);
    expect(sibling.json()).toMatchObject({ kind: 'sibling', other: { id: ben, givenName: 'Ben' } });
    const teacher = await roster(ADVISER, 'POST', '/roster/relation', {
      individualId: grace,
      relatedIndividualId: anna,
      kind: 'teacherOf',
    });
    expect(teacher.statusCode, teacher.body).toBe(201);

    const ofAnna = (await roster(VOLUNTEER, 'GET', `/roster/relation?individualId=${anna}`)).json();
    expect(
      ofAnna.map((row: { kind: string; other: { givenName: string } }) => [row.kind, row.other.givenName]),
    ).toEqual([
      ['sibling', 'Ben'],
      ['teacherOf', 'Grace'],
    ]);
    const ofBen = (await roster(ADVISER, 'GET', `/roster/relation?individualId=${ben}`)).json();
    expect(ofBen.map((row: { other: { givenName: string } }) => row.other.givenName)).toEqual(['Anna']);

    const twice = await roster(ADVISER, 'POST', '/roster/relation', {
      individualId: anna,
      relatedIndividualId: ben,
      kind: 'sibling',
    });
    expect(twice.statusCode).toBe(409);
    const self = await roster(ADVISER, 'POST', '/roster/relation', {
      individualId: anna,
      relatedIndividualId: anna,
      kind: 'sibling',
    });
    expect(self.statusCode).toBe(400);
    expect(pathsOf(self.json())).toEqual(['relatedIndividualId']);
    const badKind = await roster(ADVISER, 'POST', '/roster/relation', {
      individualId: anna,
      relatedIndividualId: ben,
      kind: 'cousin',
    });
    expect(pathsOf(badKind.json())).toEqual(['kind']);

    // The studio sees both schools, yet a relation never crosses them.
    const elsewhere = (await roster(OWNER, 'GET', `/roster/individuals?schoolId=${otherSchool}&perPage=1`)).json()
      .data[0].id;
    const across = await roster(OWNER, 'POST', '/roster/relation', {
      individualId: anna,
      relatedIndividualId: elsewhere,
      kind: 'guardian',
    });
    expect(across.statusCode).toBe(400);
    expect(pathsOf(across.json())).toEqual(['relatedIndividualId']);
    // Nor can any code path write one: the relation's school is both people's (composite foreign keys).
    await expect(
      t.handle.db
        .insert(relations)
        .values({ schoolId: lincolnSchool, individualId: anna, relatedIndividualId: elsewhere, kind: 'guardian' }),
    ).rejects.toThrow();
    // Lincoln's staff do not see the other school's person at all.
    const unseen = await roster(ADVISER, 'POST', '/roster/relation', {
      individualId: anna,
      relatedIndividualId: elsewhere,
      kind: 'guardian',
    });
    expect(unseen.statusCode).toBe(404);

    expect((await roster(DIRECT_ADVISER, 'DELETE', `/roster/relation/${sibling.json().id}`)).statusCode).toBe(404);
    expect((await roster(ADVISER, 'DELETE', `/roster/relation/${sibling.json().id}`)).statusCode).toBe(204);
    expect((await roster(ADVISER, 'GET', `/roster/relation?individualId=${ben}`)).json()).toEqual([]);
  });
});

describe('access follows the account tree', () => {
  it("answers 404 for another tenant's school or person, shows a school its own, refuses a treasurer", async () => {
    const annaId = (await roster(ADVISER, 'GET', `/roster/individuals?schoolId=${lincolnSchool}&search=anna`)).json()
      .data[0].id;
    const oakPerson = await roster(SUPER, 'POST', '/roster/individuals', {
      schoolId: oakSchool,
      givenName: 'Olive',
      familyName: 'Oak',
      role: 'student',
    });
    expect(oakPerson.statusCode, oakPerson.body).toBe(201);
    const oakId = oakPerson.json().id;

    expect((await roster(DIRECT_ADVISER, 'GET', `/roster/individuals/${annaId}`)).statusCode).toBe(404);
    expect((await roster(DIRECT_ADVISER, 'GET', `/roster/individuals?schoolId=${lincolnSchool}`)).statusCode).toBe(404);
    expect(
      (
        await roster(DIRECT_ADVISER, 'PUT', `/roster/individuals/${annaId}`, {
          givenName: 'X',
          familyName: 'Y',
          role: 'staff',
        })
      ).statusCode,
    ).toBe(404);
    expect((await roster(DIRECT_ADVISER, 'DELETE', `/roster/individuals/${annaId}`)).statusCode).toBe(404);
    expect((await roster(OWNER, 'GET', `/roster/individuals/${oakId}`)).statusCode).toBe(404);
    expect(
      (await roster(OWNER, 'POST', '/roster/individuals/bulk-remove', { schoolId: oakSchool, ids: [oakId] }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await roster(OWNER, 'POST', '/roster/individuals/bulk-insert-update', {
          schoolId: oakSchool,
          individuals: [{ givenName: 'A', familyName: 'B', role: 'student' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await roster(OWNER, 'GET', `/roster/relation?individualId=${oakId}`)).statusCode).toBe(404);

    // A school's staff see their school only; the studio its schools; the super administrator all.
    const adviserSchools = new Set(
      (await roster(ADVISER, 'GET', '/roster/individuals?perPage=200')).json().data.map((p: Person) => p.schoolId),
    );
    expect([...adviserSchools]).toEqual([lincolnSchool]);
    const ownerSchools = new Set(
      (await roster(OWNER, 'GET', '/roster/individuals?perPage=200&sort=-updatedAt'))
        .json()
        .data.map((p: Person) => p.schoolId),
    );
    expect(ownerSchools.has(oakSchool)).toBe(false);
    expect((await roster(DIRECT_ADVISER, 'GET', '/roster/individuals')).json().total).toBe(1);

    const treasurer = await roster(TREASURER, 'GET', `/roster/individuals?schoolId=${lincolnSchool}`);
    expect(treasurer.statusCode).toBe(403);
    const volunteer = await roster(VOLUNTEER, 'POST', '/roster/individuals', {
      schoolId: lincolnSchool,
      givenName: 'Val',
      familyName: 'Volunteer',
      role: 'staff',
    });
    expect(volunteer.statusCode).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it('lists the individuals and relation routes', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/roster/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json().paths)).toEqual(
      expect.arrayContaining([
        '/roster/individuals',
        '/roster/individuals/{id}',
        '/roster/individuals/bulk-remove',
        '/roster/individuals/bulk-insert-update',
        '/roster/relation',
        '/roster/relation/{id}',
      ]),
    );
  });
});
