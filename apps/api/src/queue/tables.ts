import {
  queueAccounting,
  queueEpubs,
  queueMoves,
  queueNotifications,
  queuePayments,
  queueProofs,
  queueRoster,
  queueUploads,
} from '@colophon/db';
import { queueStatus } from '@colophon/domain';

/**
 * The five queues of the spec (part 3: proofs, uploads, moves, epubs, notifications) and ours for the
 * accounting sync and the card provider's deferred calls (issue 13), and the roster service's imports,
 * syncs and exports (issue 16: `queue_roster`, whose extra columns the engine leaves alone), by short name.
 */
export const queueTables = {
  uploads: queueUploads,
  proofs: queueProofs,
  moves: queueMoves,
  notifications: queueNotifications,
  epubs: queueEpubs,
  accounting: queueAccounting,
  payments: queuePayments,
  roster: queueRoster,
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
