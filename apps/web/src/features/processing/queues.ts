import type { ProcessingQueueResource } from '@colophon/contract';
import { canApplyQueueTransition, type QueuePersonAction } from '@colophon/domain';

/** The queue pages (part 2's five, the accounting sync's, the card detachments' and the roster's): which resource each shows, and what its jobs are called. */
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
  { resource: 'queue_payments', path: '/admin/super/processing/card-detachments', noun: 'card detachment job' },
  { resource: 'queue_roster', path: '/admin/super/processing/roster-jobs', noun: 'roster job' },
] as const satisfies readonly ProcessingQueue[];

export function processingQueueByPath(path: string): ProcessingQueue | undefined {
  return processingQueues.find((queue) => queue.path === path);
}

/** Whether a person may take `action` on a job in `status`: the domain's transitions, nothing else. */
export const canAct = (action: QueuePersonAction, status: number) => canApplyQueueTransition(action, status);
export const canRetry = (status: number) => canAct('retry', status);
export const canMarkAddressed = (status: number) => canAct('addressed', status);
export const canCancel = (status: number) => canAct('cancel', status);

/** How long ago a job was created, shortly: '45 s', '12 min', '3 h', '2 d'. */
export function jobAge(createdAt: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
