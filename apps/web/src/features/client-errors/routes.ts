import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { clientErrorSearchSchema } from './search';

const clientErrorsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/client-errors',
  validateSearch: clientErrorSearchSchema,
  ...pageRoute('/admin/super/client-errors'),
  component: lazyPage(() => import('./ClientErrorsPage'), 'ClientErrorsPage'),
});

export const clientErrorRoutes = [clientErrorsRoute] as const;
