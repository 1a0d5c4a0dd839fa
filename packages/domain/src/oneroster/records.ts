import type { OneRosterFileName, OneRosterStatus, OneRosterVersion } from './fields';
import type { OneRosterValue } from './values';

/** What every record carries: its id, its delta status and date, and the producer's `metadata.*` columns. */
export interface OneRosterRecordBase {
  readonly sourcedId: string;
  /** Null in a bulk file. */
  readonly status: OneRosterStatus | null;
  /** UTC ISO 8601; null in a bulk file. */
  readonly dateLastModified: string | null;
  /** `metadata.homeroom` → `{ homeroom: … }`; blank cells are left out. */
  readonly metadata: Readonly<Record<string, string>>;
}

export interface OneRosterOrg extends OneRosterRecordBase {
  readonly kind: 'org';
  readonly name: string;
  readonly type: string;
  readonly identifier: string | null;
  readonly parentSourcedId: string | null;
}

export interface OneRosterAcademicSession extends OneRosterRecordBase {
  readonly kind: 'academicSession';
  readonly title: string;
  readonly type: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly parentSourcedId: string | null;
  readonly schoolYear: string;
}

export interface OneRosterCourse extends OneRosterRecordBase {
  readonly kind: 'course';
  readonly title: string;
  readonly courseCode: string | null;
  readonly grades: readonly string[];
  readonly orgSourcedId: string;
  readonly schoolYearSourcedId: string | null;
  readonly subjects: readonly string[];
}

export interface OneRosterClass extends OneRosterRecordBase {
  readonly kind: 'class';
  readonly title: string;
  readonly classCode: string | null;
  readonly classType: string;
  readonly location: string | null;
  readonly grades: readonly string[];
  readonly courseSourcedId: string;
  readonly schoolSourcedId: string;
  readonly termSourcedIds: readonly string[];
  readonly subjects: readonly string[];
  readonly periods: readonly string[];
}

/**
 * A person. In 1.1 the role and orgs are on the user; in 1.2 they come from roles.csv, so `roles` is
 * empty and `orgSourcedIds` holds the primary org alone. Passwords are never kept.
 */
export interface OneRosterUser extends OneRosterRecordBase {
  readonly kind: 'user';
  readonly enabledUser: boolean;
  readonly username: string;
  readonly userIds: readonly string[];
  readonly givenName: string;
  readonly familyName: string;
  readonly middleName: string | null;
  /** 1.2's preferredGivenName. */
  readonly preferredFirstName: string | null;
  readonly preferredMiddleName: string | null;
  readonly preferredLastName: string | null;
  readonly roles: readonly string[];
  readonly grades: readonly string[];
  readonly orgSourcedIds: readonly string[];
  readonly primaryOrgSourcedId: string | null;
  readonly agentSourcedIds: readonly string[];
  readonly identifier: string | null;
  readonly email: string | null;
  readonly sms: string | null;
  readonly phone: string | null;
  readonly pronouns: string | null;
}

export interface OneRosterEnrollment extends OneRosterRecordBase {
  readonly kind: 'enrollment';
  readonly classSourcedId: string;
  readonly schoolSourcedId: string;
  readonly userSourcedId: string;
  readonly role: string;
  readonly primary: boolean | null;
  readonly beginDate: string | null;
  readonly endDate: string | null;
}

export interface OneRosterDemographics extends OneRosterRecordBase {
  readonly kind: 'demographics';
  readonly birthDate: string | null;
  readonly sex: string | null;
  readonly races: Readonly<Record<string, boolean | null>>;
  readonly hispanicOrLatinoEthnicity: boolean | null;
  readonly countryOfBirthCode: string | null;
  readonly stateOfBirthAbbreviation: string | null;
  readonly cityOfBirth: string | null;
  readonly publicSchoolResidenceStatus: string | null;
}

/** 1.2: a user's role at an org. */
export interface OneRosterRole extends OneRosterRecordBase {
  readonly kind: 'role';
  readonly userSourcedId: string;
  readonly roleType: string;
  readonly role: string;
  readonly orgSourcedId: string;
  readonly userProfileSourcedId: string | null;
  readonly beginDate: string | null;
  readonly endDate: string | null;
}

/** 1.2: a user's account with an application. Its password is never kept. */
export interface OneRosterUserProfile extends OneRosterRecordBase {
  readonly kind: 'userProfile';
  readonly userSourcedId: string;
  readonly profileType: string;
  readonly vendorId: string;
  readonly applicationId: string | null;
  readonly description: string | null;
  readonly credentialType: string;
  readonly username: string;
}

/** A delta row with status `tobedeleted`: only its id and date matter. */
export interface OneRosterDeletion {
  readonly kind: 'deletion';
  readonly file: OneRosterFileName;
  readonly sourcedId: string;
  readonly dateLastModified: string | null;
}

export type NormalizedRecord =
  | OneRosterOrg
  | OneRosterAcademicSession
  | OneRosterCourse
  | OneRosterClass
  | OneRosterUser
  | OneRosterEnrollment
  | OneRosterDemographics
  | OneRosterRole
  | OneRosterUserProfile
  | OneRosterDeletion;

/** The checked cells of one row, by column name. */
export type CheckedCells = ReadonlyMap<string, OneRosterValue>;

const RACE_FIELDS = [
  'americanIndianOrAlaskaNative',
  'asian',
  'blackOrAfricanAmerican',
  'nativeHawaiianOrOtherPacificIslander',
  'white',
  'demographicRaceTwoOrMoreRaces',
] as const;

/** Builds a file's record from its checked cells; every required cell is known to be present. */
export function buildRecord(
  version: OneRosterVersion,
  file: OneRosterFileName,
  cells: CheckedCells,
  metadata: Readonly<Record<string, string>>,
): NormalizedRecord {
  const text = (name: string): string | null => {
    const value = cells.get(name);
    return typeof value === 'string' ? value : null;
  };
  const must = (name: string): string => text(name) ?? '';
  const list = (name: string): readonly string[] => {
    const value = cells.get(name);
    return Array.isArray(value) ? value : [];
  };
  const flag = (name: string): boolean | null => {
    const value = cells.get(name);
    return typeof value === 'boolean' ? value : null;
  };
  const base: OneRosterRecordBase = {
    sourcedId: must('sourcedId'),
    status: text('status') as OneRosterStatus | null,
    dateLastModified: text('dateLastModified'),
    metadata,
  };
  switch (file) {
    case 'orgs':
      return {
        ...base,
        kind: 'org',
        name: must('name'),
        type: must('type'),
        identifier: text('identifier'),
        parentSourcedId: text('parentSourcedId'),
      };
    case 'academicSessions':
      return {
        ...base,
        kind: 'academicSession',
        title: must('title'),
        type: must('type'),
        startDate: must('startDate'),
        endDate: must('endDate'),
        parentSourcedId: text('parentSourcedId'),
        schoolYear: must('schoolYear'),
      };
    case 'courses':
      return {
        ...base,
        kind: 'course',
        title: must('title'),
        courseCode: text('courseCode'),
        grades: list('grades'),
        orgSourcedId: must('orgSourcedId'),
        schoolYearSourcedId: text('schoolYearSourcedId'),
        subjects: list('subjects'),
      };
    case 'classes':
      return {
        ...base,
        kind: 'class',
        title: must('title'),
        classCode: text('classCode'),
        classType: must('classType'),
        location: text('location'),
        grades: list('grades'),
        courseSourcedId: must('courseSourcedId'),
        schoolSourcedId: must('schoolSourcedId'),
        termSourcedIds: list('termSourcedIds'),
        subjects: list('subjects'),
        periods: list('periods'),
      };
    case 'users': {
      const primaryOrgSourcedId = text('primaryOrgSourcedId');
      const role = text('role');
      return {
        ...base,
        kind: 'user',
        enabledUser: flag('enabledUser') ?? true,
        username: must('username'),
        userIds: list('userIds'),
        givenName: must('givenName'),
        familyName: must('familyName'),
        middleName: text('middleName'),
        preferredFirstName: text('preferredGivenName'),
        preferredMiddleName: text('preferredMiddleName'),
        preferredLastName: text('preferredFamilyName'),
        roles: version === '1.1' && role ? [role] : [],
        grades: list('grades'),
        orgSourcedIds: version === '1.1' ? list('orgSourcedIds') : primaryOrgSourcedId ? [primaryOrgSourcedId] : [],
        primaryOrgSourcedId: version === '1.1' ? (list('orgSourcedIds')[0] ?? null) : primaryOrgSourcedId,
        agentSourcedIds: list('agentSourcedIds'),
        identifier: text('identifier'),
        email: text('email'),
        sms: text('sms'),
        phone: text('phone'),
        pronouns: text('pronouns'),
      };
    }
    case 'enrollments':
      return {
        ...base,
        kind: 'enrollment',
        classSourcedId: must('classSourcedId'),
        schoolSourcedId: must('schoolSourcedId'),
        userSourcedId: must('userSourcedId'),
        role: must('role'),
        primary: flag('primary'),
        beginDate: text('beginDate'),
        endDate: text('endDate'),
      };
    case 'demographics':
      return {
        ...base,
        kind: 'demographics',
        birthDate: text('birthDate'),
        sex: text('sex'),
        races: Object.fromEntries(RACE_FIELDS.map((race) => [race, flag(race)])),
        hispanicOrLatinoEthnicity: flag('hispanicOrLatinoEthnicity'),
        countryOfBirthCode: text('countryOfBirthCode'),
        stateOfBirthAbbreviation: text('stateOfBirthAbbreviation'),
        cityOfBirth: text('cityOfBirth'),
        publicSchoolResidenceStatus: text('publicSchoolResidenceStatus'),
      };
    case 'roles':
      return {
        ...base,
        kind: 'role',
        userSourcedId: must('userSourcedId'),
        roleType: must('roleType'),
        role: must('role'),
        orgSourcedId: must('orgSourcedId'),
        userProfileSourcedId: text('userProfileSourcedId'),
        beginDate: text('beginDate'),
        endDate: text('endDate'),
      };
    case 'userProfiles':
      return {
        ...base,
        kind: 'userProfile',
        userSourcedId: must('userSourcedId'),
        profileType: must('profileType'),
        vendorId: must('vendorId'),
        applicationId: text('applicationId'),
        description: text('description'),
        credentialType: must('credentialType'),
        username: must('username'),
      };
  }
}
