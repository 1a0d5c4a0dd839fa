import { onlineSalesUrlSearch } from '@colophon/contract';
import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';

/** /admin/online-sales: the sales reports; the URL's search alone (online-sales-lists.ts) loads with the routes. */
const onlineSalesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'online-sales',
  validateSearch: onlineSalesUrlSearch,
  ...pageRoute('/admin/online-sales'),
  component: lazyPage(() => import('./OnlineSalesPage'), 'OnlineSalesPage'),
});

export const onlineSalesRoutes = [onlineSalesRoute] as const;
