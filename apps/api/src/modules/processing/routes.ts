import {
  bigIdParamsSchema,
  PROCESSOR_STALE_AFTER_MS,
  problemSchema,
  processingQueueResources,
  processorStatusListQuerySchema,
  processorStatusListSchema,
  queueJobSchema,
} from '@colophon/contract';
import { processorStatuses } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonRow } from '../../engine/json-row';
import { registerResource } from '../../engine/resource';
import { AppError, notFound } from '../../errors';
import { getJob, markAddressed, retry } from '../../queue';
import { queueJobLabel, queueNameOf, queueResources } from './resources';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
/** Queue rows are keyed by bigserial. */
const params = bigIdParamsSchema;

/**
 * The processing pages' API: the five queues as read-only resources (list, get, CSV export), a
 * person's two transitions on a job (retry: 3/4/5 → 0; addressed: 3/4 → 5), and the workers.
 */
export async function registerProcessingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  for (const resource of queueResources) registerResource(app, resource);

  for (const resource of processingQueueResources) {
    const queue = queueNameOf(resource);
    const label = queueJobLabel(queue);
    const transitions = [
      {
        action: 'retry',
        run: retry,
        summary: 'Retry a job in Error, Attention or Addressed (back to Waiting, attempts from zero)',
        refused: 'can be retried only from Error, Attention or Addressed',
      },
      {
        action: 'addressed',
        run: markAddressed,
        summary: 'Mark a job in Error or Attention as addressed',
        refused: 'can be marked addressed only from Error or Attention',
      },
    ] as const;
    for (const transition of transitions) {
      routes.post(
        `/api/${resource}/:id/${transition.action}`,
        {
          config: { permission: 'super.queues' },
          schema: {
            tags: [resource],
            summary: transition.summary,
            params,
            response: { 200: queueJobSchema, ...problems },
          },
        },
        async (request) => {
          const { id } = request.params;
          const row = await transition.run(db, queue, id);
          if (row) return jsonRow(row);
          const existing = await getJob(db, queue, id);
          if (!existing) throw notFound(`${label} ${id}`);
          throw new AppError(
            'conflict',
            `${label} ${id} is ${queueStatus.label(existing.status)}: it ${transition.refused}.`,
          );
        },
      );
    }
  }

  routes.get(
    '/api/processor_statuses',
    {
      config: { permission: 'super.queues' },
      schema: {
        tags: ['processor_statuses'],
        summary: 'The queue workers with their last heartbeat (stale: running, silent for over a minute)',
        querystring: processorStatusListQuerySchema,
        response: { 200: processorStatusListSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request) => {
      const { queue } = request.query;
      const rows = await db
        .select({
          row: processorStatuses,
          // The database's clock decides, as it wrote the heartbeat.
          stale: sql<boolean>`(${processorStatuses.stoppedAt} is null and ${processorStatuses.lastHeartbeatAt} < now() - (${PROCESSOR_STALE_AFTER_MS}::double precision * interval '1 millisecond'))`,
        })
        .from(processorStatuses)
        .where(queue?.length ? inArray(processorStatuses.queue, queue) : undefined)
        .orderBy(asc(processorStatuses.queue), asc(processorStatuses.workerId));
      const data = rows.map(({ row, stale }) => ({ ...jsonRow(row), stale: stale === true }));
      return { data, total: data.length };
    },
  );
}
