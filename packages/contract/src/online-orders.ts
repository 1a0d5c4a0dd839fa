import { onlineOrderPayment, onlineOrderShipping } from '@colophon/domain';
import { z } from 'zod';
import { codeOf } from './codes';
import { idParamsSchema, idSchema, problemResponses, timestampSchema } from './common';
import { onlineOrderList, onlineOrderStatusSchema } from './online-order-lists';
import { defineOperation } from './operation';
import { defineListDeclaration, defineResourceContract, filter } from './resource-contract';

/*
 * Online orders in the dashboard (issue 12): the orders parents place in a school's online store,
 * and the cash and check orders school staff enter; their lines; receipts; full and partial
 * refunds. Amounts are integer cents. The storefront's own calls are elsewhere (the checkout).
 */

const centsSchema = z.number().int();

/** One line of an online order (`online_order_items`). */
export const onlineOrderItemSchema = z
  .object({
    id: z.number().int(),
    onlineOrderId: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    productId: z.number().int().nullable(),
    typeProduct: z.number().int(),
    typeSubProduct: z.number().int(),
    typeShipping: z.number().int(),
    quantity: z.number().int(),
    unitPriceCents: centsSchema,
    totalCents: centsSchema,
    /** What refunds gave back of this line (chosen-line refunds and a refund in full), never past its total. */
    refundedCents: centsSchema,
    typePersonalization: z.number().int().nullable(),
    personalizationName: z.string().nullable(),
    personalizationIcons: z.string().nullable(),
    customPages: z.number().int().nullable(),
    adSize: z.number().int().nullable(),
    dedicationText: z.string().nullable(),
    isDonated: z.boolean(),
    distributedAt: timestampSchema.nullable(),
    paidAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    /** The product's name, for the drawer and the receipt (the product may since have been renamed). */
    productName: z.string().nullable().optional(),
  })
  .meta({ id: 'OnlineOrderItem' });
export type OnlineOrderItem = z.infer<typeof onlineOrderItemSchema>;

/** A movement of money of an order: its charge, and each refund. */
export const onlinePaymentSchema = z
  .object({
    id: z.number().int(),
    onlineOrderId: z.number().int(),
    kind: z.enum(['charge', 'refund']),
    provider: z.string(),
    providerRef: z.string().nullable(),
    amountCents: centsSchema,
    status: z.string(),
    failureMessage: z.string().nullable(),
    reason: z.string().nullable(),
    createdByUserId: z.number().int().nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'OnlinePayment' });
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** An online order. `include=` adds its lines, its payments and refunds, its store and its account. */
export const onlineOrderSchema = z
  .object({
    id: z.number().int(),
    storeId: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    orderNumber: z.string(),
    status: onlineOrderStatusSchema,
    typePayment: z.number().int(),
    typeShipping: z.number().int(),
    parentName: z.string(),
    parentEmail: z.string(),
    parentPhone: z.string().nullable(),
    studentFirstName: z.string().nullable(),
    studentLastName: z.string().nullable(),
    grade: z.string().nullable(),
    homeroom: z.string().nullable(),
    shipTo: z.unknown().nullable(),
    subtotalCents: centsSchema,
    discountCents: centsSchema,
    shippingCents: centsSchema,
    feeCents: centsSchema,
    taxCents: centsSchema,
    totalCents: centsSchema,
    refundedCents: centsSchema,
    checkNumber: z.string().nullable(),
    enteredByUserId: z.number().int().nullable(),
    paidAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    /** What may still be refunded: paid and not yet refunded (0 for an unpaid order). */
    refundableCents: centsSchema,
    items: z.array(onlineOrderItemSchema).optional(),
    payments: z.array(onlinePaymentSchema).optional(),
    store: z.object({ id: z.number().int(), title: z.string().nullable() }).optional(),
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'OnlineOrder' });
export type OnlineOrder = z.infer<typeof onlineOrderSchema>;
export const onlineOrderIncludes = ['items', 'payments', 'store', 'account'] as const;

const nameSchema = z.string().trim().min(1, 'Required').max(200);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The parent's and student's contact fields and the homeroom: what staff may correct on an order. */
export const onlineOrderContactSchema = z.object({
  parentName: nameSchema,
  parentEmail: z.email('Enter an e-mail address').max(254),
  parentPhone: optionalText(40),
  studentFirstName: optionalText(100),
  studentLastName: optionalText(100),
  grade: optionalText(4),
  homeroom: optionalText(100),
});

/** A line of a cash or check order: a product of the store, at its current price. */
export const onlineOrderLineInputSchema = z.object({
  productId: idSchema,
  quantity: z.number().int().min(1, 'At least 1').max(100, 'At most 100'),
  personalizationName: z.string().trim().max(40).nullable().optional(),
  dedicationText: z.string().trim().max(1000).nullable().optional(),
});

/**
 * A cash or check order entered by school staff. A card order only comes through the storefront:
 * `typePayment` 2 is refused naming the field. A check needs its number.
 */
export const onlineOrderCreateSchema = onlineOrderContactSchema
  .extend({
    storeId: idSchema,
    typePayment: codeOf(onlineOrderPayment, 'online order payment').refine(
      (code) => code !== onlineOrderPayment.CreditCard,
      'A card order only comes through the storefront: enter cash (4) or check (3)',
    ),
    typeShipping: codeOf(onlineOrderShipping, 'online order shipping').default(onlineOrderShipping.BulkToSchool),
    checkNumber: z.string().trim().max(40).nullable().optional(),
    items: z.array(onlineOrderLineInputSchema).min(1, 'Add at least one line').max(50),
  })
  .refine((input) => input.typePayment !== onlineOrderPayment.Check || Boolean(input.checkNumber), {
    message: 'Enter the check number',
    path: ['checkNumber'],
  })
  .meta({ id: 'OnlineOrderCreate' });
export type OnlineOrderCreate = z.input<typeof onlineOrderCreateSchema>;

export const onlineOrderUpdateSchema = onlineOrderContactSchema.partial().meta({ id: 'OnlineOrderUpdate' });
export type OnlineOrderUpdate = z.input<typeof onlineOrderUpdateSchema>;

/**
 * Online orders (part 3) of the schools the caller sees; filters and sorts in online-order-lists.ts.
 * No delete: a mistake is refunded.
 */
export const onlineOrdersContract = defineResourceContract({
  name: 'online_orders',
  label: 'Online order',
  item: onlineOrderSchema,
  create: onlineOrderCreateSchema,
  update: onlineOrderUpdateSchema,
  ...onlineOrderList,
  includes: onlineOrderIncludes,
  permission: { read: 'sales.view', write: 'sales.manage' },
  offers: ['list', 'get', 'create', 'update'],
});
export type OnlineOrderListQuery = z.input<typeof onlineOrdersContract.listQuery>;

/**
 * An order's lines: of an order, of a product type, of a homeroom, handed out or not. Declared here,
 * not in online-order-lists.ts: no page's URL reads it, so the route table does not carry it.
 */
const onlineOrderItemList = defineListDeclaration({
  filters: {
    onlineOrderId: filter.ids(),
    typeProduct: filter.codes({ max: 20 }),
    homeroom: filter.text(),
    distributed: filter.boolean(),
    accountId: filter.ids(),
    year: filter.codes({ max: 20 }),
  },
  sorts: ['createdAt', 'id', 'typeProduct', 'totalCents'],
  defaultSort: 'id',
});

/** The lines of the online orders the caller sees (read only: lines change through refunds). */
export const onlineOrderItemsContract = defineResourceContract({
  name: 'online_order_items',
  label: 'Online order item',
  item: onlineOrderItemSchema,
  create: z.object({}),
  update: z.object({}),
  ...onlineOrderItemList,
  permission: { read: 'sales.view', write: 'sales.manage' },
  offers: ['list', 'get'],
});

/** What a refund answers: the order as it now stands and the refund's payment row. */
export const onlineRefundResultSchema = z
  .object({ order: onlineOrderSchema, refund: onlinePaymentSchema })
  .meta({ id: 'OnlineRefundResult' });
export type OnlineRefundResult = z.infer<typeof onlineRefundResultSchema>;

const reasonSchema = z.string().trim().min(1, 'Say why the order is refunded').max(500);

/**
 * `POST online_sales/refund`: refunds what remains refundable of an order. `transactionId` is the
 * order's charge (its payment id or the provider's reference); `parentId` is the account the
 * store belongs to (the school: the "parent" of the order in the source's naming). Both must match
 * the order, else 400 naming the field. An `Idempotency-Key` header makes a retry refund once.
 */
export const refundOnlineOrder = defineOperation({
  method: 'POST',
  path: '/api/online_sales/refund',
  body: z.object({
    orderId: idSchema,
    transactionId: z.union([idSchema, z.string().trim().min(1).max(100)]),
    parentId: idSchema,
    reason: reasonSchema.default('Refunded in full'),
  }),
  responses: { 200: onlineRefundResultSchema, ...problemResponses(400, 404, 409) },
  permission: 'sales.refund',
  summary: 'Refunds what remains refundable of an online order (the card through the payments adapter)',
  tags: ['online sales'],
});

/**
 * `POST payments/partial_refund`: refunds part of an order. `id` is the online order's id; the
 * amount is `amountCents`, or the rest of each chosen line (`itemIds`: each line's total less what
 * was refunded of it; a line refunded in full already is a 409), not both.
 */
export const partialRefundOnlineOrder = defineOperation({
  method: 'POST',
  path: '/api/payments/partial_refund',
  body: z
    .object({
      id: idSchema,
      amountCents: z.number().int().min(1, 'At least 1 cent').max(100_000_000).optional(),
      itemIds: z.array(idSchema).min(1).max(100).optional(),
      reason: reasonSchema,
    })
    .refine((body) => (body.amountCents === undefined) !== (body.itemIds === undefined), {
      message: 'Give an amount or the lines to refund (one of them)',
      path: ['amountCents'],
    }),
  responses: { 200: onlineRefundResultSchema, ...problemResponses(400, 404, 409) },
  permission: 'sales.refund',
  summary: 'Refunds part of an online order: an amount, or chosen lines',
  tags: ['online sales'],
});

/** `GET online_sales/receipt/{id}`: the order's receipt as a PDF (inline, named by its order number). */
export const onlineOrderReceipt = defineOperation({
  method: 'GET',
  path: '/api/online_sales/receipt/:id',
  params: idParamsSchema,
  responses: { 200: z.string(), ...problemResponses(404) },
  permission: 'sales.view',
  summary: "An online order's receipt as a PDF",
  tags: ['online sales'],
});
