import { fileURLToPath } from 'node:url';
import { createRosterBundleValidator, parseManifest } from '@colophon/domain';
import { describe, expect, it } from 'vitest';
import { openRosterBundle } from './roster-bundle';

const fixtures = fileURLToPath(new URL('../../../../fixtures/oneroster/', import.meta.url));

/** A zip as the import reads it: opened, then every file streamed through the domain's bundle rules. */
async function validateZip(name: string) {
  const bundle = await openRosterBundle(`${fixtures}${name}`);
  const { manifest, faults } = parseManifest(bundle.manifest.header, bundle.manifest.rows);
  if (!manifest) throw new Error(`${name}: no manifest`);
  const validator = createRosterBundleValidator(
    manifest,
    bundle.entries.map((entry) => entry.name),
  );
  let rows = 0;
  for (const name of bundle.files) {
    const file = await bundle.file(name);
    if (!file || !validator.begin(file.entry, file.header).accepted) continue;
    for await (const row of file.rows) {
      validator.row(row.line, row.values);
      rows++;
    }
  }
  return { manifestFaults: faults, report: validator.finish(), rows };
}

describe('the fixture zips read as the import reads them', () => {
  it('lincoln-1.2-with-faults.zip: the README planted faults, on the same files and lines as in its folder', async () => {
    const { manifestFaults, report, rows } = await validateZip('lincoln-1.2-with-faults.zip');
    expect(manifestFaults).toEqual([]);
    expect(report.blocked).toBe(false);
    expect(report.faults.map(({ file, line, field }) => ({ file, line, field }))).toEqual([
      { file: 'users.csv', line: 19, field: 'sourcedId' },
      { file: 'roles.csv', line: 30, field: 'role' },
      { file: 'enrollments.csv', line: 38, field: 'beginDate' },
      { file: 'enrollments.csv', line: 46, field: 'userSourcedId' },
    ]);
    expect(rows).toBe(2 + 3 + 4 + 4 + 45 + 44 + 45);
  });

  it('washington-1.1.zip: clean', async () => {
    const { manifestFaults, report } = await validateZip('washington-1.1.zip');
    expect(manifestFaults).toEqual([]);
    expect(report.faults).toEqual([]);
  });
});
