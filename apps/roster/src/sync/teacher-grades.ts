import { type FillTeacherGradesResult, fillTeacherGradeCombinations } from '@colophon/api/teacher-grade-combinations';
import type { Db } from '@colophon/db';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { individuals, schools } from '../schema';

/**
 * The yearbook year a date falls in: the spring the book comes out. A school year starts on 1 July
 * (UTC), so a sync in November 2025 fills 2026's counts, one in March 2026 too.
 */
export function yearbookYearOf(at: Date): number {
  return at.getUTCMonth() >= 6 ? at.getUTCFullYear() + 1 : at.getUTCFullYear();
}

/**
 * After an import or a sync: the main API's teacher/grade counts of the school's current yearbook
 * year, from its active students by homeroom and grade (the homeroom is the teacher a class page is
 * captioned by). Replaces the roster's earlier counts; rows a person wrote stay (the fill's rule).
 */
export async function fillTeacherGradesOfSchool(
  db: Db,
  schoolId: number,
  at: Date,
): Promise<FillTeacherGradesResult | null> {
  const [school] = await db.select({ accountId: schools.accountId }).from(schools).where(eq(schools.id, schoolId));
  if (!school) return null;
  const groups = await db
    .select({ teacher: individuals.homeroom, grade: individuals.grade, studentCount: count() })
    .from(individuals)
    .where(
      and(
        eq(individuals.schoolId, schoolId),
        eq(individuals.status, 'active'),
        eq(individuals.role, 'student'),
        isNotNull(individuals.homeroom),
        isNotNull(individuals.grade),
      ),
    )
    .groupBy(individuals.homeroom, individuals.grade);
  const rows = groups.flatMap((group) =>
    group.teacher && group.grade
      ? [{ teacher: group.teacher, grade: group.grade, studentCount: Number(group.studentCount) }]
      : [],
  );
  return fillTeacherGradeCombinations(db, school.accountId, yearbookYearOf(at), rows);
}
