import { usersContract } from '@colophon/contract';
import { z } from 'zod';
import { searchBoolean } from '../../lib/list-search';

/** The users list's URL (filters from the contract); `user` opens a user's drawer on `tab`, `create` a new one. */
export const usersSearchSchema = usersContract.urlSearch.extend({
  user: z.coerce.number().int().positive().optional().catch(undefined),
  tab: z.enum(['details', 'permissions', 'notifications', 'accounts']).optional().catch(undefined),
  create: searchBoolean,
});
export type UsersSearch = z.infer<typeof usersSearchSchema>;
