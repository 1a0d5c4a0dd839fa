import { invoiceStatus, orderStatus, trackingNumberType } from '@colophon/domain';
import { z } from 'zod';
import { codeOf } from './codes';
import { idParamsSchema, idSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import {
  copiesSchema,
  orderSchema,
  orderStatusSchema,
  ordersContract,
  shipmentSchema,
  shippingMethodSchema,
} from './orders';
import { defineResourceContract, defineSearchOperation, filter } from './resource-contract';

/*
 * The orders calls beside the resource (issue 11): the POST search, shipments, the job ticket, the
 * plant side (status, moves, resends, payment, files), plant postbacks and personalization names.
 * Apart from orders.ts so that the web's route table carries only the resource's URL schema.
 */

/** `POST orders/get/get_orders_post`: the Order Status list's filters as a JSON body. */
export const searchOrders = defineSearchOperation(
  ordersContract,
  '/api/orders/get/get_orders_post',
  'Search orders with a body of filters',
);
export type OrderSearchBody = z.input<typeof searchOrders.body>;

/** A new or corrected shipment (the plant side; plants report theirs through postbacks). */
export const shipmentCreateSchema = z.object({
  orderId: idSchema,
  status: orderStatusSchema.default(orderStatus.Shipped),
  typeTrackingNumber: codeOf(trackingNumberType, 'tracking number type').default(trackingNumberType.SchoolCopies),
  carrier: z.string().trim().min(1, 'Required').max(40),
  shippingMethod: shippingMethodSchema.nullable().default(null),
  trackingNumber: z
    .string()
    .trim()
    .min(4, 'At least 4 characters')
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and dashes only'),
  copies: copiesSchema.nullable().default(null),
  shippedAt: timestampSchema.nullable().default(null),
  deliveredAt: timestampSchema.nullable().default(null),
});
export const shipmentUpdateSchema = shipmentCreateSchema.omit({ orderId: true }).partial();

/** Shipments of the orders the caller sees; the plant side writes them. */
export const shipmentsContract = defineResourceContract({
  name: 'shipments',
  label: 'Shipment',
  item: shipmentSchema,
  create: shipmentCreateSchema,
  update: shipmentUpdateSchema,
  filters: { orderId: filter.ids(), status: filter.codes({ max: 15 }) },
  searchable: ['trackingNumber'],
  sorts: ['createdAt', 'shippedAt', 'trackingNumber'],
  defaultSort: '-createdAt',
  permission: { read: 'orders.view', write: 'super.orderAdmin' },
});

// ——— The job ticket ———

/** `GET`/`PUT orders/{id}/xml`: the job ticket as XML text, as edited or as built from the order. */
export const orderXmlSchema = z
  .object({
    orderId: z.number().int(),
    xml: z.string(),
    /** 'edited': saved by hand in the order admin; 'built': made from the order as it stands. */
    source: z.enum(['edited', 'built']),
    updatedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'OrderXml' });
export type OrderXml = z.infer<typeof orderXmlSchema>;

export const MAX_ORDER_XML_LENGTH = 200_000;

export const getOrderXml = defineOperation({
  method: 'GET',
  path: '/api/orders/:id/xml',
  params: idParamsSchema,
  responses: { 200: orderXmlSchema, ...problemResponses(404) },
  permission: 'orders.view',
  summary: "The order's job ticket as XML",
  tags: ['orders'],
});

export const putOrderXml = defineOperation({
  method: 'PUT',
  path: '/api/orders/:id/xml',
  params: idParamsSchema,
  body: z.object({
    xml: z.string().min(1, 'Required').max(MAX_ORDER_XML_LENGTH, 'At most 200,000 characters'),
    reason: z.string().trim().min(1, 'Say why the ticket changes').max(500),
  }),
  responses: { 200: orderXmlSchema, ...problemResponses(400, 404) },
  permission: 'super.orderAdmin',
  summary: "Replaces the order's job ticket; checked against the ticket's schema (a 400 names the element)",
  tags: ['orders'],
});

// ——— The plant side ———

export const changeOrderStatus = defineOperation({
  method: 'POST',
  path: '/api/orders/:id/status',
  params: idParamsSchema,
  body: z.object({
    status: orderStatusSchema,
    reason: z.string().trim().min(1, 'Say why the status changes').max(500),
  }),
  responses: { 200: orderSchema, ...problemResponses(400, 404, 409) },
  permission: 'super.orderAdmin',
  summary: "Sets an order's status by hand; the reason goes on its timeline and in the audit log",
  tags: ['orders'],
});

/** A `queue_moves` row as the move and resend calls answer it. */
export const orderMoveJobSchema = z
  .object({
    id: z.number().int(),
    status: z.number().int(),
    payload: z.object({
      orderId: z.number().int(),
      action: z.enum(['send', 'move', 'resend']),
      manufacturerId: z.number().int().nullable(),
      plantId: z.number().int().nullable(),
      reason: z.string().nullable(),
      requestedBy: z.number().int().nullable(),
    }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'OrderMoveJob' });
export type OrderMoveJob = z.infer<typeof orderMoveJobSchema>;

/**
 * `POST queue_moves`: move an order to another manufacturer (and its plant) or, with the same
 * manufacturer, another plant. Answers 202 with the queue row; the `queue_moves` worker moves and
 * resends it, logs it on the timeline and raises notification 85 Order Moved.
 */
export const moveOrder = defineOperation({
  method: 'POST',
  path: '/api/queue_moves',
  body: z.object({
    orderId: idSchema,
    manufacturerId: idSchema,
    plantId: idSchema.optional(),
    reason: z.string().trim().min(1, 'Say why the order moves').max(500),
  }),
  responses: { 202: orderMoveJobSchema, ...problemResponses(400, 404, 409) },
  permission: 'super.orderAdmin',
  summary: 'Moves an order to another manufacturer or plant, through the order-moves queue',
  tags: ['orders'],
});

export const resendOrder = defineOperation({
  method: 'POST',
  path: '/api/orders/:id/resend',
  params: idParamsSchema,
  body: z.object({ reason: z.string().trim().min(1, 'Say why the order is sent again').max(500) }),
  responses: { 202: orderMoveJobSchema, ...problemResponses(400, 404, 409) },
  permission: 'super.orderAdmin',
  summary: 'Sends the order (its job ticket and files) to its plant again, through the order-moves queue',
  tags: ['orders'],
});

/** `GET orders/invoice/status/{id}`: whether the order's invoice is paid (and so whether it waits). */
export const orderInvoiceStatusSchema = z
  .object({
    orderId: z.number().int(),
    invoiceId: z.number().int().nullable(),
    /** 'none' when the order has no invoice. */
    status: z.enum(['none', ...(invoiceStatus.codes as readonly string[])] as [string, ...string[]]),
    totalCents: z.number().int().nullable(),
    /** What was received and kept on the invoice (payments less refunds). */
    paidCents: z.number().int().nullable(),
    /** What is still owed: total − paid + refunded. */
    balanceCents: z.number().int().nullable(),
    paidAt: timestampSchema.nullable(),
    /** A Production order of an account whose parent must pay before production, not yet paid. */
    waitingForPayment: z.boolean(),
  })
  .meta({ id: 'OrderInvoiceStatus' });
export type OrderInvoiceStatus = z.infer<typeof orderInvoiceStatusSchema>;

export const getOrderInvoiceStatus = defineOperation({
  method: 'GET',
  path: '/api/orders/invoice/status/:id',
  params: idParamsSchema,
  responses: { 200: orderInvoiceStatusSchema, ...problemResponses(404) },
  permission: 'orders.view',
  summary: "The order's invoice: its status, and whether the order waits for payment",
  tags: ['orders'],
});

/**
 * The plant side records a payment received outside the card flow (a check, a wire): the invoice is
 * paid and a waiting order goes to its plant. The money capability adds card charges.
 */
export const recordOrderPayment = defineOperation({
  method: 'POST',
  path: '/api/orders/invoice/paid/:id',
  params: idParamsSchema,
  body: z.object({ reason: z.string().trim().min(1, 'Say how it was paid').max(500) }),
  responses: { 200: orderInvoiceStatusSchema, ...problemResponses(400, 404, 409) },
  permission: 'super.orderAdmin',
  summary: "Marks the order's invoice paid; an order waiting for payment goes to its plant",
  tags: ['orders'],
});

/** One file or folder of an order's folder in the file store. */
export const orderDirectoryEntrySchema = z.object({
  name: z.string(),
  /** The path to pass back: `<orderId>/tickets/3.xml`. */
  path: z.string(),
  kind: z.enum(['file', 'folder']),
  size: z.number().int().nullable(),
  modifiedAt: timestampSchema.nullable(),
  /** A signed link that opens the file (files only). */
  url: z.string().nullable(),
});
export const orderDirectorySchema = z
  .object({ orderId: z.number().int(), path: z.string(), entries: z.array(orderDirectoryEntrySchema) })
  .meta({ id: 'OrderDirectory' });
export type OrderDirectory = z.infer<typeof orderDirectorySchema>;

/**
 * `GET orders/directory/contents/{path}`: `path` starts with the order's id (`12`, `12/tickets`), sent
 * as one URL-encoded segment. Nothing outside `orders/<id>/` of the file store is ever listed: `..`,
 * absolute paths, backslashes and control characters are refused with a 400.
 */
export const listOrderDirectory = defineOperation({
  method: 'GET',
  path: '/api/orders/directory/contents/:path',
  params: z.object({ path: z.string().min(1).max(500) }),
  responses: { 200: orderDirectorySchema, ...problemResponses(400, 404) },
  permission: 'orders.view',
  summary: "Lists a folder of the order's files in the file store",
  tags: ['orders'],
});

// ——— Plant postbacks ———

/** The headers a plant signs a postback with: `X-Colophon-Signature: sha256=<hex HMAC of "<timestamp>.<body>">`. */
export const POSTBACK_MANUFACTURER_HEADER = 'x-colophon-manufacturer';
export const POSTBACK_TIMESTAMP_HEADER = 'x-colophon-timestamp';
export const POSTBACK_SIGNATURE_HEADER = 'x-colophon-signature';
/** A postback signed longer ago than this (or this far ahead) is refused: a replay. */
export const POSTBACK_TOLERANCE_SECONDS = 300;

export const postbackShipmentSchema = z.object({
  trackingNumber: z
    .string()
    .trim()
    .min(4)
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and dashes only'),
  carrier: z.string().trim().min(1).max(40),
  shippingMethod: shippingMethodSchema.optional(),
  typeTrackingNumber: codeOf(trackingNumberType, 'tracking number type').default(trackingNumberType.SchoolCopies),
  copies: copiesSchema.optional(),
  /** The shipment's own status: 2 Shipped (default), 3 Delivered, 12 Lost in Transit. */
  status: orderStatusSchema.optional(),
});

/**
 * What a plant reports about one order: its new status, tracking numbers, an error, or that a
 * freight (LTL) order is ready. `postbackId` is the plant's own id for this report: the same id
 * twice changes nothing. `occurredAt` is the plant's clock: a report older than the last one applied
 * does not undo it (it is kept and answered `stale`).
 */
export const postbackBodySchema = z
  .object({
    postbackId: z.string().trim().min(1).max(100),
    orderExternalId: z.string().trim().min(1).max(64),
    occurredAt: timestampSchema,
    status: orderStatusSchema.optional(),
    shipments: z.array(postbackShipmentSchema).max(50).optional(),
    error: z
      .object({
        /** A notification type of part 3 for the error (an error code), else 24 Processor Error. */
        typeNotification: z.number().int().min(1).max(200).optional(),
        message: z.string().trim().min(1).max(2000),
      })
      .optional(),
    ltlReady: z.boolean().optional(),
    message: z.string().trim().max(2000).optional(),
  })
  .refine((body) => body.status !== undefined || body.shipments?.length || body.error || body.ltlReady, {
    message: 'A postback reports a status, shipments, an error or that a freight order is ready',
    path: ['status'],
  })
  .meta({ id: 'PlantPostback' });
export type PostbackBody = z.input<typeof postbackBodySchema>;

export const postbackResultSchema = z
  .object({
    orderId: z.number().int(),
    /** 'applied'; 'unchanged' (nothing new); 'stale' (older than the last applied); 'duplicate' (this id was seen). */
    outcome: z.enum(['applied', 'unchanged', 'stale', 'duplicate']),
    status: z.number().int(),
    displayStatus: z.string(),
  })
  .meta({ id: 'PlantPostbackResult' });

export const receivePostback = defineOperation({
  method: 'POST',
  path: '/api/manufacturer/internal/postbacks',
  body: postbackBodySchema,
  responses: { 200: postbackResultSchema, ...problemResponses(400, 401, 404) },
  public: true,
  summary: 'A plant reports status changes, tracking numbers and errors; HMAC-signed per manufacturer',
  tags: ['orders'],
});
