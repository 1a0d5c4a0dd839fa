import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { storeStatuses } from './production';

/*
 * Online stores (issue 12): what a store sells, at what price over time, the coupons, the parents'
 * orders and their items, and every movement of money through the payments adapter. Amounts are
 * integer cents.
 */

/** Something a store sells: a yearbook, an ad, a text dedication, personalization, custom pages… (part 3). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    storeId: belongsTo('store_id', () => storeStatuses.id),
    /** Product type and sub type of part 3. */
    typeProduct: smallint('type_product').notNull(),
    typeSubProduct: smallint('type_sub_product').notNull().default(0),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description'),
    /** Product shipping of part 3: 0 digital only, 1 bulk to home or school, 2 summer single book. */
    typeShipping: smallint('type_shipping').notNull().default(1),
    /** Dedication ad size of part 3 (ads only). */
    adSize: smallint('ad_size'),
    /** Envelope of part 3. */
    typeEnvelope: smallint('type_envelope').notNull().default(0),
    /** The personalization a yearbook offers (part 3's codes: 1 name, 2 name and photo, 4 name and icons). */
    typePersonalization: smallint('type_personalization'),
    /** The price of the personalization on top of the book's, in cents. */
    personalizationPriceCents: integer('personalization_price_cents'),
    imageKey: varchar('image_key', { length: 300 }),
    /** A yearbook a parent may also buy for another student (a donated book). */
    allowsDonation: boolean('allows_donation').notNull().default(false),
    maxPerOrder: integer('max_per_order'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [index('products_store_idx').on(table.storeId, table.sortOrder, table.id)],
);

/** A product's price from a moment on (until the next price, or `ends_at`): prices change over a season. */
export const productPrices = pgTable(
  'product_prices',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    priceCents: integer('price_cents').notNull(),
    startsAt: instant('starts_at').notNull().defaultNow(),
    endsAt: instant('ends_at'),
    ...timestamps,
  },
  (table) => [index('product_prices_product_idx').on(table.productId, table.startsAt.desc().nullsFirst())],
);

/** A store coupon (the `discounts` resource): percentage or dollars off, for a school year, with limits. */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    /** Kept upper case: parents type codes in any case. */
    code: varchar('code', { length: 40 }).notNull(),
    description: varchar('description', { length: 200 }),
    /** Discount type of part 3: 1 percentage, 2 dollar. */
    typeDiscount: smallint('type_discount').notNull(),
    /** Basis points for a percentage (1000 = 10 %), cents for dollars. */
    amount: integer('amount').notNull(),
    /** The discount year of part 3, '2025-2026'. */
    year: varchar('year', { length: 9 }).notNull(),
    maxUses: integer('max_uses'),
    timesUsed: integer('times_used').notNull().default(0),
    minimumOrderCents: integer('minimum_order_cents'),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [uniqueIndex('discounts_account_year_code_key').on(table.accountId, table.year, table.code)],
);

/**
 * A parent's order in an online store, or a cash or check order entered by school staff. Its totals
 * are fixed at checkout; refunds add up in `refunded_cents`, never past `total_cents`.
 */
export const onlineOrders = pgTable(
  'online_orders',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => storeStatuses.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    year: smallint('year').notNull(),
    /** The number on the receipt, `W26-000123`. */
    orderNumber: varchar('order_number', { length: 20 }).notNull(),
    /** 'pending' (awaiting the card), 'paid', 'failed', 'partially_refunded', 'refunded', 'canceled'. */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** Online order payment of part 3: 2 credit card, 3 check, 4 cash. */
    typePayment: smallint('type_payment').notNull(),
    /** Online order shipping of part 3: 0 digital, 1 bulk to school, 2 summer single, 3 bulk to home. */
    typeShipping: smallint('type_shipping').notNull(),
    parentName: varchar('parent_name', { length: 200 }).notNull(),
    parentEmail: varchar('parent_email', { length: 254 }).notNull(),
    parentPhone: varchar('parent_phone', { length: 40 }),
    studentFirstName: varchar('student_first_name', { length: 100 }),
    studentLastName: varchar('student_last_name', { length: 100 }),
    grade: varchar('grade', { length: 4 }),
    homeroom: varchar('homeroom', { length: 100 }),
    /** Ship-to-home address (shipping 2 or 3). */
    shipTo: jsonb('ship_to'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    discountId: integer('discount_id').references(() => discounts.id),
    /** The sales tax applied: its ZIP and rate in basis points (825 = 8.25 %). */
    taxZip: varchar('tax_zip', { length: 10 }),
    taxRateBasisPoints: integer('tax_rate_basis_points'),
    /** The storefront's idempotency key: the same checkout sent twice makes one order. */
    checkoutKey: varchar('checkout_key', { length: 100 }),
    /** The payments adapter's payment (a Stripe PaymentIntent id, or the embedded default's). */
    paymentIntentId: varchar('payment_intent_id', { length: 100 }),
    /** A cash or check order's staff member. */
    enteredByUserId: integer('entered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    checkNumber: varchar('check_number', { length: 40 }),
    paidAt: instant('paid_at'),
    receiptSentAt: instant('receipt_sent_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('online_orders_number_key').on(table.orderNumber),
    uniqueIndex('online_orders_checkout_key').on(table.checkoutKey),
    uniqueIndex('online_orders_payment_intent_key').on(table.paymentIntentId),
    index('online_orders_account_created_idx').on(
      table.accountId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('online_orders_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('online_orders_year_account_idx').on(table.year, table.accountId, table.status),
    index('online_orders_store_idx').on(table.storeId, table.createdAt.desc().nullsFirst()),
    index('online_orders_email_idx').on(sql`lower(${table.parentEmail})`),
    // The money timeline's paid orders and card fees of one account, in time (migration 0019).
    index('online_orders_account_paid_idx').on(table.accountId, table.paidAt).where(sql`${table.paidAt} is not null`),
  ],
);

/**
 * One line of an online order. The account, year and paid instant are copied from the order at
 * checkout (they never change) so the sales reports aggregate a million items from one table.
 */
export const onlineOrderItems = pgTable(
  'online_order_items',
  {
    id: serial('id').primaryKey(),
    onlineOrderId: belongsTo('online_order_id', () => onlineOrders.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    year: smallint('year').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    typeProduct: smallint('type_product').notNull(),
    typeSubProduct: smallint('type_sub_product').notNull().default(0),
    /** Online order shipping of part 3, for this line. */
    typeShipping: smallint('type_shipping').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /**
     * What refunds gave back of this line (the sum of its `online_refund_lines`), never past its
     * total. A line refunded in full leaves the reports as a whole order's does (`paid_at` cleared).
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Personalization (part 3's codes) and what it prints. */
    typePersonalization: smallint('type_personalization'),
    personalizationName: varchar('personalization_name', { length: 40 }),
    personalizationIcons: varchar('personalization_icons', { length: 100 }),
    personalizationPhotoKey: varchar('personalization_photo_key', { length: 300 }),
    /** Custom parent pages: 2 or 4. */
    customPages: smallint('custom_pages'),
    adSize: smallint('ad_size'),
    adImageKey: varchar('ad_image_key', { length: 300 }),
    dedicationText: text('dedication_text'),
    /** A book bought for another student. */
    isDonated: boolean('is_donated').notNull().default(false),
    /** Distribution day: who handed it out, and when. */
    distributedAt: instant('distributed_at'),
    distributedByUserId: integer('distributed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The last distribution mark applied (handed out or undone): its device time and its id. A mark
     * replayed from a phone that was offline applies only if it is later (last write wins), and the
     * same mark twice changes nothing.
     */
    distributionMarkedAt: instant('distribution_marked_at'),
    distributionMarkId: varchar('distribution_mark_id', { length: 64 }),
    /** Copied from the order: paid (and not refunded in full) items count in the reports. */
    paidAt: instant('paid_at'),
    ...timestamps,
  },
  (table) => [
    index('online_order_items_order_idx').on(table.onlineOrderId),
    index('online_order_items_report_idx').on(
      table.year,
      table.accountId,
      table.typeProduct,
      table.paidAt,
      table.totalCents,
      table.quantity,
      table.refundedCents,
    ),
    index('online_order_items_product_idx').on(table.productId),
    check(
      'online_order_items_refunded_check',
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= greatest(${table.totalCents}, 0)`,
    ),
  ],
);

/**
 * Every movement of money through the payments adapter: a charge or a refund, keyed by its
 * idempotency key so that the same request twice moves money once.
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    onlineOrderId: belongsTo('online_order_id', () => onlineOrders.id),
    /** 'charge' or 'refund'. */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** 'stripe', 'embedded' (the offline default), 'cash', 'check'. */
    provider: varchar('provider', { length: 20 }).notNull(),
    /** The provider's id (PaymentIntent, Refund). */
    providerRef: varchar('provider_ref', { length: 100 }),
    amountCents: integer('amount_cents').notNull(),
    /** 'pending', 'succeeded', 'failed'. */
    status: varchar('status', { length: 20 }).notNull(),
    failureMessage: text('failure_message'),
    idempotencyKey: varchar('idempotency_key', { length: 150 }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('online_payments_idempotency_key').on(table.idempotencyKey),
    index('online_payments_order_idx').on(table.onlineOrderId, table.createdAt),
    // The money timeline's refunds: a probe per paid order finds only refunds that moved money.
    index('online_payments_refunds_idx')
      .on(table.onlineOrderId, table.createdAt)
      .where(sql`${table.kind} = 'refund' and ${table.status} = 'succeeded'`),
  ],
);

/**
 * What one refund (an `online_payments` row of kind 'refund') gave back of each line it refunded: a
 * refund of chosen lines, or a refund in full for the rest of every line. A refund of an amount alone
 * names no line. A card refund the provider refuses takes its lines' amounts back.
 */
export const onlineRefundLines = pgTable(
  'online_refund_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    onlinePaymentId: bigint('online_payment_id', { mode: 'number' })
      .notNull()
      .references(() => onlinePayments.id, { onDelete: 'cascade' }),
    onlineOrderItemId: belongsTo('online_order_item_id', () => onlineOrderItems.id),
    amountCents: integer('amount_cents').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('online_refund_lines_key').on(table.onlinePaymentId, table.onlineOrderItemId),
    index('online_refund_lines_item_idx').on(table.onlineOrderItemId),
  ],
);

/** The payment provider's webhook events, by their own id: each is processed once. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    eventId: varchar('event_id', { length: 100 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** What processing it did ('paid', 'failed', 'ignored', …). */
    outcome: varchar('outcome', { length: 40 }),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_webhook_events_key').on(table.provider, table.eventId)],
);
