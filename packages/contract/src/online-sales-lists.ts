import { z } from 'zod';
import { listSearchSchema, searchId } from './list-url';

/*
 * The sales reports page's URL (/admin/online-sales): the year, the school and the open report tab,
 * with the open report's page and sort. Apart from online-sales.ts so that the web's route table
 * carries only this, not the reports' schemas.
 */

/** The list reports, in the order of the page's tabs (`weekly_accounts` is part 7's weekly/accounts). */
export const salesListReportNames = [
  'online_orders_report',
  'orders_and_items',
  'personalized_order_names',
  'distribution_list',
  'ship_to_home_address_list',
  'text_dedication_ads_list',
  'dedication_ad_sales',
  'weekly_accounts',
  'studio_overview_report',
] as const;
export type SalesListReportName = (typeof salesListReportNames)[number];

export const onlineSalesUrlSearch = listSearchSchema.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  accountId: searchId,
  // Checked against `salesListReportNames` by the page (lazy), so the route table carries no list of names.
  report: z
    .string()
    .regex(/^[a-z_]+$/)
    .max(40)
    .optional()
    .catch(undefined),
});
export type OnlineSalesSearch = z.infer<typeof onlineSalesUrlSearch>;
