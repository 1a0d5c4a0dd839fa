import { orderEventKind, orderEventSource, orderStatus, orderType, shippingMethod } from '@colophon/domain';
import { z } from 'zod';
import { codeOf, textCodeOf } from './codes';
import { idSchema, timestampSchema } from './common';
import { orderList } from './order-lists';
import { defineResourceContract } from './resource-contract';

/*
 * Orders to the printing plants (issue 11): the orders resource. Its other calls are in
 * order-operations.ts (search, shipments, ticket, plant side, postbacks, personalization) and
 * order-dates.ts (business days, the shipping calculator); the API implements them in
 * apps/api/src/modules/orders and the web calls them.
 */

export const orderStatusSchema = codeOf(orderStatus, 'order status');
export const orderTypeSchema = codeOf(orderType, 'order type');
export const shippingMethodSchema = textCodeOf(shippingMethod, 'shipping method');

export const codedReferenceSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** A line of an order's timeline (`order_events`), oldest first. */
export const orderEventSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    kind: z.enum(orderEventKind.codes as [string, ...string[]]),
    fromStatus: z.number().int().nullable(),
    toStatus: z.number().int().nullable(),
    message: z.string().nullable(),
    source: z.enum(orderEventSource.codes as [string, ...string[]]),
    userId: z.number().int().nullable(),
    /** The person's name when a person did it. */
    userName: z.string().nullable(),
    data: z.unknown().nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** A shipment of an order: whose copies, the carrier, the method and the tracking number. */
export const shipmentSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    status: z.number().int(),
    typeTrackingNumber: z.number().int(),
    carrier: z.string(),
    shippingMethod: z.string().nullable(),
    trackingNumber: z.string(),
    /** The carrier's tracking page, when the carrier is one we know (`trackingUrl` of the domain). */
    trackingUrl: z.string().nullable(),
    copies: z.number().int().nullable(),
    shippedAt: timestampSchema.nullable(),
    deliveredAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * An order. `displayStatus` is part 4's derived status, on every answer. `include=` adds the
 * account, the project, the manufacturer and plant, the shipments and the timeline (`events`).
 */
export const orderSchema = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    accountId: z.number().int(),
    proofId: z.number().int().nullable(),
    externalId: z.string().nullable(),
    status: z.number().int(),
    displayStatus: z.string(),
    typeOrder: z.number().int(),
    shippingMethod: z.string().nullable(),
    bCombineCopies: z.boolean(),
    copies: z.number().int(),
    countExtras: z.number().int(),
    schoolTracking: z.string().nullable(),
    studioTracking: z.string().nullable(),
    typeProduct: z.number().int(),
    typeSubProduct: z.number().int(),
    manufacturerId: z.number().int().nullable(),
    plantId: z.number().int().nullable(),
    isExpedited: z.boolean(),
    shipBy: z.string().nullable(),
    /** The job ticket was edited by hand (GET …/xml answers the edited one). */
    xmlEdited: z.boolean(),
    placedByUserId: z.number().int().nullable(),
    sentAt: timestampSchema.nullable(),
    sendCount: z.number().int(),
    submittedAt: timestampSchema.nullable(),
    shippedAt: timestampSchema.nullable(),
    deliveredAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: codedReferenceSchema.extend({ parentMustPayBeforeProduction: z.boolean() }).optional(),
    project: z
      .object({ id: z.number().int(), name: z.string(), year: z.number().int(), typeBook: z.number().int() })
      .optional(),
    manufacturer: codedReferenceSchema.nullable().optional(),
    plant: codedReferenceSchema.nullable().optional(),
    shipments: z.array(shipmentSchema).optional(),
    events: z.array(orderEventSchema).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;
export const orderIncludes = ['account', 'project', 'manufacturer', 'plant', 'shipments', 'events'] as const;

export const copiesSchema = z.number().int().min(0, 'At least 0 copies').max(100_000, 'At most 100,000 copies');

/**
 * Ordering from an approved proof (the proof page's Order button). The project, account and
 * manufacturer come from the proof; the order goes to the plant at once, unless it is a Production
 * order of an account whose parent must pay before production: then it waits for its invoice.
 */
export const orderCreateSchema = z
  .object({
    proofId: idSchema,
    typeOrder: orderTypeSchema.default(orderType.Production),
    copies: copiesSchema.refine((value) => value >= 1, 'Order at least one copy'),
    countExtras: copiesSchema.default(0),
    bCombineCopies: z.boolean().default(false),
    shippingMethod: shippingMethodSchema,
    isExpedited: z.boolean().default(false),
  })
  .meta({ id: 'OrderCreate' });
export type OrderCreate = z.input<typeof orderCreateSchema>;

/** What the orderer may still change before the plant starts (status Waiting or Submitted, not yet sent). */
export const orderUpdateSchema = z
  .object({
    copies: copiesSchema.refine((value) => value >= 1, 'Order at least one copy'),
    countExtras: copiesSchema,
    bCombineCopies: z.boolean(),
    shippingMethod: shippingMethodSchema,
    isExpedited: z.boolean(),
  })
  .partial()
  .meta({ id: 'OrderUpdate' });
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/**
 * Orders (part 3), in the caller's tree; its filters and sorts are `orderList` (order-lists.ts).
 * `ancestorId` keeps an account and every account below it.
 */
export const ordersContract = defineResourceContract({
  name: 'orders',
  label: 'Order',
  item: orderSchema,
  create: orderCreateSchema,
  update: orderUpdateSchema,
  ...orderList,
  includes: orderIncludes,
  permission: { read: 'orders.view', write: 'orders.place' },
  offers: ['list', 'get', 'create', 'update'],
});
export type OrderListQuery = z.input<typeof ordersContract.listQuery>;
