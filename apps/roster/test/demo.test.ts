import { and, count, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '../../api/test/harness';
import {
  DEMO_EXPORT_PRESET,
  DEMO_STUDENTS,
  demoRosterPeople,
  demoRosterSchool,
  type RosterDemoResult,
  seedRosterDemo,
} from '../src/demo';
import { portraitKey } from '../src/portraits/portrait';
import { districts, exportPresets, individuals, schools } from '../src/schema';
import { ADVISER, rosterCaller } from './support';

/**
 * The roster demo seeded on a fresh copy of the dashboard's demo (PGlite) and the real file store:
 * its counts, and a student's portrait read through the service.
 */

let t: TestApp;
let result: RosterDemoResult;
const { roster } = rosterCaller(() => t);

beforeAll(async () => {
  t = await createTestApp();
  result = await seedRosterDemo(t.handle.db, t.app.services.files);
  const portraits = await result.portraits;
  expect(portraits.count).toBe(DEMO_STUDENTS);
  console.info(
    `roster demo: ${result.people} people in ${result.ms} ms, ${portraits.count} portraits in ${portraits.ms} ms`,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the roster demo', () => {
  it('makes two districts of the studio with six schools linked, and Lincoln’s 2,000 students', async () => {
    const db = t.handle.db;
    expect(result).toMatchObject({ seeded: true, districts: 2, schools: 6, people: 2_134 });
    expect((await db.select({ value: count() }).from(districts))[0]?.value).toBe(2);
    const presets = await db.select({ name: exportPresets.name, schoolId: exportPresets.schoolId }).from(exportPresets);
    expect(presets).toEqual([{ name: DEMO_EXPORT_PRESET, schoolId: result.schoolId }]);
    expect((await db.select({ value: count() }).from(schools).where(isNotNull(schools.districtId)))[0]?.value).toBe(6);

    const byRole = await db
      .select({ role: individuals.role, value: count() })
      .from(individuals)
      .where(eq(individuals.schoolId, result.schoolId))
      .groupBy(individuals.role);
    expect(Object.fromEntries(byRole.map((row) => [row.role, row.value]))).toEqual({
      student: 2_000,
      teacher: 110,
      staff: 24,
    });
    const byGrade = await db
      .select({ grade: individuals.grade, value: count() })
      .from(individuals)
      .where(and(eq(individuals.schoolId, result.schoolId), eq(individuals.role, 'student')))
      .groupBy(individuals.grade)
      .orderBy(individuals.grade);
    expect(byGrade).toEqual(['09', '10', '11', '12'].map((grade) => ({ grade, value: 500 })));
    const withPortrait = await db
      .select({ value: count() })
      .from(individuals)
      .where(and(eq(individuals.schoolId, result.schoolId), isNotNull(individuals.photoKey)));
    expect(withPortrait[0]?.value).toBe(2_000);

    // The account demoRosterSchool names holds them.
    const lincoln = (await roster(OWNER, 'GET', '/roster/mapping')).json<
      { accountId: number; schoolId: number; sourcedId: string }[]
    >();
    expect(lincoln.find((row) => row.schoolId === result.schoolId)?.sourcedId).toBe(demoRosterSchool.sourcedId);
  });

  it('answers the same names every time, each full name once, and a student’s portrait to Lincoln’s adviser', async () => {
    const people = demoRosterPeople();
    expect(demoRosterPeople()).toEqual(people);
    const students = people.filter((person) => person.role === 'student');
    expect(new Set(students.map((s) => `${s.givenName} ${s.familyName}`)).size).toBe(DEMO_STUDENTS);
    expect(new Set(students.map((s) => s.homeroom)).size).toBe(80);

    const page = (
      await roster(ADVISER, 'GET', `/roster/individuals?schoolId=${result.schoolId}&grade=10&perPage=1`)
    ).json<{ data: { id: number; photoKey: string; grade: string }[]; total: number }>();
    expect(page.total).toBe(500);
    const student = page.data[0];
    if (!student) throw new Error('no student listed');
    expect(student.photoKey).toBe(portraitKey(result.schoolId, student.id, 'demo'));
    const image = await roster(ADVISER, 'GET', `/roster/individuals/${student.id}/image`);
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 400]);
  });

  it('is skipped when it is there already', async () => {
    const again = await seedRosterDemo(t.handle.db, t.app.services.files);
    expect(again).toMatchObject({ seeded: false, schoolId: result.schoolId });
  });
});
