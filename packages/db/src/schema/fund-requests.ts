import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';
import { accounts, users } from './identity';

/**
 * A school's request to be paid what its online store collected (issue 13): bulk presale funds
 * (`fund_requests`), summer single-book funds (`summer_fund_requests`) or the sales tax collected
 * (`sales_tax_requests`). One table, `kind` telling which: the three resources and the money
 * timeline read the same rows. Status of part 3: 0 Waiting, 2 Complete.
 */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: serial('id').primaryKey(),
    /** 'presale', 'summer' or 'sales_tax' (the domain's `fundRequestKinds`). */
    kind: varchar('kind', { length: 12 }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The store year the money was collected in. */
    year: smallint('year').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    /** The client's key: the same request sent twice (a double click) is one request. */
    requestKey: varchar('request_key', { length: 100 }),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How it was paid (studio payment codes of the domain's `studioPayment`) and its reference. */
    paymentMethod: varchar('payment_method', { length: 30 }),
    paymentReference: varchar('payment_reference', { length: 100 }),
    completedAt: instant('completed_at'),
    completedByUserId: integer('completed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('fund_requests_key').on(table.accountId, table.kind, table.requestKey),
    index('fund_requests_kind_account_idx').on(table.kind, table.accountId, table.year, table.status),
    index('fund_requests_kind_created_idx').on(
      table.kind,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The money timeline's payouts of one account, in time (migration 0019).
    index('fund_requests_account_completed_idx').on(table.accountId, table.completedAt).where(sql`${table.status} = 2`),
    check('fund_requests_amount_check', sql`${table.amountCents} > 0`),
    check('fund_requests_status_check', sql`${table.status} in (0, 2)`),
    check('fund_requests_kind_check', sql`${table.kind} in ('presale', 'summer', 'sales_tax')`),
  ],
);

/**
 * What the paid online orders collected for each kind of request, per account, store year and slot
 * (the fund and sales-tax overviews): the orders that gave the kind anything, collected (its part with
 * its share of the fee), the fee's and the refund's shares, each order computed on its own as the
 * domain's `orderShares` does. Kept by the triggers of migration 0023 on online_orders and
 * online_order_items (never written by the application); `colophon_fund_collected_refill()` rebuilds
 * it from those tables.
 */
export const fundCollectedYearly = pgTable(
  'fund_collected_yearly',
  {
    accountId: integer('account_id').notNull(),
    year: smallint('year').notNull(),
    /** One of up to 16 rows of the school-year (the writing connection's): the overviews sum them. */
    slot: smallint('slot').notNull().default(0),
    presaleOrders: integer('presale_orders').notNull().default(0),
    presaleCollectedCents: bigint('presale_collected_cents', { mode: 'number' }).notNull().default(0),
    presaleFeesCents: bigint('presale_fees_cents', { mode: 'number' }).notNull().default(0),
    presaleRefundedCents: bigint('presale_refunded_cents', { mode: 'number' }).notNull().default(0),
    summerOrders: integer('summer_orders').notNull().default(0),
    summerCollectedCents: bigint('summer_collected_cents', { mode: 'number' }).notNull().default(0),
    summerFeesCents: bigint('summer_fees_cents', { mode: 'number' }).notNull().default(0),
    summerRefundedCents: bigint('summer_refunded_cents', { mode: 'number' }).notNull().default(0),
    taxOrders: integer('tax_orders').notNull().default(0),
    taxCollectedCents: bigint('tax_collected_cents', { mode: 'number' }).notNull().default(0),
    taxFeesCents: bigint('tax_fees_cents', { mode: 'number' }).notNull().default(0),
    taxRefundedCents: bigint('tax_refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.year, table.slot] }),
    index('fund_collected_yearly_year_idx').on(table.year),
  ],
);
