import { manufacturerListUrlSearch, manufacturingPlantListUrlSearch } from '@colophon/contract';
import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';
import { auditSearchSchema, outboxSearchSchema } from './search';

const plantsRoute = resourceRoute(
  'super/manufacturing-plants',
  { urlSearch: manufacturingPlantListUrlSearch },
  lazyPage(() => import('./ManufacturingPlantsPage'), 'ManufacturingPlantsPage'),
);

const manufacturersRoute = resourceRoute(
  'super/manufacturers',
  { urlSearch: manufacturerListUrlSearch },
  lazyPage(() => import('./ManufacturersPage'), 'ManufacturersPage'),
);

const auditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/audit-log',
  validateSearch: auditSearchSchema,
  ...pageRoute('/admin/super/audit-log'),
  component: lazyPage(() => import('./AuditLogPage'), 'AuditLogPage'),
});

const outboxRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/outbox',
  validateSearch: outboxSearchSchema,
  ...pageRoute('/admin/super/outbox'),
  component: lazyPage(() => import('./OutboxPage'), 'OutboxPage'),
});

export const superRoutes = [plantsRoute, manufacturersRoute, auditLogRoute, outboxRoute] as const;
