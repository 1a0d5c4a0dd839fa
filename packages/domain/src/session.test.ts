import { describe, expect, it } from 'vitest';
import {
  type AccountSoftwareLike,
  type IdentitySession,
  isSchoolUser,
  isSessionValid,
  isSuperAdmin,
  isSuperForRequestHeaders,
  type SessionUserLike,
  schoolUserHasSoftware,
} from './session';

const now = new Date('2025-06-01T12:00:00Z');
const superAdmin: SessionUserLike = { userPermission: { bSuperAdmin: true } };
const plainUser: SessionUserLike = { userPermission: { bSuperAdmin: false } };

describe('isSessionValid (part 5: a session is valid only if an identity token exists and has not expired)', () => {
  it.each<{ name: string; session: IdentitySession | null; expected: boolean }>([
    {
      name: 'is valid with a token expiring later',
      session: { token: 'jwt', expiresAt: '2025-06-01T13:00:00Z' },
      expected: true,
    },
    {
      name: 'is valid with a token expiring later (epoch milliseconds)',
      session: { token: 'jwt', expiresAt: now.getTime() + 1 },
      expected: true,
    },
    {
      name: 'is invalid once the token has expired',
      session: { token: 'jwt', expiresAt: new Date('2025-06-01T11:00:00Z') },
      expected: false,
    },
    { name: 'is invalid at the very moment of expiry', session: { token: 'jwt', expiresAt: now }, expected: false },
    {
      name: 'is invalid without a token',
      session: { token: null, expiresAt: '2030-01-01T00:00:00Z' },
      expected: false,
    },
    {
      name: 'is invalid with an empty token',
      session: { token: '', expiresAt: '2030-01-01T00:00:00Z' },
      expected: false,
    },
    { name: 'is invalid without an expiry', session: { token: 'jwt' }, expected: false },
    { name: 'is invalid with an unreadable expiry', session: { token: 'jwt', expiresAt: 'soon' }, expected: false },
    { name: 'is invalid with no session at all', session: null, expected: false },
  ])('$name', ({ session, expected }) => {
    expect(isSessionValid(session, now)).toBe(expected);
  });
});

describe('isSuperAdmin and isSchoolUser (part 6)', () => {
  it.each<{ name: string; user: SessionUserLike | null; isStudioUser: boolean; superAdmin: boolean; school: boolean }>([
    {
      name: 'a user with bSuperAdmin is a super administrator',
      user: superAdmin,
      isStudioUser: false,
      superAdmin: true,
      school: false,
    },
    {
      name: 'a flat bSuperAdmin flag counts too',
      user: { bSuperAdmin: 1 },
      isStudioUser: false,
      superAdmin: true,
      school: false,
    },
    {
      name: 'a school user is anyone who is neither a super admin nor a studio user',
      user: plainUser,
      isStudioUser: false,
      superAdmin: false,
      school: true,
    },
    {
      name: 'a studio user is not a school user',
      user: plainUser,
      isStudioUser: true,
      superAdmin: false,
      school: false,
    },
    {
      name: 'nobody signed in is no super administrator',
      user: null,
      isStudioUser: false,
      superAdmin: false,
      school: true,
    },
  ])('$name', ({ user, isStudioUser, superAdmin: expectedSuper, school }) => {
    expect(isSuperAdmin(user)).toBe(expectedSuper);
    expect(isSchoolUser(user, isStudioUser)).toBe(school);
  });
});

describe('isSuperForRequestHeaders (part 6: bSuperAdmin is set or the first immediate account is the house account S00001)', () => {
  it.each<{
    name: string;
    user: SessionUserLike | null;
    accounts: { code?: string | null }[] | null;
    expected: boolean;
  }>([
    { name: 'counts a user with bSuperAdmin as super', user: superAdmin, accounts: [], expected: true },
    {
      name: 'counts a user whose first immediate account is S00001 as super',
      user: plainUser,
      accounts: [{ code: 'S00001' }, { code: 'S00042' }],
      expected: true,
    },
    {
      name: 'does not count a user whose house account is not the first one',
      user: plainUser,
      accounts: [{ code: 'S00042' }, { code: 'S00001' }],
      expected: false,
    },
    {
      name: 'does not count a user with other accounts',
      user: plainUser,
      accounts: [{ code: 'S00042' }],
      expected: false,
    },
    { name: 'does not count a user without immediate accounts', user: plainUser, accounts: null, expected: false },
  ])('$name', ({ user, accounts, expected }) => {
    expect(isSuperForRequestHeaders(user, accounts)).toBe(expected);
  });
});

describe('schoolUserHasSoftware (part 6: any account has typeSoftware above 0, typeWhereCreated 1 and software not Store Only, and the user is not a studio user)', () => {
  const withSoftware: AccountSoftwareLike = { typeSoftware: 3, typeWhereCreated: 1 };
  it.each<{
    name: string;
    user: SessionUserLike;
    accounts: AccountSoftwareLike[];
    isStudioUser: boolean;
    expected: boolean;
  }>([
    {
      name: 'has software with a school-created account using layout software',
      user: plainUser,
      accounts: [withSoftware],
      isStudioUser: false,
      expected: true,
    },
    {
      name: 'has software when any one of the accounts qualifies',
      user: plainUser,
      accounts: [{ typeSoftware: 0, typeWhereCreated: 1 }, withSoftware],
      isStudioUser: false,
      expected: true,
    },
    {
      name: 'has no software with typeSoftware 0 (None / PDF submission)',
      user: plainUser,
      accounts: [{ typeSoftware: 0, typeWhereCreated: 1 }],
      isStudioUser: false,
      expected: false,
    },
    {
      name: 'has no software when the software is Store Only (9)',
      user: plainUser,
      accounts: [{ typeSoftware: 9, typeWhereCreated: 1 }],
      isStudioUser: false,
      expected: false,
    },
    {
      name: 'has no software when the account was created by a studio (typeWhereCreated 2)',
      user: plainUser,
      accounts: [{ typeSoftware: 3, typeWhereCreated: 2 }],
      isStudioUser: false,
      expected: false,
    },
    {
      name: 'has no software for a studio user',
      user: plainUser,
      accounts: [withSoftware],
      isStudioUser: true,
      expected: false,
    },
    {
      name: 'has no software for a super admin, who is no school user',
      user: superAdmin,
      accounts: [withSoftware],
      isStudioUser: false,
      expected: false,
    },
    { name: 'has no software without accounts', user: plainUser, accounts: [], isStudioUser: false, expected: false },
  ])('$name', ({ user, accounts, isStudioUser, expected }) => {
    expect(schoolUserHasSoftware(user, accounts, isStudioUser)).toBe(expected);
  });
});
