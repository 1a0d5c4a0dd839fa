import {
  type ProcessingQueueResource,
  processingQueueResources,
  type QueueBulkRetry,
  type QueueJobEvent,
  type QueueJobLinks,
  queueContracts,
  queuePayloadSchemas,
} from '@colophon/contract';
import { accounts, type Db, orders, projects, proofs, queueEvents, users } from '@colophon/db';
import {
  canDeleteQueueJob,
  queuePersonActionFor,
  queueStatus,
  SOURCE_TIME_ZONE,
  zonedDayEnd,
  zonedDayStart,
} from '@colophon/domain';
import { and, asc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../engine/implement';
import type { ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { AppError, invalidField, notFound } from '../../errors';
import {
  applyPersonAction,
  deleteJob,
  enqueue,
  type PersonActionOutcome,
  type QueueName,
  type QueueRow,
  type QueueTable,
  queueTableName,
  tableOf,
} from '../../queue';

/** The resource name of part 7 (`queue_moves`…) → the queue engine's short name (`moves`…). */
export const queueNameOf = (resource: ProcessingQueueResource): QueueName =>
  resource.slice('queue_'.length) as QueueName;

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const iso = (value: Date | null) => value?.toISOString() ?? '';
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The person behind a change: the super administrator at the keyboard during an impersonation. */
export const actorIdOf = (context: Pick<ResourceContext, 'auth'>) =>
  context.auth.originalUser?.id ?? context.auth.user.id;

/** A payload's id field as text (`payload->>'proofId'`), compared with ids as text so no cast can fail. */
const payloadId = (table: QueueTable, key: string) => sql`(${table.payload} ->> ${sql.raw(`'${key}'`)})`;

/**
 * The jobs that belong to a project: its id in the payload, or a proof of it (proof and EPUB jobs name
 * only the proof), or an order of it.
 */
function belongsToProject(table: QueueTable, projectId: number): SQL {
  const id = String(projectId);
  return or(
    sql`${payloadId(table, 'projectId')} = ${id}`,
    sql`${payloadId(table, 'proofId')} in (select ${proofs.id}::text from ${proofs} where ${proofs.projectId} = ${projectId})`,
    sql`${payloadId(table, 'orderId')} in (select ${orders.id}::text from ${orders} where ${orders.projectId} = ${projectId})`,
  ) as SQL;
}

/** The jobs that belong to an account: its id in the payload, or a project, proof or order of it. */
function belongsToAccount(table: QueueTable, accountId: number): SQL {
  const id = String(accountId);
  return or(
    sql`${payloadId(table, 'accountId')} = ${id}`,
    sql`${payloadId(table, 'projectId')} in (select ${projects.id}::text from ${projects} where ${projects.accountId} = ${accountId})`,
    sql`${payloadId(table, 'proofId')} in (select ${proofs.id}::text from ${proofs} join ${projects} on ${projects.id} = ${proofs.projectId} where ${projects.accountId} = ${accountId})`,
    sql`${payloadId(table, 'orderId')} in (select ${orders.id}::text from ${orders} where ${orders.accountId} = ${accountId})`,
  ) as SQL;
}

/** The list's filters as conditions, one function for the list, its export and the bulk retry. */
export function queueJobConditions(table: QueueTable) {
  return {
    status: (status: number[]) => (status.length ? inArray(table.status, status) : undefined),
    search: (search: string) => textSearch(search, sql`${table.payload}::text`, table.lastError),
    // A bare date names a London day (part 5), daylight saving time included.
    createdFrom: (from: string) =>
      gte(
        table.createdAt,
        isDateOnly(from) ? (zonedDayStart(from, SOURCE_TIME_ZONE) ?? new Date(from)) : new Date(from),
      ),
    createdTo: (to: string) =>
      isDateOnly(to)
        ? lt(table.createdAt, zonedDayEnd(to, SOURCE_TIME_ZONE) ?? new Date(to))
        : lte(table.createdAt, new Date(to)),
    accountId: (accountId: number) => belongsToAccount(table, accountId),
    projectId: (projectId: number) => belongsToProject(table, projectId),
    orderId: (orderId: number) => sql`${payloadId(table, 'orderId')} = ${String(orderId)}`,
    error: (error: string) => textSearch(error, table.lastError),
  };
}

/** A bulk retry's filters (the list's, or named ids) as one condition. */
export function bulkCondition(table: QueueTable, filters: QueueBulkRetry): SQL | undefined {
  const conditions = queueJobConditions(table);
  return and(
    filters.status ? conditions.status(filters.status) : undefined,
    filters.search ? conditions.search(filters.search) : undefined,
    filters.createdFrom ? conditions.createdFrom(filters.createdFrom) : undefined,
    filters.createdTo ? conditions.createdTo(filters.createdTo) : undefined,
    filters.accountId ? conditions.accountId(filters.accountId) : undefined,
    filters.projectId ? conditions.projectId(filters.projectId) : undefined,
    filters.orderId ? conditions.orderId(filters.orderId) : undefined,
    filters.error ? conditions.error(filters.error) : undefined,
    filters.ids ? inArray(table.id, filters.ids) : undefined,
  );
}

/** 409 naming the statuses a job may not move between; 404 when it does not exist. */
export function refusedTransition(label: string, id: number, outcome: PersonActionOutcome): never {
  if (outcome.outcome === 'missing') throw notFound(`${label} ${id}`);
  if (outcome.outcome === 'refused') {
    const from = queueStatus.label(outcome.from);
    const to = queueStatus.label(outcome.to);
    throw new AppError('conflict', `${label} ${id} is ${from}: it cannot go from ${from} to ${to}.`, {
      errors: [
        { path: 'status', message: `A job may not go from ${from} (${outcome.from}) to ${to} (${outcome.to}).` },
      ],
    });
  }
  throw new Error('refusedTransition called for a job that moved');
}

type QueueJobRow = QueueRow & { history?: QueueJobEvent[]; links?: QueueJobLinks };

const numberIn = (payload: unknown, key: string): number | null => {
  if (!payload || typeof payload !== 'object') return null;
  const value = Number((payload as Record<string, unknown>)[key]);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
};

/** The history lines of a page of jobs, oldest first, with the person's name. */
async function fillHistory(db: Db, queue: QueueName, rows: QueueJobRow[]) {
  if (rows.length === 0) return;
  const lines = await db
    .select({
      event: queueEvents,
      userName: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(queueEvents)
    .leftJoin(users, eq(users.id, queueEvents.userId))
    .where(
      and(
        eq(queueEvents.queue, queueTableName(queue)),
        inArray(
          queueEvents.jobId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(queueEvents.jobId), asc(queueEvents.id));
  for (const row of rows) row.history = [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { event, userName } of lines) {
    byId.get(event.jobId)?.history?.push({
      id: event.id,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      transition: event.transition,
      at: event.at.toISOString(),
      userId: event.userId,
      userName,
      workerId: event.workerId,
      reason: event.reason,
    });
  }
}

/**
 * The account, project, order and proof a page of jobs belongs to, from the payloads' ids: a proof
 * gives its project, a project or an order its account. Only records that exist are linked.
 */
async function fillLinks(db: Db, rows: QueueJobRow[]) {
  const ids = (key: string) => [...new Set(rows.map((row) => numberIn(row.payload, key)).filter((id) => id !== null))];
  const proofRows = ids('proofId').length
    ? await db
        .select({ id: proofs.id, projectId: proofs.projectId, round: proofs.roundNumber })
        .from(proofs)
        .where(inArray(proofs.id, ids('proofId')))
    : [];
  const orderRows = ids('orderId').length
    ? await db
        .select({ id: orders.id, projectId: orders.projectId, accountId: orders.accountId })
        .from(orders)
        .where(inArray(orders.id, ids('orderId')))
    : [];
  const projectIds = [
    ...new Set([
      ...ids('projectId'),
      ...proofRows.map((row) => row.projectId),
      ...orderRows.map((row) => row.projectId),
    ]),
  ].filter((id): id is number => typeof id === 'number');
  const projectRows = projectIds.length
    ? await db
        .select({ id: projects.id, name: projects.name, accountId: projects.accountId })
        .from(projects)
        .where(inArray(projects.id, projectIds))
    : [];
  const accountIds = [
    ...new Set([
      ...ids('accountId'),
      ...projectRows.map((row) => row.accountId),
      ...orderRows.map((row) => row.accountId),
    ]),
  ].filter((id): id is number => typeof id === 'number');
  const accountRows = accountIds.length
    ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, accountIds))
    : [];
  const proofById = new Map(proofRows.map((row) => [row.id, row]));
  const orderById = new Map(orderRows.map((row) => [row.id, row]));
  const projectById = new Map(projectRows.map((row) => [row.id, row]));
  const accountById = new Map(accountRows.map((row) => [row.id, row]));
  for (const row of rows) {
    const proof = proofById.get(numberIn(row.payload, 'proofId') ?? 0);
    const order = orderById.get(numberIn(row.payload, 'orderId') ?? 0);
    const project = projectById.get(numberIn(row.payload, 'projectId') ?? proof?.projectId ?? order?.projectId ?? 0);
    const account = accountById.get(numberIn(row.payload, 'accountId') ?? project?.accountId ?? order?.accountId ?? 0);
    row.links = {
      account: account ? { id: account.id, name: account.name } : null,
      project: project ? { id: project.id, name: project.name } : null,
      order: order ? { id: order.id, name: `Order ${order.id}` } : null,
      proof: proof ? { id: proof.id, name: `Proof ${proof.id} (round ${proof.round})` } : null,
    };
  }
}

/**
 * One resource per queue table with part 7's five generic calls under the domain's transition
 * rules: create enqueues a Waiting job (its payload checked against the queue's schema); update moves
 * `status` by a person's transition (409 naming from and to otherwise) or changes a waiting job's
 * `runAfter`/`maxAttempts`; delete takes any job but a Processing one. Every change goes through the
 * queue engine, which writes the job's history.
 */
function registerQueueResource(app: FastifyInstance, resource: ProcessingQueueResource) {
  const queue = queueNameOf(resource);
  const table = tableOf(queue);
  const contract = queueContracts[resource];
  const { label } = contract;
  const conditions = queueJobConditions(table);
  registerResource(app, contract, {
    table,
    // A queue holds millions of rows by the season's end: a page reads its ids from the sort's index first.
    large: true,
    filterBy: {
      search: (search) => conditions.search(search),
      status: (status) => conditions.status(status),
      createdFrom: (from) => conditions.createdFrom(from),
      createdTo: (to) => conditions.createdTo(to),
      accountId: (accountId) => conditions.accountId(accountId),
      projectId: (projectId) => conditions.projectId(projectId),
      orderId: (orderId) => conditions.orderId(orderId),
      error: (error) => conditions.error(error),
    },
    hooks: {
      includes: {
        history: (rows, context) => fillHistory(context.db, queue, rows),
        links: (rows, context) => fillLinks(context.db, rows),
      },
      create: async (input, context) => {
        const parsed = queuePayloadSchemas[resource].safeParse(input.payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw invalidField(['payload', ...(issue?.path ?? [])].join('.'), issue?.message ?? 'Invalid payload');
        }
        return enqueue(context.db, queue, input.payload, {
          ...(input.runAfter ? { runAfter: new Date(input.runAfter) } : {}),
          ...(input.maxAttempts ? { maxAttempts: input.maxAttempts } : {}),
          userId: actorIdOf(context),
        });
      },
      update: async (existing, input, context) => {
        const { status, runAfter, maxAttempts, reason } = input;
        let row: QueueRow = existing;
        if ((runAfter !== undefined || maxAttempts !== undefined) && existing.status !== queueStatus.Waiting) {
          throw new AppError(
            'conflict',
            `${label} ${existing.id} is ${queueStatus.label(existing.status)}: its due time and attempts change only while it is Waiting.`,
          );
        }
        if (status !== undefined && status !== existing.status) {
          const action = queuePersonActionFor(existing.status, status);
          if (!action) {
            refusedTransition(label, existing.id, { outcome: 'refused', from: existing.status, to: status });
          }
          const outcome = await applyPersonAction(context.db, queue, existing.id, action, {
            userId: actorIdOf(context),
            reason,
          });
          if (outcome.outcome !== 'moved') refusedTransition(label, existing.id, outcome);
          row = outcome.row;
        }
        if (runAfter !== undefined || maxAttempts !== undefined) {
          const [changed] = await context.db
            .update(table)
            .set({
              ...(runAfter !== undefined ? { runAfter: new Date(runAfter) } : {}),
              ...(maxAttempts !== undefined ? { maxAttempts } : {}),
              updatedAt: sql`now()`,
            })
            .where(and(eq(table.id, existing.id), eq(table.status, queueStatus.Waiting)))
            .returning();
          if (!changed) {
            throw new AppError('conflict', `${label} ${existing.id} is no longer Waiting: nothing was changed.`);
          }
          row = changed;
        }
        return row;
      },
      remove: async (existing, context) => {
        if (!canDeleteQueueJob(existing.status)) {
          throw new AppError(
            'conflict',
            `${label} ${existing.id} is ${queueStatus.label(existing.status)}: a worker holds it, so it cannot be deleted.`,
          );
        }
        const outcome = await deleteJob(context.db, queue, existing.id);
        if (outcome === 'refused') {
          throw new AppError('conflict', `${label} ${existing.id} was claimed by a worker: it was not deleted.`);
        }
        return null;
      },
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Status', value: (row) => queueStatus.label(row.status) },
      { header: 'Attempts', value: (row) => row.attempts },
      { header: 'Max attempts', value: (row) => row.maxAttempts },
      { header: 'Created', value: (row) => iso(row.createdAt) },
      { header: 'Updated', value: (row) => iso(row.updatedAt) },
      { header: 'Completed', value: (row) => iso(row.completedAt) },
      { header: 'Worker', value: (row) => row.lockedBy },
      { header: 'Last error', value: (row) => row.lastError },
      { header: 'Payload', value: (row) => json(row.payload) },
      { header: 'Result', value: (row) => json(row.result) },
    ],
  });
}

export function registerQueueResources(app: FastifyInstance) {
  for (const resource of processingQueueResources) registerQueueResource(app, resource);
}
