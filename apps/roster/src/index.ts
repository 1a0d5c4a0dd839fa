/**
 * The roster service (OneRoster): its own Fastify application with its own tables, base path and
 * session headers. Served under /roster by the dashboard's process unless ROSTER_URL names its own.
 */
export {
  type BuildRosterAppOptions,
  buildRosterApp,
  mountRoster,
  type RosterApp,
  type RosterConfig,
  type RosterRoute,
} from './app';
export { demoRosterSchool, type RosterDemoResult, seedRosterDemo } from './demo';
export type { DashboardCaller, ProblemCode, RosterFileStore, RosterHost } from './host';
export {
  createRosterImportWorker,
  type RosterImportDeps,
  type RosterImportResult,
  rosterImportHandler,
} from './imports/import-job';
export { migrateRoster, rosterMigrationsFolder } from './migrate';
