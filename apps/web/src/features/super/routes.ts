import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { auditSearchSchema, manufacturersSearchSchema, outboxSearchSchema, plantsSearchSchema } from './search';

const plantsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/manufacturing-plants',
  validateSearch: plantsSearchSchema,
  ...pageRoute('/admin/super/manufacturing-plants'),
  component: lazyPage(() => import('./ManufacturingPlantsPage'), 'ManufacturingPlantsPage'),
});

const manufacturersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/manufacturers',
  validateSearch: manufacturersSearchSchema,
  ...pageRoute('/admin/super/manufacturers'),
  component: lazyPage(() => import('./ManufacturersPage'), 'ManufacturersPage'),
});

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
