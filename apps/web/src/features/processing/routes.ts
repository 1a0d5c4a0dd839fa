import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { queueSearchSchema } from './search';

/** A queue page: one shared component (it finds its queue by the page path). */
function queueRoute<const Path extends string>(path: Path) {
  return createRoute({
    getParentRoute: () => adminRoute,
    path,
    validateSearch: queueSearchSchema,
    ...pageRoute(`/admin/${path}`),
    component: lazyPage(() => import('./QueueRoutePage'), 'QueueRoutePage'),
  });
}

const processorStatusesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/processing/processor-statuses',
  ...pageRoute('/admin/super/processing/processor-statuses'),
  component: lazyPage(() => import('./ProcessorStatusesPage'), 'ProcessorStatusesPage'),
});

export const processingRoutes = [
  queueRoute('super/processing/proofs'),
  queueRoute('super/processing/uploads'),
  queueRoute('super/processing/notifications'),
  queueRoute('super/processing/order-moves'),
  queueRoute('super/processing/epubs'),
  queueRoute('super/processing/accounting'),
  queueRoute('super/processing/card-detachments'),
  queueRoute('super/processing/roster-jobs'),
  processorStatusesRoute,
] as const;
