import { cleanHeaderCell, type RosterFault } from './faults';
import { type OneRosterField, type OneRosterFileName, type OneRosterVersion, oneRosterFields } from './fields';
import { buildRecord, type NormalizedRecord } from './records';
import { type OneRosterValue, parseOneRosterCell } from './values';

export type OneRosterDataMode = 'bulk' | 'delta';

/** A file's header, checked: where each known column and each `metadata.*` column is. */
export interface OneRosterFileLayout {
  readonly version: OneRosterVersion;
  readonly file: OneRosterFileName;
  readonly fileName: string;
  readonly mode: OneRosterDataMode;
  readonly columns: readonly { readonly field: OneRosterField; readonly index: number }[];
  readonly metadata: readonly { readonly key: string; readonly index: number }[];
  readonly width: number;
  /** False when a required column is missing: its rows cannot be read, so they are not checked one by one. */
  readonly readable: boolean;
}

export interface CheckedHeader {
  readonly layout: OneRosterFileLayout;
  readonly faults: readonly RosterFault[];
}

/** The sourcedIds one row names in another file. */
export interface OneRosterRowReference {
  readonly field: string;
  readonly target: OneRosterFileName;
  readonly sourcedIds: readonly string[];
}

export interface CheckedRow {
  /** Absent when the row has a fault: such a row is skipped. */
  readonly record?: NormalizedRecord;
  readonly faults: readonly RosterFault[];
  readonly references: readonly OneRosterRowReference[];
}

const METADATA_PREFIX = 'metadata.';

/**
 * A file's header against its field table: every required column present, no column twice, no
 * column the standard does not name (`metadata.*` columns excepted: they are the producer's own and
 * are kept). Optional columns may be left out. A byte-order mark and spaces around names are dropped.
 */
export function checkOneRosterHeader(
  version: OneRosterVersion,
  file: OneRosterFileName,
  mode: OneRosterDataMode,
  header: readonly string[],
): CheckedHeader {
  const fileName = `${file}.csv`;
  const faults: RosterFault[] = [];
  const fields = oneRosterFields(version, file) ?? [];
  const byName = new Map(fields.map((field) => [field.name, field]));
  const names = header.map(cleanHeaderCell);
  const columns: { field: OneRosterField; index: number }[] = [];
  const metadata: { key: string; index: number }[] = [];
  const seen = new Set<string>();
  const unknown: string[] = [];

  names.forEach((name, index) => {
    if (seen.has(name)) {
      faults.push({ file: fileName, line: 1, field: name, message: `column ${name} appears twice` });
      return;
    }
    seen.add(name);
    const field = byName.get(name);
    if (field) columns.push({ field, index });
    else if (name.startsWith(METADATA_PREFIX) && name.length > METADATA_PREFIX.length)
      metadata.push({ key: name.slice(METADATA_PREFIX.length), index });
    else unknown.push(name === '' ? '(blank)' : name);
  });
  if (unknown.length > 0) {
    faults.push({
      file: fileName,
      line: 1,
      message: `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (OneRoster ${version} ${fileName})`,
    });
  }
  // A delta file's rows each need a status and a date, so their columns are required in its header.
  const requiredHere = (field: OneRosterField) =>
    field.required || (mode === 'delta' && (field.name === 'status' || field.name === 'dateLastModified'));
  const missing = fields.filter((field) => requiredHere(field) && !seen.has(field.name)).map((field) => field.name);
  if (missing.length > 0) {
    faults.push({
      file: fileName,
      line: 1,
      message: `required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing`,
    });
  }
  return {
    layout: { version, file, fileName, mode, columns, metadata, width: names.length, readable: missing.length === 0 },
    faults,
  };
}

/**
 * One data row against its file's layout: each cell by its field's type, `status` and
 * `dateLastModified` by the file's mode (blank in bulk; required in delta, status `active` or
 * `tobedeleted`). A `tobedeleted` row needs only its id. A row with any fault gives no record.
 */
export function checkOneRosterRow(layout: OneRosterFileLayout, line: number, values: readonly string[]): CheckedRow {
  const faults: RosterFault[] = [];
  const fault = (message: string, field?: string) =>
    faults.push({ file: layout.fileName, line, ...(field ? { field } : {}), message });

  if (values.length > layout.width) {
    fault(`the row has ${values.length} values and the header ${layout.width} columns`);
    return { faults, references: [] };
  }
  const cell = (index: number) => values[index] ?? '';
  const columnOf = (name: string) => layout.columns.find((column) => column.field.name === name);

  const statusColumn = columnOf('status');
  const dateColumn = columnOf('dateLastModified');
  const statusRaw = statusColumn ? cell(statusColumn.index).trim() : '';
  const dateRaw = dateColumn ? cell(dateColumn.index).trim() : '';
  if (layout.mode === 'bulk') {
    if (statusRaw !== '') fault(`status must be blank in a bulk file, not '${statusRaw}'`, 'status');
    if (dateRaw !== '') fault(`dateLastModified must be blank in a bulk file, not '${dateRaw}'`, 'dateLastModified');
  } else {
    if (statusRaw === '') fault('status is required in a delta file', 'status');
    if (dateRaw === '') fault('dateLastModified is required in a delta file', 'dateLastModified');
  }

  const checked = new Map<string, OneRosterValue>();
  const deleting = layout.mode === 'delta' && statusRaw.toLowerCase() === 'tobedeleted';
  for (const { field, index } of layout.columns) {
    if (layout.mode === 'bulk' && (field.name === 'status' || field.name === 'dateLastModified')) continue;
    if (deleting && !['sourcedId', 'status', 'dateLastModified'].includes(field.name)) continue;
    const parsed = parseOneRosterCell(field, cell(index));
    if (parsed.ok) checked.set(field.name, parsed.value);
    else if (!(field.name === 'status' && statusRaw === '') && !(field.name === 'dateLastModified' && dateRaw === ''))
      fault(parsed.message, field.name);
  }
  if (faults.length > 0) return { faults, references: [] };

  const sourcedId = checked.get('sourcedId') as string;
  if (deleting) {
    const dateLastModified = checked.get('dateLastModified');
    return {
      record: {
        kind: 'deletion',
        file: layout.file,
        sourcedId,
        dateLastModified: typeof dateLastModified === 'string' ? dateLastModified : null,
      },
      faults,
      references: [],
    };
  }

  const metadata: Record<string, string> = {};
  for (const { key, index } of layout.metadata) {
    const value = cell(index).trim();
    if (value !== '') metadata[key] = value;
  }
  const references: OneRosterRowReference[] = [];
  for (const { field } of layout.columns) {
    if (!field.references) continue;
    const value = checked.get(field.name);
    const sourcedIds = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
    if (sourcedIds.length > 0) references.push({ field: field.name, target: field.references, sourcedIds });
  }
  return { record: buildRecord(layout.version, layout.file, checked, metadata), faults, references };
}
