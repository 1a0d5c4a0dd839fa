import { z } from 'zod';
import { listSearchSchema, searchId, searchNumberList, searchText } from '../../lib/list-search';

const searchDate = z.iso.date().optional().catch(undefined);

/**
 * A queue page's URL: paging, sort, the status chips, a search, created dates, the account, project
 * or order a job belongs to, text in its error, and the job in the drawer.
 */
export const queueSearchSchema = listSearchSchema.extend({
  status: searchNumberList,
  search: searchText,
  createdFrom: searchDate,
  createdTo: searchDate,
  accountId: searchId,
  projectId: searchId,
  orderId: searchId,
  error: searchText,
  job: searchId,
});
export type QueueSearch = z.infer<typeof queueSearchSchema>;
