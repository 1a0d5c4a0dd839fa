/**
 * The queue engine shared by proofs, uploads, order moves, notifications and epubs (DESIGN 3: the
 * queue tables are the queues). `store.ts` holds every state change as one SQL statement (claim with
 * FOR UPDATE SKIP LOCKED and a lease, heartbeat, complete, attention, fail with backoff, retry,
 * mark addressed); `worker.ts` runs a handler over a queue. Handlers must be idempotent: see
 * `JobHandler`.
 */
export * from './processors';
export * from './roster';
export * from './store';
export * from './tables';
export * from './worker';
