import { describe, expect, it } from 'vitest';
import { type AccountWithCountry, canSeeBrazil, countryOptions } from './countries';
import type { SessionUserLike } from './session';

describe('countryOptions (part 3: countries United States and Canada, Brazil only for permitted users)', () => {
  it('offers United States and Canada to everyone', () => {
    expect(countryOptions(false)).toEqual([
      { value: 'US', label: 'United States' },
      { value: 'CA', label: 'Canada' },
    ]);
  });
  it('adds Brazil for permitted users', () => {
    expect(countryOptions(true)).toEqual([
      { value: 'US', label: 'United States' },
      { value: 'CA', label: 'Canada' },
      { value: 'BR', label: 'Brazil' },
    ]);
  });
});

describe('canSeeBrazil (part 6: Brazil options are visible to super admins and to users with an account, parent or grandparent in Brazil)', () => {
  const user: SessionUserLike = { userPermission: { bSuperAdmin: false } };
  const brazilStudio: AccountWithCountry = { country: 'BR' };
  const usStudio: AccountWithCountry = { country: 'US' };
  it.each<{ name: string; user: SessionUserLike | null; accounts: AccountWithCountry[] | null; expected: boolean }>([
    {
      name: 'shows Brazil to a super admin',
      user: { userPermission: { bSuperAdmin: true } },
      accounts: [],
      expected: true,
    },
    {
      name: 'shows Brazil to a user with an account in Brazil',
      user,
      accounts: [usStudio, { country: 'BR' }],
      expected: true,
    },
    {
      name: 'shows Brazil to a user whose account has a parent in Brazil',
      user,
      accounts: [{ country: 'US', parent: brazilStudio }],
      expected: true,
    },
    {
      name: 'shows Brazil to a user whose account has a grandparent in Brazil',
      user,
      accounts: [{ country: 'US', parent: { country: 'US', parent: brazilStudio } }],
      expected: true,
    },
    {
      name: 'hides Brazil from a user with no account, parent or grandparent in Brazil',
      user,
      accounts: [{ country: 'US', parent: { country: 'CA', parent: usStudio } }],
      expected: false,
    },
    { name: 'hides Brazil from a user without accounts', user, accounts: null, expected: false },
    { name: 'hides Brazil from nobody signed in', user: null, accounts: [], expected: false },
  ])('$name', ({ user: subject, accounts, expected }) => {
    expect(canSeeBrazil(subject, accounts)).toBe(expected);
  });
});
