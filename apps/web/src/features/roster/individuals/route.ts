import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../../app/route-base';
import { lazyPage } from '../../../lib/chunk-reload';
import { individualsSearchSchema } from './search';

export const individualsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'roster/individuals',
  validateSearch: individualsSearchSchema,
  ...pageRoute('/admin/roster/individuals'),
  component: lazyPage(() => import('./IndividualsPage'), 'IndividualsPage'),
});
