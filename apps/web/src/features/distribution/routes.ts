import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { distributionSearchSchema } from './search';

/** /admin/online-sales/distribution: Distribution Day, for a phone or tablet at the school. */
const distributionRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'online-sales/distribution',
  validateSearch: distributionSearchSchema,
  ...pageRoute('/admin/online-sales/distribution'),
  component: lazyPage(() => import('./DistributionPage'), 'DistributionPage'),
});

export const distributionRoutes = [distributionRoute] as const;
