import {
  listProcessorStatuses,
  type ProcessingQueueResource,
  type QueueJob,
  queueContracts,
  queueJobTransitions,
} from '@colophon/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';

export type QueueAction = 'retry' | 'addressed';

/** A queue's read-only resource (list, get, CSV export) and its two actions on a job. */
export function queueResource(resource: ProcessingQueueResource) {
  const base = createResource(queueContracts[resource]);
  return {
    ...base,
    useAction: (action: QueueAction) =>
      useInvalidatingMutation<QueueJob, number>([base.keys.all], {
        mutationFn: (id) => call(queueJobTransitions[resource][action], { params: { id } }),
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

export const processorStatusKeys = ['processor_statuses'] as const;

/** The workers and their last heartbeat; refreshed every 15 s so a dying worker shows up. */
export function useProcessorStatuses() {
  return useQuery({
    queryKey: processorStatusKeys,
    queryFn: ({ signal }) => call(listProcessorStatuses, { query: {} }, signal),
    refetchInterval: 15_000,
  });
}
