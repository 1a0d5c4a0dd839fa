import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, instant, timestamps } from './columns';

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    type: smallint('type').notNull(),
    typeSoftware: smallint('type_software').notNull().default(0),
    typeWhereCreated: smallint('type_where_created').notNull().default(1),
    country: varchar('country', { length: 2 }).notNull().default('US'),
    parentAccountId: integer('parent_account_id').references((): AnyPgColumn => accounts.id),
    /** 0 for a top-level account, 1 for a child, 2 for a grandchild: nesting stops there. */
    depth: smallint('depth').notNull().default(0),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Order display field (part 3): a parent that must pay before its schools' books go into production. */
    bMustPayBeforeProduction: boolean('b_must_pay_before_production').notNull().default(false),
    /** File-store keys of the account's brand (logo) and image; the API hands out signed URLs. */
    brandKey: text('brand_key'),
    imageKey: text('image_key'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('accounts_code_key').on(table.code),
    index('accounts_parent_idx').on(table.parentAccountId),
    index('accounts_name_idx').on(table.name),
    // The accounts search's commonest filters (type and country) without reading every account.
    index('accounts_type_country_idx').on(table.type, table.country),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    uriAvatar: text('uri_avatar'),
    timezone: varchar('timezone', { length: 3 }).notNull().default('CST'),
    role: smallint('role').notNull(),
    bSuperAdmin: boolean('b_super_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    mfaMethod: varchar('mfa_method', { length: 8 }),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Bumped whenever sign-in rights change; every token carrying an older value stops working. */
    tokenVersion: integer('token_version').notNull().default(1),
    lastSignInAt: instant('last_sign_in_at'),
    /** When the owner was last e-mailed about repeated failed sign-ins (at most one such e-mail an hour). */
    failedSignInAlertAt: instant('failed_sign_in_alert_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    index('users_last_name_idx').on(table.lastName, table.firstName),
    index('users_role_idx').on(table.role),
    index('users_created_at_idx').on(table.createdAt),
  ],
);

export const userAccounts = pgTable(
  'user_accounts',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    accountId: belongsTo('account_id', () => accounts.id),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('user_accounts_user_account_key').on(table.userId, table.accountId),
    index('user_accounts_account_idx').on(table.accountId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: belongsTo('user_id', () => users.id),
    /** The super administrator behind an impersonation, null otherwise. */
    originalUserId: integer('original_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session the impersonation started from, restored when it ends. */
    originalSessionId: uuid('original_session_id'),
    tokenVersion: integer('token_version').notNull(),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    mfaValidated: boolean('mfa_validated').notNull().default(false),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // Ending a session ends every impersonation started from it.
    index('sessions_original_session_idx').on(table.originalSessionId),
  ],
);

export const mfaCodes = pgTable(
  'mfa_codes',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: belongsTo('user_id', () => users.id),
    method: varchar('method', { length: 8 }).notNull(),
    codeHash: text('code_hash'),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('mfa_codes_session_idx').on(table.sessionId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: timestamps.createdAt,
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_key').on(table.tokenHash)],
);

export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('sign_in_attempts_email_idx').on(table.email, table.createdAt),
    index('sign_in_attempts_ip_idx').on(table.ip, table.createdAt),
    index('sign_in_attempts_email_ip_idx').on(table.email, table.ip, table.createdAt),
  ],
);

/**
 * The public endpoints' rate limits (apps/api/src/rate-limit.ts): hits per bucket and subject (an
 * address, or an address and a store) in one fixed window, shared by every API process. Rows of
 * windows that are over are deleted a few at a time as new windows start.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: varchar('bucket', { length: 40 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    windowStart: instant('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.subject, table.windowStart] }),
    index('rate_limit_counters_window_idx').on(table.windowStart),
  ],
);

/**
 * Every multi-factor code check, right or wrong, whatever the sign-in session: failures are counted per
 * user over a sliding window, so a new sign-in never buys a fresh budget of guesses.
 */
export const mfaAttempts = pgTable(
  'mfa_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    sessionId: uuid('session_id'),
    succeeded: boolean('succeeded').notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('mfa_attempts_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A browser that has signed in as the user before (OWASP's device cookie): it holds a random token whose
 * hash is kept here, and with the right password it is let in even while the account is being slowed
 * down by someone else's wrong guesses.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamps.createdAt,
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('known_devices_token_hash_key').on(table.tokenHash),
    index('known_devices_user_idx').on(table.userId),
  ],
);

/**
 * A change of a user's e-mail waits here until the new address confirms it through the link sent to it;
 * the old address is told. Only then does `users.email` change.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    newEmail: varchar('new_email', { length: 254 }).notNull(),
    requestedByUserId: integer('requested_by_user_id'),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('email_change_requests_token_hash_key').on(table.tokenHash),
    index('email_change_requests_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * What each user's uploads cost the proof pipeline, one row per accepted upload, so that a user's
 * processing per hour can be capped before any rendering starts.
 */
export const processingUsage = pgTable(
  'processing_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    pages: integer('pages').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('processing_usage_user_idx').on(table.userId, table.createdAt)],
);

export const userNotificationPreferences = pgTable(
  'user_notification_preferences',
  {
    userId: belongsTo('user_id', () => users.id),
    typeNotification: smallint('type_notification').notNull(),
    email: boolean('email').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.userId, table.typeNotification] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The person at the keyboard (the super administrator during an impersonation). */
    actorUserId: integer('actor_user_id'),
    /** Whom the actor was acting as, when impersonating. */
    asUserId: integer('as_user_id'),
    action: varchar('action', { length: 16 }).notNull(),
    resource: varchar('resource', { length: 64 }).notNull(),
    resourceId: varchar('resource_id', { length: 64 }),
    detail: jsonb('detail'),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorUserId, table.createdAt),
    index('audit_log_resource_idx').on(table.resource, table.resourceId),
  ],
);

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    transport: varchar('transport', { length: 16 }).notNull(),
    sentAt: instant('sent_at'),
    error: text('error'),
    /**
     * Set by senders that may run twice (a queue job rerun after a crash or a lost lease): the same
     * key is delivered once. Notification e-mails use `notification:<id>:<address>`.
     */
    idempotencyKey: varchar('idempotency_key', { length: 300 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('outbox_emails_created_at_idx').on(table.createdAt),
    index('outbox_emails_to_idx').on(table.toAddress),
    uniqueIndex('outbox_emails_idempotency_key').on(table.idempotencyKey),
  ],
);

/** Process-wide settings that every API process must agree on (e.g. the generated token secret). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamps.createdAt,
});
