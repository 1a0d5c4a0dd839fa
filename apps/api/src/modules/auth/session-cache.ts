import type { sessions } from '@colophon/db';
import type { UserRow } from '../../context';

export type SessionRow = typeof sessions.$inferSelect;

/** A session as the database last said it, with its user and, for an impersonation, where it came from. */
export interface SessionRecord {
  session: SessionRow;
  user: UserRow;
  originalSession: SessionRow | null;
  originalUser: UserRow | null;
}

/** What changed: the sessions ended or altered, the users whose rows changed. */
export interface AuthChange {
  sessionIds?: readonly string[];
  userIds?: readonly number[];
}

export interface SessionCacheOptions {
  /** How long an entry is trusted without news from the database (the bound if a notice is ever lost). */
  ttlMs: number;
  /** Entries kept at most; the oldest go first, so memory stays flat however many sessions call. */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  record: SessionRecord;
  storedAt: number;
}

/**
 * Per-process memory of resolved sessions, so a request costs no session or user query. Every change
 * to a session or user row drops what depends on it (see `forget`): revocation is immediate in this
 * process and follows the database's change notices in the others.
 *
 * A read that started before a change and finishes after it must not store what it read: the
 * generation counter, bumped by every change, tells `remember` whether anything changed meanwhile.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;
  readonly #listeners = new Set<(change: AuthChange) => void>();

  constructor(options: SessionCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Taken before reading the database; handed back to `remember`. */
  generation(): number {
    return this.#generation;
  }

  lookup(sessionId: string): SessionRecord | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt >= this.#ttlMs) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.record;
  }

  remember(sessionId: string, record: SessionRecord, readAtGeneration: number): void {
    if (readAtGeneration !== this.#generation || this.#ttlMs <= 0) return;
    this.#entries.delete(sessionId);
    this.#entries.set(sessionId, { record, storedAt: this.#now() });
    // A Map iterates in insertion order: the first key is the oldest entry.
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /**
   * Calls `listener` after every `forget` (a session or user changed, in this process or, through the
   * database's notice, in another): what holds a session open longer than a request (a live event
   * stream) checks it again. Not called by `clear`, which says nothing about any one session.
   */
  onForget(listener: (change: AuthChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Drops every entry that read one of these sessions or users (an impersonation reads two of each). */
  forget(change: AuthChange): void {
    this.#generation++;
    const sessionIds = new Set(change.sessionIds ?? []);
    const userIds = new Set(change.userIds ?? []);
    if (sessionIds.size === 0 && userIds.size === 0) return;
    this.#drop(sessionIds, userIds);
    for (const listener of this.#listeners) listener(change);
  }

  #drop(sessionIds: ReadonlySet<string>, userIds: ReadonlySet<number>): void {
    for (const [key, { record }] of this.#entries) {
      if (
        sessionIds.has(record.session.id) ||
        (record.originalSession && sessionIds.has(record.originalSession.id)) ||
        userIds.has(record.user.id) ||
        (record.originalUser && userIds.has(record.originalUser.id))
      ) {
        this.#entries.delete(key);
      }
    }
  }

  /** Forgets everything (the change notices may have been missed, e.g. while reconnecting). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
