import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { orders } from './production';
import { projects } from './projects';

/**
 * Invoices (issue 11 made the table for ordering's pay-first rule; issue 13 makes it the studio's
 * bill): lines, adjustments, tax and the money received. `status` is 'draft', 'open', 'paid' or
 * 'void'; a partly paid invoice stays open with `paid_cents` above zero, and a refund reopens a paid
 * one. `balance = total − paid + refunded` is never stored: it is read from these three.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Our invoice number, 'INV-000123', given when the invoice leaves draft. */
    number: varchar('number', { length: 20 }),
    /** Invoice product type of part 3 (1 School Yearbooks…). */
    typeProduct: smallint('type_product').notNull().default(1),
    /** 'draft', 'open', 'paid' or 'void'. */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** Sum of the lines before adjustments. */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    /** Sum of the adjustment lines (negative for discounts). */
    adjustmentsCents: integer('adjustments_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The sales tax rate, in basis points (625 = 6.25 %), applied once to the lines' sum. */
    taxBasisPoints: integer('tax_basis_points').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** Money received and kept: succeeded payments. */
    paidCents: integer('paid_cents').notNull().default(0),
    /** Money given back out of `paid_cents`. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The school year the invoice bills (the project's year when made from an order). */
    year: smallint('year'),
    dueOn: varchar('due_on', { length: 10 }),
    notes: text('notes'),
    issuedAt: instant('issued_at'),
    paidAt: instant('paid_at'),
    voidedAt: instant('voided_at'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('invoices_order_idx').on(table.orderId),
    index('invoices_account_idx').on(table.accountId, table.createdAt.desc().nullsFirst()),
    index('invoices_status_idx').on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('invoices_project_idx').on(table.projectId),
    uniqueIndex('invoices_number_key').on(table.number),
    // The money timeline's invoices issued and voided of one account, in time (migration 0019).
    index('invoices_account_issued_idx').on(table.accountId, table.issuedAt).where(sql`${table.issuedAt} is not null`),
    index('invoices_account_voided_idx').on(table.accountId, table.voidedAt).where(sql`${table.voidedAt} is not null`),
    check('invoices_tax_basis_points_check', sql`${table.taxBasisPoints} between 0 and 10000`),
    check(
      'invoices_amounts_check',
      sql`${table.paidCents} >= 0 and ${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.paidCents} and ${table.taxCents} >= 0 and ${table.subtotalCents} >= 0`,
    ),
  ],
);

/**
 * An invoice's lines, in order: the quote's lines when the invoice was made from an order (the same
 * function prices both), or lines typed by hand. `kind` is the quote line kind ('book', 'extra',
 * 'shipping', 'adjustment', 'commission', 'tax', 'manual').
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: belongsTo('invoice_id', () => invoices.id),
    position: smallint('position').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [uniqueIndex('invoice_lines_position_key').on(table.invoiceId, table.position)],
);

/**
 * The account's customer at the card payment provider ('cus_…' at Stripe; the embedded default's
 * 'emb_cus_…'): one per account and provider, made the first time a card is stored.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    provider: varchar('provider', { length: 20 }).notNull(),
    customerRef: varchar('customer_ref', { length: 100 }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payment_customers_account_provider_key').on(table.accountId, table.provider),
    uniqueIndex('payment_customers_ref_key').on(table.provider, table.customerRef),
  ],
);

/**
 * Stored payment cards (the `stripe_cards` resource). Only the provider's token, the brand, the last
 * four digits and the expiry are kept: never a card number.
 */
export const storedCards = pgTable(
  'stripe_cards',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** The provider's customer ('cus_…'). */
    customerRef: varchar('customer_ref', { length: 100 }).notNull(),
    /** The provider's saved card ('pm_…'). */
    cardRef: varchar('card_ref', { length: 100 }).notNull(),
    /** `cardBrand` codes: visa, mastercard, amex, discover. */
    brand: varchar('brand', { length: 20 }).notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('stripe_cards_card_ref_key').on(table.provider, table.cardRef),
    index('stripe_cards_account_idx').on(table.accountId, table.createdAt.desc().nullsFirst()),
    // At most one default card per account.
    uniqueIndex('stripe_cards_default_key').on(table.accountId).where(sql`is_default`),
    check('stripe_cards_last4_check', sql`${table.last4} ~ '^[0-9]{4}$'`),
    check(
      'stripe_cards_expiry_check',
      sql`${table.expMonth} between 1 and 12 and ${table.expYear} between 2000 and 2100`,
    ),
  ],
);

/**
 * Every movement of money on an invoice: a card charge, a recorded ACH, check or online-sales-credit
 * payment, or a refund. Keyed by its idempotency key, so the same charge sent twice moves money
 * once. `method` is a `studioPayment` code; `kind` 'payment' or 'refund'; `status` 'pending',
 * 'succeeded' or 'failed'.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: belongsTo('invoice_id', () => invoices.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    method: varchar('method', { length: 30 }).notNull(),
    /** 'stripe', 'embedded' for cards; 'manual' for what a person recorded. */
    provider: varchar('provider', { length: 20 }).notNull(),
    providerRef: varchar('provider_ref', { length: 100 }),
    cardId: integer('card_id').references(() => storedCards.id, { onDelete: 'set null' }),
    /** The card as it was when charged ('visa •••• 4242'), kept when the card is removed. */
    cardLabel: varchar('card_label', { length: 60 }),
    amountCents: integer('amount_cents').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    failureMessage: text('failure_message'),
    /** A check number, an ACH trace, a note. */
    reference: varchar('reference', { length: 200 }),
    idempotencyKey: varchar('idempotency_key', { length: 150 }).notNull(),
    /** For a refund: the payment it gives back. */
    refundOfId: integer('refund_of_id'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invoice_payments_idempotency_key').on(table.idempotencyKey),
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.createdAt),
    index('invoice_payments_provider_ref_idx').on(table.providerRef),
    check('invoice_payments_amount_check', sql`${table.amountCents} > 0`),
  ],
);

/**
 * An invoice in the accounting system (the `quickbooks_invoices` resource): one row per invoice,
 * written by the `queue_accounting` worker. `status` 'pending', 'synced' or 'failed'.
 */
export const accountingInvoices = pgTable(
  'quickbooks_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceId: belongsTo('invoice_id', () => invoices.id),
    accountId: belongsTo('account_id', () => accounts.id),
    /** 'quickbooks' or 'embedded' (the offline default). */
    provider: varchar('provider', { length: 20 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** The accounting system's id and document number. */
    externalId: varchar('external_id', { length: 100 }),
    docNumber: varchar('doc_number', { length: 40 }),
    /** Its balance and status as the accounting system last reported them. */
    externalBalanceCents: integer('external_balance_cents'),
    externalStatus: varchar('external_status', { length: 40 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    syncedAt: instant('synced_at'),
    /** What was sent, for support (amounts and lines, never card data). */
    snapshot: jsonb('snapshot'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('quickbooks_invoices_invoice_key').on(table.invoiceId),
    index('quickbooks_invoices_status_idx').on(table.status, table.updatedAt.desc().nullsFirst()),
    index('quickbooks_invoices_account_idx').on(table.accountId),
  ],
);

/**
 * A refund of an invoice as booked in the accounting system (a QuickBooks RefundReceipt, or the
 * embedded books' numbered credit): one row per refund and provider, written by the
 * `queue_accounting` worker once the books hold it, so a retried job never books it twice.
 */
export const accountingCredits = pgTable(
  'accounting_credits',
  {
    id: serial('id').primaryKey(),
    invoiceId: belongsTo('invoice_id', () => invoices.id),
    /** The `invoice_payments` row of kind 'refund' this books. */
    refundId: bigint('refund_id', { mode: 'number' })
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    externalId: varchar('external_id', { length: 100 }).notNull(),
    docNumber: varchar('doc_number', { length: 40 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    bookedAt: instant('booked_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounting_credits_refund_key').on(table.refundId, table.provider),
    index('accounting_credits_invoice_idx').on(table.invoiceId, table.bookedAt),
    check('accounting_credits_amount_check', sql`${table.amountCents} > 0`),
  ],
);

/** The accounting provider's OAuth tokens (QuickBooks Online), refreshed by the adapter. One row. */
export const accountingConnections = pgTable('accounting_connections', {
  id: serial('id').primaryKey(),
  provider: varchar('provider', { length: 20 }).notNull().unique(),
  realmId: varchar('realm_id', { length: 50 }),
  /** Encrypted at rest with the app's secret (see the adapter). */
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  accessTokenExpiresAt: instant('access_token_expires_at'),
  refreshTokenExpiresAt: instant('refresh_token_expires_at'),
  /** When a super administrator connected the company ("Connect QuickBooks"), and who. */
  connectedAt: instant('connected_at'),
  connectedById: integer('connected_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** The last refresh of the access token. */
  refreshedAt: instant('refreshed_at'),
  ...timestamps,
});
