import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { submissionStatusSearchSchema } from './search';

const submissionStatusRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'submission_status',
  validateSearch: submissionStatusSearchSchema,
  ...pageRoute('/admin/submission_status'),
  component: lazyPage(() => import('./SubmissionStatusPage'), 'SubmissionStatusPage'),
});

export const submissionStatusRoutes = [submissionStatusRoute] as const;
