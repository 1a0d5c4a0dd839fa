import {
  processingQueueResources,
  QUEUE_BULK_RETRY_MAX,
  QUEUE_COUNT_CAP,
  queueContracts,
  queueJobTransitions,
} from '@colophon/contract';
import { rowsOf } from '@colophon/db';
import { type QueuePersonAction, queueStatus } from '@colophon/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../context';
import { implement } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { notFound } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { applyPersonAction, applyPersonActionToMany, tableOf } from '../../queue';
import { actorIdOf, bulkCondition, queueNameOf, refusedTransition } from './resources';

/**
 * A person's actions on a queue's jobs (retry, mark addressed, cancel: the domain's transitions, 409
 * naming from and to otherwise), the queue's counts per status, and the bulk retry of a filtered set.
 * Every route is `super.queues` and audited by the one audit hook (the bulk retry with its count).
 */
export function registerQueueJobRoutes(app: FastifyInstance) {
  const { db } = app.services;

  for (const resource of processingQueueResources) {
    const queue = queueNameOf(resource);
    const table = tableOf(queue);
    const { label } = queueContracts[resource];
    const operations = queueJobTransitions[resource];

    const act = (action: QueuePersonAction) =>
      async function queueJobAction(request: { params: { id: number }; auth: AuthContext | null }) {
        const { id } = request.params;
        const outcome = await applyPersonAction(db, queue, id, action, {
          userId: actorIdOf({ auth: callerOf(request) }),
        });
        if (outcome.outcome !== 'moved') refusedTransition(label, id, outcome);
        return jsonRow(outcome.row);
      };
    implement(app, operations.retry, act('retry'));
    implement(app, operations.addressed, act('addressed'));
    implement(app, operations.cancel, act('cancel'));

    implement(app, operations.counts, async function queueStatusCounts() {
      // One statement: per status, the rows of its index range counted up to the cap (an index-only
      // scan of at most QUEUE_COUNT_CAP + 1 entries), so a queue of millions answers in milliseconds.
      const rows = await rowsOf<{ status: number; n: number }>(
        db.execute(
          sql`select s.status, (select count(*) from (select 1 from ${table} q where q.status = s.status limit ${QUEUE_COUNT_CAP + 1}) capped)::int as n
            from (values ${sql.join(
              queueStatus.codes.map((status) => sql`(${sql.raw(String(status))})`),
              sql`, `,
            )}) as s(status)`,
        ),
      );
      const byStatus = new Map(rows.map((row) => [Number(row.status), Number(row.n)]));
      const counts = queueStatus.codes.map((status) => {
        const found = byStatus.get(status) ?? 0;
        return { status, count: Math.min(found, QUEUE_COUNT_CAP), atLeast: found > QUEUE_COUNT_CAP };
      });
      return {
        counts,
        total: counts.reduce((sum, row) => sum + row.count, 0),
        atLeast: counts.some((row) => row.atLeast),
      };
    });

    implement(app, operations.bulkRetry, async function bulkRetryJobs(request) {
      const { reason, ...filters } = request.body;
      if (filters.ids) {
        // Named jobs must all exist in this queue: none is retried otherwise.
        const found = await db
          .select({ id: table.id })
          .from(table)
          .where(bulkCondition(table, { ids: filters.ids }));
        const known = new Set(found.map((row) => row.id));
        const missing = filters.ids.filter((id) => !known.has(id));
        if (missing.length) throw notFound(`${label} ${missing.slice(0, 5).join(', ')}`);
      }
      const moved = await applyPersonActionToMany(
        db,
        queue,
        'retry',
        bulkCondition(table, filters),
        QUEUE_BULK_RETRY_MAX,
        { userId: actorIdOf({ auth: callerOf(request) }), reason: reason ?? 'Bulk retry' },
      );
      const ids = moved.map((row) => row.id);
      request.auditBody = { filters, reason: reason ?? null, retried: ids.length };
      return { retried: ids.length, ids, capped: ids.length >= QUEUE_BULK_RETRY_MAX };
    });
  }
}
