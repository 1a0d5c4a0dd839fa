import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, instant, timestamps } from './columns';
import { accounts, users } from './identity';
import { manufacturers, manufacturingPlants } from './manufacturing';
import { projects } from './projects';

/**
 * Proofs, as far as the accounts overview and the widgets need them; the proofs capability extends
 * this table (files, reviewers, comments, processing).
 */
export const proofs = pgTable(
  'proofs',
  {
    id: serial('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    status: smallint('status').notNull().default(1),
    internalStatus: smallint('internal_status'),
    createdAt: timestamps.createdAt,
    // The proofs capability (issue 4): the file, the round, processing, the decision.
    /** The `queue_uploads` job that created the proof: the handler's idempotency key. */
    uploadJobId: bigint('upload_job_id', { mode: 'number' }),
    /** 1 for a project's first proof, then one more per upload. */
    roundNumber: integer('round_number').notNull().default(1),
    kind: varchar('kind', { length: 10 }).notNull().default('pages'),
    fileKey: varchar('file_key', { length: 300 }),
    uploadedBy: integer('uploaded_by'),
    /** 0 queued, 1 processing, 2 processed, 3 failed (the pipeline's state, not the review's). */
    processingStatus: smallint('processing_status').notNull().default(0),
    pageCount: integer('page_count'),
    /**
     * While processing: how many pages are drawn and checked so far (of `page_count`), written in
     * batches as the pipeline goes so the upload and proof pages can show it; null before it starts.
     */
    pagesDone: integer('pages_done'),
    manifestKey: varchar('manifest_key', { length: 300 }),
    /** `summarize()` of the findings: counts, pages with errors, passed. */
    summary: jsonb('summary'),
    processingError: text('processing_error'),
    processedAt: instant('processed_at'),
    decidedAt: instant('decided_at'),
    decidedBy: integer('decided_by'),
    rejectReason: text('reject_reason'),
    /** Set by a rejection: the school may edit the book again (part 4). */
    unlockedForEdits: boolean('unlocked_for_edits').notNull().default(false),
    /** The cover image chosen for the proof (`POST proof_cover_image`): a file-store key. */
    coverImageKey: varchar('cover_image_key', { length: 300 }),
    /** The fixed-layout EPUB 3 built from the page images after approval (the `queue_epubs` worker). */
    epubKey: varchar('epub_key', { length: 300 }),
    epubCreatedAt: instant('epub_created_at'),
    updatedAt: timestamps.updatedAt,
  },
  // The latest proof of a project, and its status, from the index alone (the accounts overview).
  (table) => [
    index('proofs_project_latest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.status,
    ),
    uniqueIndex('proofs_upload_job_key').on(table.uploadJobId),
  ],
);

/**
 * Orders to the printing plants: the display fields of part 3 (their account's parent's
 * `bMustPayBeforeProduction` is on accounts), where the order stands (manufacturer, plant, job ticket)
 * and when it moved. `account_id` repeats the project's account so the Order Status list (a million
 * rows) filters and sorts by tenant from one index.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    projectId: belongsTo('project_id', () => projects.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The approved proof the order was placed from (null for orders made by the plant side). */
    proofId: integer('proof_id').references((): AnyPgColumn => proofs.id, { onDelete: 'set null' }),
    externalId: varchar('external_id', { length: 64 }),
    status: smallint('status').notNull().default(0),
    typeOrder: smallint('type_order').notNull().default(1),
    shippingMethod: varchar('shipping_method', { length: 8 }),
    bCombineCopies: boolean('b_combine_copies').notNull().default(false),
    /** The school's copies; `count_extras` are the studio's extra copies. */
    copies: integer('copies').notNull().default(0),
    countExtras: integer('count_extras').notNull().default(0),
    schoolTracking: varchar('school_tracking', { length: 100 }),
    studioTracking: varchar('studio_tracking', { length: 100 }),
    typeProduct: smallint('type_product').notNull().default(1),
    typeSubProduct: smallint('type_sub_product').notNull().default(0),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    plantId: integer('plant_id').references(() => manufacturingPlants.id),
    isExpedited: boolean('is_expedited').notNull().default(false),
    /** The date the books must leave the plant: submission plus the manufacturer's turn time. */
    shipBy: date('ship_by', { mode: 'string' }),
    /** The job ticket as last edited in the order admin; null: built from the order as it stands. */
    xml: text('xml'),
    xmlUpdatedAt: instant('xml_updated_at'),
    placedByUserId: integer('placed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the order last went to its plant (the `queue_moves` worker), and how often it went. */
    sentAt: instant('sent_at'),
    sendCount: integer('send_count').notNull().default(0),
    /** The plant's clock of its last postback applied: an older report does not undo a newer one. */
    plantReportedAt: instant('plant_reported_at'),
    submittedAt: instant('submitted_at'),
    shippedAt: instant('shipped_at'),
    deliveredAt: instant('delivered_at'),
    ...timestamps,
  },
  (table) => [
    // The latest order of a project, its status and submission, from the index alone (the accounts overview).
    index('orders_project_latest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.status,
      table.submittedAt,
    ),
    // Order Status, newest first (with a status filter): a page's ids from the index alone, the
    // account in the key so a tree's scope is checked without reading the table.
    index('orders_status_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.accountId,
    ),
    index('orders_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.accountId,
      table.status,
    ),
    index('orders_account_created_idx').on(
      table.accountId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('orders_manufacturer_idx').on(table.manufacturerId, table.createdAt.desc().nullsFirst()),
    uniqueIndex('orders_external_id_key').on(table.externalId),
    index('orders_proof_idx').on(table.proofId),
  ],
);

/**
 * An account's online store for one year (the `stores` resource): whether it is open, its public
 * address and its selling dates (the marketing timeline reads them). The overview reads `is_open`.
 */
export const storeStatuses = pgTable(
  'store_statuses',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    year: smallint('year').notNull(),
    isOpen: boolean('is_open').notNull().default(false),
    /** The storefront's address, `/store/<slug>`; unique over every store. */
    slug: varchar('slug', { length: 80 }),
    title: varchar('title', { length: 200 }),
    welcomeText: text('welcome_text'),
    /** The selling season, and the summer single-book window after it. */
    opensOn: date('opens_on', { mode: 'string' }),
    closesOn: date('closes_on', { mode: 'string' }),
    summerOpensOn: date('summer_opens_on', { mode: 'string' }),
    summerClosesOn: date('summer_closes_on', { mode: 'string' }),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (table) => [
    uniqueIndex('store_statuses_account_year_key').on(table.accountId, table.year),
    uniqueIndex('store_statuses_slug_key').on(table.slug),
  ],
);
