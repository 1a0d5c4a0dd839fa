import { randomBytes } from 'node:crypto';
import { appSettings, type DbHandle } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { Config } from './config';
import type { Services } from './context';
import { createOutboxMailer, createSmtpMailer } from './integrations/email/mailer';
import { createFileStore } from './integrations/files/create-file-store';
import { createPayments } from './integrations/payments/create-payments';
import { type AuthChange, SessionCache } from './modules/auth/session-cache';
import { EventHub } from './modules/events/hub';

/** The database channel on which migration 0007's triggers tell of changed sessions and users. */
export const AUTH_CHANGES_CHANNEL = 'colophon_auth_changes';
/**
 * How long a remembered session is trusted without news. Changes arrive as notices at once; this only
 * bounds the damage should a notice ever be lost without the connection dropping.
 */
const SESSION_CACHE_TTL_MS = 60_000;
/** About 3 KB an entry: 10,000 signed-in sessions keep ~30 MB at most. */
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** 's:<session id>' or 'u:<user id>', as the trigger sends them. */
export function authChangeOf(payload: string): AuthChange | null {
  const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
  if (kind === 's:' && id) return { sessionIds: [id] };
  if (kind === 'u:' && /^\d+$/.test(id)) return { userIds: [Number(id)] };
  return null;
}

/** Sessions remembered in this process, told of every change to a session or user row by the database. */
async function sessionCacheOf(handle: DbHandle): Promise<SessionCache> {
  const cache = new SessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES });
  await handle.listen(AUTH_CHANGES_CHANNEL, {
    onNotice(payload) {
      const change = authChangeOf(payload);
      // A notice this code does not understand may still concern a session: trust nothing remembered.
      if (change) cache.forget(change);
      else cache.clear();
    },
    onGap: () => cache.clear(),
  });
  return cache;
}

/**
 * The token secret every process must share: TOKEN_SECRET when set, else one generated once and
 * kept in the database (so two API processes on one PostgreSQL agree, and restarts keep sessions).
 */
async function tokenSecretOf(handle: DbHandle, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await handle.db.insert(appSettings).values({ key: 'token_secret', value: generated }).onConflictDoNothing();
  const [row] = await handle.db.select().from(appSettings).where(eq(appSettings.key, 'token_secret'));
  if (!row) throw new Error('token secret could not be stored');
  return new TextEncoder().encode(row.value);
}

export async function createServices(config: Config, handle: DbHandle): Promise<Services> {
  const tokenSecret = await tokenSecretOf(handle, config.tokenSecret);
  const clock = { now: () => new Date() };
  const events = new EventHub(handle.db, clock);
  await events.start(handle);
  return {
    config,
    db: handle.db,
    dbKind: handle.kind,
    mailer: config.smtpUrl
      ? createSmtpMailer(handle.db, config.smtpUrl, config.mailFrom)
      : createOutboxMailer(handle.db),
    files: await createFileStore(config, tokenSecret),
    payments: createPayments(config, handle.db),
    tokenSecret,
    sessionCache: await sessionCacheOf(handle),
    clock,
    events,
  };
}
