import {
  type ProcessingQueueResource,
  processingQueueResources,
  queueJobListQuerySchema,
  queueJobSchema,
} from '@colophon/contract';
import { queueStatus, SOURCE_TIME_ZONE, zonedDayEnd, zonedDayStart } from '@colophon/domain';
import { gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defineResource } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { type QueueName, tableOf } from '../../queue';

/** The resource name of part 7 (`queue_moves`…) → the queue engine's short name (`moves`…). */
export const queueNameOf = (resource: ProcessingQueueResource): QueueName =>
  resource.slice('queue_'.length) as QueueName;

const labels: Record<QueueName, string> = {
  proofs: 'Proof job',
  uploads: 'Upload job',
  moves: 'Order move job',
  notifications: 'Notification job',
  epubs: 'EPUB job',
};
export const queueJobLabel = (queue: QueueName) => labels[queue];

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? '' : String(value));
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

type ListQuery = z.output<typeof queueJobListQuerySchema>;

/** One read-only engine resource per queue table; all five come from this one declaration. */
function queueResource(resource: ProcessingQueueResource) {
  const queue = queueNameOf(resource);
  const table = tableOf(queue);
  return defineResource({
    name: resource,
    label: labels[queue],
    table,
    item: queueJobSchema,
    listQuery: queueJobListQuerySchema,
    operations: ['list', 'get'],
    access: { read: 'super.queues', write: 'super.queues' },
    sorts: {
      createdAt: table.createdAt,
      updatedAt: table.updatedAt,
      attempts: table.attempts,
      status: table.status,
    },
    defaultSort: '-createdAt',
    filters: (query: ListQuery): (SQL | undefined)[] => [
      query.status?.length ? inArray(table.status, query.status) : undefined,
      textSearch(query.search, sql`${table.payload}::text`, table.lastError),
      query.createdFrom
        ? gte(
            table.createdAt,
            // A bare date names a London day (part 5), daylight saving time included.
            isDateOnly(query.createdFrom)
              ? (zonedDayStart(query.createdFrom, SOURCE_TIME_ZONE) ?? new Date(query.createdFrom))
              : new Date(query.createdFrom),
          )
        : undefined,
      query.createdTo
        ? isDateOnly(query.createdTo)
          ? lt(table.createdAt, zonedDayEnd(query.createdTo, SOURCE_TIME_ZONE) ?? new Date(query.createdTo))
          : lte(table.createdAt, new Date(query.createdTo))
        : undefined,
    ],
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Status', value: (row) => queueStatus.label(row.status as number) },
      { header: 'Attempts', value: (row) => row.attempts as number },
      { header: 'Max attempts', value: (row) => row.maxAttempts as number },
      { header: 'Created', value: (row) => iso(row.createdAt) },
      { header: 'Updated', value: (row) => iso(row.updatedAt) },
      { header: 'Completed', value: (row) => iso(row.completedAt) },
      { header: 'Last error', value: (row) => row.lastError as string | null },
      { header: 'Payload', value: (row) => json(row.payload) },
      { header: 'Result', value: (row) => json(row.result) },
    ],
  });
}

export const queueResources = processingQueueResources.map(queueResource);
