import { teacherGradeCombinationOperations, teacherGradeCombinationsContract } from '@colophon/contract';
import { teacherGradeCombinations } from '@colophon/db';
import { rosterGrade } from '@colophon/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible } from '../../access/scope';
import { implement, registerResource } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { describeConstraint } from '../../plugins/problems';
import { includeAccountNames, requireReferencedAccount, requireVisibleAccount } from '../accounts/tree';

describeConstraint(
  'teacher_grade_combinations_key',
  'teacher',
  'This school already has a count for this teacher and grade that year.',
);

/** The school's order of grades (PK, KG, 01 … 13, Other), not the codes' alphabetical one. */
const gradeOrder = sql`array_position(${sql.raw(
  `array[${rosterGrade.codes.map((code) => `'${code}'`).join(',')}]::text[]`,
)}, ${teacherGradeCombinations.grade}::text)`;

/** `include=account` of rows that always carry their account (see `fill`): nothing more to read. */
const accountFilled = async () => undefined;

/**
 * Teacher/grade combinations (issue 16): a school's staff with `roster.manage` keep their own
 * school's, a studio its schools', super administrators all; another tenant's row is a 404.
 */
export function registerTeacherGradeCombinations(app: FastifyInstance) {
  registerResource(app, teacherGradeCombinationsContract, {
    table: teacherGradeCombinations,
    scope: (context) => accountVisible(context.auth, teacherGradeCombinations.accountId),
    sortBy: { grade: gradeOrder },
    filterBy: { teacher: (text) => textSearch(text, teacherGradeCombinations.teacher) },
    hooks: {
      // Every row carries its school: the export's Account code says whose counts they are.
      fill: includeAccountNames,
      includes: { account: accountFilled },
      async validate(input, context, existing) {
        if (!existing && input.accountId !== undefined) {
          await requireReferencedAccount(context, input.accountId, 'accountId');
        }
      },
      // A person's change makes the row theirs: the roster's next sync leaves it as they set it.
      async update(existing, input, context) {
        if (Object.keys(input).length === 0) return existing;
        const [row] = await context.db
          .update(teacherGradeCombinations)
          .set({ ...input, source: 'manual', updatedAt: app.services.clock.now() })
          .where(eq(teacherGradeCombinations.id, existing.id))
          .returning();
        return row;
      },
    },
    csv: [
      { header: 'Account code', value: (row) => row.account?.code ?? '' },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Year', value: (row) => row.year },
      { header: 'Teacher', value: (row) => row.teacher },
      { header: 'Grade', value: (row) => row.grade },
      { header: 'Grade name', value: (row) => rosterGrade.label(row.grade) },
      { header: 'Students', value: (row) => row.studentCount },
      { header: 'Source', value: (row) => row.source },
    ],
  });

  implement(app, teacherGradeCombinationOperations.clearRecords, async function clearTeacherGradeCombinations(request) {
    const context = requestContext(app, request);
    const { accountId, year } = request.body;
    // The school acted on: another tenant's is as missing as one that does not exist.
    await requireVisibleAccount(context, accountId);
    const removed = await context.db
      .delete(teacherGradeCombinations)
      .where(
        and(
          eq(teacherGradeCombinations.accountId, accountId),
          year === undefined ? undefined : eq(teacherGradeCombinations.year, year),
        ),
      )
      .returning({ id: teacherGradeCombinations.id });
    return { deleted: removed.length };
  });
}
