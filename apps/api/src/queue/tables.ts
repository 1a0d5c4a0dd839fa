import {
  queueAccounting,
  queueEpubs,
  queueMoves,
  queueNotifications,
  queuePayments,
  queueProofs,
  queueUploads,
} from '@colophon/db';
import { queueStatus } from '@colophon/domain';

/**
 * The five queues of the spec (part 3: proofs, uploads, moves, epubs, notifications) and ours for the
 * accounting sync and the card provider's deferred calls (issue 13), by short name.
 */
export const queueTables = {
  uploads: queueUploads,
  proofs: queueProofs,
  moves: queueMoves,
  notifications: queueNotifications,
  epubs: queueEpubs,
  accounting: queueAccounting,
  payments: queuePayments,
} as const;

export type QueueName = keyof typeof queueTables;
export const queueNames = Object.keys(queueTables) as QueueName[];

/** All the tables have one shape; the engine works on that shape. */
export type QueueTable = typeof queueProofs;

export function tableOf(queue: QueueName): QueueTable {
  const table = queueTables[queue];
  if (!table) throw new Error(`Unknown queue ${String(queue)}`);
  return table as unknown as QueueTable;
}

/** A queue row as the engine returns it. */
export type QueueRow = QueueTable['$inferSelect'];

/** The spec's queue status codes by name (`QueueStatus.Error === 3`): the domain's one table. */
export const QueueStatus = queueStatus;
