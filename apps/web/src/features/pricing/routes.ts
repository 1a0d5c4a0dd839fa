import { customerPricingPageUrlSearch, pricingAdjustmentListUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/** /admin/super/customer-pricing: the price lists by year, and each account's designation (pricing-lists.ts alone loads here). */
const customerPricingRoute = resourceRoute(
  'super/customer-pricing',
  { urlSearch: customerPricingPageUrlSearch },
  lazyPage(() => import('./CustomerPricingPage'), 'CustomerPricingPage'),
);

/** /admin/super/pricing-adjustments: the accounts' adjustments and commissions by year. */
const pricingAdjustmentsRoute = resourceRoute(
  'super/pricing-adjustments',
  { urlSearch: pricingAdjustmentListUrlSearch },
  lazyPage(() => import('./PricingAdjustmentsPage'), 'PricingAdjustmentsPage'),
);

export const pricingRoutes = [customerPricingRoute, pricingAdjustmentsRoute] as const;
