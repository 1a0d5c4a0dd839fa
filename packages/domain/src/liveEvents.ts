import type { Permission } from './access';

/**
 * The live event stream (GET /api/events, issue 15): what a change says, who may hear it, and when a
 * queue worker counts as dead. Topics are open to more than the queues: each names the permission a
 * caller needs to receive its events, and an event carrying an account id may further be kept to the
 * callers who see that account (none of today's topics needs it: the queues are the studio's).
 */
export const liveEventTopics = {
  /** A processing queue row was created, changed status or was removed (migration 0025's triggers). */
  queue: { permission: 'super.queues' },
} as const satisfies Record<string, { permission: Permission }>;

export type LiveEventTopic = keyof typeof liveEventTopics;

export function isLiveEventTopic(topic: string): topic is LiveEventTopic {
  return Object.hasOwn(liveEventTopics, topic);
}

/** One event as the stream sends it (`data:` of an SSE message whose `id:` is `id`). */
export interface LiveEvent {
  id: number;
  topic: string;
  accountId: number | null;
  /** Queue events: the table (`queue_proofs`), and either one job or a count of many. */
  queue?: string;
  jobId?: number;
  /** The job's status after the change (null: removed) and before it (null: new). */
  status?: number | null;
  from?: number | null;
  count?: number;
}

/** How many missed pulses make a worker stale: one late beat is noise, three is a dead or hung process. */
export const PROCESSOR_STALE_AFTER_PULSES = 3;

export interface ProcessorBeat {
  lastHeartbeatAt: Date | string;
  stoppedAt: Date | string | null;
  /** How often the worker promised to beat. */
  pulseMs: number;
  /** 'busy' while it runs a job. */
  state: string;
}

/** Stale: not stopped, and silent for more than 3 of its own pulses at `now`. */
export function isProcessorStale(beat: ProcessorBeat, now: Date): boolean {
  if (beat.stoppedAt) return false;
  const silentMs = now.getTime() - new Date(beat.lastHeartbeatAt).getTime();
  return silentMs > PROCESSOR_STALE_AFTER_PULSES * beat.pulseMs;
}

export type ProcessorHealth = 'stopped' | 'stale' | 'busy' | 'idle';

/** What the processor statuses page shows a worker as: stopped, stale (red), busy or idle. */
export function processorHealth(beat: ProcessorBeat, now: Date): ProcessorHealth {
  if (beat.stoppedAt) return 'stopped';
  if (isProcessorStale(beat, now)) return 'stale';
  return beat.state === 'busy' ? 'busy' : 'idle';
}
