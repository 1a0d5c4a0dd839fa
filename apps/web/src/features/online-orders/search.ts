import { onlineOrderListUrlSearch } from '@colophon/contract';
import type { z } from 'zod';
import { resourceSearchSchema } from '../../components/resource-page/route';

/** The Online Orders list's URL: page, size, sort, the contract's filters and the open order (`edit`). */
export const onlineOrdersSearchSchema = resourceSearchSchema({ urlSearch: onlineOrderListUrlSearch });
export type OnlineOrdersSearch = z.infer<typeof onlineOrdersSearchSchema>;
