import { queueStatus } from '@colophon/domain';
import { z } from 'zod';
import { listQuerySchema, queryList, timestampSchema } from './common';

/**
 * The processing pages (part 2) over the five queues (part 7: queue_proofs, queue_uploads,
 * queue_moves, queue_notifications, queue_epubs) and processor_statuses. Queue status codes are the
 * domain's `queueStatus` (0 Waiting … 5 Addressed).
 */
export const processingQueueResources = [
  'queue_proofs',
  'queue_uploads',
  'queue_moves',
  'queue_notifications',
  'queue_epubs',
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

const instantOrDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** `GET queue_<name>`: newest first by default; `search` looks in the payload and the last error. */
export const queueJobListQuerySchema = listQuerySchema([
  'createdAt',
  'updatedAt',
  'attempts',
  'status',
] as const).extend({
  status: queryList(z.coerce.number().int().min(0).max(5)).optional(),
  search: z.string().trim().max(100).optional(),
  /** Created from this instant (or the start of this London date, part 5) on, inclusive. */
  createdFrom: instantOrDate.optional(),
  /** Created up to this instant (or the end of this London date), inclusive. */
  createdTo: instantOrDate.optional(),
});
export type QueueJobListQuery = z.input<typeof queueJobListQuerySchema>;

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
