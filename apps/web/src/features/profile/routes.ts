import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';

const profileRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'profile',
  ...pageRoute('/admin/profile'),
  component: lazyPage(() => import('./ProfilePage'), 'ProfilePage'),
});

export const profileRoutes = [profileRoute] as const;
