import type { Db } from '../create-db';
import { teacherGradeCombinations } from '../schema/index';

type NewCombination = typeof teacherGradeCombinations.$inferInsert;

/** Homerooms of a grade, with their students; the counts vary as real classes do. */
const homerooms = (
  accountId: number,
  year: number,
  grade: string,
  teachers: readonly string[],
  base: number,
): NewCombination[] =>
  teachers.map((teacher, index) => ({
    accountId,
    year,
    teacher,
    grade,
    studentCount: base + ((index * 5 + grade.length * 3) % 7),
    source: 'roster',
  }));

/**
 * The demo's teacher/grade counts (issue 16): Lincoln High School's homerooms of grades 9 to 12 this
 * year (2026) as the roster counted them, one class a person added by hand (the roster does not
 * hold the exchange students), and last year's; Maple Grove Elementary's classes from kindergarten
 * to grade 5.
 */
export async function seedTeacherGradeCombinations(db: Db, schools: { lincoln: number; mapleGrove: number }) {
  const { lincoln, mapleGrove } = schools;
  const rows: NewCombination[] = [
    ...homerooms(lincoln, 2026, '09', ['Ms. Alvarez', 'Mr. Becker', 'Mrs. Chen'], 24),
    ...homerooms(lincoln, 2026, '10', ['Mr. Dubois', 'Ms. Eriksen', 'Mr. Fofana'], 23),
    ...homerooms(lincoln, 2026, '11', ['Mrs. Gallagher', 'Mr. Hoang'], 26),
    ...homerooms(lincoln, 2026, '12', ['Ms. Ibrahim', 'Mr. Jensen'], 25),
    { accountId: lincoln, year: 2026, teacher: 'Exchange students', grade: 'Other', studentCount: 6, source: 'manual' },
    ...homerooms(lincoln, 2025, '09', ['Ms. Alvarez', 'Mr. Becker'], 27),
    ...homerooms(lincoln, 2025, '12', ['Ms. Ibrahim', 'Mr. Jensen'], 24),
    ...homerooms(mapleGrove, 2026, 'KG', ['Mrs. Kim', 'Ms. Larsen'], 18),
    ...homerooms(mapleGrove, 2026, '01', ['Mr. Moreau', 'Ms. Nakamura'], 20),
    ...homerooms(mapleGrove, 2026, '02', ['Mrs. Owens'], 21),
    ...homerooms(mapleGrove, 2026, '03', ['Ms. Patel', 'Mr. Quinn'], 22),
    ...homerooms(mapleGrove, 2026, '04', ['Mrs. Russo'], 23),
    ...homerooms(mapleGrove, 2026, '05', ['Mr. Sato', 'Ms. Thompson'], 24),
  ];
  await db.insert(teacherGradeCombinations).values(rows);
}
