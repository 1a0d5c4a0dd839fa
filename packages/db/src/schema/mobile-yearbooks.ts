import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, instant, timestamps } from './columns';
import { accounts } from './identity';
import { projects } from './projects';
import { onlineOrderItems } from './stores';

/**
 * The access code of a digital yearbook bought in an online store (issue 15): one per paid digital
 * yearbook line. The code is a bearer secret, so only its SHA-256 is kept (`code_hash`). The receipt
 * derives the code again from the API's token secret (apps/api/src/modules/mobile-yearbooks).
 * The book it opens is the project's latest approved pages proof, read when the code is used.
 */
export const digitalYearbookAccess = pgTable(
  'digital_yearbook_access',
  {
    id: serial('id').primaryKey(),
    onlineOrderItemId: belongsTo('online_order_item_id', () => onlineOrderItems.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The school's yearbook project of the store's year; null when the school had none when it was paid. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Hex SHA-256 of the normalised code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** Set while the line is refunded in full (or its order is): the code opens nothing. */
    revokedAt: instant('revoked_at'),
    lastOpenedAt: instant('last_opened_at'),
    openCount: integer('open_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('digital_yearbook_access_code_key').on(table.codeHash),
    uniqueIndex('digital_yearbook_access_item_key').on(table.onlineOrderItemId),
    index('digital_yearbook_access_project_idx').on(table.projectId),
    index('digital_yearbook_access_account_idx').on(table.accountId),
  ],
);
