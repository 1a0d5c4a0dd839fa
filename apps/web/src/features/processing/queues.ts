import type { ProcessingQueueResource } from '@colophon/contract';
import { ADDRESSABLE_QUEUE_STATUSES, RETRYABLE_QUEUE_STATUSES } from '@colophon/contract';

/** The queue pages (part 2's five and the accounting sync's): which resource each shows, and what its jobs are called. */
export interface ProcessingQueue {
  resource: ProcessingQueueResource;
  /** The catalogue path (its title comes from the domain's admin pages). */
  path: string;
  /** 'upload job': in buttons, dialogs and messages. */
  noun: string;
}

export const processingQueues = [
  { resource: 'queue_proofs', path: '/admin/super/processing/proofs', noun: 'proof job' },
  { resource: 'queue_uploads', path: '/admin/super/processing/uploads', noun: 'upload job' },
  { resource: 'queue_notifications', path: '/admin/super/processing/notifications', noun: 'notification job' },
  { resource: 'queue_moves', path: '/admin/super/processing/order-moves', noun: 'order move job' },
  { resource: 'queue_epubs', path: '/admin/super/processing/epubs', noun: 'EPUB job' },
  { resource: 'queue_accounting', path: '/admin/super/processing/accounting', noun: 'accounting sync job' },
] as const satisfies readonly ProcessingQueue[];

export function processingQueueByPath(path: string): ProcessingQueue | undefined {
  return processingQueues.find((queue) => queue.path === path);
}

/** A person may retry a job in Error, Attention or Addressed, and mark one in Error or Attention addressed. */
export const canRetry = (status: number) => (RETRYABLE_QUEUE_STATUSES as readonly number[]).includes(status);
export const canMarkAddressed = (status: number) => (ADDRESSABLE_QUEUE_STATUSES as readonly number[]).includes(status);
