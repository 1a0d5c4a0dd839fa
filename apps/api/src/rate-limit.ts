import { rateLimitCounters } from '@colophon/db';
import {
  LONGEST_RATE_LIMIT_WINDOW_SECONDS,
  type RateLimitBucket,
  rateLimits,
  rateLimitWindowOf,
} from '@colophon/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Services } from './context';
import { AppError } from './errors';

/*
 * The public endpoints' one rate limiter (issues 11 and 12): counters in the database, so every API
 * process counts the same hits; the limits are the domain's `rateLimits`. A fixed window per bucket
 * and subject; one statement counts a hit and says whether it fitted, so two processes racing for
 * the last hit cannot both get it.
 */

type Limiter = Pick<Services, 'db' | 'clock'>;

/** Rows of windows over, deleted each time a window starts: bounded, so no request pays for a backlog. */
const PRUNE_BATCH = 100;

export function tooManyRequests(bucket: RateLimitBucket, retryAfterSeconds: number): AppError {
  return new AppError('too_many_requests', rateLimits[bucket].message(retryAfterSeconds), {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Counts one hit of `subject` in `bucket`'s current window, if it fits under the limit. Returns the
 * seconds to wait when it does not; a refused hit changes nothing (the counter stops at the limit).
 */
export async function countHit(services: Limiter, bucket: RateLimitBucket, subject: string): Promise<number | null> {
  const now = services.clock.now();
  const { start, secondsLeft } = rateLimitWindowOf(bucket, now);
  const { limit } = rateLimits[bucket];
  const counted = await services.db
    .insert(rateLimitCounters)
    .values({ bucket, subject, windowStart: start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.subject, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
      setWhere: lt(rateLimitCounters.hits, limit),
    })
    .returning({ hits: rateLimitCounters.hits });
  const hits = counted[0]?.hits;
  if (hits === undefined) return secondsLeft;
  if (hits === 1) await pruneOverWindows(services, now);
  return null;
}

/** As `countHit`, refusing with a 429 (and its retry-after) when the window is full. */
export async function takeHit(services: Limiter, bucket: RateLimitBucket, subject: string): Promise<void> {
  const retryAfter = await countHit(services, bucket, subject);
  if (retryAfter !== null) throw tooManyRequests(bucket, retryAfter);
}

/**
 * A 429 when `subject` has no hit left in `bucket`'s window, counting nothing: for limits that count
 * only failures, known after the work (a coupon code that is not valid).
 */
export async function requireHitLeft(services: Limiter, bucket: RateLimitBucket, subject: string): Promise<void> {
  const { start, secondsLeft } = rateLimitWindowOf(bucket, services.clock.now());
  const [counter] = await services.db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.bucket, bucket),
        eq(rateLimitCounters.subject, subject),
        eq(rateLimitCounters.windowStart, start),
      ),
    );
  if ((counter?.hits ?? 0) >= rateLimits[bucket].limit) throw tooManyRequests(bucket, secondsLeft);
}

/** Deletes a batch of counters whose window is over whatever their bucket (older than the longest window). */
async function pruneOverWindows(services: Limiter, now: Date): Promise<void> {
  const over = new Date(now.getTime() - LONGEST_RATE_LIMIT_WINDOW_SECONDS * 1000).toISOString();
  await services.db.execute(sql`
    delete from rate_limit_counters
    where (bucket, subject, window_start) in (
      select bucket, subject, window_start from rate_limit_counters
      where window_start < ${over}::timestamptz
      limit ${PRUNE_BATCH}
    )`);
}
