import { orderListUrlSearch, personalizationUploadListUrlSearch } from '@colophon/contract';
import type { z } from 'zod';
import { searchId } from '../../lib/list-search';

/** Order Admin's URL: the orders list's filters (`search`, `status`, …) and the order open in the panel. */
export const orderAdminSearchSchema = orderListUrlSearch.extend({ orderId: searchId });
export type OrderAdminSearch = z.infer<typeof orderAdminSearchSchema>;

export const personalizationSearchSchema = personalizationUploadListUrlSearch;
export type PersonalizationSearch = z.infer<typeof personalizationSearchSchema>;
