import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../../app/route-base';
import { lazyPage } from '../../../lib/chunk-reload';
import { exportPresetsSearchSchema } from './search';

export const exportPresetsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'roster/export-presets',
  validateSearch: exportPresetsSearchSchema,
  ...pageRoute('/admin/roster/export-presets'),
  component: lazyPage(() => import('./ExportPresetsPage'), 'ExportPresetsPage'),
});
