import { listSearchSchema, searchId, searchText } from '@colophon/contract';
import { z } from 'zod';

/** The record editor's five super-admin resources (spec part 3), as the URL names them. */
export const recordTypes = ['accounts', 'projects', 'proofs', 'orders', 'users'] as const;
export type RecordType = (typeof recordTypes)[number];

/** /admin/super/records' URL: the type, the search and page of its list, and the record open. */
export const recordSearchSchema = listSearchSchema.extend({
  type: z.enum(recordTypes).optional().catch(undefined),
  search: searchText,
  open: searchId,
});
export type RecordSearch = z.infer<typeof recordSearchSchema>;
