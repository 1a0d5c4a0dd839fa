import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createRosterBundleValidator,
  ONEROSTER_FILES,
  oneRosterFileOf,
  parseCsv,
  parseManifest,
  type RosterBundleReport,
  type RosterFault,
} from '@colophon/domain';
import { describe, expect, it } from 'vitest';

/**
 * The fixture bundles of fixtures/oneroster (the demo's and the e2e's) through the domain's bundle
 * rules: the 1.2 one carries exactly the faults its README lists, the 1.1 one none. The zips are
 * made from these directories, so a fixture edited without its README fails here.
 */
const fixtures = fileURLToPath(new URL('../../../fixtures/oneroster/', import.meta.url));

function records(path: string) {
  const parsed = parseCsv(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}:${parsed.line}: ${parsed.message}`);
  const [header, ...rows] = parsed.records;
  return { header: header?.cells ?? [], rows: rows.map((row) => ({ line: row.line, values: row.cells })) };
}

function validateDirectory(name: string): { manifestFaults: readonly RosterFault[]; report: RosterBundleReport } {
  const directory = `${fixtures}${name}/`;
  const entries = readdirSync(directory).filter((entry) => entry.endsWith('.csv'));
  const manifestCsv = records(`${directory}manifest.csv`);
  const { manifest, faults: manifestFaults } = parseManifest(manifestCsv.header, manifestCsv.rows);
  if (!manifest) throw new Error(`${name}: no manifest`);
  const validator = createRosterBundleValidator(manifest, entries);
  // Fed in reference order, as the importer does, so each reference is checked as its row arrives.
  const ordered = [...entries].sort(
    (a, b) =>
      ONEROSTER_FILES.indexOf(oneRosterFileOf(a) ?? 'enrollments') -
      ONEROSTER_FILES.indexOf(oneRosterFileOf(b) ?? 'enrollments'),
  );
  for (const entry of ordered) {
    if (!oneRosterFileOf(entry)) continue;
    const { header, rows } = records(`${directory}${entry}`);
    if (!validator.begin(entry, header).accepted) continue;
    for (const row of rows) validator.row(row.line, row.values);
  }
  return { manifestFaults, report: validator.finish() };
}

describe('fixtures/oneroster', () => {
  it('lincoln-1.2-with-faults: exactly the planted faults, by file and line, and the rest accepted', () => {
    const { manifestFaults, report } = validateDirectory('lincoln-1.2-with-faults');
    expect(manifestFaults).toEqual([]);
    expect(report.blocked).toBe(false);
    expect(report.faults).toEqual([
      { file: 'users.csv', line: 19, field: 'sourcedId', message: 'sourcedId lhs-stu-012 is also on line 17' },
      {
        file: 'roles.csv',
        line: 30,
        field: 'role',
        message:
          "role 'hallMonitor' is not one of aide, counselor, districtAdministrator, guardian, parent, principal, proctor, relative, siteAdministrator, student, systemAdministrator, teacher",
      },
      {
        file: 'enrollments.csv',
        line: 38,
        field: 'beginDate',
        message: "beginDate '2026-09-31' is not a date (YYYY-MM-DD)",
      },
      {
        file: 'enrollments.csv',
        line: 46,
        field: 'userSourcedId',
        message: 'userSourcedId names users lhs-stu-041, which is not in the bundle',
      },
    ]);
    expect(report.files).toEqual({
      orgs: { mode: 'bulk', rows: 2, accepted: 2, rejected: 0 },
      academicSessions: { mode: 'bulk', rows: 3, accepted: 3, rejected: 0 },
      courses: { mode: 'bulk', rows: 4, accepted: 4, rejected: 0 },
      classes: { mode: 'bulk', rows: 4, accepted: 4, rejected: 0 },
      users: { mode: 'bulk', rows: 45, accepted: 44, rejected: 1 },
      roles: { mode: 'bulk', rows: 44, accepted: 43, rejected: 1 },
      enrollments: { mode: 'bulk', rows: 45, accepted: 43, rejected: 2 },
    });
  });

  it('washington-1.1: clean, with the quirks real producers send (BOM, CRLF, TRUE/True, grade 6, manifest.version 1)', () => {
    const { manifestFaults, report } = validateDirectory('washington-1.1');
    expect(manifestFaults).toEqual([]);
    expect(report.faults).toEqual([]);
    expect(report.files.users).toEqual({ mode: 'bulk', rows: 21, accepted: 21, rejected: 0 });
    expect(report.files.demographics).toEqual({ mode: 'bulk', rows: 18, accepted: 18, rejected: 0 });
  });
});
