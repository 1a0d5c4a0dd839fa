import {
  bookType,
  invoiceStatus,
  orderEventKind,
  orderEventSource,
  orderStatus,
  orderType,
  shippingMethod,
  trackingNumberType,
} from '@colophon/domain';
import { z } from 'zod';
import { codeOf, isoDateSchema, textCodeOf } from './codes';
import { idParam, idParamsSchema, idSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import { defineResourceContract, defineSearchOperation, filter } from './resource-contract';

/*
 * Orders to the printing plants (issue 11): the orders and shipments resources, the job ticket,
 * moves, the plant's postbacks, business days and the shipping calculator. Declared once here; the
 * API implements them (apps/api/src/modules/orders) and the web calls them.
 */

export const orderStatusSchema = codeOf(orderStatus, 'order status');
export const orderTypeSchema = codeOf(orderType, 'order type');
export const shippingMethodSchema = textCodeOf(shippingMethod, 'shipping method');

const reference = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

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
    account: reference.extend({ parentMustPayBeforeProduction: z.boolean() }).optional(),
    project: z
      .object({ id: z.number().int(), name: z.string(), year: z.number().int(), typeBook: z.number().int() })
      .optional(),
    manufacturer: reference.nullable().optional(),
    plant: reference.nullable().optional(),
    shipments: z.array(shipmentSchema).optional(),
    events: z.array(orderEventSchema).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;
export const orderIncludes = ['account', 'project', 'manufacturer', 'plant', 'shipments', 'events'] as const;

const copies = z.number().int().min(0, 'At least 0 copies').max(100_000, 'At most 100,000 copies');

/**
 * Ordering from an approved proof (the proof page's Order button). The project, account and
 * manufacturer come from the proof; the order goes to the plant at once, unless it is a Production
 * order of an account whose parent must pay before production: then it waits for its invoice.
 */
export const orderCreateSchema = z
  .object({
    proofId: idSchema,
    typeOrder: orderTypeSchema.default(orderType.Production),
    copies: copies.refine((value) => value >= 1, 'Order at least one copy'),
    countExtras: copies.default(0),
    bCombineCopies: z.boolean().default(false),
    shippingMethod: shippingMethodSchema,
    isExpedited: z.boolean().default(false),
  })
  .meta({ id: 'OrderCreate' });
export type OrderCreate = z.input<typeof orderCreateSchema>;

/** What the orderer may still change before the plant starts (status Waiting or Submitted, not yet sent). */
export const orderUpdateSchema = z
  .object({
    copies: copies.refine((value) => value >= 1, 'Order at least one copy'),
    countExtras: copies,
    bCombineCopies: z.boolean(),
    shippingMethod: shippingMethodSchema,
    isExpedited: z.boolean(),
  })
  .partial()
  .meta({ id: 'OrderUpdate' });
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** A bound of the submitted range: an instant or a London date. */
const submittedBound = filter.instant();

/**
 * Orders (part 3), in the caller's tree. `search` looks in the order's external id and its account's
 * and project's names; `ancestorId` keeps an account and every account below it.
 */
export const ordersContract = defineResourceContract({
  name: 'orders',
  label: 'Order',
  item: orderSchema,
  create: orderCreateSchema,
  update: orderUpdateSchema,
  filters: {
    status: filter.codes({ max: 15 }),
    typeOrder: filter.codes({ max: 5 }),
    accountId: filter.ids(),
    ancestorId: filter.id(),
    projectId: filter.id(),
    manufacturerId: filter.ids(),
    plantId: filter.ids(),
    year: filter.codes({ max: 20 }),
    submittedFrom: submittedBound,
    submittedTo: submittedBound,
  },
  searchable: ['externalId'],
  includes: orderIncludes,
  sorts: ['createdAt', 'submittedAt', 'status', 'externalId', 'shipBy', 'typeOrder'],
  defaultSort: '-createdAt',
  permission: { read: 'orders.view', write: 'orders.place' },
  offers: ['list', 'get', 'create', 'update'],
});
export type OrderListQuery = z.input<typeof ordersContract.listQuery>;

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
  copies: copies.nullable().default(null),
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
  copies: copies.optional(),
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

// ——— Personalization names ———

export const personalizationUploadSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    filename: z.string(),
    fileKey: z.string(),
    rowCount: z.number().int(),
    uploadedBy: z.number().int().nullable(),
    sentAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    order: z.object({ id: z.number().int(), externalId: z.string().nullable(), accountName: z.string() }).optional(),
  })
  .meta({ id: 'PersonalizationUpload' });
export type PersonalizationUpload = z.infer<typeof personalizationUploadSchema>;

/** The personalization uploads (read-only: a new one comes through `upload_personalization_order_names`). */
export const personalizationUploadsContract = defineResourceContract({
  name: 'personalization_uploads',
  label: 'Personalization upload',
  item: personalizationUploadSchema,
  filters: { orderId: filter.ids() },
  searchable: ['filename'],
  includes: ['order'],
  sorts: ['createdAt', 'filename', 'rowCount'],
  defaultSort: '-createdAt',
  permission: { read: 'super.personalization', write: 'super.personalization' },
  offers: ['list', 'get'],
});

/** A CSV of names for personalized covers, at most this many bytes. */
export const MAX_PERSONALIZATION_CSV_BYTES = 5 * 1024 * 1024;

/**
 * `POST upload_personalization_order_names {filename, data}`: `data` is the CSV text; the file name
 * starts with the order's external id (`ORD-26-00012.csv`, as the presigned upload names it). Every
 * row is checked; a bad one is named by its line number and nothing is saved.
 */
export const uploadPersonalizationNames = defineOperation({
  method: 'POST',
  path: '/api/upload_personalization_order_names',
  body: z.object({
    filename: z
      .string()
      .trim()
      .min(5)
      .max(200)
      .regex(/\.csv$/i, 'A .csv file'),
    data: z.string().min(1, 'The file is empty').max(MAX_PERSONALIZATION_CSV_BYTES, 'At most 5 MB'),
  }),
  responses: { 201: personalizationUploadSchema, ...problemResponses(400, 404) },
  permission: 'super.personalization',
  summary: "Checks a CSV of names for an order's personalized covers and sends it to the plant",
  tags: ['orders'],
});

export const presignedPersonalizationUpload = defineOperation({
  method: 'GET',
  path: '/api/presigned_personalization_upload_put',
  query: z.object({
    external_id: z.string().trim().min(1).max(64),
    /** The file's size in bytes: an S3 presigned PUT takes exactly this many (default: the most allowed). */
    size: z.coerce.number().int().min(1).max(MAX_PERSONALIZATION_CSV_BYTES).optional(),
  }),
  responses: {
    200: z.object({
      url: z.string(),
      key: z.string(),
      filename: z.string(),
      headers: z.record(z.string(), z.string()),
      expiresAt: timestampSchema,
    }),
    ...problemResponses(400, 404),
  },
  permission: 'super.personalization',
  summary: "A signed PUT URL for an order's personalization CSV",
  tags: ['orders'],
});

// ——— Dates and shipping ———

export const businessDaysQuerySchema = z.object({
  days: z.coerce.number().int().min(0, 'At least 0').max(365, 'At most 365'),
  /** How `formatted` reads: 'YYYY-MM-DD' (default) or 'MM/DD/YYYY'. */
  format: z.enum(['YYYY-MM-DD', 'MM/DD/YYYY']).default('YYYY-MM-DD'),
  /** The day to count from (default: today in London); it is not counted itself. */
  start: isoDateSchema.optional(),
  manufacturer_id: idParam.optional(),
  type_book: z.coerce
    .number()
    .int()
    .refine((code) => bookType.has(code), `Must be one of the book type codes ${bookType.codes.join(', ')}`)
    .optional(),
  is_redo: z.enum(['true', 'false', '1', '0']).optional(),
});

export const businessDaysSchema = z
  .object({
    start: isoDateSchema,
    /** The date reached: `days` business days after `start`, plus the manufacturer's turn time when asked. */
    date: isoDateSchema,
    formatted: z.string(),
    days: z.number().int(),
    turnTimeDays: z.number().int(),
    /** The weekdays passed over: US federal holidays and the manufacturer's closures. */
    skipped: z.array(z.object({ date: isoDateSchema, reason: z.string() })),
  })
  .meta({ id: 'BusinessDays' });
export type BusinessDays = z.infer<typeof businessDaysSchema>;

export const getBusinessDays = defineOperation({
  method: 'GET',
  path: '/api/business_days',
  query: businessDaysQuerySchema,
  responses: { 200: businessDaysSchema, ...problemResponses(400, 404) },
  summary: "Counts business days forward, skipping weekends, US federal holidays and the manufacturer's closures",
  tags: ['orders'],
});

export const turnTimeSchema = z.object({
  manufacturerId: z.number().int(),
  manufacturerCode: z.string(),
  manufacturerName: z.string(),
  typeBook: z.number().int(),
  turnTimeDays: z.number().int(),
  redoTurnTimeDays: z.number().int(),
});
export type TurnTime = z.infer<typeof turnTimeSchema>;

export const getTurnTimes = defineOperation({
  method: 'GET',
  path: '/api/manufacturers/manufacturing/turn_times',
  query: z.object({ manufacturer_id: idParam.optional() }),
  responses: { 200: z.object({ data: z.array(turnTimeSchema) }) },
  summary: "Each active manufacturer's turn time per book type, and for redo orders",
  tags: ['orders'],
});

export const groundShippingDaysSchema = z
  .object({
    zip: z.string(),
    city: z.string(),
    state: z.string(),
    plant: reference,
    /** Business days in transit by ground from the plant. */
    days: z.number().int(),
  })
  .meta({ id: 'GroundShippingDays' });

export const getGroundShippingDays = defineOperation({
  method: 'GET',
  path: '/api/carrier/groundshippingdays',
  query: z.object({ zip: z.string().trim().min(3).max(10), manufacturer_id: idParam.optional() }),
  responses: { 200: groundShippingDaysSchema, ...problemResponses(400, 404) },
  summary: "Ground transit days from the (manufacturer's) plant to a ZIP code",
  tags: ['orders'],
});

export const dpiCodeSchema = z.object({ code: z.string(), label: z.string(), minimumDpi: z.number().int() });
export const getDpiCodes = defineOperation({
  method: 'GET',
  path: '/api/dpi_codes',
  responses: { 200: z.object({ data: z.array(dpiCodeSchema) }) },
  summary: 'The image-resolution codes the plants print to, with their minimum DPI',
  tags: ['orders'],
});

export const expeditedShippingBodySchema = z.object({
  typeBook: codeOf(bookType, 'book type'),
  quantity: z.number().int().min(1, 'At least 1 book').max(10_000, 'At most 10,000 books'),
  zip: z.string().trim().min(3, 'Enter a ZIP code').max(10),
  /** The date the books must be in hand (YYYY-MM-DD). */
  neededBy: isoDateSchema,
});
export type ExpeditedShippingBody = z.input<typeof expeditedShippingBodySchema>;

export const shippingOptionSchema = z.object({
  shippingMethod: z.string(),
  label: z.string(),
  transitDays: z.number().int(),
  arrival: isoDateSchema,
  arrivesInTime: z.boolean(),
  priceCents: z.number().int(),
});
export const expeditedShippingSchema = z
  .object({
    shipDate: isoDateSchema,
    turnTimeDays: z.number().int(),
    expedited: z.boolean(),
    destination: z.object({ zip: z.string(), city: z.string(), state: z.string() }),
    plant: reference,
    options: z.array(shippingOptionSchema),
  })
  .meta({ id: 'ExpeditedShipping' });
export type ExpeditedShipping = z.infer<typeof expeditedShippingSchema>;

export const quoteExpeditedShipping = defineOperation({
  method: 'POST',
  path: '/api/orders/expedited/shipping',
  body: expeditedShippingBodySchema,
  responses: { 200: expeditedShippingSchema, ...problemResponses(400) },
  public: true,
  summary: 'The shipping calculator: the ship date, the methods that arrive in time and their prices',
  tags: ['orders'],
});
