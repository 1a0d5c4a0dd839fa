import { type FundRequestKind, studioPayment } from '@colophon/domain';
import { z } from 'zod';
import { textCodeOf } from './codes';
import { idParamsSchema, idSchema, problemResponses, timestampSchema } from './common';
import { fundRequestList } from './fund-request-lists';
import { defineOperation } from './operation';
import { defineResourceContract, defineSearchOperation } from './resource-contract';

/*
 * Fund, summer fund and sales-tax requests (issue 13): a school asks to be paid what its online store
 * collected, up to what is available; a super administrator pays it and completes the request. One
 * item and body for the three; each resource has its overview, its POST list (`requested`) and its
 * completion. Amounts are integer cents.
 */

/** The most one request may ask for: $1,000,000 (an int4 of cents holds it with room to spare). */
export const MAX_FUND_REQUEST_CENTS = 100_000_000;

export const fundRequestSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    amountCents: z.number().int(),
    status: z.number().int(),
    note: z.string().nullable(),
    requestedByUserId: z.number().int().nullable(),
    paymentMethod: z.string().nullable(),
    paymentReference: z.string().nullable(),
    completedAt: timestampSchema.nullable(),
    completedByUserId: z.number().int().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    /** The account's name, on every answer (the super administrator's list spans schools). */
    accountName: z.string().optional(),
  })
  .meta({ id: 'FundRequest' });
export type FundRequest = z.infer<typeof fundRequestSchema>;

const yearSchema = z
  .number()
  .int('A year such as 2026')
  .min(2000, 'A year such as 2026')
  .max(2100, 'A year such as 2026');

export const fundRequestCreateSchema = z
  .object({
    accountId: idSchema,
    year: yearSchema,
    amountCents: z
      .number()
      .int('Whole cents')
      .min(1, 'More than $0.00')
      .max(MAX_FUND_REQUEST_CENTS, 'At most $1,000,000.00'),
    note: z.string().trim().max(1000).nullable().default(null),
    /** Made once per request form: sending it again (a double click, a retry) answers the first request. */
    requestKey: z
      .string()
      .regex(/^[\w.:-]{8,100}$/, 'Between 8 and 100 letters, digits, dashes, dots or colons')
      .optional(),
  })
  .meta({ id: 'FundRequestCreate' });
export type FundRequestCreate = z.input<typeof fundRequestCreateSchema>;

/** What an account's store collected for one kind, and what is left to request (`overview`). */
export const fundOverviewSchema = z
  .object({
    collectedCents: z.number().int(),
    refundedCents: z.number().int(),
    feesCents: z.number().int(),
    paidOutCents: z.number().int(),
    waitingCents: z.number().int(),
    availableCents: z.number().int(),
    /** The paid online orders counted. */
    orders: z.number().int(),
  })
  .meta({ id: 'FundOverview' });
export type FundOverviewAnswer = z.infer<typeof fundOverviewSchema>;

export const fundOverviewBodySchema = z.object({
  /** One account (a school); none: every account the caller sees. */
  accountId: idSchema.optional(),
  /** One store year; none: every year. */
  year: yearSchema.optional(),
});
export type FundOverviewBody = z.input<typeof fundOverviewBodySchema>;

export const fundRequestCompleteSchema = z.object({
  paymentMethod: textCodeOf(studioPayment, 'studio payment'),
  /** The check number, the ACH trace, the card charge… */
  paymentReference: z.string().trim().min(1, 'Required').max(100),
});
export type FundRequestComplete = z.input<typeof fundRequestCompleteSchema>;

/** The resource of each kind, and its page's title. */
export const fundRequestResources = {
  presale: { name: 'fund_requests', label: 'Fund request', title: 'Bulk Presale Fund Request' },
  summer: { name: 'summer_fund_requests', label: 'Summer fund request', title: 'Single Book Fund Request' },
  sales_tax: { name: 'sales_tax_requests', label: 'Sales tax request', title: 'Sales Tax Request' },
} as const satisfies Record<FundRequestKind, { name: string; label: string; title: string }>;

function fundRequestContract<const Kind extends FundRequestKind>(kind: Kind) {
  const { name, label } = fundRequestResources[kind];
  const contract = defineResourceContract({
    name,
    label,
    item: fundRequestSchema,
    create: fundRequestCreateSchema,
    ...fundRequestList,
    // Reading is the store's sales; asking, the money rights; completing, a super administrator's.
    permission: { read: 'sales.view', write: kind === 'sales_tax' ? 'salesTax.request' : 'funds.request' },
    offers: ['list', 'get', 'create'],
  });
  const tags = [name];
  return {
    contract,
    overview: defineOperation({
      method: 'POST',
      path: `/api/${name}/overview`,
      body: fundOverviewBodySchema,
      responses: { 200: fundOverviewSchema, ...problemResponses(404) },
      permission: 'sales.view',
      summary: `What the store collected for ${label.toLowerCase()}s, and what is available`,
      tags,
    }),
    requested: defineSearchOperation(contract, `/api/${name}/requested`, `The ${label.toLowerCase()}s, filtered`),
    complete: defineOperation({
      method: 'POST',
      path: `/api/${name}/:id/complete`,
      params: idParamsSchema,
      body: fundRequestCompleteSchema,
      responses: { 200: fundRequestSchema, ...problemResponses(404, 409) },
      permission: 'super.invoices',
      summary: `Complete a ${label.toLowerCase()}: paid, with how and its reference`,
      tags,
    }),
  };
}

export const fundRequestOperations = {
  presale: fundRequestContract('presale'),
  summer: fundRequestContract('summer'),
  sales_tax: fundRequestContract('sales_tax'),
};
export const fundRequestsContract = fundRequestOperations.presale.contract;
export const summerFundRequestsContract = fundRequestOperations.summer.contract;
export const salesTaxRequestsContract = fundRequestOperations.sales_tax.contract;
