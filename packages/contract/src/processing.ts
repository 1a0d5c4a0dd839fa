import { queueStatus } from '@colophon/domain';
import { z } from 'zod';
import { bigIdParamsSchema, problemResponses, queryList, timestampSchema } from './common';
import { defineOperation } from './operation';
import { defineResourceContract, filter } from './resource-contract';

/**
 * The processing pages (part 2) over the five queues (part 7: queue_proofs, queue_uploads,
 * queue_moves, queue_notifications, queue_epubs), the accounting sync's (issue 13: queue_accounting)
 * and processor_statuses. Queue status codes are the
 * domain's `queueStatus` (0 Waiting … 5 Addressed).
 */
export const processingQueueResources = [
  'queue_proofs',
  'queue_uploads',
  'queue_moves',
  'queue_notifications',
  'queue_epubs',
  'queue_accounting',
] as const;
export type ProcessingQueueResource = (typeof processingQueueResources)[number];

export const queueJobSchema = z
  .object({
    id: z.number().int(),
    status: z.number().int(),
    payload: z.unknown(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    runAfter: timestampSchema,
    lockedBy: z.string().nullable(),
    lockedUntil: timestampSchema.nullable(),
    lastError: z.string().nullable(),
    result: z.unknown(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    completedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'QueueJob' });
export type QueueJob = z.infer<typeof queueJobSchema>;

const QUEUE_JOB_LABELS: Record<ProcessingQueueResource, string> = {
  queue_proofs: 'Proof job',
  queue_uploads: 'Upload job',
  queue_moves: 'Order move job',
  queue_notifications: 'Notification job',
  queue_epubs: 'EPUB job',
  queue_accounting: 'Accounting sync job',
};

/**
 * One queue's jobs, read-only (list, CSV export, get): newest first by default; `search` looks in the
 * payload and the last error; `createdFrom`/`createdTo` take an instant or a London date (part 5),
 * both inclusive.
 */
function queueContract(name: ProcessingQueueResource) {
  return defineResourceContract({
    name,
    label: QUEUE_JOB_LABELS[name],
    item: queueJobSchema,
    filters: {
      status: filter.list(z.coerce.number().int().min(0).max(5)),
      createdFrom: filter.instant(),
      createdTo: filter.instant(),
    },
    sorts: ['createdAt', 'updatedAt', 'attempts', 'status'],
    defaultSort: '-createdAt',
    searchable: ['payload', 'lastError'],
    offers: ['list', 'get'],
    bigIds: true,
    permission: { read: 'super.queues', write: 'super.queues' },
  });
}

/** A person's two transitions on a job: retry (3/4/5 → 0 Waiting) and addressed (3/4 → 5); 409 from another status. */
function queueJobOperations(name: ProcessingQueueResource) {
  const transition = <const Action extends string>(action: Action, summary: string) =>
    defineOperation({
      method: 'POST',
      path: `/api/${name}/:id/${action}`,
      params: bigIdParamsSchema,
      responses: { 200: queueJobSchema, ...problemResponses(409) },
      permission: 'super.queues',
      summary,
      tags: [name],
    });
  return {
    retry: transition('retry', 'Retry a job in Error, Attention or Addressed (back to Waiting, attempts from zero)'),
    addressed: transition('addressed', 'Mark a job in Error or Attention as addressed'),
  };
}

export type QueueContract = ReturnType<typeof queueContract>;
/** The queues' contracts, by resource name: `createResource(queueContracts.queue_proofs)`. */
export const queueContracts = Object.fromEntries(
  processingQueueResources.map((name) => [name, queueContract(name)]),
) as Record<ProcessingQueueResource, QueueContract>;
/** `call(queueJobTransitions.queue_proofs.retry, { params: { id } })`. */
export const queueJobTransitions = Object.fromEntries(
  processingQueueResources.map((name) => [name, queueJobOperations(name)]),
) as Record<ProcessingQueueResource, ReturnType<typeof queueJobOperations>>;
export type QueueJobListQuery = z.input<QueueContract['listQuery']>;

/** Statuses a person may retry from (→ Waiting) and mark addressed from (→ Addressed). */
export const RETRYABLE_QUEUE_STATUSES = [queueStatus.Error, queueStatus.Attention, queueStatus.Addressed] as const;
export const ADDRESSABLE_QUEUE_STATUSES = [queueStatus.Error, queueStatus.Attention] as const;

export const processorStatusSchema = z
  .object({
    workerId: z.string(),
    queue: z.string(),
    host: z.string(),
    pid: z.number().int(),
    startedAt: timestampSchema,
    lastHeartbeatAt: timestampSchema,
    stoppedAt: timestampSchema.nullable(),
    currentJobId: z.number().int().nullable(),
    jobsDone: z.number().int(),
    jobsFailed: z.number().int(),
    /** Running (not stopped) with a heartbeat older than a minute: the worker probably died. */
    stale: z.boolean(),
  })
  .meta({ id: 'ProcessorStatus' });
export type ProcessorStatus = z.infer<typeof processorStatusSchema>;

/** A worker is stale when its last heartbeat is older than this and it did not stop gracefully. */
export const PROCESSOR_STALE_AFTER_MS = 60_000;

export const processorStatusListQuerySchema = z.object({
  queue: queryList(z.string().max(40)).optional(),
});
export const processorStatusListSchema = z.object({ data: z.array(processorStatusSchema), total: z.number().int() });
export type ProcessorStatusList = z.infer<typeof processorStatusListSchema>;

export const listProcessorStatuses = defineOperation({
  method: 'GET',
  path: '/api/processor_statuses',
  query: processorStatusListQuerySchema,
  responses: { 200: processorStatusListSchema },
  permission: 'super.queues',
  summary: 'The queue workers with their last heartbeat (stale: running, silent for over a minute)',
  tags: ['processor_statuses'],
});
