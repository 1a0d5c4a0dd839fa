import { type Db, type DbHandle, eventLog, rowsOf } from '@colophon/db';
import type { LiveEvent } from '@colophon/domain';
import { asc, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../context';

/** The channel migration 0025's triggers tell on; each notice is a JSON array of events. */
export const EVENTS_CHANNEL = 'colophon_events';
/** How long event_log keeps events for a dropped stream to resume from. */
export const EVENT_LOG_KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const PRUNE_BATCH = 10_000;
/**
 * Event ids are taken when a row is written but arrive in commit order, so an event may reach a stream
 * after one with a higher id. Resuming re-reads this many ids before the last one seen (receivers drop
 * ids they already have) so a late commit is not skipped.
 */
export const RESUME_SLACK_IDS = 200;
/** The most events one resume replays; a stream further behind is told to refetch everything. */
export const REPLAY_LIMIT = 5_000;
/** Ids remembered to drop repeats (a notice and a catch-up read of the same event). */
const REMEMBERED_IDS = 4_096;

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * This process's one ear on the database's events: one LISTEN connection (PostgreSQL) or PGlite's
 * in-process notices, fanned out to every open stream. After a dropped connection it reads what it
 * missed from event_log. It also prunes event_log by age.
 */
export class EventHub {
  private readonly listeners = new Set<LiveEventListener>();
  private readonly seen = new Set<number>();
  private lastId = 0;
  private pruneTimer: NodeJS.Timeout | null = null;
  private catchingUp: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Starts hearing the database's notices, and pruning every 10 minutes (unless `prune: false`). */
  async start(handle: Pick<DbHandle, 'listen'>, options: { prune?: boolean } = {}): Promise<void> {
    const [last] = await this.db
      .select({ id: sql<number>`coalesce(max(${eventLog.id}), 0)::bigint`.mapWith(Number) })
      .from(eventLog);
    this.lastId = last?.id ?? 0;
    await handle.listen(EVENTS_CHANNEL, {
      onNotice: (payload) => this.receive(payload),
      onGap: () => void this.catchUp(),
    });
    if (options.prune !== false) {
      this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
      this.pruneTimer.unref();
    }
  }

  get size(): number {
    return this.listeners.size;
  }

  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A notice's events (a JSON array written by the trigger). */
  receive(payload: string): void {
    let events: unknown;
    try {
      events = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(events)) return;
    for (const event of events) if (isLiveEvent(event)) this.publish(event);
  }

  private publish(event: LiveEvent): void {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > REMEMBERED_IDS) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    if (event.id > this.lastId) this.lastId = event.id;
    for (const listener of this.listeners) listener(event);
  }

  /** Events after `afterId` (less the slack), oldest first, at most REPLAY_LIMIT; `complete` false if more. */
  async replay(afterId: number): Promise<{ events: LiveEvent[]; complete: boolean }> {
    const rows = await this.db
      .select()
      .from(eventLog)
      .where(gt(eventLog.id, Math.max(0, afterId - RESUME_SLACK_IDS)))
      .orderBy(asc(eventLog.id))
      .limit(REPLAY_LIMIT + 1);
    return { events: rows.slice(0, REPLAY_LIMIT).map(eventOf), complete: rows.length <= REPLAY_LIMIT };
  }

  /** After a dropped LISTEN connection: publishes what was written meanwhile (repeats are dropped). */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.replay(this.lastId)
      .then(({ events }) => {
        for (const event of events) this.publish(event);
      })
      .catch(() => undefined)
      .finally(() => {
        this.catchingUp = null;
      });
    return this.catchingUp;
  }

  /** Deletes events older than `keepMs` (a day); returns how many. */
  async prune(keepMs: number = EVENT_LOG_KEEP_MS): Promise<number> {
    const before = new Date(this.clock.now().getTime() - keepMs);
    let total = 0;
    // In batches, so a backlog (a day of a busy season) never holds one long lock.
    for (;;) {
      const removed = await rowsOf<{ id: number }>(
        this.db.execute(sql`delete from ${eventLog} where ${eventLog.id} in (
          select ${eventLog.id} from ${eventLog} where ${lt(eventLog.createdAt, before)} order by ${eventLog.id} limit ${PRUNE_BATCH}
        ) returning ${eventLog.id}`),
      );
      total += removed.length;
      if (removed.length < PRUNE_BATCH) return total;
    }
  }

  close(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
    this.listeners.clear();
  }
}

function eventOf(row: typeof eventLog.$inferSelect): LiveEvent {
  const payload = (row.payload ?? {}) as Omit<LiveEvent, 'id' | 'topic' | 'accountId'>;
  return { ...payload, id: row.id, topic: row.topic, accountId: row.accountId };
}

function isLiveEvent(value: unknown): value is LiveEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  return typeof event.id === 'number' && typeof event.topic === 'string';
}
