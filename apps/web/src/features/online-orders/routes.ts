import { onlineOrderListUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/** /admin/online-sales/orders: Online Orders; the URL from the list declaration alone (online-order-lists.ts). */
const onlineOrdersRoute = resourceRoute(
  'online-sales/orders',
  { urlSearch: onlineOrderListUrlSearch },
  lazyPage(() => import('./OnlineOrdersPage'), 'OnlineOrdersPage'),
);

export const onlineOrderRoutes = [onlineOrdersRoute] as const;
