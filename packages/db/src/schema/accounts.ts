import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, instant, timestamps } from './columns';
import { accounts } from './identity';
import { manufacturers } from './manufacturing';

/** Numbers of new account codes (A40001, S40002…); the demo's hand-written codes stay below it. */
export const accountCodeSequence = pgSequence('account_code_seq', { startWith: 40001 });

/** An account's postal addresses: where mail goes, where books ship, where invoices go. */
export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    line1: varchar('line1', { length: 200 }).notNull(),
    line2: varchar('line2', { length: 200 }),
    city: varchar('city', { length: 100 }).notNull(),
    region: varchar('region', { length: 100 }),
    postalCode: varchar('postal_code', { length: 20 }),
    country: varchar('country', { length: 2 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('account_addresses_account_idx').on(table.accountId)],
);

/** The people to reach at an account (not necessarily users of the dashboard). */
export const accountContacts = pgTable(
  'account_contacts',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    name: varchar('name', { length: 200 }).notNull(),
    title: varchar('title', { length: 100 }),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('account_contacts_account_idx').on(table.accountId)],
);

/** What a studio or school configures (/admin/settings); a missing row means every default. */
export const accountSettings = pgTable('account_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  internalReview: boolean('internal_review').notNull().default(false),
  optOutInternalReview: boolean('opt_out_internal_review').notNull().default(false),
  optInAdviserReviewNotes: boolean('opt_in_adviser_review_notes').notNull().default(false),
  /** A partial book specification that new projects of this account (and of its tree) start from. */
  projectDefaults: jsonb('project_defaults').notNull().default(sql`'{}'::jsonb`),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** Which manufacturer prints an account's books, for every book type (null) or for one. */
export const accountManufacturerRelationships = pgTable(
  'account_manufacturer_relationships',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    typeBook: smallint('type_book'),
    notes: text('notes'),
    ...timestamps,
  },
  (table) => [
    unique('account_manufacturer_relationships_key')
      .on(table.accountId, table.manufacturerId, table.typeBook)
      .nullsNotDistinct(),
    index('account_manufacturer_relationships_manufacturer_idx').on(table.manufacturerId),
  ],
);
