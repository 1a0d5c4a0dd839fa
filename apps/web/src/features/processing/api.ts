import {
  getProcessorThroughput,
  listProcessorStatuses,
  type ProcessingQueueResource,
  type QueueBulkRetry,
  type QueueJob,
  queueContracts,
  queueJobTransitions,
} from '@colophon/contract';
import type { QueuePersonAction } from '@colophon/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';

export type QueueAction = QueuePersonAction;

/**
 * The processing pages' query keys, all under `['processing', <queue table>]`: the live updates
 * invalidate a queue's lists, counts and jobs at once with `processingKeys.queue('queue_proofs')`.
 */
export const processingKeys = {
  all: ['processing'] as const,
  queue: (resource: ProcessingQueueResource) => ['processing', resource] as const,
  counts: (resource: ProcessingQueueResource) => ['processing', resource, 'counts'] as const,
};

/** A queue's resource (list, get, CSV export), its counts per status, a person's actions and the bulk retry. */
export function queueResource(resource: ProcessingQueueResource) {
  const base = createResource(queueContracts[resource], { keyScope: processingKeys.all });
  const operations = queueJobTransitions[resource];
  const invalidates = [processingKeys.queue(resource)];
  return {
    ...base,
    useCounts: () =>
      useQuery({
        queryKey: processingKeys.counts(resource),
        queryFn: ({ signal }) => call(operations.counts, {}, signal),
      }),
    useAction: (action: QueueAction) =>
      useInvalidatingMutation<QueueJob, number>(invalidates, {
        mutationFn: (id) => call(operations[action], { params: { id } }),
      }),
    useBulkRetry: () =>
      useInvalidatingMutation(invalidates, {
        mutationFn: (filters: QueueBulkRetry) => call(operations.bulkRetry, { body: filters }),
      }),
  };
}
export type QueueResource = ReturnType<typeof queueResource>;

const resources = new Map<ProcessingQueueResource, QueueResource>();
/** One client resource per queue, made once. */
export function queueResourceOf(resource: ProcessingQueueResource): QueueResource {
  let found = resources.get(resource);
  if (!found) {
    found = queueResource(resource);
    resources.set(resource, found);
  }
  return found;
}

/** Every processor query starts so; a queue's live event marks them all stale (lib/live-events.ts). */
export const processorStatusKeys = ['processor_statuses'] as const;

/**
 * The workers and their last heartbeat. Queue changes refresh it live; the 15 s poll is for what
 * raises no event: a worker's own beats (and its silence).
 */
export function useProcessorStatuses() {
  return useQuery({
    queryKey: processorStatusKeys,
    queryFn: ({ signal }) => call(listProcessorStatuses, { query: {} }, signal),
    refetchInterval: 15_000,
  });
}

/** Completed jobs per queue and minute over the last hour; refreshed live and each minute. */
export function useProcessorThroughput() {
  return useQuery({
    queryKey: [...processorStatusKeys, 'throughput'],
    queryFn: ({ signal }) => call(getProcessorThroughput, {}, signal),
    refetchInterval: 60_000,
  });
}
