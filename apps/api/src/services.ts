import { randomBytes } from 'node:crypto';
import { appSettings, type DbHandle } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { Config } from './config';
import type { Services } from './context';
import { createOutboxMailer, createSmtpMailer } from './integrations/email/mailer';
import { createFileStore } from './integrations/files/create-file-store';

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
  return {
    config,
    db: handle.db,
    dbKind: handle.kind,
    mailer: config.smtpUrl
      ? createSmtpMailer(handle.db, config.smtpUrl, config.mailFrom)
      : createOutboxMailer(handle.db),
    files: await createFileStore(config, tokenSecret),
    tokenSecret,
  };
}
