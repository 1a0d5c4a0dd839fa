import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { presetsSearchSchema } from './search';

const presetsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'presets',
  validateSearch: presetsSearchSchema,
  ...pageRoute('/admin/presets'),
  component: lazyPage(() => import('./PresetsPage'), 'PresetsPage'),
});

export const presetRoutes = [presetsRoute] as const;
