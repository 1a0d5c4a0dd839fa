import { projectCreateSchema, projectListQuerySchema, projectSchema, projectUpdateSchema } from '@colophon/contract';
import { accounts, projectMeta, projects } from '@colophon/db';
import { bookType, notificationType, softwareType } from '@colophon/domain';
import { eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import { jsonRow } from '../../engine/json-row';
import { defineResource, type ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { type AccountRow, requireReferencedAccount, subtreeIdsSql } from '../accounts/tree';
import { notify } from '../notifications/notify';
import { checkProjectSpec, withAccountDefaults } from './rules';

type Row = Record<string, unknown> & { id: number };
type ProjectRow = typeof projects.$inferSelect;

/** The filters of the projects list, shared by `GET projects` and `POST projects/get/get_projects_post`. */
export interface ProjectFilters {
  search?: string | undefined;
  ids?: number[] | undefined;
  accountId?: number[] | undefined;
  ancestorId?: number | undefined;
  year?: number[] | undefined;
  typeBook?: number[] | undefined;
  typeSoftware?: number[] | undefined;
  isActive?: boolean | undefined;
  deadlineFrom?: string | undefined;
  deadlineTo?: string | undefined;
}

/** The project's name, or its account's name or code, contains the search (the projects and proofs lists). */
export function projectSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  // The account side is a subquery, so a count needs no join to accounts.
  return or(
    textSearch(search, projects.name),
    inArray(
      projects.accountId,
      sql`(select a.id from accounts a where ${textSearch(search, sql`a.name`, sql`a.code`)})`,
    ),
  );
}

export function projectFilters(filters: ProjectFilters): (SQL | undefined)[] {
  return [
    projectSearch(filters.search),
    filters.ids?.length ? inArray(projects.id, filters.ids) : undefined,
    filters.accountId?.length ? inArray(projects.accountId, filters.accountId) : undefined,
    filters.ancestorId ? inArray(projects.accountId, subtreeIdsSql(filters.ancestorId)) : undefined,
    filters.year?.length ? inArray(projects.year, filters.year) : undefined,
    filters.typeBook?.length ? inArray(projects.typeBook, filters.typeBook) : undefined,
    filters.typeSoftware?.length ? inArray(projects.typeSoftware, filters.typeSoftware) : undefined,
    filters.isActive === undefined ? undefined : eq(projects.isActive, filters.isActive),
    filters.deadlineFrom ? gte(projects.submissionDeadline, filters.deadlineFrom) : undefined,
    filters.deadlineTo ? lte(projects.submissionDeadline, filters.deadlineTo) : undefined,
  ];
}

export const projectSorts = {
  name: projects.name,
  year: projects.year,
  typeBook: projects.typeBook,
  submissionDeadline: projects.submissionDeadline,
  inHomeDate: projects.inHomeDate,
  createdAt: projects.createdAt,
};

export const projectIncludeFills: Record<string, (rows: Row[], context: ResourceContext) => Promise<void>> = {
  async account(rows, context) {
    const ids = [...new Set(rows.map((row) => row.accountId as number))];
    const found = ids.length
      ? await context.db
          .select({
            id: accounts.id,
            code: accounts.code,
            name: accounts.name,
            type: accounts.type,
            typeSoftware: accounts.typeSoftware,
            parentAccountId: accounts.parentAccountId,
          })
          .from(accounts)
          .where(inArray(accounts.id, ids))
      : [];
    for (const row of rows) row.account = found.find((account) => account.id === row.accountId);
  },
  async meta(rows, context) {
    const found = rows.length
      ? await context.db
          .select()
          .from(projectMeta)
          .where(
            inArray(
              projectMeta.projectId,
              rows.map((row) => row.id),
            ),
          )
      : [];
    for (const row of rows) {
      const meta = found.find((candidate) => candidate.projectId === row.id);
      row.meta = meta ? jsonRow(meta) : null;
    }
  },
};

async function accountOf(context: ResourceContext, accountId: number): Promise<AccountRow> {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new Error(`project account ${accountId} is missing`);
  return account;
}

/**
 * Yearbook projects: one book of one account for one year, with its specification (part 3).
 * DELETE deactivates (orders and proofs keep their project).
 */
export const projectsResource = defineResource({
  name: 'projects',
  label: 'Project',
  table: projects,
  item: projectSchema,
  listQuery: projectListQuerySchema,
  createBody: projectCreateSchema,
  updateBody: projectUpdateSchema,
  access: { read: 'projects.view', write: 'projects.manage' },
  sorts: projectSorts,
  defaultSort: 'name',
  scope: (context) => accountVisible(context.auth, projects.accountId),
  filters: (query: z.output<typeof projectListQuerySchema>) => projectFilters(query),
  includes: projectIncludeFills,
  async validate(input, context, existing) {
    // New projects are checked after their defaults are filled in (create, below).
    if (!existing) return;
    const current = existing as unknown as ProjectRow;
    const account = await accountOf(context, current.accountId);
    checkProjectSpec(context, account, { ...current, ...input }, { existingTypeBook: current.typeBook });
  },
  async create(input: z.output<typeof projectCreateSchema>, context) {
    const account = await requireReferencedAccount(context, input.accountId, 'accountId');
    const spec = await withAccountDefaults(context.db, account, input);
    checkProjectSpec(context, account, spec);
    // The project and its 61 notification (with its queued e-mail) stand or fall together.
    const row = await context.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(projects)
        .values({
          ...spec,
          typeBook: spec.typeBook as number,
          accountId: account.id,
          createdByUserId: context.auth.user.id,
        })
        .returning();
      if (!inserted) throw new Error('project insert returned nothing');
      await notify(tx, {
        accountId: account.id,
        projectId: inserted.id,
        typeNotification: notificationType.ProjectCreated,
        projectName: inserted.name,
        typeBook: inserted.typeBook,
        userName: `${context.auth.user.firstName} ${context.auth.user.lastName}`,
      });
      return inserted;
    });
    return row as unknown as Row;
  },
  async remove(existing, context) {
    const [row] = await context.db
      .update(projects)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(projects.id, existing.id))
      .returning();
    return (row as unknown as Row) ?? null;
  },
  csv: [
    { header: 'ID', value: (row) => row.id },
    { header: 'Name', value: (row) => row.name as string },
    { header: 'Account', value: (row) => (row.account as { name: string } | undefined)?.name ?? String(row.accountId) },
    { header: 'Year', value: (row) => row.year as number },
    { header: 'Book type', value: (row) => bookType.label(row.typeBook as number) },
    { header: 'Pages', value: (row) => row.pageCount as number | null },
    { header: 'Copies', value: (row) => row.copies as number | null },
    {
      header: 'Software',
      value: (row) => (row.typeSoftware === null ? '' : softwareType.label(row.typeSoftware as number)),
    },
    { header: 'Submission deadline', value: (row) => row.submissionDeadline as string | null },
    { header: 'In-home date', value: (row) => row.inHomeDate as string | null },
    { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
});
