import { bigserial, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, instant, timestamps } from './columns';
import { users } from './identity';

/**
 * Uncaught interface errors reported to the API's own service (`POST /api/client_errors`, part 8,
 * issue 15): one row per group, the fingerprint being a hash of the message and the first stack frame
 * (domain `clientErrorGroupKey`), with its count and when it was first and last seen.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: serial('id').primaryKey(),
    /** sha256 (hex) of `clientErrorGroupKey(message, stack)`. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The message of the group's first report. */
    message: text('message').notNull(),
    firstFrame: text('first_frame').notNull().default(''),
    count: integer('count').notNull().default(0),
    firstSeenAt: instant('first_seen_at').notNull().defaultNow(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    lastUserId: integer('last_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastUrl: text('last_url'),
  },
  (table) => [
    uniqueIndex('client_errors_fingerprint_key').on(table.fingerprint),
    index('client_errors_last_seen_idx').on(table.lastSeenAt.desc(), table.id.desc()),
    index('client_errors_first_seen_idx').on(table.firstSeenAt.desc(), table.id.desc()),
    index('client_errors_count_idx').on(table.count.desc(), table.id.desc()),
  ],
);

/** A group's latest reports (domain `CLIENT_ERROR_REPORTS_KEPT` each): who, where, the stack. */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: belongsTo('group_id', () => clientErrors.id),
    message: text('message').notNull(),
    /** The first five lines of the stack (part 8). */
    stack: text('stack').notNull().default(''),
    /** Where the web caught it ('react.uncaught', 'window.error', 'route'…). */
    context: varchar('context', { length: 60 }),
    url: text('url'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: varchar('user_email', { length: 254 }),
    userName: varchar('user_name', { length: 200 }),
    userAgent: text('user_agent'),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('client_error_reports_group_idx').on(table.groupId, table.createdAt.desc(), table.id.desc())],
);
