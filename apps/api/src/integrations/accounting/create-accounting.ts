import type { Db } from '@colophon/db';
import type { Config } from '../../config';
import type { AccountingAdapter } from './accounting-adapter';
import { createEmbeddedAccounting } from './embedded';
import { createQuickBooksAccounting } from './quickbooks';

/** QuickBooks Online when QUICKBOOKS_CLIENT_ID is set; otherwise the embedded (offline) books. */
export function createAccounting(
  config: Pick<Config, 'quickbooks'>,
  db: Db,
  secret: Uint8Array,
  clock: { now(): Date } = { now: () => new Date() },
): AccountingAdapter {
  if (config.quickbooks) return createQuickBooksAccounting({ settings: config.quickbooks, db, secret, clock });
  return createEmbeddedAccounting(db);
}
