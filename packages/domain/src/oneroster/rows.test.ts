import { describe, expect, it } from 'vitest';
import type { OneRosterFileName, OneRosterVersion } from './fields';
import { checkOneRosterHeader, checkOneRosterRow, type OneRosterDataMode } from './rows';

/** A row given by column name, laid out in the header's order. */
function check(
  version: OneRosterVersion,
  file: OneRosterFileName,
  mode: OneRosterDataMode,
  row: Record<string, string>,
  header: string[] = Object.keys(row),
) {
  const { layout, faults } = checkOneRosterHeader(version, file, mode, header);
  expect(faults).toEqual([]);
  return checkOneRosterRow(
    layout,
    7,
    header.map((name) => row[name] ?? ''),
  );
}

const user1_1 = {
  sourcedId: 'u-1',
  status: '',
  dateLastModified: '',
  enabledUser: 'true',
  orgSourcedIds: 'school-1',
  role: 'student',
  username: 'ada.l',
  userIds: '',
  givenName: 'Ada',
  familyName: 'Lovelace',
  middleName: '',
  identifier: 'S-100',
  email: 'ada@example.org',
  sms: '',
  phone: '',
  agentSourcedIds: '',
  grades: '09',
  password: 'hunter2',
};

const user1_2 = {
  sourcedId: 'u-2',
  status: '',
  dateLastModified: '',
  enabledUser: 'TRUE',
  username: 'grace.h',
  givenName: 'Grace',
  familyName: 'Hopper',
  preferredGivenName: 'Amazing',
  primaryOrgSourcedId: 'school-1',
  grades: '12',
  'metadata.homeroom': '12B',
};

describe('checkOneRosterHeader', () => {
  it.each<[string, OneRosterVersion, OneRosterFileName, string[], { field?: string; message: string }[]]>([
    [
      'an unknown column, named',
      '1.1',
      'orgs',
      ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'colour', 'size'],
      [{ message: 'unknown columns colour, size (OneRoster 1.1 orgs.csv)' }],
    ],
    [
      'a 1.1 column in a 1.2 users file',
      '1.2',
      'users',
      ['sourcedId', 'enabledUser', 'username', 'givenName', 'familyName', 'role'],
      [{ message: 'unknown column role (OneRoster 1.2 users.csv)' }],
    ],
    [
      'a missing required column',
      '1.1',
      'enrollments',
      ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'role'],
      [{ message: 'required column userSourcedId missing' }],
    ],
    [
      'a column given twice',
      '1.2',
      'orgs',
      ['sourcedId', 'name', 'type', 'name'],
      [{ field: 'name', message: 'column name appears twice' }],
    ],
  ])('faults %s on line 1', (_name, version, file, header, expected) => {
    const { faults } = checkOneRosterHeader(version, file, 'bulk', header);
    expect(faults).toEqual(expected.map((fault) => ({ file: `${file}.csv`, line: 1, ...fault })));
  });

  it('accepts a byte-order mark, spaces around names, metadata.* columns and left-out optional columns', () => {
    const { layout, faults } = checkOneRosterHeader('1.1', 'orgs', 'bulk', [
      '\uFEFFsourcedId',
      ' name ',
      'type',
      'metadata.ncesId',
    ]);
    expect(faults).toEqual([]);
    expect(layout.readable).toBe(true);
    expect(layout.metadata).toEqual([{ key: 'ncesId', index: 3 }]);
  });

  it('requires the status and dateLastModified columns in a delta file only', () => {
    expect(checkOneRosterHeader('1.2', 'orgs', 'bulk', ['sourcedId', 'name', 'type']).faults).toEqual([]);
    expect(checkOneRosterHeader('1.2', 'orgs', 'delta', ['sourcedId', 'name', 'type']).faults).toEqual([
      { file: 'orgs.csv', line: 1, message: 'required columns status, dateLastModified missing' },
    ]);
  });

  it('marks a file with a missing required column unreadable', () => {
    expect(checkOneRosterHeader('1.1', 'orgs', 'bulk', ['sourcedId', 'name']).layout.readable).toBe(false);
  });
});

describe('checkOneRosterRow: normalized records', () => {
  it('reads a 1.1 bulk user: role and orgs on the user, no password kept', () => {
    const { record, faults, references } = check('1.1', 'users', 'bulk', user1_1);
    expect(faults).toEqual([]);
    expect(record).toMatchObject({
      kind: 'user',
      sourcedId: 'u-1',
      status: null,
      dateLastModified: null,
      givenName: 'Ada',
      familyName: 'Lovelace',
      middleName: null,
      roles: ['student'],
      grades: ['09'],
      orgSourcedIds: ['school-1'],
      primaryOrgSourcedId: 'school-1',
      email: 'ada@example.org',
      username: 'ada.l',
      identifier: 'S-100',
      enabledUser: true,
    });
    expect(JSON.stringify(record)).not.toContain('hunter2');
    expect(references).toEqual([{ field: 'orgSourcedIds', target: 'orgs', sourcedIds: ['school-1'] }]);
  });

  it('reads a 1.2 bulk user: preferred first name, primary org, metadata kept, roles left to roles.csv', () => {
    const { record, faults } = check('1.2', 'users', 'bulk', user1_2);
    expect(faults).toEqual([]);
    expect(record).toMatchObject({
      kind: 'user',
      preferredFirstName: 'Amazing',
      roles: [],
      orgSourcedIds: ['school-1'],
      primaryOrgSourcedId: 'school-1',
      grades: ['12'],
      enabledUser: true,
      metadata: { homeroom: '12B' },
    });
  });

  it('tolerates producer quirks: padded cells, True, a grade as 9, a role in capitals, a short row', () => {
    const header = Object.keys(user1_1);
    const { record, faults } = check(
      '1.1',
      'users',
      'bulk',
      { ...user1_1, givenName: '  Ada ', enabledUser: 'True', grades: '9, 10', role: 'Student' },
      header,
    );
    expect(faults).toEqual([]);
    expect(record).toMatchObject({ givenName: 'Ada', enabledUser: true, grades: ['09', '10'], roles: ['student'] });

    const { layout } = checkOneRosterHeader('1.1', 'orgs', 'bulk', [
      'sourcedId',
      'status',
      'name',
      'type',
      'identifier',
    ]);
    expect(checkOneRosterRow(layout, 3, ['org-1', '', 'Lincoln High', 'school']).record).toMatchObject({
      identifier: null,
    });
  });

  it.each<[string, OneRosterVersion, OneRosterFileName, Record<string, string>, Record<string, unknown>]>([
    [
      'a 1.2 role',
      '1.2',
      'roles',
      { sourcedId: 'r-1', userSourcedId: 'u-2', roleType: 'primary', role: 'student', orgSourcedId: 'school-1' },
      { kind: 'role', userSourcedId: 'u-2', role: 'student', roleType: 'primary', userProfileSourcedId: null },
    ],
    [
      'a 1.2 user profile (its password left out)',
      '1.2',
      'userProfiles',
      {
        sourcedId: 'p-1',
        userSourcedId: 'u-2',
        profileType: 'lms',
        vendorId: 'v',
        credentialType: 'password',
        username: 'gh',
        password: 'secret',
      },
      { kind: 'userProfile', userSourcedId: 'u-2', username: 'gh' },
    ],
    [
      'a class with two terms',
      '1.1',
      'classes',
      {
        sourcedId: 'c-1',
        title: 'Homeroom 9A',
        courseSourcedId: 'course-1',
        classType: 'homeroom',
        schoolSourcedId: 'school-1',
        termSourcedIds: 'fall,spring',
        grades: '09',
      },
      { kind: 'class', classType: 'homeroom', termSourcedIds: ['fall', 'spring'], grades: ['09'] },
    ],
    [
      'an academic session',
      '1.2',
      'academicSessions',
      {
        sourcedId: 's-1',
        title: '2026-27',
        type: 'schoolYear',
        startDate: '2026-08-15',
        endDate: '2027-06-10',
        schoolYear: '2027',
      },
      { kind: 'academicSession', type: 'schoolYear', schoolYear: '2027' },
    ],
    [
      'a course',
      '1.1',
      'courses',
      { sourcedId: 'course-1', title: 'English 9', orgSourcedId: 'school-1', grades: 'KG' },
      { kind: 'course', grades: ['KG'], orgSourcedId: 'school-1' },
    ],
    [
      'an enrollment',
      '1.1',
      'enrollments',
      {
        sourcedId: 'e-1',
        classSourcedId: 'c-1',
        schoolSourcedId: 'school-1',
        userSourcedId: 'u-1',
        role: 'student',
        primary: 'FALSE',
      },
      { kind: 'enrollment', role: 'student', primary: false },
    ],
    [
      'demographics',
      '1.2',
      'demographics',
      { sourcedId: 'u-2', birthDate: '2010-05-01', sex: 'other', asian: 'true' },
      { kind: 'demographics', sex: 'other', birthDate: '2010-05-01', races: expect.objectContaining({ asian: true }) },
    ],
  ])('reads %s', (_name, version, file, row, expected) => {
    const { record, faults } = check(version, file, 'bulk', row);
    expect(faults).toEqual([]);
    expect(record).toMatchObject(expected);
  });

  it('reads a delta row: status and date required, the date as UTC', () => {
    const { record, faults } = check('1.1', 'orgs', 'delta', {
      sourcedId: 'org-1',
      status: 'active',
      dateLastModified: '2026-09-01T10:00:00+02:00',
      name: 'Lincoln High',
      type: 'school',
    });
    expect(faults).toEqual([]);
    expect(record).toMatchObject({ status: 'active', dateLastModified: '2026-09-01T08:00:00.000Z' });
  });

  it('reads a delta tobedeleted row as a deletion, needing only its id', () => {
    const { record, faults, references } = check('1.2', 'enrollments', 'delta', {
      sourcedId: 'e-9',
      status: 'tobedeleted',
      dateLastModified: '2026-09-01T08:00:00Z',
      classSourcedId: '',
      schoolSourcedId: '',
      userSourcedId: '',
      role: '',
    });
    expect(faults).toEqual([]);
    expect(references).toEqual([]);
    expect(record).toEqual({
      kind: 'deletion',
      file: 'enrollments',
      sourcedId: 'e-9',
      dateLastModified: '2026-09-01T08:00:00.000Z',
    });
  });
});

describe('checkOneRosterRow: every fault names file, line and field', () => {
  const org = { sourcedId: 'org-1', status: '', dateLastModified: '', name: 'Lincoln High', type: 'school' };

  it.each<
    [
      string,
      OneRosterVersion,
      OneRosterFileName,
      OneRosterDataMode,
      Record<string, string>,
      { field?: string; message: string }[],
    ]
  >([
    [
      'a status in a bulk file',
      '1.1',
      'orgs',
      'bulk',
      { ...org, status: 'active' },
      [{ field: 'status', message: "status must be blank in a bulk file, not 'active'" }],
    ],
    [
      'a date in a bulk file',
      '1.2',
      'orgs',
      'bulk',
      { ...org, dateLastModified: '2026-09-01T08:00:00Z' },
      [
        {
          field: 'dateLastModified',
          message: "dateLastModified must be blank in a bulk file, not '2026-09-01T08:00:00Z'",
        },
      ],
    ],
    [
      'no status and no date in a delta file',
      '1.1',
      'orgs',
      'delta',
      org,
      [
        { field: 'status', message: 'status is required in a delta file' },
        { field: 'dateLastModified', message: 'dateLastModified is required in a delta file' },
      ],
    ],
    [
      'a delta status that is not active or tobedeleted',
      '1.2',
      'orgs',
      'delta',
      { ...org, status: 'inactive', dateLastModified: '2026-09-01T08:00:00Z' },
      [{ field: 'status', message: "status 'inactive' is not one of active, tobedeleted" }],
    ],
    [
      'a delta date that is not a date and time',
      '1.1',
      'orgs',
      'delta',
      { ...org, status: 'active', dateLastModified: '2026-09-01' },
      [{ field: 'dateLastModified', message: "dateLastModified '2026-09-01' is not an ISO 8601 date and time" }],
    ],
    [
      'an unknown org type',
      '1.1',
      'orgs',
      'bulk',
      { ...org, type: 'campus' },
      [{ field: 'type', message: "type 'campus' is not one of department, school, district, local, state, national" }],
    ],
    [
      'a blank required name',
      '1.1',
      'orgs',
      'bulk',
      { ...org, name: '  ' },
      [{ field: 'name', message: 'name is required' }],
    ],
    [
      'an unknown 1.1 user role',
      '1.1',
      'users',
      'bulk',
      { ...user1_1, role: 'janitor' },
      [
        {
          field: 'role',
          message:
            "role 'janitor' is not one of administrator, aide, guardian, parent, proctor, relative, student, teacher",
        },
      ],
    ],
    [
      'a 1.1 user role 1.2 enrollments do not have',
      '1.2',
      'enrollments',
      'bulk',
      { sourcedId: 'e-1', classSourcedId: 'c', schoolSourcedId: 's', userSourcedId: 'u', role: 'aide' },
      [{ field: 'role', message: "role 'aide' is not one of administrator, proctor, student, teacher" }],
    ],
    [
      'an unknown 1.2 role',
      '1.2',
      'roles',
      'bulk',
      { sourcedId: 'r-1', userSourcedId: 'u', roleType: 'primary', role: 'janitor', orgSourcedId: 'o' },
      [
        {
          field: 'role',
          message:
            "role 'janitor' is not one of aide, counselor, districtAdministrator, guardian, parent, principal, proctor, relative, siteAdministrator, student, systemAdministrator, teacher",
        },
      ],
    ],
    [
      'an unknown role type',
      '1.2',
      'roles',
      'bulk',
      { sourcedId: 'r-1', userSourcedId: 'u', roleType: 'main', role: 'student', orgSourcedId: 'o' },
      [{ field: 'roleType', message: "roleType 'main' is not one of primary, secondary" }],
    ],
    [
      'an unknown class type',
      '1.1',
      'classes',
      'bulk',
      { sourcedId: 'c', title: 't', courseSourcedId: 'k', classType: 'lab', schoolSourcedId: 's', termSourcedIds: 'x' },
      [{ field: 'classType', message: "classType 'lab' is not one of homeroom, scheduled" }],
    ],
    [
      'an unknown session type',
      '1.1',
      'academicSessions',
      'bulk',
      {
        sourcedId: 's',
        title: 't',
        type: 'quarter',
        startDate: '2026-08-15',
        endDate: '2026-12-20',
        schoolYear: '2027',
      },
      [{ field: 'type', message: "type 'quarter' is not one of gradingPeriod, semester, schoolYear, term" }],
    ],
    [
      'a bad start date',
      '1.2',
      'academicSessions',
      'bulk',
      { sourcedId: 's', title: 't', type: 'term', startDate: '2026-02-30', endDate: '2026-12-20', schoolYear: '2027' },
      [{ field: 'startDate', message: "startDate '2026-02-30' is not a date (YYYY-MM-DD)" }],
    ],
    [
      'a 1.2 sex in a 1.1 file',
      '1.1',
      'demographics',
      'bulk',
      { sourcedId: 'u', sex: 'other' },
      [{ field: 'sex', message: "sex 'other' is not one of male, female" }],
    ],
    [
      'a boolean that is not one',
      '1.2',
      'users',
      'bulk',
      { ...user1_2, enabledUser: 'yes' },
      [{ field: 'enabledUser', message: "enabledUser 'yes' is not true or false" }],
    ],
    [
      'a grade that is not one',
      '1.2',
      'users',
      'bulk',
      { ...user1_2, grades: 'Freshman' },
      [{ field: 'grades', message: "grades 'Freshman' is not a grade level" }],
    ],
    [
      'a user with no orgs in 1.1',
      '1.1',
      'users',
      'bulk',
      { ...user1_1, orgSourcedIds: '' },
      [{ field: 'orgSourcedIds', message: 'orgSourcedIds is required' }],
    ],
  ])('faults %s', (_name, version, file, mode, row, expected) => {
    const { record, faults } = check(version, file, mode, row);
    expect(record).toBeUndefined();
    expect(faults).toEqual(expected.map((fault) => ({ file: `${file}.csv`, line: 7, ...fault })));
  });

  it('faults a row with more values than the header has columns', () => {
    const { layout } = checkOneRosterHeader('1.1', 'orgs', 'bulk', ['sourcedId', 'name', 'type']);
    expect(checkOneRosterRow(layout, 4, ['org-1', 'Lincoln', 'school', 'extra'])).toEqual({
      faults: [{ file: 'orgs.csv', line: 4, message: 'the row has 4 values and the header 3 columns' }],
      references: [],
    });
  });
});
