import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { usersSearchSchema } from './search';

const usersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'users',
  validateSearch: usersSearchSchema,
  ...pageRoute('/admin/users'),
  component: lazyPage(() => import('./UsersPage'), 'UsersPage'),
});

export const userRoutes = [usersRoute] as const;
