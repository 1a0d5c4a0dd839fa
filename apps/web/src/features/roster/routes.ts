import { listSearchSchema, searchId, searchText } from '@colophon/contract';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { adminRoute, pageRoute } from '../../app/route-base';
import { editParam } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';
import { exportPresetsRoute } from './export-presets/route';
import { individualsRoute } from './individuals/route';

/**
 * The Roster area (issue 16): six pages under /admin/roster, each its own chunk, each checked on
 * entry against its catalogue page (packages/domain/src/pages.ts). Their URLs hold the list's page,
 * size, sort and filters, and `edit` the open drawer ('new' for a new record).
 */

export const districtsSearchSchema = listSearchSchema.extend({ search: searchText, edit: editParam });
export type DistrictsSearch = z.infer<typeof districtsSearchSchema>;

export const schoolsSearchSchema = listSearchSchema.extend({
  search: searchText,
  districtId: searchId,
  edit: editParam,
});
export type SchoolsSearch = z.infer<typeof schoolsSearchSchema>;

/** The school or the district whose configuration and settings are open. */
export const configurationsSearchSchema = z.object({
  schoolId: searchId,
  districtId: searchId,
});
export type ConfigurationsSearch = z.infer<typeof configurationsSearchSchema>;

// Kind and status are read as a word and a small number, not against the domain's enumerations: this
// table is in the login page's first script, and the jobs page checks them against the domain itself.
export const rosterJobsSearchSchema = listSearchSchema.extend({
  kind: z
    .string()
    .regex(/^[a-z]{1,16}$/)
    .optional()
    .catch(undefined),
  status: z.coerce.number().int().min(0).max(99).optional().catch(undefined),
  schoolId: searchId,
  edit: editParam,
});
export type RosterJobsSearch = z.infer<typeof rosterJobsSearchSchema>;

const districtsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'roster/districts',
  validateSearch: districtsSearchSchema,
  ...pageRoute('/admin/roster/districts'),
  component: lazyPage(() => import('./districts/DistrictsPage'), 'DistrictsPage'),
});

const schoolsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'roster/schools',
  validateSearch: schoolsSearchSchema,
  ...pageRoute('/admin/roster/schools'),
  component: lazyPage(() => import('./schools/SchoolsPage'), 'SchoolsPage'),
});

const configurationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'roster/configurations',
  validateSearch: configurationsSearchSchema,
  ...pageRoute('/admin/roster/configurations'),
  component: lazyPage(() => import('./configurations/ConfigurationsPage'), 'ConfigurationsPage'),
});

const jobsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'roster/jobs',
  validateSearch: rosterJobsSearchSchema,
  ...pageRoute('/admin/roster/jobs'),
  component: lazyPage(() => import('./jobs/RosterJobsPage'), 'RosterJobsPage'),
});

export const rosterRoutes = [
  districtsRoute,
  schoolsRoute,
  individualsRoute,
  configurationsRoute,
  exportPresetsRoute,
  jobsRoute,
] as const;
