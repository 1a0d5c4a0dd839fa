import { z } from 'zod';
import { searchId, searchText } from '../../lib/list-search';

/** Distribution Day's URL: the school and the year (a phone's reload keeps its place), and a search to start from. */
export const distributionSearchSchema = z.object({
  accountId: searchId,
  // A positive number is enough here (the API checks the range): the route table is on the login page's budget.
  year: searchId,
  search: searchText,
});
export type DistributionSearch = z.infer<typeof distributionSearchSchema>;
