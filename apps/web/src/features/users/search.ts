import { z } from 'zod';
import { listSearchSchema, searchBoolean, searchNumberList, searchText } from '../../lib/list-search';

/** The users list's URL: page, size, sort and its filters. */
export const usersSearchSchema = listSearchSchema.extend({
  search: searchText,
  role: searchNumberList,
  isActive: searchBoolean,
  user: z.coerce.number().int().positive().optional().catch(undefined),
  tab: z.enum(['details', 'permissions', 'notifications', 'accounts']).optional().catch(undefined),
  create: searchBoolean,
});
export type UsersSearch = z.infer<typeof usersSearchSchema>;
