/** Reading an uploaded OneRoster CSV bundle: the import route and job use these, nothing else of the folder. */
export type { CsvRow } from './csv-records';
export {
  type CsvTable,
  MAX_ROSTER_BUNDLE_BYTES,
  openRosterBundle,
  ROSTER_BUNDLE_LIMITS,
  type RosterBundle,
  type RosterBundleEntry,
  type RosterBundleLimits,
  type RosterBundleWarning,
  type RosterCsvFile,
} from './roster-bundle';
export { RosterBundleError, type RosterBundleErrorCode, rosterBundleErrorCodes } from './roster-bundle-error';
