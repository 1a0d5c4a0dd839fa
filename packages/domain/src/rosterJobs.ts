import { defineEnumeration } from './enumeration';

/**
 * What a roster job does (issue 16: imports, syncs and exports are queue jobs of `queue_roster`):
 * an uploaded OneRoster bundle read in, a school's information system pulled, an export preset's zip made.
 */
export const rosterJobKind = defineEnumeration([
  { code: 'import', label: 'Import' },
  { code: 'sync', label: 'Sync' },
  { code: 'export', label: 'Export' },
]);
export type RosterJobKindCode = (typeof rosterJobKind.codes)[number];

/** What a job did to the roster's people, as its page shows them. */
export interface RosterJobCounts {
  added: number;
  changed: number;
  removed: number;
  skipped: number;
}

export const emptyRosterJobCounts = (): RosterJobCounts => ({ added: 0, changed: 0, removed: 0, skipped: 0 });

/** One fault of a job, named by file and line (a 1-based line of the CSV, the header being line 1). */
export interface RosterJobFault {
  file: string;
  line: number;
  field?: string;
  message: string;
}

/** The faults a job keeps: the first ROSTER_JOB_FAULTS_KEPT in order, and how many there were in all. */
export interface RosterJobFaults {
  items: RosterJobFault[];
  total: number;
}

/**
 * A job keeps its first 1,000 faults (by file and line) and the total: a bundle with a bad column
 * faults every row, and 100,000 copies of one message help no one read it, nor fit in a row.
 */
export const ROSTER_JOB_FAULTS_KEPT = 1_000;

/** The faults a job keeps of `faults` (the total counts them all, kept or not). */
export function keepRosterJobFaults(faults: readonly RosterJobFault[], total = faults.length): RosterJobFaults {
  return { items: faults.slice(0, ROSTER_JOB_FAULTS_KEPT), total: Math.max(total, faults.length) };
}

/** A job's progress as a whole percentage, 0–100, whatever the worker reports (NaN, a ratio over 1). */
export function rosterJobProgress(done: number, of: number): number {
  if (!Number.isFinite(done) || !Number.isFinite(of) || of <= 0 || done <= 0) return 0;
  return Math.min(100, Math.floor((done / of) * 100));
}
