import { bigint, index, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';

/**
 * A resumable upload of one large file in parts (local disk or an S3 multipart upload): the browser
 * asks which parts the store already holds and sends only the rest, so a dropped connection costs
 * one part, not the file.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileKey: varchar('file_key', { length: 300 }).notNull().unique(),
    userId: integer('user_id').notNull(),
    accountId: integer('account_id').notNull(),
    projectId: integer('project_id'),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    partSize: integer('part_size').notNull(),
    partCount: integer('part_count').notNull(),
    /** The store's own id of the multipart upload (S3 `UploadId`); null on local disk. */
    storeUploadId: varchar('store_upload_id', { length: 1024 }),
    /** 'open', 'complete' or 'aborted'. */
    status: varchar('status', { length: 12 }).notNull().default('open'),
    createdAt: timestamps.createdAt,
    expiresAt: instant('expires_at').notNull(),
    completedAt: instant('completed_at'),
  },
  (table) => [index('upload_sessions_user_idx').on(table.userId, table.status, table.createdAt)],
);

export const uploadSessionParts = pgTable(
  'upload_session_parts',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => uploadSessions.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    etag: varchar('etag', { length: 200 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.partNumber] })],
);
