import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { orderAdminSearchSchema, personalizationSearchSchema } from './search';

const orderAdminRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/order-admin',
  validateSearch: orderAdminSearchSchema,
  ...pageRoute('/admin/super/order-admin'),
  component: lazyPage(() => import('./OrderAdminPage'), 'OrderAdminPage'),
});

const personalizationUploadRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/personalization-upload',
  validateSearch: personalizationSearchSchema,
  ...pageRoute('/admin/super/personalization-upload'),
  component: lazyPage(() => import('./PersonalizationUploadPage'), 'PersonalizationUploadPage'),
});

export const orderAdminRoutes = [orderAdminRoute, personalizationUploadRoute] as const;
