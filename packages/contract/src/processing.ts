import { type QueuePersonAction, queueStatus, rosterJobKind } from '@colophon/domain';
import { z } from 'zod';
import {
  bigIdParamsSchema,
  idSchema,
  instantOrDateSchema,
  problemResponses,
  queryList,
  timestampSchema,
} from './common';
import { defineOperation } from './operation';
import { defineResourceContract, filter } from './resource-contract';

/**
 * The processing pages (part 2) over the five queues (part 7: queue_proofs, queue_uploads,
 * queue_moves, queue_notifications, queue_epubs), the accounting sync's (issue 13: queue_accounting),
 * the card detachments' (migration 0022: queue_payments), the roster service's jobs (issue 16:
 * queue_roster) and processor_statuses. Queue status codes are the
 * domain's `queueStatus` (0 Waiting … 5 Addressed).
 */
export const processingQueueResources = [
  'queue_proofs',
  'queue_uploads',
  'queue_moves',
  'queue_notifications',
  'queue_epubs',
  'queue_accounting',
  'queue_payments',
  'queue_roster',
] as const;
export type ProcessingQueueResource = (typeof processingQueueResources)[number];

/** One line of a job's history (queue_events): the change, when, and who or what made it, and why. */
export const queueJobEventSchema = z
  .object({
    id: z.number().int(),
    /** Null: the job was enqueued. */
    fromStatus: z.number().int().nullable(),
    toStatus: z.number().int(),
    transition: z.string(),
    at: timestampSchema,
    userId: z.number().int().nullable(),
    userName: z.string().nullable(),
    workerId: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'QueueJobEvent' });
export type QueueJobEvent = z.infer<typeof queueJobEventSchema>;

const linkSchema = z.object({ id: z.number().int(), name: z.string() });
/** The records a job belongs to, read from its payload's ids (those that exist). */
export const queueJobLinksSchema = z
  .object({
    account: linkSchema.nullable(),
    project: linkSchema.nullable(),
    order: linkSchema.nullable(),
    proof: linkSchema.nullable(),
  })
  .meta({ id: 'QueueJobLinks' });
export type QueueJobLinks = z.infer<typeof queueJobLinksSchema>;

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
    /** `include=history`: its status changes, oldest first. */
    history: z.array(queueJobEventSchema).optional(),
    /** `include=links`: the account, project, order and proof its payload names. */
    links: queueJobLinksSchema.optional(),
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
  queue_payments: 'Card detachment job',
  queue_roster: 'Roster job',
};

const positiveId = z.number().int().min(1);
const payloadWith = <const Key extends string>(...keys: Key[]) =>
  z.looseObject(Object.fromEntries(keys.map((key) => [key, positiveId])) as Record<Key, typeof positiveId>);

/**
 * What a job of each queue must carry (the ids its worker reads; other fields pass through): a job
 * created through the generic POST is refused with 400 naming the missing field.
 */
export const queuePayloadSchemas: Record<ProcessingQueueResource, z.ZodType<Record<string, unknown>>> = {
  queue_proofs: payloadWith('proofId'),
  queue_uploads: payloadWith('projectId', 'accountId'),
  queue_moves: payloadWith('orderId'),
  queue_notifications: z.union([payloadWith('notificationId'), payloadWith('receiptOrderId')]),
  queue_epubs: payloadWith('proofId'),
  queue_accounting: payloadWith('invoiceId'),
  // A card taken off its customer at the provider (cards/detach.ts): all its worker reads.
  queue_payments: z.looseObject({
    kind: z.literal('card_detach'),
    provider: z.string().trim().min(1).max(40),
    customerRef: z.string().trim().min(1).max(200),
    cardRef: z.string().trim().min(1).max(200),
    accountId: positiveId,
  }),
  // Never checked on a generic create (that queue offers none: enqueueRosterJob fills its columns);
  // what enqueueRosterJob writes, for the console's readers.
  queue_roster: z.looseObject({ kind: z.enum(rosterJobKind.codes), accountId: positiveId }),
};

/** A person's note on a change (kept in the job's history). */
const reasonSchema = z.string().trim().max(500);
/** A status code of part 3; anything else is a 400 naming `status`. */
export const queueStatusCodeSchema = z
  .number()
  .int()
  .refine((value) => queueStatus.has(value), { message: 'Unknown queue status (0 Waiting … 5 Addressed)' });
const queueStatusParam = z.coerce
  .number()
  .int()
  .refine((value) => queueStatus.has(value), { message: 'Unknown queue status (0 Waiting … 5 Addressed)' });

/** POST /api/queue_*: enqueue a Waiting job (the payload checked against its queue's schema). */
export const queueJobCreateSchema = z.strictObject({
  payload: z.record(z.string(), z.unknown()),
  runAfter: timestampSchema.optional(),
  maxAttempts: z.number().int().min(1).max(100).optional(),
  reason: reasonSchema.optional(),
});
/**
 * PUT /api/queue_*: `status` moves the job by one of a person's transitions (409 naming from and to
 * otherwise); `runAfter` and `maxAttempts` change only while it waits.
 */
export const queueJobUpdateSchema = z.strictObject({
  status: queueStatusCodeSchema.optional(),
  runAfter: timestampSchema.optional(),
  maxAttempts: z.number().int().min(1).max(100).optional(),
  reason: reasonSchema.optional(),
});

/**
 * The filters of a queue's list, of its bulk retry and of nothing else: status, created dates (an
 * instant or a London date, both inclusive), the account, project or order its payload names, text in
 * its last error, and `search` over the payload and the error.
 */
const queueJobFilters = {
  status: filter.list(queueStatusParam),
  createdFrom: filter.instant(),
  createdTo: filter.instant(),
  accountId: filter.id(),
  projectId: filter.id(),
  orderId: filter.id(),
  error: filter.text({ max: 200 }),
};

/** The queues whose jobs are queued only by their own calls, never by the generic create. */
const queuesWithoutCreate: ReadonlySet<ProcessingQueueResource> = new Set(['queue_moves', 'queue_roster']);

/**
 * One queue's jobs (part 7's generic calls): list (newest first by default), CSV export, get (with
 * `include=history,links`), create (enqueue), update (a person's transition, or a waiting job's due
 * time and attempts), delete (not while Processing).
 */
function queueContract(name: ProcessingQueueResource) {
  return defineResourceContract({
    name,
    label: QUEUE_JOB_LABELS[name],
    item: queueJobSchema,
    create: queueJobCreateSchema,
    update: queueJobUpdateSchema,
    filters: queueJobFilters,
    sorts: ['createdAt', 'updatedAt', 'attempts', 'status', 'runAfter'],
    defaultSort: '-createdAt',
    searchable: ['payload', 'lastError'],
    includes: ['history', 'links'],
    // `POST /api/queue_moves` is the order move (order-operations.ts `moveOrder`), and a roster job is
    // queued by the roster's own calls (`enqueueRosterJob`, which fills the columns its page reads):
    // those queues offer no generic create.
    offers: queuesWithoutCreate.has(name)
      ? ['list', 'get', 'update', 'delete']
      : ['list', 'get', 'create', 'update', 'delete'],
    bigIds: true,
    permission: { read: 'super.queues', write: 'super.queues' },
  });
}

/** The jobs a bulk retry takes at most, in one transaction. */
export const QUEUE_BULK_RETRY_MAX = 1_000;

/** A bulk retry: the list's filters (the same meaning), or named ids; at most QUEUE_BULK_RETRY_MAX jobs. */
export const queueBulkRetrySchema = z.strictObject({
  status: z.array(queueStatusCodeSchema).max(6).optional(),
  search: z.string().trim().max(100).optional(),
  createdFrom: instantOrDateSchema.optional(),
  createdTo: instantOrDateSchema.optional(),
  accountId: idSchema.optional(),
  projectId: idSchema.optional(),
  orderId: idSchema.optional(),
  error: z.string().trim().max(200).optional(),
  ids: z.array(z.number().int().min(1)).min(1).max(QUEUE_BULK_RETRY_MAX).optional(),
  reason: reasonSchema.optional(),
});
export type QueueBulkRetry = z.infer<typeof queueBulkRetrySchema>;
export const queueBulkRetryResultSchema = z.object({
  /** How many jobs went back to Waiting. */
  retried: z.number().int(),
  ids: z.array(z.number().int()),
  /** More matched than one bulk retry takes: run it again for the rest. */
  capped: z.boolean(),
});

/** Counts stop here: a status holding more answers this many and `atLeast` (the chip reads "10,000+"). */
export const QUEUE_COUNT_CAP = 10_000;

/** The jobs per status of a queue: one row per status of part 3, zero included. */
export const queueStatusCountsSchema = z.object({
  counts: z.array(
    z.object({
      status: z.number().int(),
      count: z.number().int(),
      /** More than QUEUE_COUNT_CAP: `count` is the cap. */
      atLeast: z.boolean(),
    }),
  ),
  total: z.number().int(),
  /** Some status was capped: the total is a lower bound. */
  atLeast: z.boolean(),
});
export type QueueStatusCounts = z.infer<typeof queueStatusCountsSchema>;

/**
 * A person's transitions on a job: retry (3/4/5 → 0 Waiting), addressed (3/4 → 5), cancel (0 → 5);
 * 409 naming from and to otherwise. Also the queue's counts per status and its bulk retry.
 */
function queueJobOperations(name: ProcessingQueueResource) {
  const transition = <const Action extends QueuePersonAction>(action: Action, summary: string) =>
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
    cancel: transition('cancel', 'Cancel a waiting job (Addressed, with the result { cancelled: true })'),
    counts: defineOperation({
      method: 'GET',
      path: `/api/${name}/counts`,
      responses: { 200: queueStatusCountsSchema },
      permission: 'super.queues',
      summary: 'The jobs of the queue per status',
      tags: [name],
    }),
    bulkRetry: defineOperation({
      method: 'POST',
      path: `/api/${name}/bulk_retry`,
      body: queueBulkRetrySchema,
      responses: { 200: queueBulkRetryResultSchema, ...problemResponses(409) },
      permission: 'super.queues',
      summary: `Retry every job of the filtered set in Error, Attention or Addressed (at most ${QUEUE_BULK_RETRY_MAX})`,
      tags: [name],
    }),
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
    /** The application version the worker runs. */
    version: z.string(),
    /** 'busy' while it runs a job, else 'idle'. */
    state: z.enum(['idle', 'busy']),
    lastSuccessAt: timestampSchema.nullable(),
    /** How often it beats; stale past 3 of these (domain `isProcessorStale`). */
    pulseMs: z.number().int(),
    /** Running (not stopped) and silent for over 3 of its pulses, by the server's clock: it probably died. */
    stale: z.boolean(),
  })
  .meta({ id: 'ProcessorStatus' });
export type ProcessorStatus = z.infer<typeof processorStatusSchema>;

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
  summary: 'The queue workers with their last heartbeat (stale: running, silent for over 3 of its pulses)',
  tags: ['processor_statuses'],
});
