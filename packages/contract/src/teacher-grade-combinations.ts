import { rosterGrade, teacherGradeSources } from '@colophon/domain';
import { z } from 'zod';
import { textCodeOf } from './codes';
import { idSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import { defineListDeclaration, defineResourceContract, filter, listUrlSearchOf } from './resource-contract';

/*
 * Teacher/grade combinations (issue 16): how many students each teacher or homeroom has in each
 * grade of a school's yearbook year, the plan of the class pages. The roster's sync fills the
 * `roster` rows (`fillTeacherGradeCombinations` in the API); what a person writes here is `manual`
 * and the sync leaves it.
 */

/** The most students one teacher's class of a grade may count: far past any school. */
export const MAX_TEACHER_GRADE_STUDENTS = 10_000;

const yearSchema = z
  .number({ error: 'A year such as 2026' })
  .int('A year such as 2026')
  .min(2000, 'A year such as 2026')
  .max(2100, 'A year such as 2026');
const gradeSchema = textCodeOf(rosterGrade, 'grade');
/** A grade in a query string (`grade[]=09&grade[]=KG`); another value is a 400 naming `grade`. */
const gradeParam = z.string().refine((code) => rosterGrade.has(code), {
  message: `Must be one of the grade codes ${rosterGrade.codes.join(', ')}`,
});
const teacherSchema = z
  .string({ error: 'The teacher or homeroom' })
  .trim()
  .min(1, 'Required')
  .max(100, 'At most 100 characters');
const studentCountSchema = z
  .number({ error: 'A number of students' })
  .int('A whole number of students')
  .min(0, 'At least 0')
  .max(MAX_TEACHER_GRADE_STUDENTS, `At most ${MAX_TEACHER_GRADE_STUDENTS.toLocaleString('en-US')}`);

export const teacherGradeCombinationSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    teacher: z.string(),
    grade: z.string(),
    studentCount: z.number().int(),
    source: z.enum(teacherGradeSources),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'TeacherGradeCombination' });
export type TeacherGradeCombination = z.infer<typeof teacherGradeCombinationSchema>;

export const teacherGradeCombinationCreateSchema = z.object({
  accountId: idSchema,
  year: yearSchema,
  teacher: teacherSchema,
  grade: gradeSchema,
  studentCount: studentCountSchema.default(0),
});
export type TeacherGradeCombinationCreate = z.input<typeof teacherGradeCombinationCreateSchema>;
/** The school and year stay; a person's change makes a roster row theirs (`manual`). */
export const teacherGradeCombinationUpdateSchema = z
  .object({ teacher: teacherSchema, grade: gradeSchema, studentCount: studentCountSchema })
  .partial();

export const teacherGradeCombinationList = defineListDeclaration({
  filters: {
    accountId: filter.ids(),
    year: filter.codes({ max: 20 }),
    grade: filter.list(gradeParam, { max: rosterGrade.codes.length }),
    /** Part of the teacher's or homeroom's name, any case. */
    teacher: filter.text({ max: 100 }),
    source: filter.list(z.enum(teacherGradeSources)),
  },
  sorts: ['grade', 'teacher', 'studentCount', 'year', 'source', 'updatedAt'],
  defaultSort: 'grade',
});
export const teacherGradeCombinationListUrlSearch = listUrlSearchOf(teacherGradeCombinationList);

/** `teacher_grade_combinations?accountId&year&grade&teacher`: a school's counts; `roster.manage` writes them. */
export const teacherGradeCombinationsContract = defineResourceContract({
  name: 'teacher_grade_combinations',
  label: 'Teacher/grade combination',
  item: teacherGradeCombinationSchema,
  create: teacherGradeCombinationCreateSchema,
  update: teacherGradeCombinationUpdateSchema,
  ...teacherGradeCombinationList,
  includes: ['account'],
  permission: { read: 'roster.view', write: 'roster.manage' },
});

export const teacherGradeClearBodySchema = z.object({
  /** The school whose counts go. */
  accountId: idSchema,
  /** Only this yearbook year's; none: every year's (the spec's call, as old clients send it). */
  year: yearSchema.optional(),
});
export type TeacherGradeClearBody = z.input<typeof teacherGradeClearBodySchema>;

export const teacherGradeCombinationOperations = {
  /** `POST teacher_grade_combinations/clear/records {accountId}`: a school's counts, roster and manual, removed. */
  clearRecords: defineOperation({
    method: 'POST',
    path: '/api/teacher_grade_combinations/clear/records',
    body: teacherGradeClearBodySchema,
    responses: { 200: z.object({ deleted: z.number().int() }), ...problemResponses(400, 404) },
    permission: 'roster.manage',
    summary: 'Remove a school’s teacher/grade combinations (of one year, or all)',
    tags: ['teacher_grade_combinations'],
  }),
};
