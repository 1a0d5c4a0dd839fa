import { clientErrorListUrlSearch } from '@colophon/contract';
import type { z } from 'zod';

/** /admin/super/client-errors' URL: page, size, sort and the message search, from the contract. */
export const clientErrorSearchSchema = clientErrorListUrlSearch;
export type ClientErrorSearch = z.infer<typeof clientErrorSearchSchema>;
