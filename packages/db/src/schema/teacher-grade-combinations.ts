import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { accounts } from './identity';

/**
 * How many students each teacher (or homeroom) has in each grade of a school's yearbook year
 * (issue 16): the class pages' plan. The roster's sync fills the `roster` rows and replaces them on
 * every sync; `manual` rows are a person's and the sync leaves them. Grades are the domain's
 * `rosterGrade` codes; the year is the yearbook's (2026 for 2025-2026), as the price lists keep it.
 */
export const teacherGradeCombinations = pgTable(
  'teacher_grade_combinations',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    year: smallint('year').notNull(),
    teacher: varchar('teacher', { length: 100 }).notNull(),
    grade: varchar('grade', { length: 5 }).notNull(),
    studentCount: integer('student_count').notNull().default(0),
    /** 'roster' or 'manual' (the domain's `teacherGradeSources`). */
    source: varchar('source', { length: 6 }).notNull().default('manual'),
    ...timestamps,
  },
  (table) => [
    // Also the account's list in teacher order, and the account's rows of a year (the sync's delete).
    uniqueIndex('teacher_grade_combinations_key').on(table.accountId, table.year, table.teacher, table.grade),
    index('teacher_grade_combinations_grade_idx').on(table.accountId, table.year, table.grade),
    index('teacher_grade_combinations_year_idx').on(table.year, table.grade),
    check(
      'teacher_grade_combinations_grade_check',
      sql`${table.grade} in ('PK','KG','01','02','03','04','05','06','07','08','09','10','11','12','13','Other')`,
    ),
    check('teacher_grade_combinations_count_check', sql`${table.studentCount} >= 0`),
    check('teacher_grade_combinations_source_check', sql`${table.source} in ('roster','manual')`),
  ],
);
