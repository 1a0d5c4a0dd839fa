import { describe, expect, it } from 'vitest';
import { parseCsv } from '../personalizationNames';
import { createRosterBundleValidator, type RosterBundleReport, type RosterRowResult } from './bundle';
import { parseManifest } from './manifest';

/** Feeds a bundle of CSV texts through the validator in the order given; the manifest comes from `modes`. */
function validate(
  version: '1.1' | '1.2',
  modes: Record<string, string>,
  files: Record<string, string>,
): { report: RosterBundleReport; rows: Map<string, RosterRowResult[]> } {
  const manifestText = [
    'propertyName,value',
    'manifest.version,1.0',
    `oneroster.version,${version}`,
    ...Object.entries(modes).map(([file, mode]) => `file.${file},${mode}`),
  ].join('\n');
  const parsedManifest = parseCsv(manifestText);
  if (!parsedManifest.ok) throw new Error(parsedManifest.message);
  const [manifestHeader, ...manifestRows] = parsedManifest.records;
  const { manifest, faults } = parseManifest(
    manifestHeader!.cells,
    manifestRows.map((record) => ({ line: record.line, values: record.cells })),
  );
  expect(faults).toEqual([]);
  const names = ['manifest.csv', ...Object.keys(files)];
  const validator = createRosterBundleValidator(manifest!, names);
  const rows = new Map<string, RosterRowResult[]>();
  for (const [name, text] of Object.entries(files)) {
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...records] = parsed.records;
    const begun = validator.begin(name, header!.cells);
    if (!begun.accepted) continue;
    rows.set(
      name,
      records.map((record) => validator.row(record.line, record.cells)),
    );
  }
  return { report: validator.finish(), rows };
}

const orgs = `sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId
district-1,,,Lincoln Unified,district,,
school-1,,,Lincoln High,school,LHS,district-1
`;
const sessions = `sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear
year-1,,,2026-27,schoolYear,2026-08-15,2027-06-10,,2027
`;
const courses = `sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes
course-1,,,year-1,Homeroom 9,HR9,09,school-1,,
`;
const classes = `sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods
class-1,,,Homeroom 9A,09,course-1,9A,homeroom,Room 101,school-1,year-1,,,
class-2,,,Homeroom 9B,09,course-missing,9B,homeroom,Room 102,school-1,year-1,,,
`;
const users1_1 = `sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password
u-1,,,true,school-1,student,ada,,Ada,Lovelace,,S1,,,,,09,
u-2,,,true,school-1,teacher,grace,,Grace,Hopper,,T1,grace@example.org,,,,,
u-3,,,true,"school-1,school-gone",student,alan,,Alan,Turing,,S3,,,,,09,
`;
const enrollments = `sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate
e-1,,,class-1,school-1,u-1,student,,,
e-2,,,class-1,school-1,u-2,teacher,true,,
e-3,,,class-1,school-1,u-404,student,,,
e-4,,,class-2,school-1,u-1,student,,,
e-5,,,class-1,school-1,u-3,student,,,
e-1,,,class-1,school-1,u-2,student,,,
`;

describe('RosterBundleValidator: a 1.1 bulk bundle', () => {
  const bulk = {
    orgs: 'bulk',
    academicSessions: 'bulk',
    courses: 'bulk',
    classes: 'bulk',
    users: 'bulk',
    enrollments: 'bulk',
  };
  const inOrder = {
    'orgs.csv': orgs,
    'academicSessions.csv': sessions,
    'courses.csv': courses,
    'classes.csv': classes,
    'users.csv': users1_1,
    'enrollments.csv': enrollments,
  };
  const expectedFaults = [
    {
      file: 'classes.csv',
      line: 3,
      field: 'courseSourcedId',
      message: 'courseSourcedId names courses course-missing, which is not in the bundle',
    },
    {
      file: 'users.csv',
      line: 4,
      field: 'orgSourcedIds',
      message: 'orgSourcedIds names orgs school-gone, which is not in the bundle',
    },
    {
      file: 'enrollments.csv',
      line: 4,
      field: 'userSourcedId',
      message: 'userSourcedId names users u-404, which is not in the bundle',
    },
    {
      file: 'enrollments.csv',
      line: 5,
      field: 'classSourcedId',
      message: 'classSourcedId names classes class-2, which is skipped or deleted (classes.csv line 3)',
    },
    {
      file: 'enrollments.csv',
      line: 6,
      field: 'userSourcedId',
      message: 'userSourcedId names users u-3, which is skipped or deleted (users.csv line 4)',
    },
    { file: 'enrollments.csv', line: 7, field: 'sourcedId', message: 'sourcedId e-1 is also on line 2' },
  ];

  it('names each missing reference, each row skipped for it, and the duplicate sourcedId at its second line', () => {
    const { report, rows } = validate('1.1', bulk, inOrder);
    expect(report.faults).toEqual(expectedFaults);
    expect(report.blocked).toBe(false);
    expect(report.lookups).toEqual([]);
    expect(report.files.enrollments).toEqual({ mode: 'bulk', rows: 6, accepted: 2, rejected: 4 });
    expect(report.files.users).toEqual({ mode: 'bulk', rows: 3, accepted: 2, rejected: 1 });
    // In reference order every fault is known as its row arrives.
    expect(rows.get('enrollments.csv')?.map((row) => row.record !== undefined)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(report.isAccepted('enrollments', 2)).toBe(true);
    expect(report.isAccepted('enrollments', 4)).toBe(false);
  });

  it('finds the same faults when the files come in another order, at finish', () => {
    const reversed = Object.fromEntries(Object.entries(inOrder).reverse());
    const { report, rows } = validate('1.1', bulk, reversed);
    expect(report.faults).toEqual(expectedFaults);
    expect(report.files.enrollments).toEqual({ mode: 'bulk', rows: 6, accepted: 2, rejected: 4 });
    // Read first, enrollments could not be checked against users yet: only the duplicate was known.
    expect(rows.get('enrollments.csv')?.filter((row) => row.faults.length > 0)).toHaveLength(1);
    expect(report.isAccepted('enrollments', 6)).toBe(false);
  });

  it('blocks the bundle on a header fault and still names the bad rows', () => {
    const { report } = validate(
      '1.1',
      { orgs: 'bulk' },
      { 'orgs.csv': 'sourcedId,name,type,colour\norg-1,Lincoln,school,red\norg-2,Other,campus,blue\n' },
    );
    expect(report.blocked).toBe(true);
    expect(report.faults).toEqual([
      { file: 'orgs.csv', line: 1, message: 'unknown column colour (OneRoster 1.1 orgs.csv)' },
      {
        file: 'orgs.csv',
        line: 3,
        field: 'type',
        message: "type 'campus' is not one of department, school, district, local, state, national",
      },
    ]);
  });

  it('does not read a file whose required columns are missing, and counts its rows as rejected', () => {
    const { report } = validate('1.1', { orgs: 'bulk' }, { 'orgs.csv': 'sourcedId,name\norg-1,Lincoln\n' });
    expect(report.blocked).toBe(true);
    expect(report.faults).toEqual([{ file: 'orgs.csv', line: 1, message: 'required column type missing' }]);
  });

  it('blocks a bundle whose manifest names a file it lacks, or lacks one it has', () => {
    const { report } = validate('1.1', { orgs: 'bulk', users: 'bulk' }, { 'orgs.csv': orgs, 'courses.csv': courses });
    expect(report.blocked).toBe(true);
    expect(report.faults.map((fault) => fault.message)).toEqual([
      'courses.csv is in the bundle but the manifest says absent',
      'the manifest says users.csv is bulk but the bundle has no such file',
    ]);
  });

  it('passes over gradebook files', () => {
    const { report } = validate(
      '1.1',
      { orgs: 'bulk', lineItems: 'bulk' },
      { 'orgs.csv': orgs, 'lineItems.csv': 'sourcedId,title\nli-1,Quiz\n' },
    );
    expect(report.faults).toEqual([]);
    expect(Object.keys(report.files)).toEqual(['orgs']);
  });
});

describe('RosterBundleValidator: 1.2, where orgs and roles moved to roles.csv', () => {
  const users = `sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns
u-1,,,TRUE,ada,,Ada,Lovelace,,S1,,,,,09,,,,Addie,,,school-1,
u-2,,,true,grace,,Grace,Hopper,,T1,,,,,,,,,,,,school-9,
`;
  const roles = `sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId
r-1,,,u-1,primary,student,,,school-1,
r-2,,,u-2,primary,teacher,,,school-1,
r-3,,,u-404,primary,student,,,school-1,
r-4,,,u-1,secondary,student,,,school-1,profile-9
`;
  const demographics = `sourcedId,status,dateLastModified,birthDate,sex
u-1,,,2011-04-02,female
u-404,,,2011-04-02,male
`;

  it('checks user → primary org, role → user, org and profile, and demographics → user', () => {
    const { report } = validate(
      '1.2',
      { orgs: 'bulk', users: 'bulk', roles: 'bulk', demographics: 'bulk' },
      { 'orgs.csv': orgs, 'users.csv': users, 'roles.csv': roles, 'demographics.csv': demographics },
    );
    expect(report.faults).toEqual([
      {
        file: 'users.csv',
        line: 3,
        field: 'primaryOrgSourcedId',
        message: 'primaryOrgSourcedId names orgs school-9, which is not in the bundle',
      },
      {
        file: 'roles.csv',
        line: 3,
        field: 'userSourcedId',
        message: 'userSourcedId names users u-2, which is skipped or deleted (users.csv line 3)',
      },
      {
        file: 'roles.csv',
        line: 4,
        field: 'userSourcedId',
        message: 'userSourcedId names users u-404, which is not in the bundle',
      },
      {
        file: 'roles.csv',
        line: 5,
        field: 'userProfileSourcedId',
        message: 'userProfileSourcedId names userProfiles profile-9, which is not in the bundle',
      },
      {
        file: 'demographics.csv',
        line: 3,
        field: 'sourcedId',
        message: 'sourcedId names users u-404, which is not in the bundle',
      },
    ]);
    expect(report.files.roles).toEqual({ mode: 'bulk', rows: 4, accepted: 1, rejected: 3 });
  });
});

describe('RosterBundleValidator: delta bundles', () => {
  const deltaEnrollments = `sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate
e-1,active,2026-09-01T08:00:00Z,class-1,school-1,u-1,student,,,
e-2,tobedeleted,2026-09-01T08:00:00Z,,,,,,,
e-3,active,2026-09-01T08:00:00Z,class-1,school-1,u-9,student,,,
e-4,,2026-09-01T08:00:00Z,class-1,school-1,u-1,student,,,
`;
  const deltaUsers = `sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,givenName,familyName
u-9,active,2026-09-01T08:00:00.000Z,true,school-1,student,nine,Nina,Nine
`;

  it('turns references to entities the bundle does not carry into lookups, not faults', () => {
    const { report, rows } = validate(
      '1.1',
      { users: 'delta', enrollments: 'delta' },
      { 'users.csv': deltaUsers, 'enrollments.csv': deltaEnrollments },
    );
    expect(report.faults).toEqual([
      { file: 'enrollments.csv', line: 5, field: 'status', message: 'status is required in a delta file' },
    ]);
    expect(report.lookups).toEqual([
      { file: 'users', line: 2, field: 'orgSourcedIds', target: 'orgs', sourcedId: 'school-1' },
      { file: 'enrollments', line: 2, field: 'classSourcedId', target: 'classes', sourcedId: 'class-1' },
      { file: 'enrollments', line: 2, field: 'schoolSourcedId', target: 'orgs', sourcedId: 'school-1' },
      { file: 'enrollments', line: 2, field: 'userSourcedId', target: 'users', sourcedId: 'u-1' },
      { file: 'enrollments', line: 4, field: 'classSourcedId', target: 'classes', sourcedId: 'class-1' },
      { file: 'enrollments', line: 4, field: 'schoolSourcedId', target: 'orgs', sourcedId: 'school-1' },
    ]);
    expect(rows.get('enrollments.csv')?.[1]?.record).toEqual({
      kind: 'deletion',
      file: 'enrollments',
      sourcedId: 'e-2',
      dateLastModified: '2026-09-01T08:00:00.000Z',
    });
    expect(report.files.enrollments).toEqual({ mode: 'delta', rows: 4, accepted: 3, rejected: 1 });
  });

  it('faults a reference to a row the same bundle deletes', () => {
    const { report } = validate(
      '1.1',
      { users: 'delta', enrollments: 'delta' },
      {
        'users.csv': `${deltaUsers}u-8,tobedeleted,2026-09-01T08:00:00Z,,,,,,\n`,
        'enrollments.csv': `sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role
e-8,active,2026-09-01T08:00:00Z,class-1,school-1,u-8,student
`,
      },
    );
    expect(report.faults).toEqual([
      {
        file: 'enrollments.csv',
        line: 2,
        field: 'userSourcedId',
        message: 'userSourcedId names users u-8, which is skipped or deleted (users.csv line 3)',
      },
    ]);
    // The rejected row's lookups (its class and school) are not the caller's business any more.
    expect(report.lookups.filter((lookup) => lookup.file === 'enrollments')).toEqual([]);
  });

  it('still faults a reference missing from a file the delta bundle sends in bulk', () => {
    const { report } = validate(
      '1.1',
      { orgs: 'bulk', users: 'delta' },
      { 'orgs.csv': orgs, 'users.csv': deltaUsers.replace('school-1', 'school-2') },
    );
    expect(report.faults).toEqual([
      {
        file: 'users.csv',
        line: 2,
        field: 'orgSourcedIds',
        message: 'orgSourcedIds names orgs school-2, which is not in the bundle',
      },
    ]);
    expect(report.lookups).toEqual([]);
  });
});

describe('RosterBundleValidator: streaming', () => {
  it('validates 100,000 enrollments keeping only sourcedIds', () => {
    const { manifest } = parseManifest(
      ['propertyName', 'value'],
      [
        { line: 2, values: ['manifest.version', '1.0'] },
        { line: 3, values: ['oneroster.version', '1.2'] },
        { line: 4, values: ['file.users', 'bulk'] },
        { line: 5, values: ['file.enrollments', 'bulk'] },
        { line: 6, values: ['file.classes', 'bulk'] },
        { line: 7, values: ['file.orgs', 'bulk'] },
        { line: 8, values: ['file.courses', 'bulk'] },
        { line: 9, values: ['file.academicSessions', 'bulk'] },
      ],
    );
    const validator = createRosterBundleValidator(manifest!, [
      'orgs.csv',
      'academicSessions.csv',
      'courses.csv',
      'classes.csv',
      'users.csv',
      'enrollments.csv',
    ]);
    validator.begin('orgs.csv', ['sourcedId', 'name', 'type']);
    validator.row(2, ['school-1', 'Lincoln High', 'school']);
    validator.begin('academicSessions.csv', ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear']);
    validator.row(2, ['year-1', '2026-27', 'schoolYear', '2026-08-15', '2027-06-10', '2027']);
    validator.begin('courses.csv', ['sourcedId', 'title', 'orgSourcedId']);
    validator.row(2, ['course-1', 'Homeroom', 'school-1']);
    validator.begin('classes.csv', [
      'sourcedId',
      'title',
      'courseSourcedId',
      'classType',
      'schoolSourcedId',
      'termSourcedIds',
    ]);
    validator.row(2, ['class-1', 'Homeroom 9A', 'course-1', 'homeroom', 'school-1', 'year-1']);
    const people = 100_000;
    validator.begin('users.csv', ['sourcedId', 'enabledUser', 'username', 'givenName', 'familyName', 'grades']);
    for (let index = 0; index < people; index++) {
      validator.row(index + 2, [`u-${index}`, 'true', `user${index}`, 'Given', 'Family', '10']);
    }
    validator.begin('enrollments.csv', ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role']);
    for (let index = 0; index < people; index++) {
      validator.row(index + 2, [`e-${index}`, 'class-1', 'school-1', `u-${index}`, 'student']);
    }
    const report = validator.finish();
    expect(report.faults).toEqual([]);
    expect(report.files.enrollments).toEqual({ mode: 'bulk', rows: people, accepted: people, rejected: 0 });
  });
});
