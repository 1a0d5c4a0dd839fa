import type { RosterFault } from './faults';
import { ONEROSTER_FILES, type OneRosterFileName, oneRosterFields, oneRosterFileOf } from './fields';
import { checkManifestFiles, MANIFEST_FILE, type OneRosterFileMode, type OneRosterManifest } from './manifest';
import {
  type CheckedRow,
  checkOneRosterHeader,
  checkOneRosterRow,
  type OneRosterFileLayout,
  type OneRosterRowReference,
} from './rows';

/**
 * A reference a delta bundle makes to something it does not carry: it may already be on our side,
 * so the caller looks it up, and skips the row (file, line) when it is not there either.
 */
export interface RosterLookup {
  readonly file: OneRosterFileName;
  readonly line: number;
  readonly field: string;
  readonly target: OneRosterFileName;
  readonly sourcedId: string;
}

export interface RosterFileCounts {
  readonly mode: OneRosterFileMode;
  readonly rows: number;
  readonly accepted: number;
  readonly rejected: number;
}

export interface RosterBundleReport {
  /** Every fault, by file (in reference order, the manifest first) and line. */
  readonly faults: readonly RosterFault[];
  /**
   * True when the bundle as a whole cannot be imported: a manifest fault, or a file whose header is
   * wrong. Otherwise the faulty rows are skipped and the rest may be written.
   */
  readonly blocked: boolean;
  readonly files: Readonly<Partial<Record<OneRosterFileName, RosterFileCounts>>>;
  readonly lookups: readonly RosterLookup[];
  /** Whether a row passed every check, its references included: the writing pass keeps only these. */
  isAccepted(file: OneRosterFileName, line: number): boolean;
}

export interface RosterBundleBegin {
  /** False for a file the roster passes over (gradebook files) or cannot read; its rows need not be sent. */
  readonly accepted: boolean;
  readonly faults: readonly RosterFault[];
}

export interface RosterRowResult extends CheckedRow {
  /** References this row makes that the caller must find on its side (delta bundles only). */
  readonly lookups: readonly RosterLookup[];
}

/**
 * Validates a whole bundle, file by file and row by row, before anything is written: `begin` a
 * file with its header, send its rows, and `finish`. Only the sourcedIds seen (with their line) and
 * the references that could not be checked yet are kept, so 100,000 rows stream through. Feeding
 * the files in `ONEROSTER_FILES` order lets each reference be checked as its row arrives; in any
 * other order, references to a file not yet read are checked at `finish` (and their faults appear
 * only in the report).
 */
export interface RosterBundleValidator {
  begin(fileName: string, header: readonly string[]): RosterBundleBegin;
  row(line: number, values: readonly string[]): RosterRowResult;
  finish(): RosterBundleReport;
}

interface FileState {
  readonly mode: OneRosterFileMode;
  layout?: OneRosterFileLayout;
  /** sourcedId → its line; negative when the row is skipped (or deletes), so nothing may refer to it. */
  readonly ids: Map<string, number>;
  readonly rejected: Set<number>;
  rows: number;
  begun: boolean;
  finished: boolean;
  readonly deferred: { line: number; sourcedId: string; references: readonly OneRosterRowReference[] }[];
}

const fileOrder = (name: string) => {
  if (name === MANIFEST_FILE) return -1;
  const index = ONEROSTER_FILES.indexOf(name.replace(/\.csv$/, '') as OneRosterFileName);
  return index === -1 ? ONEROSTER_FILES.length : index;
};

export function createRosterBundleValidator(
  manifest: OneRosterManifest,
  entryNames: readonly string[],
): RosterBundleValidator {
  const manifestFaults = checkManifestFiles(manifest, entryNames);
  const headerFaults: RosterFault[] = [];
  const rowFaults: RosterFault[] = [];
  const lookups: RosterLookup[] = [];
  const inBundle = new Set(entryNames.map(oneRosterFileOf).filter((file) => file !== undefined));
  const bundleHasDelta = ONEROSTER_FILES.some((file) => manifest.files[file] === 'delta');
  const states = new Map<OneRosterFileName, FileState>(
    ONEROSTER_FILES.map((file) => [
      file,
      {
        mode: manifest.files[file],
        ids: new Map(),
        rejected: new Set(),
        rows: 0,
        begun: false,
        finished: !inBundle.has(file),
        deferred: [],
      },
    ]),
  );
  const state = (file: OneRosterFileName) => states.get(file)!;
  let current: FileState | undefined;

  /** A target whose sourcedIds can no longer change: read through, with no reference left to check. */
  const isFinal = (target: OneRosterFileName) => {
    const targetState = state(target);
    return targetState.finished && targetState.deferred.length === 0;
  };

  /** A missing target is a lookup only where the bundle is a delta and the target's file is not a full (bulk) list. */
  const missingIsLookup = (target: OneRosterFileName) => bundleHasDelta && manifest.files[target] !== 'bulk';

  /** Checks a row's references against final targets; answers its faults and lookups. */
  const resolve = (
    file: OneRosterFileName,
    line: number,
    references: readonly OneRosterRowReference[],
  ): { faults: RosterFault[]; lookups: RosterLookup[] } => {
    const faults: RosterFault[] = [];
    const found: RosterLookup[] = [];
    for (const { field, target, sourcedIds } of references) {
      const targetIds = state(target).ids;
      for (const sourcedId of sourcedIds) {
        const targetLine = targetIds.get(sourcedId);
        if (targetLine !== undefined && targetLine > 0) continue;
        if (targetLine === undefined && missingIsLookup(target)) {
          found.push({ file, line, field, target, sourcedId });
          continue;
        }
        const why =
          targetLine === undefined
            ? 'which is not in the bundle'
            : `which is skipped or deleted (${target}.csv line ${-targetLine})`;
        faults.push({ file: `${file}.csv`, line, field, message: `${field} names ${target} ${sourcedId}, ${why}` });
      }
    }
    return { faults, lookups: found };
  };

  const reject = (fileState: FileState, line: number, sourcedId: string | undefined) => {
    fileState.rejected.add(line);
    if (sourcedId !== undefined && fileState.ids.get(sourcedId) === line) fileState.ids.set(sourcedId, -line);
  };

  const finishCurrent = () => {
    if (current) current.finished = true;
    current = undefined;
  };

  return {
    begin(fileName, header) {
      finishCurrent();
      const file = oneRosterFileOf(fileName);
      if (!file || !oneRosterFields(manifest.version, file)) return { accepted: false, faults: [] };
      const fileState = state(file);
      // The manifest check has named an absent file that is present; its rows are not read.
      if (fileState.mode === 'absent') return { accepted: false, faults: [] };
      if (fileState.begun) {
        const fault = { file: `${file}.csv`, line: 1, message: `${fileName} is a second ${file}.csv in the bundle` };
        headerFaults.push(fault);
        return { accepted: false, faults: [fault] };
      }
      fileState.begun = true;
      fileState.finished = false;
      const { layout, faults } = checkOneRosterHeader(manifest.version, file, fileState.mode, header);
      fileState.layout = layout;
      headerFaults.push(...faults);
      current = fileState;
      return { accepted: layout.readable, faults };
    },

    row(line, values) {
      const layout = current?.layout;
      if (!current || !layout) return { faults: [], references: [], lookups: [] };
      const fileState = current;
      fileState.rows += 1;
      if (!layout.readable) {
        fileState.rejected.add(line);
        return { faults: [], references: [], lookups: [] };
      }
      const checked = checkOneRosterRow(layout, line, values);
      const faults = [...checked.faults];
      const sourcedIdColumn = layout.columns.find((column) => column.field.name === 'sourcedId');
      const sourcedId = sourcedIdColumn ? (values[sourcedIdColumn.index] ?? '').trim() : '';
      let id: string | undefined;
      if (sourcedId !== '') {
        const firstLine = fileState.ids.get(sourcedId);
        if (firstLine !== undefined) {
          faults.push({
            file: layout.fileName,
            line,
            field: 'sourcedId',
            message: `sourcedId ${sourcedId} is also on line ${Math.abs(firstLine)}`,
          });
        } else {
          id = sourcedId;
          fileState.ids.set(sourcedId, checked.record?.kind === 'deletion' ? -line : line);
        }
      }

      let rowLookups: RosterLookup[] = [];
      if (faults.length === 0 && checked.record) {
        const now = checked.references.filter((reference) => isFinal(reference.target));
        const later = checked.references.filter((reference) => !isFinal(reference.target));
        const resolved = resolve(layout.file, line, now);
        faults.push(...resolved.faults);
        rowLookups = resolved.lookups;
        if (faults.length === 0 && later.length > 0 && id !== undefined)
          fileState.deferred.push({ line, sourcedId: id, references: later });
      }
      if (faults.length > 0) {
        reject(fileState, line, id);
        rowFaults.push(...faults);
        return { faults, references: checked.references, lookups: [] };
      }
      lookups.push(...rowLookups);
      return { ...checked, faults, lookups: rowLookups };
    },

    finish() {
      finishCurrent();
      for (const fileState of states.values()) fileState.finished = true;
      // In reference order, each file's targets are final before its own deferred references are checked.
      for (const file of ONEROSTER_FILES) {
        const fileState = state(file);
        for (const { line, sourcedId, references } of fileState.deferred) {
          const resolved = resolve(file, line, references);
          if (resolved.faults.length > 0) {
            reject(fileState, line, sourcedId);
            rowFaults.push(...resolved.faults);
          } else lookups.push(...resolved.lookups);
        }
        fileState.deferred.length = 0;
      }

      const faults = [...manifestFaults, ...headerFaults, ...rowFaults].sort(
        (a, b) => fileOrder(a.file) - fileOrder(b.file) || a.line - b.line,
      );
      const files: Partial<Record<OneRosterFileName, RosterFileCounts>> = {};
      for (const file of ONEROSTER_FILES) {
        const fileState = state(file);
        if (!fileState.begun) continue;
        files[file] = {
          mode: fileState.mode,
          rows: fileState.rows,
          accepted: fileState.rows - fileState.rejected.size,
          rejected: fileState.rejected.size,
        };
      }
      return {
        faults,
        blocked: manifestFaults.length > 0 || headerFaults.length > 0,
        files,
        lookups: lookups.filter((lookup) => !state(lookup.file).rejected.has(lookup.line)),
        isAccepted: (file, line) => {
          const fileState = state(file);
          return fileState.begun && fileState.layout?.readable === true && !fileState.rejected.has(line);
        },
      };
    },
  };
}
