import { getProcessorThroughput, listProcessorStatuses } from '@colophon/contract';
import { processorStatuses, rowsOf } from '@colophon/db';
import { isProcessorStale } from '@colophon/domain';
import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { queueNames, tableOf } from '../../queue';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The queue workers (processor_statuses) and what the queues completed per minute over the last hour. */
export function registerProcessorRoutes(app: FastifyInstance) {
  const { db, clock } = app.services;

  implement(app, listProcessorStatuses, async function processorStatusList(request) {
    const { queue } = request.query;
    const rows = await db
      .select()
      .from(processorStatuses)
      .where(queue?.length ? inArray(processorStatuses.queue, queue) : undefined)
      .orderBy(asc(processorStatuses.queue), asc(processorStatuses.workerId));
    const now = clock.now();
    const data = rows.map((row) => ({
      ...jsonRow(row),
      state: row.state === 'busy' ? ('busy' as const) : ('idle' as const),
      stale: isProcessorStale(row, now),
    }));
    return { data, total: data.length };
  });

  implement(app, getProcessorThroughput, async function processorThroughput() {
    // Whole minutes: the hour ending with the current minute (60 buckets, the current one filling).
    const to = Math.floor(clock.now().getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    const from = new Date(to - HOUR_MS);
    // One range scan of each queue's completed_at index (migration 0025), counted per minute.
    const parts = queueNames.map((queue) => {
      const table = tableOf(queue);
      return sql`select ${`queue_${queue}`}::text as queue, date_trunc('minute', ${table.completedAt}) as minute, count(*)::int as completed
        from ${table} where ${table.completedAt} >= ${from} and ${table.completedAt} < ${new Date(to)}
        group by 2`;
    });
    const rows = await rowsOf<{ queue: string; minute: Date | string; completed: number }>(
      db.execute(sql`${sql.join(parts, sql` union all `)} order by 2, 1`),
    );
    return {
      from: from.toISOString(),
      data: rows.map((row) => ({
        queue: row.queue,
        minute: new Date(row.minute).toISOString(),
        completed: Number(row.completed),
      })),
    };
  });
}
