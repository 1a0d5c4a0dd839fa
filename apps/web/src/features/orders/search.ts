import { orderListUrlSearch } from '@colophon/contract';
import type { z } from 'zod';
import { resourceSearchSchema } from '../../components/resource-page/route';

/** The Order Status list's URL: page, size, sort and the contract's filters. */
export const ordersSearchSchema = resourceSearchSchema({ urlSearch: orderListUrlSearch });
export type OrdersSearch = z.infer<typeof ordersSearchSchema>;
