import { presetListUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

const presetsRoute = resourceRoute(
  'presets',
  { urlSearch: presetListUrlSearch },
  lazyPage(() => import('./PresetsPage'), 'PresetsPage'),
);

export const presetRoutes = [presetsRoute] as const;
