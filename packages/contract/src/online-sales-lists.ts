import { z } from 'zod';
import { listSearchSchema, searchId } from './list-url';

/*
 * The sales reports page's URL (/admin/online-sales): the year, the school and the open report tab,
 * with the open report's page and sort. Apart from online-sales.ts so that the web's route table
 * carries only this, not the reports' schemas.
 */

export const onlineSalesUrlSearch = listSearchSchema.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  accountId: searchId,
  // Checked against the contract's reports by the page (lazy), so the route table carries no list of names.
  report: z
    .string()
    .regex(/^[a-z_]+$/)
    .max(40)
    .optional()
    .catch(undefined),
});
export type OnlineSalesSearch = z.infer<typeof onlineSalesUrlSearch>;
