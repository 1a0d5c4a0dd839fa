import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '@colophon/db';
import type { Clock } from '../context';
import { reportProcessor, startProcessorStatus } from './processors';
import {
  attention,
  type BackoffOptions,
  type ClaimedJob,
  claim,
  complete,
  errorMessage,
  fail,
  heartbeat,
} from './store';
import type { QueueName } from './tables';

/**
 * What a handler gets besides its job. `signal` aborts when the worker lost the job's lease (another
 * worker took it over) or when a stop ran out of patience: stop as soon as you can, write nothing more.
 */
export interface JobContext {
  signal: AbortSignal;
  /** Extend the lease now (the worker also does it on its own every `heartbeatMs`). */
  heartbeat(): Promise<void>;
}

/**
 * A queue handler. It must be idempotent: after a crash, or a stall past its lease, the same job runs
 * again (on this worker or another), possibly while the first run is still finishing. So write every
 * result keyed by the job (or by what the job is about: the proof id, the order id), with upserts and
 * overwrites of the same keys, never with appends; send outside effects (e-mails, vendor calls) with
 * an idempotency key derived from the job id, or record them in the same keyed way and check first.
 * A rerun then overwrites what the first run wrote and never duplicates it. The job's own status is
 * fenced by the engine: only the run holding the current lease can complete it.
 */
export type JobHandler<Payload = unknown, Result = unknown> = (
  job: ClaimedJob<Payload>,
  context: JobContext,
) => Promise<Result | NeedsAttention<Result>>;

/** A handler's outcome that a person must look at (status 4 Attention), with its result kept. */
export class NeedsAttention<Result = unknown> {
  constructor(
    readonly message: string,
    readonly result: Result | null = null,
  ) {}
}

/** A failure that no retry can fix (bad input): the job goes straight to Error. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface QueueWorkerOptions<Payload, Result> {
  db: Db;
  queue: QueueName;
  handler: JobHandler<Payload, Result>;
  /** Unique per worker; default `<queue>@<host>:<pid>:<random>`. */
  workerId?: string;
  /** How long a claim holds the job without a heartbeat (default 30 s). */
  leaseMs?: number;
  /** How often a running job's lease is extended (default leaseMs / 3). */
  heartbeatMs?: number;
  /** Sleep between polls of an empty queue (default 500 ms). */
  idleMs?: number;
  /**
   * How often the worker tells processor_statuses it is alive, busy or idle (default 15 s, well
   * under the minute after which the processing pages call a worker stale): stale means silent, not
   * without work.
   */
  pulseMs?: number;
  /** The timer the pulse runs on (tests drive it by hand); default setInterval, not keeping the process alive. */
  schedulePulse?: Every;
  /** The timer a running job's heartbeat runs on (tests drive it by hand); default setInterval. */
  scheduleHeartbeat?: Every;
  /** The time leases and backoffs are set and compared at (tests move it); default the database's. */
  clock?: Clock;
  backoff?: BackoffOptions;
  /** Where the worker reports its own trouble (a database error while polling…). */
  onError?: (error: unknown) => void;
}

/** Runs `callback` every `ms` until the returned function is called. */
export type Every = (callback: () => void, ms: number) => () => void;

const everyInterval: Every = (callback, ms) => {
  const timer = setInterval(callback, ms);
  timer.unref?.();
  return () => clearInterval(timer);
};

/** As `everyInterval`, but keeping the process alive: a running job's heartbeat. */
const everyIntervalHeld: Every = (callback, ms) => {
  const timer = setInterval(callback, ms);
  return () => clearInterval(timer);
};

export interface StopOptions {
  /**
   * How long to wait for the running job to finish (default: as long as it takes). When it runs out,
   * the handler's signal aborts and the worker leaves the job: its lease lapses and another worker
   * claims it again (the "crashed worker" path), so a stop never loses a job.
   */
  timeoutMs?: number;
}

/**
 * Polls one queue and runs its jobs one at a time: claim, run the handler with an AbortSignal while
 * heartbeating the lease, then complete / attention / fail. Run several (in one process or many) for
 * parallelism; `FOR UPDATE SKIP LOCKED` keeps them from ever taking the same job.
 */
export class QueueWorker<Payload = unknown, Result = unknown> {
  readonly workerId: string;
  readonly queue: QueueName;
  private readonly options: Required<
    Pick<
      QueueWorkerOptions<Payload, Result>,
      'leaseMs' | 'heartbeatMs' | 'idleMs' | 'pulseMs' | 'schedulePulse' | 'scheduleHeartbeat'
    >
  > &
    QueueWorkerOptions<Payload, Result>;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private current: { job: ClaimedJob<Payload>; controller: AbortController; done: Promise<void> } | null = null;
  private abandoned = false;
  private stopPulse: (() => void) | null = null;
  /** Jobs this worker completed (or passed to Attention) and failed, since start. */
  done = 0;
  failed = 0;

  constructor(options: QueueWorkerOptions<Payload, Result>) {
    const leaseMs = options.leaseMs ?? 30_000;
    this.options = {
      ...options,
      leaseMs,
      heartbeatMs: options.heartbeatMs ?? Math.max(10, Math.floor(leaseMs / 3)),
      idleMs: options.idleMs ?? 500,
      pulseMs: options.pulseMs ?? 15_000,
      schedulePulse: options.schedulePulse ?? everyInterval,
      scheduleHeartbeat: options.scheduleHeartbeat ?? everyIntervalHeld,
    };
    this.queue = options.queue;
    this.workerId =
      options.workerId ?? `${options.queue}@${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  get isRunning(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await startProcessorStatus(this.options.db, this.workerId, this.queue, this.options.pulseMs);
    this.running = true;
    this.abandoned = false;
    // The job heartbeat only beats while a job runs; an idle worker would look dead after a minute.
    this.stopPulse = this.options.schedulePulse(() => void this.pulse(), this.options.pulseMs);
    this.loop = this.run();
  }

  /** Records that this worker is alive (its pulse; also callable directly). */
  async pulse(): Promise<void> {
    if (!this.running) return;
    await reportProcessor(this.options.db, this.workerId, { kind: 'beat' }).catch(this.reportError);
  }

  /** Stops claiming, waits for the running job (see StopOptions), and records the stop. */
  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.loop) return;
    this.running = false;
    this.stopPulse?.();
    this.stopPulse = null;
    this.wake?.();
    const current = this.current;
    if (current) {
      const finished = await Promise.race([
        current.done.then(() => true),
        ...(options.timeoutMs !== undefined ? [sleep(options.timeoutMs).then(() => false)] : []),
      ]);
      if (!finished) {
        this.abandoned = true;
        current.controller.abort(new Error('The worker stopped before the job finished.'));
      }
    }
    if (!this.abandoned) await this.loop;
    this.loop = null;
    await reportProcessor(this.options.db, this.workerId, { kind: 'stopped' }).catch(this.reportError);
  }

  /** Claims and runs jobs until none is due; for tests and one-off drains. Returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = await claim<Payload>(
        this.options.db,
        this.queue,
        this.workerId,
        this.options.leaseMs,
        this.options.clock,
      );
      if (!job) return count;
      await this.runJob(job);
      count++;
    }
  }

  private readonly reportError = (error: unknown) => {
    this.options.onError?.(error);
  };

  private async run(): Promise<void> {
    while (this.running) {
      let job: ClaimedJob<Payload> | null = null;
      try {
        job = await claim<Payload>(
          this.options.db,
          this.queue,
          this.workerId,
          this.options.leaseMs,
          this.options.clock,
        );
      } catch (error) {
        this.reportError(error);
      }
      // A job claimed just as a stop came still runs (its lease is ours); the stop waits for it.
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.idleMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
        continue;
      }
      await this.runJob(job);
    }
  }

  private async runJob(job: ClaimedJob<Payload>): Promise<void> {
    const { db, handler, leaseMs, heartbeatMs, backoff, clock } = this.options;
    const controller = new AbortController();
    let settle!: () => void;
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.current = { job, controller, done };
    await reportProcessor(db, this.workerId, { kind: 'busy', jobId: job.id }).catch(this.reportError);

    const beat = async () => {
      if (controller.signal.aborted) return;
      const held = await heartbeat(db, job, leaseMs, clock).catch((error) => {
        this.reportError(error);
        return true; // a failed beat is not a lost lease; the next one may get through
      });
      if (!held) controller.abort(new Error('The job was taken over by another worker (lease lost).'));
    };
    const stopBeating = this.options.scheduleHeartbeat(() => void beat(), heartbeatMs);
    try {
      let outcome: Result | NeedsAttention<Result>;
      try {
        outcome = await handler(job, { signal: controller.signal, heartbeat: beat });
      } catch (error) {
        stopBeating();
        if (controller.signal.aborted) {
          // Not ours any more: leave the row to its new owner.
          await reportProcessor(db, this.workerId, { kind: 'idle' }).catch(this.reportError);
          return;
        }
        const result = await fail(db, job, error, {
          ...backoff,
          permanent: error instanceof PermanentJobError,
          clock,
        });
        if (result.status !== 'lost') {
          this.failed++;
          await reportProcessor(db, this.workerId, { kind: 'failed' }).catch(this.reportError);
        } else {
          await reportProcessor(db, this.workerId, { kind: 'idle' }).catch(this.reportError);
        }
        return;
      }
      stopBeating();
      if (controller.signal.aborted && this.abandoned) return;
      const recorded =
        outcome instanceof NeedsAttention
          ? await attention(db, job, outcome.message, outcome.result)
          : await complete(db, job, outcome ?? null);
      if (recorded) {
        this.done++;
        await reportProcessor(db, this.workerId, { kind: 'succeeded' }).catch(this.reportError);
      } else {
        await reportProcessor(db, this.workerId, { kind: 'idle' }).catch(this.reportError);
      }
    } catch (error) {
      this.reportError(error);
    } finally {
      stopBeating();
      this.current = null;
      settle();
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export { errorMessage };
