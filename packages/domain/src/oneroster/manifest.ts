import { cleanHeaderCell, type RosterCsvRow, type RosterFault } from './faults';
import {
  ONEROSTER_1_2_FILES,
  ONEROSTER_FILES,
  ONEROSTER_PASSED_OVER_FILES,
  ONEROSTER_VERSIONS,
  type OneRosterFileName,
  type OneRosterVersion,
  oneRosterFileOf,
} from './fields';

export const MANIFEST_FILE = 'manifest.csv';

export const ONEROSTER_FILE_MODES = ['bulk', 'delta', 'absent'] as const;
export type OneRosterFileMode = (typeof ONEROSTER_FILE_MODES)[number];

export interface OneRosterManifest {
  readonly version: OneRosterVersion;
  /** Every rostering file's mode; a file the manifest does not name is absent. */
  readonly files: Readonly<Record<OneRosterFileName, OneRosterFileMode>>;
  /** `source.*` properties, without the prefix (`systemName`, `systemCode`). */
  readonly source: Readonly<Record<string, string>>;
  /** The manifest line that named each file, for faults about it. */
  readonly fileLines: Readonly<Partial<Record<OneRosterFileName, number>>>;
}

export interface ParsedManifest {
  readonly manifest?: OneRosterManifest;
  readonly faults: readonly RosterFault[];
}

/** `manifest.version` as producers write it: the standard's `1.0`, and `1`. */
const MANIFEST_VERSIONS = ['1.0', '1'];

const fileByLowerName = new Map<string, string>(
  [...ONEROSTER_FILES, ...ONEROSTER_PASSED_OVER_FILES].map((file) => [file.toLowerCase(), file]),
);

/**
 * manifest.csv (`propertyName,value`): the OneRoster version, each file's mode (bulk, delta or absent,
 * in any case) and the `source.*` properties. Without a usable version there is no manifest.
 */
export function parseManifest(header: readonly string[], rows: Iterable<RosterCsvRow>): ParsedManifest {
  const faults: RosterFault[] = [];
  const fault = (line: number, message: string, field?: string) =>
    faults.push({ file: MANIFEST_FILE, line, ...(field ? { field } : {}), message });

  const columns = header.map(cleanHeaderCell);
  if (columns[0] !== 'propertyName' || columns[1] !== 'value' || columns.length !== 2) {
    fault(1, `the header is '${columns.join(',')}', not 'propertyName,value'`);
    return { faults };
  }

  const seen = new Map<string, number>();
  let manifestVersion: string | undefined;
  let version: OneRosterVersion | undefined;
  let versionLine = 0;
  const files = Object.fromEntries(ONEROSTER_FILES.map((file) => [file, 'absent'])) as Record<
    OneRosterFileName,
    OneRosterFileMode
  >;
  const fileLines = new Map<OneRosterFileName, number>();
  const source: Record<string, string> = {};

  for (const { line, values } of rows) {
    const property = (values[0] ?? '').trim();
    const value = (values[1] ?? '').trim();
    if (property === '') continue;
    const first = seen.get(property);
    if (first !== undefined) {
      fault(line, `${property} is given again (first on line ${first})`, property);
      continue;
    }
    seen.set(property, line);

    if (property === 'manifest.version') {
      manifestVersion = value;
      if (!MANIFEST_VERSIONS.includes(value)) fault(line, `manifest.version '${value}' is not 1.0`, property);
    } else if (property === 'oneroster.version') {
      versionLine = line;
      if ((ONEROSTER_VERSIONS as readonly string[]).includes(value)) version = value as OneRosterVersion;
      else fault(line, `oneroster.version '${value}' is not 1.1 or 1.2`, property);
    } else if (property.startsWith('file.')) {
      const name = fileByLowerName.get(property.slice('file.'.length).toLowerCase());
      const mode = ONEROSTER_FILE_MODES.find((candidate) => candidate === value.toLowerCase());
      if (name === undefined) fault(line, `${property} names no OneRoster file`, property);
      else if (mode === undefined) fault(line, `${property} '${value}' is not bulk, delta or absent`, property);
      else {
        const file = oneRosterFileOf(`${name}.csv`);
        if (file) {
          files[file] = mode;
          fileLines.set(file, line);
        }
      }
    } else if (property.startsWith('source.')) {
      source[property.slice('source.'.length)] = value;
    } else {
      fault(line, `${property} is not a manifest property`, property);
    }
  }

  if (manifestVersion === undefined) fault(1, 'manifest.version is missing', 'manifest.version');
  if (version === undefined) {
    if (versionLine === 0) fault(1, 'oneroster.version is missing', 'oneroster.version');
    return { faults };
  }
  if (version === '1.1') {
    for (const file of ONEROSTER_1_2_FILES) {
      if (files[file] !== 'absent')
        fault(fileLines.get(file) ?? 1, `${file}.csv is OneRoster 1.2 only`, `file.${file}`);
      files[file] = 'absent';
    }
  }
  return { manifest: { version, files, source, fileLines: Object.fromEntries(fileLines) }, faults };
}

/**
 * The manifest against the zip's entries: a file present but absent in the manifest, or named bulk
 * or delta but missing, is a fault. Only rostering files are checked; other entries (gradebook
 * files, a readme, __MACOSX) are not the roster's business.
 */
export function checkManifestFiles(manifest: OneRosterManifest, entryNames: readonly string[]): RosterFault[] {
  const faults: RosterFault[] = [];
  const present = new Set<OneRosterFileName>();
  for (const entry of entryNames) {
    const file = oneRosterFileOf(entry);
    if (file) present.add(file);
  }
  for (const file of ONEROSTER_FILES) {
    const mode = manifest.files[file];
    if (present.has(file) && mode === 'absent') {
      const line = manifest.fileLines[file] ?? 1;
      faults.push({
        file: MANIFEST_FILE,
        line,
        field: `file.${file}`,
        message: `${file}.csv is in the bundle but the manifest says absent`,
      });
    }
    if (!present.has(file) && mode !== 'absent') {
      const line = manifest.fileLines[file] ?? 1;
      faults.push({
        file: MANIFEST_FILE,
        line,
        field: `file.${file}`,
        message: `the manifest says ${file}.csv is ${mode} but the bundle has no such file`,
      });
    }
  }
  return faults;
}
