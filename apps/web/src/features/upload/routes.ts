import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { uploadSearchSchema } from './search';

const uploadRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'upload',
  validateSearch: uploadSearchSchema,
  ...pageRoute('/admin/upload'),
  component: lazyPage(() => import('./UploadPage'), 'UploadPage'),
});

export const uploadRoutes = [uploadRoute] as const;
