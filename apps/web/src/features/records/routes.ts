import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { recordSearchSchema } from './search';

const recordsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/records',
  validateSearch: recordSearchSchema,
  ...pageRoute('/admin/super/records'),
  component: lazyPage(() => import('./RecordsPage'), 'RecordsPage'),
});

export const recordRoutes = [recordsRoute] as const;
