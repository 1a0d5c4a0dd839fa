import type { DistributionMark } from '@colophon/contract';

/*
 * Distribution marks waiting to reach the server: kept in localStorage with their device time, so a
 * moment offline (or a reload while offline) loses none. Every mark goes through the queue, online
 * or not: one path, and the server's sync call is idempotent, so sending one twice is harmless.
 */

/** A mark as queued: what the server takes, plus the item's state the server last told us. */
export interface QueuedMark extends DistributionMark {
  /** Whether the server had the item handed out before the first waiting mark of it. */
  serverHandedOut: boolean;
}

export const MARK_QUEUE_KEY = 'colophon.distribution.marks';

export interface MarkStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function isQueuedMark(value: unknown): value is QueuedMark {
  if (!value || typeof value !== 'object') return false;
  const mark = value as Record<string, unknown>;
  return (
    typeof mark.itemId === 'number' &&
    typeof mark.handedOut === 'boolean' &&
    typeof mark.at === 'string' &&
    typeof mark.clientMarkId === 'string' &&
    typeof mark.serverHandedOut === 'boolean'
  );
}

/** The waiting marks, oldest first; a damaged store reads as empty rather than breaking the page. */
export function readQueue(store: MarkStore): QueuedMark[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(MARK_QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueuedMark) : [];
  } catch {
    return [];
  }
}

function writeQueue(store: MarkStore, marks: readonly QueuedMark[]): void {
  store.setItem(MARK_QUEUE_KEY, JSON.stringify(marks));
}

export function newMarkId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Queues a mark; the item's server state is the one before its first waiting mark. */
export function enqueueMark(
  store: MarkStore,
  mark: { itemId: number; handedOut: boolean; serverHandedOut: boolean },
  at: Date,
  clientMarkId: string = newMarkId(),
): QueuedMark {
  const queue = readQueue(store);
  const earlier = queue.find((queued) => queued.itemId === mark.itemId);
  const queued: QueuedMark = {
    itemId: mark.itemId,
    handedOut: mark.handedOut,
    at: at.toISOString(),
    clientMarkId,
    serverHandedOut: earlier ? earlier.serverHandedOut : mark.serverHandedOut,
  };
  writeQueue(store, [...queue, queued]);
  return queued;
}

/** Drops the marks the server has answered (applied, duplicate or superseded alike). */
export function removeMarks(store: MarkStore, clientMarkIds: readonly string[]): void {
  const sent = new Set(clientMarkIds);
  writeQueue(
    store,
    readQueue(store).filter((mark) => !sent.has(mark.clientMarkId)),
  );
}

/** Each item's state as the waiting marks leave it: the latest by device time. */
export function pendingStates(marks: readonly QueuedMark[]): Map<number, QueuedMark> {
  const latest = new Map<number, QueuedMark>();
  for (const mark of marks) {
    const current = latest.get(mark.itemId);
    if (!current || mark.at >= current.at) latest.set(mark.itemId, mark);
  }
  return latest;
}

/** How the waiting marks move the counts: +1 for an item they hand out, −1 for one they take back. */
export function pendingDelta(marks: readonly QueuedMark[]): number {
  let delta = 0;
  for (const mark of pendingStates(marks).values()) {
    if (mark.handedOut !== mark.serverHandedOut) delta += mark.handedOut ? 1 : -1;
  }
  return delta;
}

/** The marks to send: what the server takes, without the page's own bookkeeping. */
export function toSend(marks: readonly QueuedMark[]): DistributionMark[] {
  return marks.map(({ itemId, handedOut, at, clientMarkId }) => ({ itemId, handedOut, at, clientMarkId }));
}
