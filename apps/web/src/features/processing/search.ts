import { z } from 'zod';
import { listSearchSchema, searchId, searchNumberList, searchText } from '../../lib/list-search';

const searchDate = z.iso.date().optional().catch(undefined);

/** A queue page's URL: paging, sort, the status filter, a search, created dates, and the job in the drawer. */
export const queueSearchSchema = listSearchSchema.extend({
  status: searchNumberList,
  search: searchText,
  createdFrom: searchDate,
  createdTo: searchDate,
  job: searchId,
});
export type QueueSearch = z.infer<typeof queueSearchSchema>;
