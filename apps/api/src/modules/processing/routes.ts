import {
  listProcessorStatuses,
  PROCESSOR_STALE_AFTER_MS,
  processingQueueResources,
  queueContracts,
  queueJobTransitions,
} from '@colophon/contract';
import { processorStatuses } from '@colophon/db';
import { queueStatus } from '@colophon/domain';
import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { AppError, notFound } from '../../errors';
import { getJob, markAddressed, retry } from '../../queue';
import { queueNameOf, registerQueueResources } from './resources';

/**
 * The processing pages' API: the five queues as read-only resources (list, get, CSV export), a
 * person's two transitions on a job (retry: 3/4/5 → 0; addressed: 3/4 → 5), and the workers.
 */
export async function registerProcessingRoutes(app: FastifyInstance) {
  const { db } = app.services;
  registerQueueResources(app);

  for (const resource of processingQueueResources) {
    const queue = queueNameOf(resource);
    const { label } = queueContracts[resource];
    const operations = queueJobTransitions[resource];

    /** The job after the transition; 404 for no such job, 409 naming its status when it may not move. */
    const transitioned = async (row: Awaited<ReturnType<typeof retry>>, id: number, refused: string) => {
      if (row) return jsonRow(row);
      const existing = await getJob(db, queue, id);
      if (!existing) throw notFound(`${label} ${id}`);
      throw new AppError('conflict', `${label} ${id} is ${queueStatus.label(existing.status)}: it ${refused}.`);
    };

    implement(app, operations.retry, async function retryJob(request) {
      const { id } = request.params;
      return transitioned(await retry(db, queue, id), id, 'can be retried only from Error, Attention or Addressed');
    });
    implement(app, operations.addressed, async function markJobAddressed(request) {
      const { id } = request.params;
      return transitioned(
        await markAddressed(db, queue, id),
        id,
        'can be marked addressed only from Error or Attention',
      );
    });
  }

  implement(app, listProcessorStatuses, async function processorStatusList(request) {
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
  });
}
