import { describe, expect, it } from 'vitest';
import {
  accountCodePrefix,
  formatAccountCode,
  isHouseAccount,
  isParentAccountType,
  projectSoftwareViolation,
  usesLayoutSoftware,
} from './accountRules';

describe('account kinds and codes', () => {
  it.each([
    { type: 9, expected: true },
    { type: 10, expected: true },
    { type: 6, expected: false },
    { type: 13, expected: false },
  ])('a type $type account may hold other accounts: $expected', ({ type, expected }) => {
    expect(isParentAccountType(type)).toBe(expected);
  });

  it.each([
    { type: 9, sequence: 40001, expected: 'S40001' },
    { type: 10, sequence: 40002, expected: 'R40002' },
    { type: 6, sequence: 40003, expected: 'A40003' },
    { type: 1, sequence: 7, expected: 'A00007' },
    { type: 12, sequence: 1234567, expected: 'A1234567' },
  ])('codes a type $type account with sequence $sequence as $expected', ({ type, sequence, expected }) => {
    expect(formatAccountCode(type, sequence)).toBe(expected);
    expect(accountCodePrefix(type)).toBe(expected[0]);
  });

  it('refuses a negative or fractional sequence', () => {
    expect(() => formatAccountCode(6, -1)).toThrow(RangeError);
    expect(() => formatAccountCode(6, 1.5)).toThrow(RangeError);
  });

  it('knows the house account S00001', () => {
    expect(isHouseAccount({ code: 'S00001' })).toBe(true);
    expect(isHouseAccount({ code: 'S10000' })).toBe(false);
    expect(isHouseAccount(null)).toBe(false);
  });
});

describe('the Store Only rule', () => {
  it.each([
    { name: 'a Store Only account with a Store Only project', account: 9, software: 9, credentials: 0, path: null },
    {
      name: 'a Store Only account with no software chosen yet',
      account: 9,
      software: null,
      credentials: null,
      path: null,
    },
    {
      name: 'a Store Only account with layout software',
      account: 9,
      software: 3,
      credentials: 0,
      path: 'typeSoftware',
    },
    {
      name: 'a Store Only account sending credentials',
      account: 9,
      software: 9,
      credentials: 1,
      path: 'typeCredentialsDestination',
    },
    {
      name: 'a layout-software account with a Store Only project',
      account: 3,
      software: 9,
      credentials: 0,
      path: 'typeSoftware',
    },
    { name: 'a layout-software account with its software', account: 3, software: 3, credentials: 1, path: null },
    { name: 'a PDF account with another software', account: 0, software: 4, credentials: 2, path: null },
  ])('$name → $path', ({ account, software, credentials, path }) => {
    const violation = projectSoftwareViolation({
      accountTypeSoftware: account,
      typeSoftware: software,
      typeCredentialsDestination: credentials,
    });
    expect(violation?.path ?? null).toBe(path);
  });

  it.each([
    { software: 0, expected: false },
    { software: 9, expected: false },
    { software: null, expected: false },
    { software: 1, expected: true },
    { software: 10, expected: true },
  ])('software $software uses layout software: $expected', ({ software, expected }) => {
    expect(usesLayoutSoftware(software)).toBe(expected);
  });
});
