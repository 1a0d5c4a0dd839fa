import { accounts, projects, proofInternalActions, proofs } from '@colophon/db';
import { can, proofStatus } from '@colophon/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { accountVisible } from '../../access/scope';
import { listPage } from '../../engine/list-page';
import type { ResourceContext } from '../../engine/resource';
import { notFound } from '../../errors';
import { subtreeIdsSql } from '../accounts/tree';
import { projectSearch } from '../projects/resource';

export interface ProofFilters {
  /** Part of the project's name, or of the account's name or code. */
  search?: string | undefined;
  /** Proofs of this account and of every account below it. */
  ancestorId?: number | undefined;
  projectId?: number | undefined;
  accountId?: number[] | undefined;
  status?: number[] | undefined;
  internalStatus?: number[] | undefined;
  year?: number[] | undefined;
}

export function proofFilters(filters: ProofFilters): (SQL | undefined)[] {
  return [
    projectSearch(filters.search),
    filters.ancestorId ? inArray(projects.accountId, subtreeIdsSql(filters.ancestorId)) : undefined,
    filters.projectId ? eq(proofs.projectId, filters.projectId) : undefined,
    filters.accountId?.length ? inArray(projects.accountId, filters.accountId) : undefined,
    filters.status?.length ? inArray(proofs.status, filters.status) : undefined,
    filters.internalStatus?.length ? inArray(proofs.internalStatus, filters.internalStatus) : undefined,
    filters.year?.length ? inArray(projects.year, filters.year) : undefined,
  ];
}

// Internal status is not a sort key: a school could read the plant's review from the order.
const sorts: Record<string, AnyPgColumn> = {
  createdAt: proofs.createdAt,
  roundNumber: proofs.roundNumber,
  status: proofs.status,
  id: proofs.id,
  projectName: projects.name,
  accountName: accounts.name,
  year: projects.year,
  typeBook: projects.typeBook,
  pageCount: proofs.pageCount,
  processingStatus: proofs.processingStatus,
};

const selection = {
  proof: proofs,
  accountName: accounts.name,
  accountId: projects.accountId,
  projectName: projects.name,
  year: projects.year,
  typeBook: projects.typeBook,
};

type Selected = {
  proof: typeof proofs.$inferSelect;
  accountName: string;
  accountId: number;
  projectName: string;
  year: number;
  typeBook: number;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toProof(row: Selected, context: ResourceContext) {
  const { proof } = row;
  return {
    id: proof.id,
    projectId: proof.projectId,
    accountId: row.accountId,
    accountName: row.accountName,
    projectName: row.projectName,
    year: row.year,
    typeBook: row.typeBook,
    status: proof.status,
    // The plant's internal review is for studio staff only.
    internalStatus: can(context.auth.user, 'proofs.internal') ? proof.internalStatus : null,
    roundNumber: proof.roundNumber,
    kind: proof.kind,
    processingStatus: proof.processingStatus,
    pageCount: proof.pageCount,
    pagesDone: proof.pagesDone,
    summary: proof.summary ?? null,
    processingError: proof.processingError,
    processedAt: iso(proof.processedAt),
    decidedAt: iso(proof.decidedAt),
    decidedBy: proof.decidedBy,
    rejectReason: proof.rejectReason,
    unlockedForEdits: proof.unlockedForEdits,
    createdAt: proof.createdAt.toISOString(),
    canOrder: proof.status === proofStatus.Approved && can(context.auth.user, 'orders.place'),
  };
}
export type ProofItem = ReturnType<typeof toProof>;

const withProjectAndAccount = <Select extends PgSelect>(select: Select) =>
  select
    .innerJoin(projects, eq(projects.id, proofs.projectId))
    .innerJoin(accounts, eq(accounts.id, projects.accountId));

const base = (context: ResourceContext) => withProjectAndAccount(context.db.select(selection).from(proofs).$dynamic());

/** The proofs of the caller's account tree (through the project), filtered, sorted and paged. */
export async function listProofs(
  context: ResourceContext,
  filters: ProofFilters,
  paging: { page: number; perPage: number; sort?: string | undefined },
) {
  // Filtering by the plant's internal status would tell a school what the column hides from it.
  const allowed = can(context.auth.user, 'proofs.internal') ? filters : { ...filters, internalStatus: undefined };
  const where = and(accountVisible(context.auth, projects.accountId), ...proofFilters(allowed));
  const key = paging.sort ?? '-createdAt';
  const descending = key.startsWith('-');
  const column = sorts[descending ? key.slice(1) : key] ?? proofs.createdAt;
  const { items, total } = await listPage(context.db, {
    fields: selection,
    from: proofs,
    joins: withProjectAndAccount,
    where,
    orderBy: [descending ? desc(column) : asc(column)],
    id: proofs.id,
    idOrder: 'desc',
    page: paging.page,
    perPage: paging.perPage,
  });
  return {
    data: items.map((row) => toProof(row as Selected, context)),
    total,
    page: paging.page,
    perPage: paging.perPage,
  };
}

/** One proof the caller may see: 404 when it is missing or another tenant's. */
export async function visibleProof(context: ResourceContext, id: number) {
  const [row] = await base(context)
    .where(and(eq(proofs.id, id), accountVisible(context.auth, projects.accountId)))
    .limit(1);
  if (!row) throw notFound(`Proof ${id}`);
  return { row: row.proof, item: toProof(row, context) };
}

/**
 * The latest proof of each project, when `condition` holds of it: the short lists of the dashboard
 * (ready to order: approved and no order yet; resubmission required: rejected or the customer is
 * resubmitting).
 */
export async function latestProofsWhere(
  context: ResourceContext,
  condition: SQL,
  filters: { year?: number | undefined; parentId?: number | undefined },
) {
  const rows = await base(context)
    .where(
      and(
        accountVisible(context.auth, projects.accountId),
        sql`${proofs.id} = (select p2.id from proofs p2 where p2.project_id = ${proofs.projectId} and p2.kind = 'pages' order by p2.created_at desc, p2.id desc limit 1)`,
        condition,
        filters.year ? eq(projects.year, filters.year) : undefined,
        filters.parentId ? inArray(projects.accountId, subtreeIdsSql(filters.parentId)) : undefined,
      ),
    )
    .orderBy(desc(proofs.createdAt), desc(proofs.id))
    .limit(500);
  return { data: rows.map((row) => toProof(row, context)) };
}

/** One line of a proof's history; every action on a proof writes one. */
export async function recordAction(
  context: Pick<ResourceContext, 'db'>,
  proofId: number,
  userId: number | null,
  action: string,
  note: string | null = null,
  internalStatus: number | null = null,
) {
  const [row] = await context.db
    .insert(proofInternalActions)
    .values({ proofId, userId, action, note, internalStatus })
    .returning();
  return row!;
}
