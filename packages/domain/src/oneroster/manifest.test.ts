import { describe, expect, it } from 'vitest';
import type { RosterCsvRow } from './faults';
import { ONEROSTER_FIELD_TABLES, ONEROSTER_FILES, oneRosterFields, oneRosterFileOf } from './fields';
import { checkManifestFiles, parseManifest } from './manifest';

function manifestRows(...pairs: [string, string][]): RosterCsvRow[] {
  return pairs.map(([property, value], index) => ({ line: index + 2, values: [property, value] }));
}

const header = ['propertyName', 'value'];

describe('the OneRoster field tables', () => {
  it.each<[string, '1.1' | '1.2', string, string[]]>([
    ['1.1 users carry their orgs and role', '1.1', 'users', ['orgSourcedIds', 'role']],
    [
      '1.2 users carry the primary org and preferred names',
      '1.2',
      'users',
      ['primaryOrgSourcedId', 'preferredGivenName'],
    ],
    [
      '1.2 roles name user, role type, role and org',
      '1.2',
      'roles',
      ['userSourcedId', 'roleType', 'role', 'orgSourcedId'],
    ],
    [
      'classes name course, school and terms',
      '1.1',
      'classes',
      ['courseSourcedId', 'schoolSourcedId', 'termSourcedIds'],
    ],
  ])('%s', (_name, version, file, columns) => {
    const names = (oneRosterFields(version, file as never) ?? []).map((field) => field.name);
    expect(names).toEqual(expect.arrayContaining(columns));
  });

  it('has no roles or userProfiles in 1.1, and 1.2 users no longer carry a role', () => {
    expect(oneRosterFields('1.1', 'roles')).toBeUndefined();
    expect(oneRosterFields('1.1', 'userProfiles')).toBeUndefined();
    expect(oneRosterFields('1.2', 'users')?.map((field) => field.name)).not.toContain('role');
  });

  it('starts every table with sourcedId, status and dateLastModified', () => {
    for (const tables of Object.values(ONEROSTER_FIELD_TABLES)) {
      for (const fields of Object.values(tables)) {
        expect(fields.slice(0, 3).map((field) => field.name)).toEqual(['sourcedId', 'status', 'dateLastModified']);
      }
    }
  });

  it('lists files so that each refers only to files before it', () => {
    for (const tables of Object.values(ONEROSTER_FIELD_TABLES)) {
      for (const [file, fields] of Object.entries(tables)) {
        for (const field of fields) {
          if (field.references) {
            expect(ONEROSTER_FILES.indexOf(field.references)).toBeLessThan(ONEROSTER_FILES.indexOf(file as never));
          }
        }
      }
    }
  });

  it.each([
    ['users.csv', 'users'],
    ['Users.CSV', 'users'],
    ['lincoln/academicSessions.csv', 'academicSessions'],
    ['lineItems.csv', undefined],
    ['manifest.csv', undefined],
  ])('reads the zip entry %s as %s', (entry, file) => {
    expect(oneRosterFileOf(entry)).toBe(file);
  });
});

describe('parseManifest', () => {
  it('reads a 1.2 manifest: version, file modes in any case, source properties', () => {
    const { manifest, faults } = parseManifest(
      ['\uFEFFpropertyName', 'value'],
      manifestRows(
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.2'],
        ['file.orgs', 'bulk'],
        ['file.users', 'Delta'],
        ['file.roles', 'BULK'],
        ['file.classes', 'absent'],
        ['file.lineItems', 'absent'],
        ['source.systemName', 'PowerSchool'],
      ),
    );
    expect(faults).toEqual([]);
    expect(manifest?.version).toBe('1.2');
    expect(manifest?.files).toMatchObject({
      orgs: 'bulk',
      users: 'delta',
      roles: 'bulk',
      classes: 'absent',
      courses: 'absent',
    });
    expect(manifest?.source).toEqual({ systemName: 'PowerSchool' });
  });

  it('accepts manifest.version written as 1', () => {
    const { manifest, faults } = parseManifest(
      header,
      manifestRows(['manifest.version', '1'], ['oneroster.version', '1.1']),
    );
    expect(faults).toEqual([]);
    expect(manifest?.version).toBe('1.1');
  });

  it.each<[string, [string, string][], { line: number; field?: string; message: string }[]]>([
    [
      'an unknown OneRoster version',
      [
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.0'],
      ],
      [{ line: 3, field: 'oneroster.version', message: "oneroster.version '1.0' is not 1.1 or 1.2" }],
    ],
    [
      'no OneRoster version',
      [['manifest.version', '1.0']],
      [{ line: 1, field: 'oneroster.version', message: 'oneroster.version is missing' }],
    ],
    [
      'a bad manifest version',
      [
        ['manifest.version', '2.0'],
        ['oneroster.version', '1.1'],
      ],
      [{ line: 2, field: 'manifest.version', message: "manifest.version '2.0' is not 1.0" }],
    ],
    [
      'a file mode that is not bulk, delta or absent',
      [
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.1'],
        ['file.users', 'full'],
      ],
      [{ line: 4, field: 'file.users', message: "file.users 'full' is not bulk, delta or absent" }],
    ],
    [
      'a file the standard does not name',
      [
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.1'],
        ['file.students', 'bulk'],
      ],
      [{ line: 4, field: 'file.students', message: 'file.students names no OneRoster file' }],
    ],
    [
      'a property given twice',
      [
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.1'],
        ['oneroster.version', '1.2'],
      ],
      [{ line: 4, field: 'oneroster.version', message: 'oneroster.version is given again (first on line 3)' }],
    ],
    [
      'roles in a 1.1 manifest',
      [
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.1'],
        ['file.roles', 'bulk'],
      ],
      [{ line: 4, field: 'file.roles', message: 'roles.csv is OneRoster 1.2 only' }],
    ],
    [
      'an unknown property',
      [
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.1'],
        ['vendor.mode', 'x'],
      ],
      [{ line: 4, field: 'vendor.mode', message: 'vendor.mode is not a manifest property' }],
    ],
  ])('names %s by line', (_name, pairs, expected) => {
    const { faults } = parseManifest(header, manifestRows(...pairs));
    expect(faults).toEqual(expected.map((fault) => ({ file: 'manifest.csv', ...fault })));
  });

  it('refuses a header that is not propertyName,value', () => {
    const { manifest, faults } = parseManifest(['name', 'value'], []);
    expect(manifest).toBeUndefined();
    expect(faults).toEqual([
      { file: 'manifest.csv', line: 1, message: "the header is 'name,value', not 'propertyName,value'" },
    ]);
  });
});

describe('checkManifestFiles', () => {
  const { manifest } = parseManifest(
    header,
    manifestRows(
      ['manifest.version', '1.0'],
      ['oneroster.version', '1.1'],
      ['file.orgs', 'bulk'],
      ['file.users', 'bulk'],
      ['file.courses', 'absent'],
    ),
  );

  it('passes a bundle that has exactly the files its manifest names, gradebook files aside', () => {
    expect(checkManifestFiles(manifest!, ['manifest.csv', 'orgs.csv', 'users.csv', 'lineItems.csv'])).toEqual([]);
  });

  it('names a file present but absent in the manifest, and one named bulk but missing', () => {
    expect(checkManifestFiles(manifest!, ['manifest.csv', 'orgs.csv', 'courses.csv'])).toEqual([
      {
        file: 'manifest.csv',
        line: 6,
        field: 'file.courses',
        message: 'courses.csv is in the bundle but the manifest says absent',
      },
      {
        file: 'manifest.csv',
        line: 5,
        field: 'file.users',
        message: 'the manifest says users.csv is bulk but the bundle has no such file',
      },
    ]);
  });
});
