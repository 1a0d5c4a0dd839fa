import type { Db } from '@colophon/db';
import { teacherGradeCombinations } from '@colophon/db';
import { type RosterGradeCode, rosterGradeOf } from '@colophon/domain';
import { and, eq, sql } from 'drizzle-orm';

/** One teacher's (or homeroom's) students of one grade, as the roster counts them. */
export interface RosterTeacherGrade {
  teacher: string;
  /** As the roster holds it (`09`, `9`, `KG`, `K`): read with the domain's `rosterGradeOf`. */
  grade: string;
  studentCount: number;
}

export interface FillTeacherGradesResult {
  /** Roster rows removed before the new ones went in. */
  replaced: number;
  /** Roster rows written. */
  written: number;
  /** Teacher and grade pairs a person already counts (`manual`): theirs stays, the roster's is left out. */
  keptManual: { teacher: string; grade: RosterGradeCode }[];
  /** Rows that name no teacher, no known grade or no sensible count: left out, for the sync to report. */
  skipped: { teacher: string; grade: string; reason: string }[];
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters at 6 a row. */
const INSERT_BATCH = 1000;
const TEACHER_MAX = 100;
const STUDENTS_MAX = 10_000;

/**
 * The roster's teacher/grade counts of a school's year, replacing the roster's earlier ones in one
 * transaction: a reader sees the old counts or the new, never none. Rows a person wrote (`manual`)
 * stay, and win over the roster's count of the same teacher and grade. Two spellings of one grade
 * (`9`, `09`) or one teacher with spaces around are one row, their students added up.
 */
export async function fillTeacherGradeCombinations(
  db: Db,
  accountId: number,
  year: number,
  rows: readonly RosterTeacherGrade[],
): Promise<FillTeacherGradesResult> {
  const skipped: FillTeacherGradesResult['skipped'] = [];
  const merged = new Map<string, { teacher: string; grade: RosterGradeCode; studentCount: number }>();
  for (const row of rows) {
    const teacher = row.teacher.trim();
    const grade = rosterGradeOf(row.grade);
    const reason = !teacher
      ? 'no teacher or homeroom'
      : teacher.length > TEACHER_MAX
        ? `a teacher's name longer than ${TEACHER_MAX} characters`
        : !grade
          ? 'not a grade'
          : !Number.isInteger(row.studentCount) || row.studentCount < 0
            ? 'not a number of students'
            : null;
    if (reason || !grade) {
      skipped.push({ teacher: row.teacher, grade: row.grade, reason: reason ?? 'not a grade' });
      continue;
    }
    const key = `${teacher}\u0000${grade}`;
    const known = merged.get(key);
    if (known) known.studentCount += row.studentCount;
    else merged.set(key, { teacher, grade, studentCount: row.studentCount });
  }
  const wanted = [...merged.values()].map((row) => ({
    ...row,
    studentCount: Math.min(row.studentCount, STUDENTS_MAX),
  }));

  return db.transaction(async (tx) => {
    // Two syncs of one school at once take turns, so neither's rows mix with the other's.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('teacher_grade_combinations'), ${accountId})`);
    const removed = await tx
      .delete(teacherGradeCombinations)
      .where(
        and(
          eq(teacherGradeCombinations.accountId, accountId),
          eq(teacherGradeCombinations.year, year),
          eq(teacherGradeCombinations.source, 'roster'),
        ),
      )
      .returning({ id: teacherGradeCombinations.id });
    const writtenKeys = new Set<string>();
    for (let start = 0; start < wanted.length; start += INSERT_BATCH) {
      const batch = wanted.slice(start, start + INSERT_BATCH);
      const inserted = await tx
        .insert(teacherGradeCombinations)
        .values(batch.map((row) => ({ ...row, accountId, year, source: 'roster' })))
        // The only rows left to collide with are a person's: theirs stays.
        .onConflictDoNothing()
        .returning({ teacher: teacherGradeCombinations.teacher, grade: teacherGradeCombinations.grade });
      for (const row of inserted) writtenKeys.add(`${row.teacher}\u0000${row.grade}`);
    }
    const keptManual = wanted
      .filter((row) => !writtenKeys.has(`${row.teacher}\u0000${row.grade}`))
      .map(({ teacher, grade }) => ({ teacher, grade }));
    return { replaced: removed.length, written: writtenKeys.size, keptManual, skipped };
  });
}
