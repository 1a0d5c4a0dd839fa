import { invoiceLineKinds, invoiceProductType, studioPayment } from '@colophon/domain';
import { z } from 'zod';
import { codeOf, isoDateSchema } from './codes';
import { idParamsSchema, idSchema, problemResponses, timestampSchema } from './common';
import { invoiceList, invoiceStatusSchema } from './invoice-lists';
import { defineOperation } from './operation';
import { defineResourceContract } from './resource-contract';

/*
 * Invoices (issue 13): the studio's bill to an account, its lines, the money received on it (card
 * charges to a stored card, ACH, checks, online sales credits) and the refunds. Amounts are integer
 * cents; the tax rate is basis points (625 = 6.25 %). Super administrators write; an account reads
 * its own (a studio its schools').
 */

/** The largest amount a line or a payment may have: $1,000,000. */
export const MAX_INVOICE_CENTS = 100_000_000;

const centsSchema = z.number().int();
/** An amount of money a person types: whole cents, at least 1¢. */
export const amountCentsSchema = z
  .number({ error: 'An amount in cents' })
  .int('Whole cents')
  .min(1, 'At least 1 cent')
  .max(MAX_INVOICE_CENTS, 'At most $1,000,000.00');

/** An idempotency key the screen makes per charge (a UUID): the same key twice moves money once. */
export const idempotencyKeySchema = z
  .string({ error: 'Required' })
  .trim()
  .regex(/^[\w.:-]{8,100}$/, 'Between 8 and 100 letters, digits, dashes, dots or colons');

export const invoiceLineSchema = z
  .object({
    id: z.number().int(),
    invoiceId: z.number().int(),
    position: z.number().int(),
    kind: z.string(),
    label: z.string(),
    quantity: z.number().int(),
    unitCents: centsSchema,
    amountCents: centsSchema,
  })
  .meta({ id: 'InvoiceLine' });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A movement of money on an invoice: a payment (card, ACH, check, online sales credits) or a refund. */
export const invoicePaymentSchema = z
  .object({
    id: z.number().int(),
    invoiceId: z.number().int(),
    kind: z.enum(['payment', 'refund']),
    /** A `studioPayment` code. */
    method: z.string(),
    provider: z.string(),
    providerRef: z.string().nullable(),
    cardId: z.number().int().nullable(),
    cardLabel: z.string().nullable(),
    amountCents: centsSchema,
    status: z.enum(['pending', 'succeeded', 'failed']),
    failureMessage: z.string().nullable(),
    reference: z.string().nullable(),
    refundOfId: z.number().int().nullable(),
    createdById: z.number().int().nullable(),
    createdAt: timestampSchema,
    /** For a succeeded card payment: what may still be refunded of it. */
    refundableCents: centsSchema.optional(),
  })
  .meta({ id: 'InvoicePayment' });
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** The invoice in the accounting system (QuickBooks or the offline default), as its sync left it. */
export const invoiceSyncSchema = z
  .object({
    provider: z.string(),
    /** 'pending', 'synced' or 'failed'. */
    status: z.string(),
    docNumber: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    syncedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'InvoiceSync' });

/** A card the invoice's account has on file, for the charge. */
export const invoiceCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type InvoiceCard = z.infer<typeof invoiceCardSchema>;

/**
 * An invoice. `balanceCents` = total − paid + refunded. `include=` adds its lines, its payments and
 * refunds, its accounting sync, its account and the account's stored cards.
 */
export const invoiceSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    orderId: z.number().int().nullable(),
    projectId: z.number().int().nullable(),
    number: z.string().nullable(),
    typeProduct: z.number().int(),
    status: invoiceStatusSchema,
    subtotalCents: centsSchema,
    adjustmentsCents: centsSchema,
    taxBasisPoints: z.number().int(),
    taxCents: centsSchema,
    totalCents: centsSchema,
    paidCents: centsSchema,
    refundedCents: centsSchema,
    balanceCents: centsSchema,
    year: z.number().int().nullable(),
    dueOn: z.string().nullable(),
    notes: z.string().nullable(),
    issuedAt: timestampSchema.nullable(),
    paidAt: timestampSchema.nullable(),
    voidedAt: timestampSchema.nullable(),
    createdById: z.number().int().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    lines: z.array(invoiceLineSchema).optional(),
    payments: z.array(invoicePaymentSchema).optional(),
    sync: invoiceSyncSchema.nullable().optional(),
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
    cards: z.array(invoiceCardSchema).optional(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceIncludes = ['lines', 'payments', 'sync', 'account', 'cards'] as const;

/** Kinds a person may type a line as: the quote's, and 'manual'. An adjustment is a discount (≤ 0). */
export const invoiceLineInputSchema = z
  .object({
    kind: z.enum(invoiceLineKinds).default('manual'),
    label: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
    quantity: z.number().int('Whole units').min(1, 'At least 1').max(100_000, 'At most 100,000'),
    unitCents: z
      .number({ error: 'An amount in cents' })
      .int('Whole cents')
      .min(-MAX_INVOICE_CENTS, 'At least -$1,000,000.00')
      .max(MAX_INVOICE_CENTS, 'At most $1,000,000.00'),
  })
  .superRefine((line, context) => {
    if (line.kind === 'adjustment' && line.unitCents > 0) {
      context.addIssue({ code: 'custom', path: ['unitCents'], message: 'An adjustment is a discount: 0 or less' });
    }
    if (line.kind !== 'adjustment' && line.unitCents < 0) {
      context.addIssue({
        code: 'custom',
        path: ['unitCents'],
        message: 'At least $0.00 (a discount is an adjustment line)',
      });
    }
  });
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

const invoiceFields = {
  typeProduct: codeOf(invoiceProductType, 'invoice product type'),
  lines: z.array(invoiceLineInputSchema).max(200, 'At most 200 lines'),
  taxBasisPoints: z
    .number()
    .int('Whole basis points (625 = 6.25 %)')
    .min(0, 'At least 0')
    .max(10_000, 'At most 10000 (100 %)'),
  dueOn: isoDateSchema.nullable(),
  notes: z.string().trim().max(2000, 'At most 2,000 characters').nullable(),
};

/** An invoice made by hand (a draft): its account, product type and lines. */
export const invoiceCreateSchema = z
  .object({
    accountId: idSchema,
    projectId: idSchema.nullable().default(null),
    year: z.number().int().min(2000, 'A year from 2000').max(2100, 'A year up to 2100').nullable().default(null),
    ...invoiceFields,
    typeProduct: invoiceFields.typeProduct.default(1),
    lines: invoiceFields.lines.min(1, 'Add at least one line'),
    taxBasisPoints: invoiceFields.taxBasisPoints.default(0),
    dueOn: invoiceFields.dueOn.default(null),
    notes: invoiceFields.notes.default(null),
  })
  .meta({ id: 'InvoiceCreate' });
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;

/** A draft's fields; the account never changes. An invoice that left draft is not edited (409). */
export const invoiceUpdateSchema = z
  .object({ ...invoiceFields, lines: invoiceFields.lines.min(1, 'Add at least one line') })
  .partial()
  .meta({ id: 'InvoiceUpdate' });
export type InvoiceUpdate = z.input<typeof invoiceUpdateSchema>;

/** Invoices: no delete (a mistake is voided, so its number stays accounted for). */
export const invoicesContract = defineResourceContract({
  name: 'invoices',
  label: 'Invoice',
  item: invoiceSchema,
  create: invoiceCreateSchema,
  update: invoiceUpdateSchema,
  ...invoiceList,
  includes: invoiceIncludes,
  permission: { read: 'sales.view', write: 'super.invoices' },
  offers: ['list', 'get', 'create', 'update'],
});
export type InvoiceListQuery = z.input<typeof invoicesContract.listQuery>;

const invoiceAnswer = { 200: invoiceSchema, ...problemResponses(400, 404, 409) };

/** `POST invoices/{id}/issue`: a draft becomes open and gets its number ('INV-000123'). */
export const issueInvoice = defineOperation({
  method: 'POST',
  path: '/api/invoices/:id/issue',
  params: idParamsSchema,
  responses: invoiceAnswer,
  permission: 'super.invoices',
  summary: 'Issues a draft invoice: it gets its number and can be paid',
  tags: ['invoices'],
});

/** `POST invoices/{id}/void`: only with nothing kept (refund first); a void invoice is final. */
export const voidInvoice = defineOperation({
  method: 'POST',
  path: '/api/invoices/:id/void',
  params: idParamsSchema,
  body: z.object({ reason: z.string().trim().min(1, 'Say why the invoice is voided').max(500) }),
  responses: invoiceAnswer,
  permission: 'super.invoices',
  summary: 'Voids an invoice on which nothing was kept',
  tags: ['invoices'],
});

/**
 * `POST invoices/from_order`: a draft priced by the order's project quote (the same function as the
 * project screen's quote, with the order's copies), its lines the quote's lines.
 */
export const createInvoiceFromOrder = defineOperation({
  method: 'POST',
  path: '/api/invoices/from_order',
  body: z.object({
    orderId: idSchema,
    typeProduct: invoiceFields.typeProduct.default(1),
    taxBasisPoints: invoiceFields.taxBasisPoints.default(0),
    dueOn: invoiceFields.dueOn.default(null),
  }),
  responses: { 201: invoiceSchema, ...problemResponses(400, 404, 409) },
  permission: 'super.invoices',
  summary: "Makes a draft invoice from an order, priced by its project's quote",
  tags: ['invoices'],
});

/** What a charge, a payment or a refund answers: the invoice as it now stands, and the money's row. */
export const invoicePaymentResultSchema = z
  .object({ invoice: invoiceSchema, payment: invoicePaymentSchema })
  .meta({ id: 'InvoicePaymentResult' });
export type InvoicePaymentResult = z.infer<typeof invoicePaymentResultSchema>;

/**
 * `POST payments/invoice_stripe`: charges a stored card of the invoice's account (the chosen one,
 * else its default) off-session, for the balance or `amountCents` of it. The same `idempotencyKey`
 * again answers the first charge's outcome and charges once; another key while a charge of this
 * invoice is under way is a 409. A decline is a 402 with the card's message; the invoice is unchanged.
 */
export const chargeInvoice = defineOperation({
  method: 'POST',
  path: '/api/payments/invoice_stripe',
  body: z.object({
    invoiceId: idSchema,
    cardId: idSchema.optional(),
    amountCents: amountCentsSchema.optional(),
    idempotencyKey: idempotencyKeySchema,
  }),
  responses: { 200: invoicePaymentResultSchema, ...problemResponses(400, 402, 404, 409, 502) },
  permission: 'super.invoices',
  summary: "Charges an invoice to its account's stored card",
  tags: ['invoices'],
});

/** The methods a person records by hand: everything but a card (cards are charged). */
export const recordedPaymentMethods = studioPayment.codes.filter((code) => code !== 'credit_card') as [
  'online_sales_credits' | 'ach' | 'check',
  ...('online_sales_credits' | 'ach' | 'check')[],
];

/** `POST invoices/{id}/payments`: money received outside the card (ACH, check, online sales credits). */
export const recordInvoicePayment = defineOperation({
  method: 'POST',
  path: '/api/invoices/:id/payments',
  params: idParamsSchema,
  body: z.object({
    method: z.enum(recordedPaymentMethods, { error: 'One of online_sales_credits, ach, check' }),
    amountCents: amountCentsSchema,
    reference: z.string().trim().min(1, 'The check number, the ACH trace or a note').max(200),
    idempotencyKey: idempotencyKeySchema,
  }),
  responses: { 200: invoicePaymentResultSchema, ...problemResponses(400, 404, 409) },
  permission: 'super.invoices',
  summary: 'Records a payment received by ACH, check or online sales credits',
  tags: ['invoices'],
});

/**
 * `POST invoices/{id}/refunds`: gives back part or all of one payment (a card's through the payment
 * provider), never more than is left of that payment. A paid invoice reopens.
 */
export const refundInvoicePayment = defineOperation({
  method: 'POST',
  path: '/api/invoices/:id/refunds',
  params: idParamsSchema,
  body: z.object({
    paymentId: idSchema,
    amountCents: amountCentsSchema,
    reason: z.string().trim().max(500).default('Refunded'),
    idempotencyKey: idempotencyKeySchema,
  }),
  responses: { 200: invoicePaymentResultSchema, ...problemResponses(400, 404, 409, 502) },
  permission: 'super.invoices',
  summary: 'Refunds part or all of a payment of an invoice',
  tags: ['invoices'],
});
