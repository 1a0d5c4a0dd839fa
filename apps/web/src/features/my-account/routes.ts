import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { myAccountSearchSchema } from './search';

const myAccountRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'my-account',
  validateSearch: myAccountSearchSchema,
  ...pageRoute('/admin/my-account'),
  component: lazyPage(() => import('./MyAccountPage'), 'MyAccountPage'),
});

export const myAccountRoutes = [myAccountRoute] as const;
