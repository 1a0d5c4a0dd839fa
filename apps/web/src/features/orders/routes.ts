import { ordersContract } from '@colophon/contract';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { adminRoute, pageRoute } from '../../app/route-base';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/** /admin/orders: Order Status, the orders of the caller's accounts. */
const ordersRoute = resourceRoute(
  'orders',
  ordersContract,
  lazyPage(() => import('./OrdersPage'), 'OrdersPage'),
);

/** One order (Order Status › its number): its facts, timeline, shipments and files. */
const orderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$orderId',
  params: {
    parse: ({ orderId }) => ({ orderId: z.coerce.number().int().positive().catch(0).parse(orderId) }),
    stringify: ({ orderId }) => ({ orderId: String(orderId) }),
  },
  ...pageRoute('/admin/orders'),
  component: lazyPage(() => import('./OrderPage'), 'OrderPage'),
});

export const orderRoutes = [ordersRoute, orderRoute] as const;
