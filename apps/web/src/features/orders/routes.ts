import { orderListUrlSearch } from '@colophon/contract';
import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute, recordIdParams } from '../../app/route-base';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/** /admin/orders: Order Status, the orders of the caller's accounts. */
const ordersRoute = resourceRoute(
  'orders',
  // The list's URL alone (order-lists.ts): the orders' schemas load with the page, not the login.
  { urlSearch: orderListUrlSearch },
  lazyPage(() => import('./OrdersPage'), 'OrdersPage'),
);

/** One order (Order Status › its number): its facts, timeline, shipments and files. */
const orderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$orderId',
  params: recordIdParams('orderId'),
  ...pageRoute('/admin/orders'),
  component: lazyPage(() => import('./OrderPage'), 'OrderPage'),
});

export const orderRoutes = [ordersRoute, orderRoute] as const;
