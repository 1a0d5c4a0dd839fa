import { discountListUrlSearch, storeSetupUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/** /admin/online-sales/store: the stores, their products, prices and images (store-lists.ts alone loads here). */
const storeSetupRoute = resourceRoute(
  'online-sales/store',
  { urlSearch: storeSetupUrlSearch },
  lazyPage(() => import('./StoreSetupPage'), 'StoreSetupPage'),
);

/** /admin/sales-store-coupons: Store Coupons. */
const storeCouponsRoute = resourceRoute(
  'sales-store-coupons',
  { urlSearch: discountListUrlSearch },
  lazyPage(() => import('./StoreCouponsPage'), 'StoreCouponsPage'),
);

export const storeRoutes = [storeSetupRoute, storeCouponsRoute] as const;
