/**
 * The OneRoster 1.1 and 1.2 CSV binding's rostering files, one field table per file and version, as
 * the IMS standards list their columns. Gradebook and resource files (lineItems, results, categories,
 * resources …) are not ours: a bundle may carry them and they are passed over.
 */
export const ONEROSTER_VERSIONS = ['1.1', '1.2'] as const;
export type OneRosterVersion = (typeof ONEROSTER_VERSIONS)[number];

/**
 * The rostering files, in the order their references run: each file refers only to files before
 * it, so a caller that feeds them in this order lets every reference be checked as its row arrives.
 */
export const ONEROSTER_FILES = [
  'orgs',
  'academicSessions',
  'courses',
  'classes',
  'users',
  'userProfiles',
  'roles',
  'demographics',
  'enrollments',
] as const;
export type OneRosterFileName = (typeof ONEROSTER_FILES)[number];

/** Files that only OneRoster 1.2 has. */
export const ONEROSTER_1_2_FILES: readonly OneRosterFileName[] = ['roles', 'userProfiles'];

/** Files of the standard that a bundle may carry but a roster does not read (gradebook, resources). */
export const ONEROSTER_PASSED_OVER_FILES = [
  'categories',
  'classResources',
  'courseResources',
  'lineItems',
  'lineItemLearningObjectiveIds',
  'lineItemScoreScales',
  'resources',
  'results',
  'resultLearningObjectiveIds',
  'resultScoreScales',
  'scoreScales',
  'userResources',
] as const;

export const ONEROSTER_STATUSES = ['active', 'tobedeleted'] as const;
export type OneRosterStatus = (typeof ONEROSTER_STATUSES)[number];

export const ONEROSTER_ORG_TYPES = ['department', 'school', 'district', 'local', 'state', 'national'] as const;
export const ONEROSTER_CLASS_TYPES = ['homeroom', 'scheduled'] as const;
export const ONEROSTER_SESSION_TYPES = ['gradingPeriod', 'semester', 'schoolYear', 'term'] as const;
/** users.csv `role` in 1.1. */
export const ONEROSTER_1_1_USER_ROLES = [
  'administrator',
  'aide',
  'guardian',
  'parent',
  'proctor',
  'relative',
  'student',
  'teacher',
] as const;
/** enrollments.csv `role` in 1.1. */
export const ONEROSTER_1_1_ENROLLMENT_ROLES = [
  'administrator',
  'aide',
  'guardian',
  'parent',
  'relative',
  'student',
  'teacher',
] as const;
/** enrollments.csv `role` in 1.2. */
export const ONEROSTER_1_2_ENROLLMENT_ROLES = ['administrator', 'proctor', 'student', 'teacher'] as const;
/** roles.csv `role` in 1.2. */
export const ONEROSTER_1_2_ROLES = [
  'aide',
  'counselor',
  'districtAdministrator',
  'guardian',
  'parent',
  'principal',
  'proctor',
  'relative',
  'siteAdministrator',
  'student',
  'systemAdministrator',
  'teacher',
] as const;
export const ONEROSTER_ROLE_TYPES = ['primary', 'secondary'] as const;
export const ONEROSTER_1_1_SEXES = ['male', 'female'] as const;
export const ONEROSTER_1_2_SEXES = ['male', 'female', 'unspecified', 'other'] as const;

/**
 * Grade levels (the CEDS list both versions name). Producers send `9` for `09` and `kg` for `KG`;
 * `normalizeGrade` makes those the listed spelling.
 */
export const ONEROSTER_GRADES = [
  'IT',
  'PR',
  'PK',
  'TK',
  'KG',
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  'PS',
  'UG',
  'Other',
] as const;
export type OneRosterGrade = (typeof ONEROSTER_GRADES)[number];

export type OneRosterFieldType =
  | 'guid'
  | 'string'
  | 'enum'
  | 'date'
  | 'datetime'
  | 'year'
  | 'boolean'
  | 'guidList'
  | 'stringList'
  | 'gradeList';

export interface OneRosterField {
  readonly name: string;
  /** The column must be in the header and the value must not be blank. */
  readonly required: boolean;
  readonly type: OneRosterFieldType;
  /** The allowed values of an `enum` field. */
  readonly values?: readonly string[];
  /**
   * The file whose sourcedIds this field names. Only the references a roster cannot do without are
   * checked (a parent org, a parent session, a course's school year and a user's agents are kept
   * as given): a row naming something the bundle lacks is skipped.
   */
  readonly references?: OneRosterFileName;
}

function required(name: string, type: OneRosterFieldType, more: Partial<OneRosterField> = {}): OneRosterField {
  return { name, required: true, type, ...more };
}
function optional(name: string, type: OneRosterFieldType, more: Partial<OneRosterField> = {}): OneRosterField {
  return { name, required: false, type, ...more };
}

/**
 * Every file starts with these. `status` and `dateLastModified` are blank in a bulk file and
 * required in a delta file, so their table entry is optional and the row check applies the mode.
 */
const recordFields: readonly OneRosterField[] = [
  required('sourcedId', 'guid'),
  optional('status', 'enum', { values: ONEROSTER_STATUSES }),
  optional('dateLastModified', 'datetime'),
];

const orgs: readonly OneRosterField[] = [
  ...recordFields,
  required('name', 'string'),
  required('type', 'enum', { values: ONEROSTER_ORG_TYPES }),
  optional('identifier', 'string'),
  optional('parentSourcedId', 'guid'),
];

const academicSessions: readonly OneRosterField[] = [
  ...recordFields,
  required('title', 'string'),
  required('type', 'enum', { values: ONEROSTER_SESSION_TYPES }),
  required('startDate', 'date'),
  required('endDate', 'date'),
  optional('parentSourcedId', 'guid'),
  required('schoolYear', 'year'),
];

const courses: readonly OneRosterField[] = [
  ...recordFields,
  optional('schoolYearSourcedId', 'guid'),
  required('title', 'string'),
  optional('courseCode', 'string'),
  optional('grades', 'gradeList'),
  required('orgSourcedId', 'guid', { references: 'orgs' }),
  optional('subjects', 'stringList'),
  optional('subjectCodes', 'stringList'),
];

const classes: readonly OneRosterField[] = [
  ...recordFields,
  required('title', 'string'),
  optional('grades', 'gradeList'),
  required('courseSourcedId', 'guid', { references: 'courses' }),
  optional('classCode', 'string'),
  required('classType', 'enum', { values: ONEROSTER_CLASS_TYPES }),
  optional('location', 'string'),
  required('schoolSourcedId', 'guid', { references: 'orgs' }),
  required('termSourcedIds', 'guidList', { references: 'academicSessions' }),
  optional('subjects', 'stringList'),
  optional('subjectCodes', 'stringList'),
  optional('periods', 'stringList'),
];

function demographics(sexes: readonly string[]): readonly OneRosterField[] {
  return [
    // A demographics row's sourcedId is its user's.
    required('sourcedId', 'guid', { references: 'users' }),
    ...recordFields.slice(1),
    optional('birthDate', 'date'),
    optional('sex', 'enum', { values: sexes }),
    optional('americanIndianOrAlaskaNative', 'boolean'),
    optional('asian', 'boolean'),
    optional('blackOrAfricanAmerican', 'boolean'),
    optional('nativeHawaiianOrOtherPacificIslander', 'boolean'),
    optional('white', 'boolean'),
    optional('demographicRaceTwoOrMoreRaces', 'boolean'),
    optional('hispanicOrLatinoEthnicity', 'boolean'),
    optional('countryOfBirthCode', 'string'),
    optional('stateOfBirthAbbreviation', 'string'),
    optional('cityOfBirth', 'string'),
    optional('publicSchoolResidenceStatus', 'string'),
  ];
}

function enrollments(roles: readonly string[]): readonly OneRosterField[] {
  return [
    ...recordFields,
    required('classSourcedId', 'guid', { references: 'classes' }),
    required('schoolSourcedId', 'guid', { references: 'orgs' }),
    required('userSourcedId', 'guid', { references: 'users' }),
    required('role', 'enum', { values: roles }),
    optional('primary', 'boolean'),
    optional('beginDate', 'date'),
    optional('endDate', 'date'),
  ];
}

const users1_1: readonly OneRosterField[] = [
  ...recordFields,
  required('enabledUser', 'boolean'),
  required('orgSourcedIds', 'guidList', { references: 'orgs' }),
  required('role', 'enum', { values: ONEROSTER_1_1_USER_ROLES }),
  required('username', 'string'),
  optional('userIds', 'stringList'),
  required('givenName', 'string'),
  required('familyName', 'string'),
  optional('middleName', 'string'),
  optional('identifier', 'string'),
  optional('email', 'string'),
  optional('sms', 'string'),
  optional('phone', 'string'),
  optional('agentSourcedIds', 'guidList'),
  optional('grades', 'gradeList'),
  optional('password', 'string'),
];

/** 1.2 moved a user's orgs and roles to roles.csv; users.csv keeps the primary org. */
const users1_2: readonly OneRosterField[] = [
  ...recordFields,
  required('enabledUser', 'boolean'),
  required('username', 'string'),
  optional('userIds', 'stringList'),
  required('givenName', 'string'),
  required('familyName', 'string'),
  optional('middleName', 'string'),
  optional('identifier', 'string'),
  optional('email', 'string'),
  optional('sms', 'string'),
  optional('phone', 'string'),
  optional('agentSourcedIds', 'guidList'),
  optional('grades', 'gradeList'),
  optional('password', 'string'),
  optional('userMasterIdentifier', 'string'),
  optional('resourceSourcedIds', 'guidList'),
  optional('preferredGivenName', 'string'),
  optional('preferredMiddleName', 'string'),
  optional('preferredFamilyName', 'string'),
  optional('primaryOrgSourcedId', 'guid', { references: 'orgs' }),
  optional('pronouns', 'string'),
];

const userProfiles: readonly OneRosterField[] = [
  ...recordFields,
  required('userSourcedId', 'guid', { references: 'users' }),
  required('profileType', 'string'),
  required('vendorId', 'string'),
  optional('applicationId', 'string'),
  optional('description', 'string'),
  required('credentialType', 'string'),
  required('username', 'string'),
  optional('password', 'string'),
];

const roles: readonly OneRosterField[] = [
  ...recordFields,
  required('userSourcedId', 'guid', { references: 'users' }),
  required('roleType', 'enum', { values: ONEROSTER_ROLE_TYPES }),
  required('role', 'enum', { values: ONEROSTER_1_2_ROLES }),
  optional('beginDate', 'date'),
  optional('endDate', 'date'),
  required('orgSourcedId', 'guid', { references: 'orgs' }),
  optional('userProfileSourcedId', 'guid', { references: 'userProfiles' }),
];

export const ONEROSTER_FIELD_TABLES: Readonly<
  Record<OneRosterVersion, Readonly<Partial<Record<OneRosterFileName, readonly OneRosterField[]>>>>
> = {
  '1.1': {
    orgs,
    academicSessions,
    courses,
    classes,
    users: users1_1,
    demographics: demographics(ONEROSTER_1_1_SEXES),
    enrollments: enrollments(ONEROSTER_1_1_ENROLLMENT_ROLES),
  },
  '1.2': {
    orgs,
    academicSessions,
    courses,
    classes,
    users: users1_2,
    userProfiles,
    roles,
    demographics: demographics(ONEROSTER_1_2_SEXES),
    enrollments: enrollments(ONEROSTER_1_2_ENROLLMENT_ROLES),
  },
};

/** The field table of a file in a version, or undefined when the version has no such file. */
export function oneRosterFields(
  version: OneRosterVersion,
  file: OneRosterFileName,
): readonly OneRosterField[] | undefined {
  return ONEROSTER_FIELD_TABLES[version][file];
}

/** A zip entry's OneRoster file, matched on its base name without regard to case (`Users.CSV`). */
export function oneRosterFileOf(entryName: string): OneRosterFileName | undefined {
  const base = entryName.split('/').pop()?.toLowerCase() ?? '';
  return ONEROSTER_FILES.find((file) => `${file.toLowerCase()}.csv` === base);
}

/** Whether a zip entry is a file of the standard that a roster passes over (lineItems.csv …). */
export function isPassedOverOneRosterFile(entryName: string): boolean {
  const base = entryName.split('/').pop()?.toLowerCase() ?? '';
  return ONEROSTER_PASSED_OVER_FILES.some((file) => `${file.toLowerCase()}.csv` === base);
}
