import {
  bigserial,
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
import { users } from './identity';
import { manufacturers } from './manufacturing';
import { orders } from './production';

/**
 * An order's timeline: one line per thing that happened to it (placed, sent to the plant, a status
 * the plant or a person set, a tracking number, a move, a job-ticket edit), never changed afterwards.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    /** `orderEventKind` of the domain package. */
    kind: varchar('kind', { length: 20 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    /** The reason a person gave, or what the plant said. */
    message: text('message'),
    /** 'user', 'plant' or 'system'. */
    source: varchar('source', { length: 10 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt, table.id)],
);

/** A box or pallet on its way: the school's or the studio's copies, with the carrier's tracking number. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    /** Order and shipment status of part 3 (2 Shipped, 3 Delivered, 12 Lost in Transit…). */
    status: smallint('status').notNull().default(2),
    /** 1 the school's copies, 2 the studio's extras (the notification's `typeTrackingNumber`). */
    typeTrackingNumber: smallint('type_tracking_number').notNull().default(1),
    carrier: varchar('carrier', { length: 40 }).notNull(),
    shippingMethod: varchar('shipping_method', { length: 8 }),
    trackingNumber: varchar('tracking_number', { length: 100 }).notNull(),
    copies: integer('copies'),
    shippedAt: instant('shipped_at'),
    deliveredAt: instant('delivered_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('shipments_order_tracking_key').on(table.orderId, table.trackingNumber),
    index('shipments_tracking_idx').on(table.trackingNumber),
  ],
);

/**
 * Every postback a plant sent, by the plant's own id for it: the same postback twice is answered from
 * here and changes nothing.
 */
export const plantPostbacks = pgTable(
  'plant_postbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    postbackId: varchar('postback_id', { length: 100 }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    /** What it did: 'applied', 'stale' (older than the order's last report), 'unchanged'. */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plant_postbacks_key').on(table.manufacturerId, table.postbackId),
    index('plant_postbacks_order_idx').on(table.orderId),
  ],
);

/** The names for an order's personalized covers, uploaded as CSV and sent to the plant. */
export const personalizationUploads = pgTable(
  'personalization_uploads',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    filename: varchar('filename', { length: 200 }).notNull(),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    rowCount: integer('row_count').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: instant('sent_at'),
    ...timestamps,
  },
  (table) => [index('personalization_uploads_order_idx').on(table.orderId, table.createdAt.desc().nullsFirst())],
);
