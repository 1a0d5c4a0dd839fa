import { describe, expect, it } from 'vitest';
import { enrollmentOf, homeroomClass, userForSchool } from './records';

const SCHOOL = 'lincoln-high';
const homeroomOf = (id: string) => (id === 'u1' ? 'HR101' : null);
const named = { sourcedId: 'u1', givenName: 'Ada', familyName: 'Lovelace' };
const at = (org: string, role: string, roleType = 'primary') => ({ roleType, role, org: { sourcedId: org } });

describe('userForSchool: a OneRoster REST user record for one school', () => {
  const cases: [string, Record<string, unknown>, unknown][] = [
    [
      '1.2: the role held at the school, primary first',
      { ...named, grades: ['9'], roles: [at(SCHOOL, 'aide', 'secondary'), at(SCHOOL, 'student'), at('x', 'teacher')] },
      { kind: 'person', person: { sourcedId: 'u1', role: 'student', grade: '09', homeroom: 'HR101' } },
    ],
    [
      '1.1: role and orgs',
      { ...named, role: 'teacher', orgs: [{ sourcedId: 'district' }, { sourcedId: SCHOOL }] },
      { kind: 'person', person: { role: 'teacher', grade: null } },
    ],
    ['1.2: held only at another org', { ...named, roles: [at('other', 'student')] }, { kind: 'elsewhere' }],
    ['1.1: another org', { ...named, role: 'student', orgs: [{ sourcedId: 'other' }] }, { kind: 'elsewhere' }],
    [
      'tobedeleted, wherever it was',
      { ...named, status: 'tobedeleted', roles: [] },
      { kind: 'deleted', sourcedId: 'u1' },
    ],
    [
      'a guardian: the school’s, not the roster’s',
      { ...named, roles: [at(SCHOOL, 'guardian')] },
      { kind: 'skipped', sourcedId: 'u1', reason: 'no roster role' },
    ],
    [
      'no family name',
      { ...named, familyName: ' ', roles: [at(SCHOOL, 'student')] },
      { kind: 'skipped', sourcedId: 'u1', reason: 'no name' },
    ],
    [
      'no sourcedId',
      { givenName: 'A', familyName: 'B', roles: [at(SCHOOL, 'student')] },
      { kind: 'skipped', sourcedId: null, reason: 'no sourcedId' },
    ],
    [
      'preferred name (1.2), an over-long e-mail dropped, names cut to 100',
      {
        ...named,
        givenName: 'G'.repeat(150),
        preferredFirstName: 'Addie',
        email: `${'a'.repeat(250)}@x.org`,
        roles: [at(SCHOOL, 'principal')],
      },
      { kind: 'person', person: { givenName: 'G'.repeat(100), preferredName: 'Addie', email: null, role: 'staff' } },
    ],
  ];
  it.each(cases)('%s', (_name, record, expected) => {
    expect(userForSchool(record, SCHOOL, homeroomOf)).toMatchObject(expected as object);
  });

  it('never puts a record field it does not map (a password) into a person', () => {
    const user = userForSchool({ ...named, password: 'secret', roles: [at(SCHOOL, 'student')] }, SCHOOL, homeroomOf);
    expect(JSON.stringify(user)).not.toContain('secret');
  });
});

describe('homeroomClass and enrollmentOf', () => {
  const klass = {
    sourcedId: 'c1',
    classType: 'homeroom',
    classCode: 'HR1',
    title: 'Room 1',
    school: { sourcedId: SCHOOL },
  };
  it.each([
    ['a homeroom of the school, by its code', klass, { sourcedId: 'c1', name: 'HR1' }],
    ['by its title without a code', { ...klass, classCode: '' }, { sourcedId: 'c1', name: 'Room 1' }],
    ['a scheduled class', { ...klass, classType: 'scheduled' }, null],
    ['another school’s', { ...klass, school: { sourcedId: 'other' } }, null],
    ['tobedeleted', { ...klass, status: 'tobedeleted' }, null],
  ])('%s', (_name, record, expected) => {
    expect(homeroomClass(record, SCHOOL)).toEqual(expected);
  });

  it.each([
    [
      'an active enrollment',
      { user: { sourcedId: 'u1' }, class: { sourcedId: 'c1' }, role: 'Student' },
      { userSourcedId: 'u1', classSourcedId: 'c1', role: 'student' },
    ],
    ['tobedeleted', { status: 'tobedeleted', user: { sourcedId: 'u1' }, class: { sourcedId: 'c1' } }, null],
    ['without its class', { user: { sourcedId: 'u1' } }, null],
  ])('%s', (_name, record, expected) => {
    expect(enrollmentOf(record)).toEqual(expected);
  });
});
