import { type ProcessingQueueResource, processingQueueResources, queueContracts } from '@colophon/contract';
import { queueStatus, SOURCE_TIME_ZONE, zonedDayEnd, zonedDayStart } from '@colophon/domain';
import { gte, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../engine/implement';
import { textSearch } from '../../engine/search';
import { type QueueName, tableOf } from '../../queue';

/** The resource name of part 7 (`queue_moves`…) → the queue engine's short name (`moves`…). */
export const queueNameOf = (resource: ProcessingQueueResource): QueueName =>
  resource.slice('queue_'.length) as QueueName;

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const iso = (value: Date | null) => value?.toISOString() ?? '';
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** One read-only resource per queue table (list, CSV export, get); all five from this one implementation. */
function registerQueueResource(app: FastifyInstance, resource: ProcessingQueueResource) {
  const table = tableOf(queueNameOf(resource));
  registerResource(app, queueContracts[resource], {
    table,
    filterBy: {
      search: (search) => textSearch(search, sql`${table.payload}::text`, table.lastError),
      // A bare date names a London day (part 5), daylight saving time included.
      createdFrom: (from) =>
        gte(
          table.createdAt,
          isDateOnly(from) ? (zonedDayStart(from, SOURCE_TIME_ZONE) ?? new Date(from)) : new Date(from),
        ),
      createdTo: (to) =>
        isDateOnly(to)
          ? lt(table.createdAt, zonedDayEnd(to, SOURCE_TIME_ZONE) ?? new Date(to))
          : lte(table.createdAt, new Date(to)),
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Status', value: (row) => queueStatus.label(row.status) },
      { header: 'Attempts', value: (row) => row.attempts },
      { header: 'Max attempts', value: (row) => row.maxAttempts },
      { header: 'Created', value: (row) => iso(row.createdAt) },
      { header: 'Updated', value: (row) => iso(row.updatedAt) },
      { header: 'Completed', value: (row) => iso(row.completedAt) },
      { header: 'Last error', value: (row) => row.lastError },
      { header: 'Payload', value: (row) => json(row.payload) },
      { header: 'Result', value: (row) => json(row.result) },
    ],
  });
}

export function registerQueueResources(app: FastifyInstance) {
  for (const resource of processingQueueResources) registerQueueResource(app, resource);
}
