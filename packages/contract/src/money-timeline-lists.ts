import { moneyEventKinds } from '@colophon/domain';
import { z } from 'zod';
import { searchList } from './list-url';

/*
 * The money section's URL on an account's page (`/admin/accounts/$accountId?tab=money`): the kinds
 * shown, the date range, the page and the sort. Apart from money-timeline.ts so that the web's route
 * table carries only this. A stale or hand-edited value is dropped, never an error.
 */

const searchDay = z.iso.date().optional().catch(undefined);

export const moneyTimelineUrlSearch = z.object({
  kind: searchList(z.enum(moneyEventKinds as [string, ...string[]])),
  from: searchDay,
  to: searchDay,
});
export type MoneyTimelineSearch = z.infer<typeof moneyTimelineUrlSearch>;
