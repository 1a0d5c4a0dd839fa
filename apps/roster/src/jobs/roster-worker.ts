import {
  type ClaimedJob,
  type JobContext,
  PermanentJobError,
  QueueWorker,
  type QueueWorkerOptions,
} from '@colophon/api/roster-jobs';
import type { RosterJobKindCode } from '@colophon/domain';
import { rosterExportHandler } from '../exports/export-job';
import type { RosterFileStore } from '../host';
import { rosterImportHandler } from '../imports/import-job';
import type { OneRosterClock } from '../oneroster-rest';
import { enqueueDueSyncs } from '../sync/schedule';
import { type RosterSyncDeps, rosterSyncHandler } from '../sync/sync-job';

/** What the roster's jobs need from the process that runs them. */
export interface RosterWorkerDeps extends RosterSyncDeps {
  /** Where uploaded bundles are kept and export zips written (the dashboard's file store). */
  files: RosterFileStore;
}

/** A processor of one kind of roster job. */
export type RosterJobHandler = (job: ClaimedJob<unknown>, context: JobContext) => Promise<unknown>;

/**
 * The processor of each kind of `queue_roster` job. A kind is added here, once; a job of a kind
 * without one fails for good (it is never taken for another kind).
 */
export function rosterJobHandlers(deps: RosterWorkerDeps): Partial<Record<RosterJobKindCode, RosterJobHandler>> {
  return {
    import: rosterImportHandler(deps),
    sync: rosterSyncHandler(deps),
    export: rosterExportHandler(deps),
  };
}

/** Runs `callback` every `ms` until the returned function is called (tests drive it by hand). */
export type RosterEvery = (callback: () => void, ms: number) => () => void;

export interface RosterWorkerOptions extends Omit<QueueWorkerOptions<unknown, unknown>, 'db' | 'queue' | 'handler'> {
  /** How often the sync scheduler looks for due schools (default 5 minutes). */
  scheduleEveryMs?: number;
  scheduleEvery?: RosterEvery;
  /** The scheduler's time (default the system's). */
  scheduleClock?: Pick<OneRosterClock, 'now'>;
}

const everyInterval: RosterEvery = (callback, ms) => {
  const timer = setInterval(callback, ms);
  timer.unref?.();
  return () => clearInterval(timer);
};

/**
 * The one roster worker: claims `queue_roster` jobs and runs each by its `payload.kind`, and while it
 * runs, ticks the sync scheduler (daily or weekly schools queued once when due).
 */
export function createRosterWorker(deps: RosterWorkerDeps, options: RosterWorkerOptions = {}) {
  const { scheduleEveryMs = 5 * 60_000, scheduleEvery = everyInterval, scheduleClock, ...workerOptions } = options;
  const handlers = rosterJobHandlers(deps);
  const worker = new QueueWorker<unknown, unknown>({
    ...workerOptions,
    db: deps.db,
    queue: 'roster',
    handler: async (job, context) => {
      const kind = (job.payload as { kind?: unknown } | null)?.kind;
      const handler = typeof kind === 'string' ? handlers[kind as RosterJobKindCode] : undefined;
      if (!handler) throw new PermanentJobError(`No processor runs roster ${String(kind)} jobs yet.`);
      return handler(job, context);
    },
  });
  let stopSchedule: (() => void) | null = null;
  /** One scheduler tick; its trouble goes where the worker's goes, and the next tick tries again. */
  const scheduleTick = async () => {
    try {
      return await enqueueDueSyncs(deps.db, (scheduleClock ?? { now: () => new Date() }).now());
    } catch (error) {
      workerOptions.onError?.(error);
      return [];
    }
  };
  return {
    worker,
    scheduleTick,
    drain: () => worker.drain(),
    async start() {
      await worker.start();
      stopSchedule ??= scheduleEvery(() => void scheduleTick(), scheduleEveryMs);
    },
    async stop(stopOptions: Parameters<QueueWorker['stop']>[0] = {}) {
      stopSchedule?.();
      stopSchedule = null;
      await worker.stop(stopOptions);
    },
  };
}

export type RosterWorker = ReturnType<typeof createRosterWorker>;
