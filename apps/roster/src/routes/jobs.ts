import { queueRoster } from '@colophon/db';
import { queueStatus, rosterJobKind } from '@colophon/domain';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { manageRoster, type RosterContext, requireSchool, viewRoster } from '../access';
import { exportDownloadOf } from '../exports/download-link';
import type { RosterJobAction } from '../host';
import { jobIdParamsSchema, rosterJobListQuerySchema, rosterJobPageSchema, rosterJobSchema } from '../jobs-contract';
import { pageOf } from '../paging';

const tags = ['queue-management'];

/** The jobs the caller sees: those of the accounts the dashboard lets them see (the account tree). */
function jobsVisible(context: RosterContext): SQL | undefined {
  const visible = context.host.visibleAccountIds(context.caller);
  return visible ? inArray(queueRoster.accountId, visible) : undefined;
}

const jobColumns = {
  id: queueRoster.id,
  kind: queueRoster.kind,
  status: queueRoster.status,
  progress: queueRoster.progress,
  counts: queueRoster.counts,
  error: queueRoster.lastError,
  accountId: queueRoster.accountId,
  schoolId: queueRoster.rosterSchoolId,
  districtId: queueRoster.rosterDistrictId,
  requestedBy: queueRoster.requestedBy,
  attempts: queueRoster.attempts,
  maxAttempts: queueRoster.maxAttempts,
  runAfter: queueRoster.runAfter,
  createdAt: queueRoster.createdAt,
  updatedAt: queueRoster.updatedAt,
  completedAt: queueRoster.completedAt,
};

/** A row as the page reads it: the kind and status with their labels (the domain's). */
const labelled = <Row extends { kind: string; status: number }>(row: Row) => ({
  ...row,
  kindLabel: rosterJobKind.label(row.kind),
  statusLabel: queueStatus.label(row.status),
});

export async function readJob(context: RosterContext, id: number) {
  const [row] = await context.db
    .select({ ...jobColumns, faults: queueRoster.faults, result: queueRoster.result })
    .from(queueRoster)
    .where(and(eq(queueRoster.id, id), jobsVisible(context)))
    .limit(1);
  // Another tenant's job reads as one that does not exist.
  if (!row) throw context.host.problem('not_found', 'The roster job was not found.');
  const { result: _result, ...job } = row;
  return { ...labelled(job), download: exportDownloadOf(context, row) };
}

/**
 * `queue-management/jobs`: the roster's imports, syncs and exports (queue_roster rows) of the
 * caller's schools, newest first; one job with its faults; retry and cancel by the domain's queue
 * transitions (the dashboard's engine, through the host), each audited as the dashboard's are.
 */
export function registerJobRoutes(instance: FastifyInstance, contextOf: (request: FastifyRequest) => RosterContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/roster/queue-management/jobs',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: "The roster jobs of the caller's schools, newest first, a page at a time",
        querystring: rosterJobListQuerySchema,
        response: { 200: rosterJobPageSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { page, perPage, kind, status, schoolId } = request.query;
      if (schoolId !== undefined) await requireSchool(context, schoolId);
      const where = and(
        jobsVisible(context),
        kind ? eq(queueRoster.kind, kind) : undefined,
        status !== undefined ? eq(queueRoster.status, status) : undefined,
        schoolId !== undefined ? eq(queueRoster.rosterSchoolId, schoolId) : undefined,
      );
      const listed = await pageOf(
        { page, perPage },
        (window) =>
          context.db
            .select({ ...jobColumns, faultCount: sql<number>`coalesce((${queueRoster.faults} ->> 'total')::int, 0)` })
            .from(queueRoster)
            .where(where)
            .orderBy(desc(queueRoster.createdAt), desc(queueRoster.id))
            .limit(window.limit)
            .offset(window.offset),
        context.db.select({ value: count() }).from(queueRoster).where(where),
      );
      return { ...listed, data: listed.data.map(labelled) };
    },
  );

  app.get(
    '/roster/queue-management/jobs/:id',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: 'One roster job: status, progress, counts, its faults by file and line, its error',
        params: jobIdParamsSchema,
        response: { 200: rosterJobSchema },
      },
    },
    async (request) => readJob(contextOf(request), request.params.id),
  );

  const action = (name: RosterJobAction, summary: string) =>
    app.post(
      `/roster/queue-management/jobs/:id/${name}`,
      {
        config: manageRoster,
        schema: {
          tags,
          summary,
          params: jobIdParamsSchema,
          response: { 200: rosterJobSchema },
        },
      },
      async (request) => {
        const context = contextOf(request);
        const { id } = request.params;
        await readJob(context, id);
        await context.host.moveRosterJob(context.caller, id, name);
        return readJob(context, id);
      },
    );
  action('retry', 'Run a job in Error, Attention or Addressed again (Waiting, attempts from zero); 409 otherwise');
  action('cancel', 'Stop a waiting job before it runs (Addressed, result { cancelled: true }); 409 otherwise');
}
