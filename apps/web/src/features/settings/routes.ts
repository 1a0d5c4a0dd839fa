import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { settingsSearchSchema } from './search';

const settingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings',
  validateSearch: settingsSearchSchema,
  ...pageRoute('/admin/settings'),
  component: lazyPage(() => import('./SettingsPage'), 'SettingsPage'),
});

export const settingsRoutes = [settingsRoute] as const;
