import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';

const schoolSignupRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'ypa',
  ...pageRoute('/admin/ypa'),
  component: lazyPage(() => import('./SchoolSignupPage'), 'SchoolSignupPage'),
});

export const signupRoutes = [schoolSignupRoute] as const;
