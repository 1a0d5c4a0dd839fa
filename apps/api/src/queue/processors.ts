import { hostname } from 'node:os';
import { type Db, processorStatuses } from '@colophon/db';
import { DASHBOARD_VERSION } from '@colophon/domain';
import { eq, sql } from 'drizzle-orm';
import type { QueueName } from './tables';

/**
 * A worker's row in processor_statuses (issue 15): where it runs (host, pid, version), how often it
 * promised to beat, whether it is busy or idle, its current job and its last success. The processing
 * pages call it stale past 3 missed pulses (domain `isProcessorStale`).
 */
export async function startProcessorStatus(db: Db, workerId: string, queue: QueueName, pulseMs: number): Promise<void> {
  const values = {
    workerId,
    queue,
    host: hostname(),
    pid: process.pid,
    version: DASHBOARD_VERSION,
    pulseMs,
    state: 'idle',
    startedAt: sql`now()`,
    lastHeartbeatAt: sql`now()`,
    stoppedAt: null,
    currentJobId: null,
    jobsDone: 0,
    jobsFailed: 0,
  } as const;
  await db
    .insert(processorStatuses)
    .values(values)
    .onConflictDoUpdate({ target: processorStatuses.workerId, set: { ...values, workerId: undefined } });
}

export type ProcessorReport =
  /** Alive (the pulse). */
  | { kind: 'beat' }
  /** Took a job. */
  | { kind: 'busy'; jobId: number }
  /** Finished one: completed (or passed to Attention), or failed. */
  | { kind: 'succeeded' | 'failed' }
  /** Left a job it lost (lease taken over, stopped mid-job). */
  | { kind: 'idle' }
  | { kind: 'stopped' };

/** Beats, and records what changed in the worker's row. */
export async function reportProcessor(db: Db, workerId: string, report: ProcessorReport): Promise<void> {
  const change = (() => {
    switch (report.kind) {
      case 'beat':
        return {};
      case 'busy':
        return { state: 'busy', currentJobId: report.jobId };
      case 'succeeded':
        return {
          state: 'idle',
          currentJobId: null,
          lastSuccessAt: sql`now()`,
          jobsDone: sql`${processorStatuses.jobsDone} + 1`,
        };
      case 'failed':
        return { state: 'idle', currentJobId: null, jobsFailed: sql`${processorStatuses.jobsFailed} + 1` };
      case 'idle':
        return { state: 'idle', currentJobId: null };
      case 'stopped':
        return { state: 'idle', currentJobId: null, stoppedAt: sql`now()` };
    }
  })();
  await db
    .update(processorStatuses)
    .set({ lastHeartbeatAt: sql`now()`, ...change })
    .where(eq(processorStatuses.workerId, workerId));
}
