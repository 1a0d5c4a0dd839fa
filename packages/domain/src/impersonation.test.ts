import { describe, expect, it } from 'vitest';
import {
  endImpersonation,
  IMPERSONATION_READ_ONLY_REASON,
  INVALID_METHOD_MESSAGE,
  INVALID_STATE_MESSAGE,
  impersonationMethodRefusal,
  isMethodAllowedDuringImpersonation,
} from './impersonation';

const privileged = [11, 22, 33] as const;

describe('isMethodAllowedDuringImpersonation (part 6: only GET and POST are allowed, unless the original user is one of three privileged user ids)', () => {
  it.each([
    { method: 'GET', original: 500, expected: true },
    { method: 'POST', original: 500, expected: true },
    { method: 'get', original: 500, expected: true },
    { method: 'PUT', original: 500, expected: false },
    { method: 'PATCH', original: 500, expected: false },
    { method: 'DELETE', original: 500, expected: false },
    { method: 'DELETE', original: null, expected: false },
    { method: 'PUT', original: 22, expected: true },
    { method: 'DELETE', original: 11, expected: true },
    { method: 'DELETE', original: '33', expected: true },
  ])('allows $method for original user $original: $expected', ({ method, original, expected }) => {
    expect(isMethodAllowedDuringImpersonation(method, original, privileged)).toBe(expected);
  });
});

describe('error messages (part 8)', () => {
  it.each([
    {
      name: 'invalid HTTP method',
      actual: INVALID_METHOD_MESSAGE,
      expected: 'Invalid HTTP method. 403 Not Authorized.',
    },
    { name: 'invalid state', actual: INVALID_STATE_MESSAGE, expected: 'Invalid state. 403 Not Authorized.' },
  ])('cancels the request with the $name message', ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });
});

describe('endImpersonation (part 4: ending impersonation restores the original user and opens Profile)', () => {
  it.each([
    {
      name: 'restores the original user and opens Profile',
      accounts: [{ id: 1 }],
      expected: { kind: 'restore', redirectTo: '/admin/profile' },
    },
    {
      name: 'signs out and sends to login if the restored user has no accounts',
      accounts: [],
      expected: { kind: 'signOut', redirectTo: '/login' },
    },
    {
      name: 'signs out and sends to login if the lookup returns nothing',
      accounts: null,
      expected: { kind: 'signOut', redirectTo: '/login' },
    },
  ])('$name', ({ accounts, expected }) => {
    expect(endImpersonation(accounts)).toEqual(expected);
  });
});

describe('impersonationMethodRefusal (issue 9: controls say why before anyone edits)', () => {
  const impersonating = { impersonating: true, originalUserId: 1, originalUserMayUseAllMethods: false };
  it.each([
    { method: 'PUT', state: impersonating, expected: IMPERSONATION_READ_ONLY_REASON },
    { method: 'DELETE', state: impersonating, expected: IMPERSONATION_READ_ONLY_REASON },
    { method: 'POST', state: impersonating, expected: null },
    { method: 'GET', state: impersonating, expected: null },
    { method: 'PUT', state: { ...impersonating, originalUserMayUseAllMethods: true }, expected: null },
    { method: 'DELETE', state: { ...impersonating, impersonating: false }, expected: null },
    { method: 'DELETE', state: null, expected: null },
  ])('$method while $state → $expected', ({ method, state, expected }) => {
    expect(impersonationMethodRefusal(method, state)).toBe(expected);
  });
});
