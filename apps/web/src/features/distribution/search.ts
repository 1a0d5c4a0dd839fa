import { z } from 'zod';
import { searchId, searchText } from '../../lib/list-search';

/** Distribution Day's URL: the school and the year (a phone's reload keeps its place), and a search to start from. */
export const distributionSearchSchema = z.object({
  accountId: searchId,
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  search: searchText,
});
export type DistributionSearch = z.infer<typeof distributionSearchSchema>;
