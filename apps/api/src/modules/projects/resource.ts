import { type projectSearchBodySchema, projectsContract } from '@colophon/contract';
import { accounts, projectMeta, projects } from '@colophon/db';
import { bookType, notificationType, softwareType } from '@colophon/domain';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { deactivateRow, type ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { includeAccount, readForPage } from '../../engine/search-page';
import { notFound } from '../../errors';
import { type AccountRow, accountColumns, requireReferencedAccount, subtreeIdsSql } from '../accounts/tree';
import { notify } from '../notifications/notify';
import { refuseHeldProject } from './holders';
import { checkProjectSpec, withAccountDefaults } from './rules';

type Row = Record<string, unknown> & { id: number };

/** The filters of the projects search (`POST projects/get/get_projects_post`): the contract's and `ids`. */
type ProjectFilters = Omit<z.output<typeof projectSearchBodySchema>, 'page' | 'perPage' | 'sort' | 'include'>;
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

/** Projects of this account and of every account below it. */
const underAccount = (ancestorId: number) => inArray(projects.accountId, subtreeIdsSql(ancestorId));
const deadlineFrom = (date: string) => gte(projects.submissionDeadline, date);
const deadlineTo = (date: string) => lte(projects.submissionDeadline, date);

export function projectFilters(filters: ProjectFilters): (SQL | undefined)[] {
  return [
    projectSearch(filters.search),
    filters.ids?.length ? inArray(projects.id, filters.ids) : undefined,
    filters.accountId?.length ? inArray(projects.accountId, filters.accountId) : undefined,
    filters.ancestorId ? underAccount(filters.ancestorId) : undefined,
    filters.year?.length ? inArray(projects.year, filters.year) : undefined,
    filters.typeBook?.length ? inArray(projects.typeBook, filters.typeBook) : undefined,
    filters.typeSoftware?.length ? inArray(projects.typeSoftware, filters.typeSoftware) : undefined,
    filters.isActive === undefined ? undefined : eq(projects.isActive, filters.isActive),
    filters.deadlineFrom ? deadlineFrom(filters.deadlineFrom) : undefined,
    filters.deadlineTo ? deadlineTo(filters.deadlineTo) : undefined,
  ];
}

export const projectIncludeFills: Record<string, (rows: Row[], context: ResourceContext) => Promise<void>> = {
  async account(rows, context) {
    await includeAccount(rows, (ids) =>
      context.db
        .select(accountColumns('id', 'code', 'name', 'type', 'typeSoftware', 'parentAccountId'))
        .from(accounts)
        .where(inArray(accounts.id, ids)),
    );
  },
  async meta(rows, context) {
    const found = await readForPage(
      rows.map((row) => row.id),
      (ids) => context.db.select().from(projectMeta).where(inArray(projectMeta.projectId, ids)),
    );
    for (const row of rows) {
      const meta = found.find((candidate) => candidate.projectId === row.id);
      row.meta = meta ? jsonRow(meta) : null;
    }
  },
};

/** A project the call acts on (its meta, an upload for it): 404 when it is missing or another tenant's. */
export async function visibleProject(context: ResourceContext, projectId: number) {
  const [row] = await context.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), accountVisible(context.auth, projects.accountId)))
    .limit(1);
  if (!row) throw notFound(`Project ${projectId}`);
  return row;
}

async function accountOf(context: ResourceContext, accountId: number): Promise<AccountRow> {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new Error(`project account ${accountId} is missing`);
  return account;
}

/**
 * Yearbook projects: one book of one account for one year, with its specification (part 3).
 * DELETE deactivates (orders and proofs keep their project).
 */
export function registerProjectsResource(app: FastifyInstance) {
  registerResource(app, projectsContract, {
    table: projects,
    scope: (context) => accountVisible(context.auth, projects.accountId),
    filterBy: { search: projectSearch, ancestorId: underAccount, deadlineFrom, deadlineTo },
    hooks: {
      includes: projectIncludeFills,
      async validate(input, context, existing) {
        // New projects are checked after their defaults are filled in (create, below).
        if (!existing) return;
        const account = await accountOf(context, existing.accountId);
        checkProjectSpec(context, account, { ...existing, ...input }, { existingTypeBook: existing.typeBook });
      },
      async create(input, context) {
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
        return row;
      },
      async remove(existing, context) {
        await refuseHeldProject(context, existing.id);
        return deactivateRow(context, projects, existing.id);
      },
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Name', value: (row) => row.name },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Year', value: (row) => row.year },
      { header: 'Book type', value: (row) => bookType.label(row.typeBook) },
      { header: 'Pages', value: (row) => row.pageCount },
      { header: 'Copies', value: (row) => row.copies },
      {
        header: 'Software',
        value: (row) => (row.typeSoftware === null ? '' : softwareType.label(row.typeSoftware)),
      },
      { header: 'Submission deadline', value: (row) => row.submissionDeadline },
      { header: 'In-home date', value: (row) => row.inHomeDate },
      { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
    ],
  });
}
