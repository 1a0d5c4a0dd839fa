import { z } from 'zod';
import { idParam, idSchema, listEnvelopeSchema, MAX_PER_PAGE, problemResponses } from './common';
import { defineOperation } from './operation';

/*
 * The online stores' sales reports (issue 12, part 7's online_sales calls). Every call is read-only,
 * needs `sales.view` and reads only the caller's accounts (a school its own sales, a studio its
 * schools'). Money is integer cents; a paid item (paid_at set; a refund in full clears it) counts,
 * and refunded money is subtracted from the orders' totals (net revenue).
 */

const PERMISSION = 'sales.view' as const;
const TAGS = ['online sales'] as const;

const yearParam = z.coerce.number().int().min(2000).max(2100);
const dayParam = z.iso.date();

/** The filters every report takes: one school, a studio's schools, a year, paid between two days. */
const salesFilterShape = {
  /** One school (or studio) account; another tenant's is a 404. */
  accountId: idParam.optional(),
  /** A studio (or district): its schools and itself. */
  ancestorId: idParam.optional(),
  year: yearParam.optional(),
  /** Paid on or after this day (UTC), and on or before `to`. */
  from: dayParam.optional(),
  to: dayParam.optional(),
};
export const salesFilterQuerySchema = z.object(salesFilterShape);
export type SalesFilter = z.infer<typeof salesFilterQuerySchema>;

/** The same filters in a POST body (part 7's POST calls); ids may be numbers or numeric strings. */
export const salesFilterBodySchema = z.object(salesFilterShape).default({});

// ——— Totals and counts ———

export const salesCountSchema = z.object({ count: z.number().int() }).meta({ id: 'SalesCount' });
export type SalesCount = z.infer<typeof salesCountSchema>;

export const totalItemsSchema = z
  .object({ items: z.number().int(), quantity: z.number().int(), totalCents: z.number().int() })
  .meta({ id: 'SalesTotalItems' });

export const revenueWeekSchema = z.object({
  /** The Monday (UTC) of the week, `2026-09-07`. */
  week: z.string(),
  orders: z.number().int(),
  itemsCents: z.number().int(),
});

export const revenueOverviewSchema = z
  .object({
    orders: z.number().int(),
    /** What the paid orders charged (items, shipping, fees, tax, less discounts). */
    grossCents: z.number().int(),
    refundedCents: z.number().int(),
    /** Gross less refunds. */
    netCents: z.number().int(),
    /** The paid items' own totals, and their quantities by kind. */
    itemsCents: z.number().int(),
    books: z.number().int(),
    personalized: z.number().int(),
    ads: z.number().int(),
    textDedications: z.number().int(),
    donated: z.number().int(),
    byWeek: z.array(revenueWeekSchema),
  })
  .meta({ id: 'RevenueOverview' });
export type RevenueOverview = z.infer<typeof revenueOverviewSchema>;

export const bookCountByBindingSchema = z.object({
  typeBook: z.number().int().nullable(),
  books: z.number().int(),
});
export const bookCountsByBindingSchema = z.object({ data: z.array(bookCountByBindingSchema) });

export const yearToYearSchema = z
  .object({
    years: z.array(
      z.object({
        year: z.number().int(),
        totalCents: z.number().int(),
        /** Cumulative item sales by week of the season (week 1 is the year's first week with a sale). */
        weeks: z.array(z.object({ week: z.number().int(), cumulativeCents: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'YearToYearSalesComparison' });
export type YearToYearSales = z.infer<typeof yearToYearSchema>;

export const salesAgainstEnrollmentSchema = z.object({
  data: z.array(
    z.object({
      accountId: z.number().int(),
      accountName: z.string(),
      books: z.number().int(),
      enrollment: z.number().int().nullable(),
    }),
  ),
});

function countOperation(path: string, summary: string) {
  return defineOperation({
    method: 'POST',
    path: `/api/online_sales/${path}`,
    body: salesFilterBodySchema,
    responses: { 200: salesCountSchema, ...problemResponses(400, 404) },
    permission: PERMISSION,
    summary,
    tags: TAGS,
  });
}

export const totalItems = defineOperation({
  method: 'POST',
  path: '/api/online_sales/total_items',
  body: salesFilterBodySchema,
  responses: { 200: totalItemsSchema, ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: 'Paid items: lines, quantity and their total',
  tags: TAGS,
});
export const revenueOverview = defineOperation({
  method: 'POST',
  path: '/api/online_sales/revenue_overview',
  body: salesFilterBodySchema,
  responses: { 200: revenueOverviewSchema, ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: 'Revenue net of refunds, the kinds sold and the revenue by week',
  tags: TAGS,
});
export const personalizedBookCount = countOperation('personalized_book_count', 'Personalized books sold');
export const genericBookCount = countOperation('generic_book_count', 'Books sold without personalization');
export const dedicationAdCount = countOperation('dedication_ad_count', 'Dedication ads sold');
export const textDedicationAdCount = countOperation('text_dedication_ad_count', 'Text dedications sold');
export const donatedBookCount = countOperation('donated_book_count', 'Donated books sold');
export const shipToHomeCount = countOperation('get_ship_to_home_count', 'Orders shipped to a home address');
export const bookCountsByBinding = defineOperation({
  method: 'POST',
  path: '/api/online_sales/book_counts_by_binding',
  body: salesFilterBodySchema,
  responses: { 200: bookCountsByBindingSchema, ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: "Books sold by the book type of the store's project of that year",
  tags: TAGS,
});
export const orderAdminPersonalizedBooks = defineOperation({
  method: 'POST',
  path: '/api/online_sales/order_admin_number_of_personalized_books',
  body: z.object({
    account_id: z.union([idSchema, idParam]),
    year: z.union([z.number().int().min(2000).max(2100), yearParam]),
  }),
  responses: { 200: salesCountSchema, ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: "An account's personalized books of a year (Order Admin)",
  tags: TAGS,
});
export const yearToYearSalesComparison = defineOperation({
  method: 'GET',
  path: '/api/online_sales/year_to_year_sales_comparison',
  query: salesFilterQuerySchema,
  responses: { 200: yearToYearSchema, ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: "This year's cumulative sales against the last years'",
  tags: TAGS,
});
export const salesAgainstEnrollment = defineOperation({
  method: 'GET',
  path: '/api/online_sales/sales_against_enrollment',
  query: salesFilterQuerySchema,
  responses: { 200: salesAgainstEnrollmentSchema, ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: "Books sold per school against the school's enrollment",
  tags: TAGS,
});

// ——— List reports (paged, sorted on the server, exported whole as CSV or XLSX) ———

/** One cell of a report row: text, a whole number (cents, counts) or nothing. */
const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type SalesCell = z.infer<typeof cellSchema>;

/**
 * The list reports, each with its columns (`key`, header, whether it is cents) and its sorts. The
 * API reads its rows, the web shows them and the exports write them from this one table.
 */
export const salesListReports = {
  online_orders_report: {
    label: 'Online orders',
    columns: [
      ['orderNumber', 'Order'],
      ['accountName', 'School'],
      ['year', 'Year'],
      ['status', 'Status'],
      ['parentName', 'Parent'],
      ['parentEmail', 'Email'],
      ['studentName', 'Student'],
      ['homeroom', 'Homeroom'],
      ['typePayment', 'Payment'],
      ['totalCents', 'Total', 'cents'],
      ['refundedCents', 'Refunded', 'cents'],
      ['paidAt', 'Paid'],
    ],
    sorts: ['paidAt', 'orderNumber', 'totalCents', 'parentName'],
    defaultSort: '-paidAt',
  },
  orders_and_items: {
    label: 'Orders and items',
    columns: [
      ['orderNumber', 'Order'],
      ['accountName', 'School'],
      ['parentName', 'Parent'],
      ['studentName', 'Student'],
      ['product', 'Product'],
      ['quantity', 'Quantity'],
      ['unitPriceCents', 'Unit price', 'cents'],
      ['totalCents', 'Total', 'cents'],
      ['personalizationName', 'Personalized name'],
      ['paidAt', 'Paid'],
    ],
    sorts: ['paidAt', 'orderNumber', 'totalCents'],
    defaultSort: '-paidAt',
  },
  personalized_order_names: {
    label: 'Personalized names',
    columns: [
      ['personalizationName', 'Name'],
      ['studentName', 'Student'],
      ['homeroom', 'Homeroom'],
      ['grade', 'Grade'],
      ['accountName', 'School'],
      ['orderNumber', 'Order'],
    ],
    sorts: ['personalizationName', 'homeroom', 'orderNumber'],
    defaultSort: 'personalizationName',
  },
  distribution_list: {
    label: 'Distribution list',
    columns: [
      ['homeroom', 'Homeroom'],
      ['studentName', 'Student'],
      ['grade', 'Grade'],
      ['books', 'Books'],
      ['personalizationName', 'Personalized name'],
      ['ads', 'Ads'],
      ['textDedications', 'Text dedications'],
      ['donated', 'Donated'],
      ['orderNumber', 'Order'],
    ],
    sorts: ['homeroom'],
    defaultSort: 'homeroom',
  },
  ship_to_home_address_list: {
    label: 'Ship-to-home addresses',
    columns: [
      ['orderNumber', 'Order'],
      ['parentName', 'Parent'],
      ['studentName', 'Student'],
      ['address', 'Address'],
      ['typeShipping', 'Shipping'],
      ['accountName', 'School'],
    ],
    sorts: ['orderNumber', 'parentName'],
    defaultSort: 'orderNumber',
  },
  text_dedication_ads_list: {
    label: 'Text dedications',
    columns: [
      ['dedicationText', 'Dedication'],
      ['studentName', 'Student'],
      ['parentName', 'Parent'],
      ['accountName', 'School'],
      ['orderNumber', 'Order'],
    ],
    sorts: ['orderNumber', 'studentName'],
    defaultSort: 'orderNumber',
  },
  dedication_ad_sales: {
    label: 'Dedication ad sales',
    columns: [
      ['orderNumber', 'Order'],
      ['product', 'Ad'],
      ['adSize', 'Size'],
      ['studentName', 'Student'],
      ['parentName', 'Parent'],
      ['accountName', 'School'],
      ['totalCents', 'Total', 'cents'],
      ['paidAt', 'Paid'],
    ],
    sorts: ['paidAt', 'orderNumber', 'totalCents'],
    defaultSort: '-paidAt',
  },
  weekly_accounts: {
    label: 'Weekly by account',
    columns: [
      ['week', 'Week'],
      ['accountName', 'School'],
      ['orders', 'Orders'],
      ['books', 'Books'],
      ['itemsCents', 'Sales', 'cents'],
    ],
    sorts: ['week', 'accountName', 'itemsCents'],
    defaultSort: '-week',
  },
  studio_overview_report: {
    label: 'Studio overview',
    columns: [
      ['accountName', 'School'],
      ['orders', 'Orders'],
      ['books', 'Books'],
      ['personalized', 'Personalized'],
      ['ads', 'Ads'],
      ['grossCents', 'Gross', 'cents'],
      ['refundedCents', 'Refunded', 'cents'],
      ['netCents', 'Net', 'cents'],
    ],
    sorts: ['accountName', 'netCents', 'books'],
    defaultSort: 'accountName',
  },
} as const satisfies Record<
  string,
  {
    label: string;
    columns: readonly (readonly [string, string] | readonly [string, string, 'cents'])[];
    sorts: readonly [string, ...string[]];
    defaultSort: string;
  }
>;

/** The list reports, in the order of the page's tabs (`weekly_accounts` is part 7's weekly/accounts). */
export type SalesListReportName = keyof typeof salesListReports;
export const salesListReportNames = Object.keys(salesListReports) as [SalesListReportName, ...SalesListReportName[]];

/** At most this many rows leave in one export. */
export const MAX_SALES_EXPORT_ROWS = 100_000;

export const salesListQuerySchema = z.object({
  ...salesFilterShape,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
  /** A column of the report's `sorts`, `-` first for descending; checked against the report. */
  sort: z
    .string()
    .regex(/^-?[a-zA-Z]+$/)
    .max(40)
    .optional(),
});
export type SalesListQuery = z.input<typeof salesListQuerySchema>;

export const salesRowSchema = z.record(z.string(), cellSchema);
export type SalesRow = z.infer<typeof salesRowSchema>;
export const salesListSchema = listEnvelopeSchema(salesRowSchema).meta({ id: 'SalesReportPage' });

/** A list report's path (`weekly_accounts` is part 7's `weekly/accounts`). */
export const salesListPath = (name: SalesListReportName) => (name === 'weekly_accounts' ? 'weekly/accounts' : name);

function listOperation<const Name extends SalesListReportName>(name: Name) {
  return defineOperation({
    method: 'GET',
    path: `/api/online_sales/${salesListPath(name)}`,
    query: salesListQuerySchema,
    responses: { 200: salesListSchema, ...problemResponses(400, 404) },
    permission: PERMISSION,
    summary: salesListReports[name].label,
    tags: TAGS,
  });
}

export const onlineOrdersReport = listOperation('online_orders_report');
export const ordersAndItems = listOperation('orders_and_items');
export const weeklyAccounts = listOperation('weekly_accounts');
export const studioOverviewReport = listOperation('studio_overview_report');
export const personalizedOrderNames = listOperation('personalized_order_names');
export const distributionList = listOperation('distribution_list');
export const shipToHomeAddressList = listOperation('ship_to_home_address_list');
export const textDedicationAdsList = listOperation('text_dedication_ads_list');
/** Part 7 makes this one a POST: the same filters, paging and sort in the body. */
export const dedicationAdSales = defineOperation({
  method: 'POST',
  path: '/api/online_sales/dedication_ad_sales',
  body: salesListQuerySchema.default({ page: 1, perPage: 25 }),
  responses: { 200: salesListSchema, ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: salesListReports.dedication_ad_sales.label,
  tags: TAGS,
});

/** `GET online_sales/export/{report}?format=csv|xlsx`: the whole filtered set of a list report, streamed. */
export const exportSalesReport = defineOperation({
  method: 'GET',
  path: '/api/online_sales/export/:report',
  params: z.object({ report: z.enum(salesListReportNames) }),
  query: z.object({ ...salesFilterShape, sort: salesListQuerySchema.shape.sort, format: z.enum(['csv', 'xlsx']) }),
  responses: { 200: z.string(), ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: 'A list report, whole, as CSV or XLSX',
  tags: TAGS,
});

/** `GET online_sales/distribution_list/print`: the pick list per homeroom as a printable page (HTML). */
export const printDistributionList = defineOperation({
  method: 'GET',
  path: '/api/online_sales/distribution_list/print',
  query: salesFilterQuerySchema,
  responses: { 200: z.string(), ...problemResponses(400, 404) },
  permission: PERMISSION,
  summary: 'The distribution list, a printable pick list per homeroom',
  tags: TAGS,
});
