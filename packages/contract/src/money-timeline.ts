import { type MoneyEventKind, moneyEventKinds } from '@colophon/domain';
import { z } from 'zod';
import {
  DEFAULT_PER_PAGE,
  idParamsSchema,
  instantOrDateSchema,
  listEnvelopeSchema,
  MAX_PER_PAGE,
  problemResponses,
  queryList,
  timestampSchema,
} from './common';
import { defineOperation } from './operation';

/*
 * One money timeline per school (issue 13): every money event of an account in one chronological
 * list with the balance after each, its summary figures and its CSV. Amounts are integer cents.
 * The kinds and the sign of each are the domain's (`moneyEventKind`, `moneyEventSign`).
 */

const TAGS = ['Money'];
const kindSchema = z.enum(moneyEventKinds as [MoneyEventKind, ...MoneyEventKind[]]);

/** The record a row links to. */
export const moneyRecordResources = [
  'online_orders',
  'invoices',
  'fund_requests',
  'summer_fund_requests',
  'sales_tax_requests',
] as const;
export type MoneyRecordResource = (typeof moneyRecordResources)[number];

export const moneyEventSchema = z
  .object({
    /** Unique in the account's timeline: the kind and its source row ('invoice_payment-12'). */
    id: z.string(),
    kind: kindSchema,
    at: timestampSchema,
    /** The event's amount as its record holds it (never negative). */
    amountCents: z.number().int(),
    /** What it did to the balance: the amount with the kind's sign (0 for online-sales credits). */
    effectCents: z.number().int(),
    /** The balance after this event, over every event of the account up to it (whatever the filter). */
    balanceCents: z.number().int(),
    label: z.string(),
    record: z.object({ resource: z.enum(moneyRecordResources), id: z.number().int() }),
  })
  .meta({ id: 'MoneyEvent' });
export type MoneyEvent = z.infer<typeof moneyEventSchema>;

export const moneyTimelineSorts = ['at', '-at'] as const;

/** The range of days (or instants): `from` ≤ `to`, each an instant or a London day (part 5). */
const rangeShape = {
  from: instantOrDateSchema.optional(),
  to: instantOrDateSchema.optional(),
};

/** A bare day ends where the next begins; compared as text they sort as they fall. */
function checkRange(range: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx): void {
  if (range.from === undefined || range.to === undefined) return;
  const start = Date.parse(range.from.length === 10 ? `${range.from}T00:00:00Z` : range.from);
  const end = Date.parse(range.to.length === 10 ? `${range.to}T23:59:59.999Z` : range.to);
  if (start > end) context.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before “from”' });
}

const filterShape = {
  kind: queryList(kindSchema).optional(),
  ...rangeShape,
};

export const moneyTimelineQuerySchema = z
  .object({
    ...filterShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    /** By the event's instant: newest first by default. */
    sort: z.enum(moneyTimelineSorts).default('-at'),
  })
  .superRefine(checkRange);
export type MoneyTimelineQuery = z.input<typeof moneyTimelineQuerySchema>;

export const moneyTimelineExportQuerySchema = z
  .object({ ...filterShape, sort: z.enum(moneyTimelineSorts).default('-at') })
  .superRefine(checkRange);

export const moneyTimelineSummaryQuerySchema = z.object(rangeShape).superRefine(checkRange);

export const moneyTimelineSummarySchema = z
  .object({
    /** The balance at the range's end (over every event up to it): positive, the studio holds it for the school. */
    balanceCents: z.number().int(),
    /** Online orders paid (their totals). */
    collectedCents: z.number().int(),
    /** Card fees of those orders. */
    feesCents: z.number().int(),
    /** Online refunds. */
    refundsCents: z.number().int(),
    /** Presale, summer and sales-tax payouts. */
    payoutsCents: z.number().int(),
    /** Invoices issued, less those voided. */
    invoicedCents: z.number().int(),
    /** Invoice payments (card, ACH, check and online-sales credits), less invoice refunds. */
    paidCents: z.number().int(),
    /** Of `paidCents`, what online-sales credits paid (the store's money, so net 0 on the balance). */
    creditsCents: z.number().int(),
    /** The events in the range. */
    events: z.number().int(),
  })
  .meta({ id: 'MoneyTimelineSummary' });
export type MoneyTimelineSummary = z.infer<typeof moneyTimelineSummarySchema>;

export const moneyTimelineListSchema = listEnvelopeSchema(moneyEventSchema);

/** `GET /api/accounts/{id}/money_timeline`: a page of the account's money events, with the running balance. */
export const listMoneyTimeline = defineOperation({
  method: 'GET',
  path: '/api/accounts/:id/money_timeline',
  params: idParamsSchema,
  query: moneyTimelineQuerySchema,
  responses: { 200: moneyTimelineListSchema, ...problemResponses(400, 404) },
  permission: 'sales.view',
  summary: "An account's money events with the running balance",
  tags: TAGS,
});

/** `GET /api/accounts/{id}/money_timeline/summary`: the account's figures, whole or for a range. */
export const moneyTimelineSummary = defineOperation({
  method: 'GET',
  path: '/api/accounts/:id/money_timeline/summary',
  params: idParamsSchema,
  query: moneyTimelineSummaryQuerySchema,
  responses: { 200: moneyTimelineSummarySchema, ...problemResponses(400, 404) },
  permission: 'sales.view',
  summary: "An account's money figures and balance",
  tags: TAGS,
});

/** `GET /api/accounts/{id}/money_timeline.csv`: the whole filtered timeline, as the list shows it. */
export const exportMoneyTimeline = defineOperation({
  method: 'GET',
  path: '/api/accounts/:id/money_timeline.csv',
  params: idParamsSchema,
  query: moneyTimelineExportQuerySchema,
  responses: { 200: z.string(), ...problemResponses(400, 404) },
  permission: 'sales.view',
  summary: "An account's money timeline as CSV",
  tags: TAGS,
});
