/**
 * The OneRoster rostering collections we pull, with the path under the service's base and the key
 * of the response's array. Schools, students and teachers are filtered views of orgs and users, so
 * their records arrive under `orgs` and `users`. In 1.2 a user's roles (and its orgs) travel inside
 * the user record (`roles`), so there is no roles collection to page.
 */
export type OneRosterVersion = '1.1' | '1.2';

export const ONE_ROSTER_VERSIONS = ['1.1', '1.2'] as const satisfies readonly OneRosterVersion[];

export const ONE_ROSTER_COLLECTIONS = {
  orgs: { path: '/orgs', responseKey: 'orgs', demographics: false },
  schools: { path: '/schools', responseKey: 'orgs', demographics: false },
  users: { path: '/users', responseKey: 'users', demographics: false },
  students: { path: '/students', responseKey: 'users', demographics: false },
  teachers: { path: '/teachers', responseKey: 'users', demographics: false },
  classes: { path: '/classes', responseKey: 'classes', demographics: false },
  courses: { path: '/courses', responseKey: 'courses', demographics: false },
  enrollments: { path: '/enrollments', responseKey: 'enrollments', demographics: false },
  academicSessions: { path: '/academicSessions', responseKey: 'academicSessions', demographics: false },
  demographics: { path: '/demographics', responseKey: 'demographics', demographics: true },
} as const satisfies Record<string, { path: string; responseKey: string; demographics: boolean }>;

export type OneRosterCollection = keyof typeof ONE_ROSTER_COLLECTIONS;

export const ONE_ROSTER_COLLECTION_NAMES = Object.keys(ONE_ROSTER_COLLECTIONS) as OneRosterCollection[];

/** The service's base path by version; vendors that mount it elsewhere pass their own `basePath`. */
export const DEFAULT_BASE_PATHS: Record<OneRosterVersion, string> = {
  '1.1': '/ims/oneroster/v1p1',
  '1.2': '/ims/oneroster/rostering/v1p2',
};

/**
 * The OAuth 2 scopes of the rostering service (1EdTech's scope URIs). Core covers every collection
 * but demographics, which needs its own scope; we ask for it only when demographics are pulled.
 */
export const ROSTER_SCOPES: Record<OneRosterVersion, { core: string; demographics: string }> = {
  '1.1': {
    core: 'https://purl.imsglobal.org/spec/or/v1p1/scope/roster-core.readonly',
    demographics: 'https://purl.imsglobal.org/spec/or/v1p1/scope/roster-demographics.readonly',
  },
  '1.2': {
    core: 'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly',
    demographics: 'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-demographics.readonly',
  },
};

/**
 * The incremental filter `dateLastModified>'…'`, the value quoted as the standard's filter grammar
 * wants. The instant is floored to the second: a vendor that rejects fractions still answers, and
 * flooring can only bring back a record twice, never miss one.
 */
export function sinceFilter(since: Date): string {
  const floored = new Date(Math.floor(since.getTime() / 1000) * 1000);
  return `dateLastModified>'${floored.toISOString().replace('.000Z', 'Z')}'`;
}
