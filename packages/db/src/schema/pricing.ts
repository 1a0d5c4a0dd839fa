import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { accounts } from './identity';

/*
 * Price lists (issue 13): what a studio charges for a book, by designation (A to S of part 3) and
 * year, and each account's designation and adjustments. Every amount is integer cents (never
 * negative); percentages are basis points. The quote (`@colophon/domain` quoteBook) reads them.
 */

const designationCheck = (column: unknown) => sql`${column} ~ '^[A-S]$'`;

/** An account's price list for a year: its designation (K to P carry a commission tier). */
export const customerPricings = pgTable(
  'customer_pricings',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    year: smallint('year').notNull(),
    designation: varchar('designation', { length: 1 }).notNull(),
    notes: text('notes'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customer_pricings_account_year_key').on(table.accountId, table.year),
    index('customer_pricings_year_idx').on(table.year, table.designation),
    check('customer_pricings_designation_check', designationCheck(table.designation)),
  ],
);

/** The price of a book of a designation's year: by binding, size and page-count bracket. */
export const bindingPrices = pgTable(
  'binding_prices',
  {
    id: serial('id').primaryKey(),
    designation: varchar('designation', { length: 1 }).notNull(),
    year: smallint('year').notNull(),
    typeBook: smallint('type_book').notNull(),
    typeSize: smallint('type_size').notNull(),
    pageMin: smallint('page_min').notNull(),
    pageMax: smallint('page_max').notNull(),
    perBookCents: integer('per_book_cents').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('binding_prices_bracket_key').on(
      table.designation,
      table.year,
      table.typeBook,
      table.typeSize,
      table.pageMin,
    ),
    check('binding_prices_designation_check', designationCheck(table.designation)),
    check(
      'binding_prices_values_check',
      sql`${table.perBookCents} >= 0 and ${table.pageMin} > 0 and ${table.pageMin} <= ${table.pageMax}`,
    ),
  ],
);

/**
 * An account's adjustment of a year (part 3's types): 1 per book and 2 total dollar take
 * `amount_cents`, 3 percentage of invoice `basis_points`, 4 free books `free_books`; any may set the
 * account's commission tier (0 to 25 %).
 */
export const pricingAdjustments = pgTable(
  'pricing_adjustments',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    year: smallint('year').notNull(),
    typeAdjustment: smallint('type_adjustment').notNull(),
    amountCents: integer('amount_cents'),
    basisPoints: integer('basis_points'),
    freeBooks: integer('free_books'),
    commissionPercent: smallint('commission_percent'),
    reason: varchar('reason', { length: 200 }),
    ...timestamps,
  },
  (table) => [
    index('pricing_adjustments_account_year_idx').on(table.accountId, table.year),
    index('pricing_adjustments_year_idx').on(table.year, table.id),
    check(
      'pricing_adjustments_values_check',
      sql`${table.typeAdjustment} between 0 and 4 and coalesce(${table.amountCents}, 0) >= 0 and coalesce(${table.basisPoints}, 0) between 0 and 10000 and coalesce(${table.freeBooks}, 0) >= 0 and coalesce(${table.commissionPercent}, 0) in (0, 5, 10, 15, 20, 25)`,
    ),
  ],
);

/** A per-book charge of shipping to homes besides the postage (handling, the mailer), by year. */
export const shipToHomePrices = pgTable(
  'ship_to_home_prices',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    product: varchar('product', { length: 40 }).notNull(),
    label: varchar('label', { length: 100 }).notNull(),
    cents: integer('cents').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('ship_to_home_prices_year_product_key').on(table.year, table.product),
    check('ship_to_home_prices_cents_check', sql`${table.cents} >= 0`),
  ],
);

/** The postage of one book shipped to a home: by year, binding, size and page-count bracket. */
export const shipToHomeShippingPrices = pgTable(
  'ship_to_home_shipping_prices',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    typeBook: smallint('type_book').notNull(),
    typeSize: smallint('type_size').notNull(),
    pageMin: smallint('page_min').notNull(),
    pageMax: smallint('page_max').notNull(),
    cents: integer('cents').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('ship_to_home_shipping_prices_bracket_key').on(
      table.year,
      table.typeBook,
      table.typeSize,
      table.pageMin,
    ),
    check(
      'ship_to_home_shipping_prices_values_check',
      sql`${table.cents} >= 0 and ${table.pageMin} > 0 and ${table.pageMin} <= ${table.pageMax}`,
    ),
  ],
);

/** The price of an option of the specification (`type_items`: cover type, finish, …; `code`: its code). */
export const pricingItems = pgTable(
  'pricing_items',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    typeItems: smallint('type_items').notNull(),
    code: smallint('code').notNull(),
    label: varchar('label', { length: 100 }).notNull(),
    unitCents: integer('unit_cents').notNull(),
    /** 'book' (each copy) or 'order' (once). */
    per: varchar('per', { length: 5 }).notNull().default('book'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('pricing_items_year_type_code_key').on(table.year, table.typeItems, table.code),
    check('pricing_items_values_check', sql`${table.unitCents} >= 0 and ${table.per} in ('book', 'order')`),
  ],
);

/** Bulk shipping to the school: per book, by year, size and copies bracket. */
export const shippingPrices = pgTable(
  'shipping_prices',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    typeSize: smallint('type_size').notNull(),
    copiesMin: integer('copies_min').notNull(),
    copiesMax: integer('copies_max').notNull(),
    perBookCents: integer('per_book_cents').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('shipping_prices_bracket_key').on(table.year, table.typeSize, table.copiesMin),
    check(
      'shipping_prices_values_check',
      sql`${table.perBookCents} >= 0 and ${table.copiesMin} > 0 and ${table.copiesMin} <= ${table.copiesMax}`,
    ),
  ],
);

/** The designation of a year's direct-to-school accounts, and of any account without its own pricing. */
export const directSchoolPricings = pgTable(
  'direct_school_pricings',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    designation: varchar('designation', { length: 1 }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('direct_school_pricings_year_key').on(table.year),
    check('direct_school_pricings_designation_check', designationCheck(table.designation)),
  ],
);
