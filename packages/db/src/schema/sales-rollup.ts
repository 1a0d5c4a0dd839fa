import { integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * The sales reports' weekly rollup (revenue_overview, year_to_year_sales_comparison): per account,
 * store year and week of the paid instant (in slots), what the paid items and paid orders add up to. Kept by
 * the triggers of migration 0014 on online_order_items and online_orders (never written by the
 * application); `colophon_online_sales_weekly_refill()` rebuilds it from those tables.
 */
export const onlineSalesWeekly = pgTable(
  'online_sales_weekly',
  {
    accountId: integer('account_id').notNull(),
    year: smallint('year').notNull(),
    /** Weeks since the Monday 1969-12-29 (UTC) of the paid instant: the reports' week. */
    week: integer('week').notNull(),
    /**
     * One of up to 16 rows of the week (the writing connection's): the reports sum them, so
     * concurrent checkouts of one school in one week do not all wait on one row.
     */
    slot: smallint('slot').notNull().default(0),
    /** Paid items (lines): a week with none and no paid order is not shown. */
    itemLines: integer('item_lines').notNull().default(0),
    itemsCents: integer('items_cents').notNull().default(0),
    books: integer('books').notNull().default(0),
    personalized: integer('personalized').notNull().default(0),
    ads: integer('ads').notNull().default(0),
    textDedications: integer('text_dedications').notNull().default(0),
    donated: integer('donated').notNull().default(0),
    /** Paid orders (a refund in full leaves the order paid, its items not). */
    orders: integer('orders').notNull().default(0),
    grossCents: integer('gross_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.year, table.week, table.slot] })],
);
