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
export { type RosterImportDeps, type RosterImportResult, rosterImportHandler } from './imports/import-job';
export {
  createRosterWorker,
  type RosterWorker,
  type RosterWorkerDeps,
  type RosterWorkerOptions,
  rosterJobHandlers,
} from './jobs/roster-worker';
export { migrateRoster, rosterMigrationsFolder } from './migrate';
export {
  accountOfLargestRoster,
  type RosterName,
  type RosterNamesOfAccount,
  rosterNamesOfAccount,
  rosterSchoolOfAccount,
} from './names';
export { enqueueSchoolSync } from './sync/enqueue';
export { enqueueDueSyncs } from './sync/schedule';
export { type RosterSyncDeps, type RosterSyncResult, rosterSyncHandler } from './sync/sync-job';
