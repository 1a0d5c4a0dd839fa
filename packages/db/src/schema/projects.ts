import { sql } from 'drizzle-orm';
import {
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
import { belongsTo, timestamps } from './columns';
import { accounts, users } from './identity';

/** A yearbook project: one book of one account for one year, with its specification (part 3). */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: varchar('name', { length: 200 }).notNull(),
    year: smallint('year').notNull(),
    /** The school year of the agreement signed at sign-up ('2025-2026' or '2024-2025'). */
    agreementYear: varchar('agreement_year', { length: 9 }),
    typeBook: smallint('type_book').notNull(),
    typeSize: smallint('type_size'),
    pageCount: smallint('page_count'),
    typeCover: smallint('type_cover'),
    typeCoverStyle: smallint('type_cover_style'),
    typeCoverBoardWeight: smallint('type_cover_board_weight'),
    coverApplications: smallint('cover_applications').array().notNull().default(sql`'{}'::smallint[]`),
    typeEndsheet: smallint('type_endsheet'),
    typeFinish: smallint('type_finish'),
    typePersonalization: smallint('type_personalization'),
    typeCustomPages: smallint('type_custom_pages'),
    typePrinter: smallint('type_printer'),
    typeSoftware: smallint('type_software'),
    typeCredentialsDestination: smallint('type_credentials_destination'),
    typeCreationKitDestination: smallint('type_creation_kit_destination'),
    typeDock: smallint('type_dock'),
    copies: integer('copies'),
    submissionDeadline: date('submission_deadline', { mode: 'string' }),
    inHomeDate: date('in_home_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('projects_account_year_idx').on(table.accountId, table.year),
    // Covers the overview's join of a year's projects (an index-only scan, no table reads).
    index('projects_year_account_idx').on(table.year, table.accountId, table.isActive, table.id),
    index('projects_submission_deadline_idx').on(table.submissionDeadline),
    index('projects_name_idx').on(table.name),
  ],
);

/** What the school says about its book (theme, cover title, sizes of school and staff, notes). */
export const projectMeta = pgTable('project_meta', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  theme: varchar('theme', { length: 200 }),
  coverTitle: varchar('cover_title', { length: 200 }),
  enrollment: integer('enrollment'),
  staffSize: integer('staff_size'),
  notes: text('notes'),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** The sales side of a project, for studio staff and sales reps only (commission, price, follow-up). */
export const salesRepProjectMeta = pgTable('sales_rep_project_meta', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  commissionPercent: smallint('commission_percent'),
  pricePerBookCents: integer('price_per_book_cents'),
  pricingDesignation: varchar('pricing_designation', { length: 1 }),
  estimatedCopies: integer('estimated_copies'),
  followUpDate: date('follow_up_date', { mode: 'string' }),
  notes: text('notes'),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** A saved book specification to start a project from (/admin/presets). */
export const presets = pgTable(
  'presets',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    name: varchar('name', { length: 120 }).notNull(),
    specification: jsonb('specification').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [uniqueIndex('presets_account_name_key').on(table.accountId, sql`lower(${table.name})`)],
);

/** Users added to a book's layout software by the offline adapter (its record of what it did). */
export const layoutSoftwareUsers = pgTable(
  'layout_software_users',
  {
    id: serial('id').primaryKey(),
    software: smallint('software').notNull(),
    projectId: belongsTo('project_id', () => projects.id),
    accountId: belongsTo('account_id', () => accounts.id),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    externalUserId: varchar('external_user_id', { length: 64 }).notNull(),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [uniqueIndex('layout_software_users_key').on(table.software, table.projectId, sql`lower(${table.email})`)],
);
