import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute, recordIdParams } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { projectSearchSchema, projectsSearchSchema } from './search';

const projectsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'projects',
  validateSearch: projectsSearchSchema,
  ...pageRoute('/admin/projects'),
  component: lazyPage(() => import('./ProjectsPage'), 'ProjectsPage'),
});

/** One project (Project Records › its name): its specification, meta and sales side. */
const projectRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'projects/$projectId',
  params: recordIdParams('projectId'),
  validateSearch: projectSearchSchema,
  ...pageRoute('/admin/projects'),
  component: lazyPage(() => import('./ProjectPage'), 'ProjectPage'),
});

export const projectRoutes = [projectsRoute, projectRoute] as const;
