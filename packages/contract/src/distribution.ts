import { z } from 'zod';
import { idParam, idSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';

/*
 * Distribution day and the order forecast (issue 12, "Beyond"). Distribution day: school staff
 * find a buyer on a phone and mark each thing handed out; marks made offline are replayed through
 * one idempotent call. The forecast: the final books a store will have sold, with a range.
 */

const yearParam = z.coerce.number().int().min(2000).max(2100);

/** Which store: a school and its year. Another tenant's school is a 404. */
export const storeYearQuerySchema = z.object({ accountId: idParam, year: yearParam });
export type StoreYearQuery = z.infer<typeof storeYearQuerySchema>;

/** One thing a student collects: a book (personalized or donated), an ad, a dedication, custom pages. */
export const distributionItemSchema = z
  .object({
    id: z.number().int(),
    typeProduct: z.number().int(),
    typeSubProduct: z.number().int(),
    /** What it is, in words ('Yearbook', 'Yearbook Ad — Half Page'). */
    label: z.string(),
    quantity: z.number().int(),
    personalizationName: z.string().nullable(),
    dedicationText: z.string().nullable(),
    adSize: z.number().int().nullable(),
    customPages: z.number().int().nullable(),
    isDonated: z.boolean(),
    distributedAt: timestampSchema.nullable(),
    distributedByUserId: z.number().int().nullable(),
  })
  .meta({ id: 'DistributionItem' });
export type DistributionItem = z.infer<typeof distributionItemSchema>;

/** A paid order of the store, as the distribution table reads it: who collects and what. */
export const distributionBuyerSchema = z
  .object({
    orderId: z.number().int(),
    orderNumber: z.string(),
    studentFirstName: z.string().nullable(),
    studentLastName: z.string().nullable(),
    grade: z.string().nullable(),
    homeroom: z.string().nullable(),
    parentName: z.string(),
    items: z.array(distributionItemSchema),
  })
  .meta({ id: 'DistributionBuyer' });
export type DistributionBuyer = z.infer<typeof distributionBuyerSchema>;

export const distributionCountsSchema = z
  .object({ handedOut: z.number().int(), toHandOut: z.number().int() })
  .meta({ id: 'DistributionCounts' });
export type DistributionCounts = z.infer<typeof distributionCountsSchema>;

/** At most this many buyers answer a search: the staff member types more to narrow it. */
export const MAX_DISTRIBUTION_RESULTS = 30;

export const searchDistribution = defineOperation({
  method: 'GET',
  path: '/api/online_sales/distribution',
  query: storeYearQuerySchema.extend({
    search: z.string().trim().min(1, 'Type a name, homeroom or order number').max(100),
  }),
  responses: {
    200: z.object({ data: z.array(distributionBuyerSchema), counts: distributionCountsSchema }),
    ...problemResponses(400, 404),
  },
  permission: 'sales.manage',
  summary: "Buyers of a store by student name, homeroom or order number, with what each collects and the day's counts",
  tags: ['online sales'],
});

export const getDistributionCounts = defineOperation({
  method: 'GET',
  path: '/api/online_sales/distribution/counts',
  query: storeYearQuerySchema,
  responses: { 200: distributionCountsSchema, ...problemResponses(400, 404) },
  permission: 'sales.manage',
  summary: 'Items of a store handed out and still to hand out',
  tags: ['online sales'],
});

export const listNotCollected = defineOperation({
  method: 'GET',
  path: '/api/online_sales/distribution/not_collected',
  query: storeYearQuerySchema,
  responses: {
    200: z.object({ data: z.array(distributionBuyerSchema), counts: distributionCountsSchema }),
    ...problemResponses(400, 404),
  },
  permission: 'sales.manage',
  summary: 'Buyers with something not yet handed out, by homeroom and name (the end-of-day list)',
  tags: ['online sales'],
});

/** One mark from a phone: made at `at` on the device, sent now or replayed after a moment offline. */
export const distributionMarkSchema = z.object({
  itemId: idSchema,
  handedOut: z.boolean(),
  at: timestampSchema,
  /** The device's id for this mark (a UUID): the same mark sent twice applies once. */
  clientMarkId: z
    .string()
    .min(8, 'At least 8 characters')
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, dashes and underscores only'),
});
export type DistributionMark = z.infer<typeof distributionMarkSchema>;

export const MAX_MARKS_PER_SYNC = 500;

/** What became of a mark: applied; already applied (the same id); or older than the item's last mark. */
export const markOutcomes = ['applied', 'duplicate', 'superseded', 'too_late'] as const;

export const syncDistributionMarks = defineOperation({
  method: 'POST',
  path: '/api/online_sales/distribution/marks',
  body: z.object({
    marks: z.array(distributionMarkSchema).min(1, 'At least one mark').max(MAX_MARKS_PER_SYNC),
  }),
  responses: {
    200: z.object({
      results: z.array(z.object({ clientMarkId: z.string(), itemId: z.number().int(), outcome: z.enum(markOutcomes) })),
      items: z.array(
        z.object({
          id: z.number().int(),
          distributedAt: timestampSchema.nullable(),
          distributedByUserId: z.number().int().nullable(),
        }),
      ),
    }),
    ...problemResponses(400, 404),
  },
  permission: 'sales.manage',
  summary:
    'Applies distribution marks idempotently, the latest by device time winning; an item of another tenant fails the whole batch (404)',
  tags: ['online sales'],
});

// ——— The order forecast ———

export const salesForecastSchema = z
  .object({
    accountId: z.number().int(),
    year: z.number().int(),
    /** Books sold so far this season (paid, not refunded in full). */
    soldSoFar: z.number().int(),
    /** The day of the season (0: the store's opening day). */
    seasonDay: z.number().int(),
    forecast: z.number().int(),
    low: z.number().int(),
    high: z.number().int(),
    /** The copies ordered: the order's copies, else the project's. */
    copiesOrdered: z.number().int().nullable(),
    copiesSource: z.enum(['order', 'project']).nullable(),
    enrollment: z.number().int().nullable(),
    pastSeasons: z.number().int(),
    basis: z.string(),
  })
  .meta({ id: 'SalesForecast' });
export type SalesForecastAnswer = z.infer<typeof salesForecastSchema>;

export const getSalesForecast = defineOperation({
  method: 'GET',
  path: '/api/online_sales/forecast',
  query: storeYearQuerySchema,
  responses: { 200: salesForecastSchema, ...problemResponses(400, 404) },
  permission: 'sales.view',
  summary: "The final books a school's store will have sold, with a range, from its curve, past seasons and enrollment",
  tags: ['online sales'],
});
