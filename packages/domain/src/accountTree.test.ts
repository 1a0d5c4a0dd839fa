import { describe, expect, it } from 'vitest';
import { accountDepth, accountLineage, canMoveSubtreeUnder, canNestUnder } from './accountTree';

interface NamedAccount {
  readonly name: string;
  readonly parent?: NamedAccount | null;
}

const studio: NamedAccount = { name: 'studio' };
const branch: NamedAccount = { name: 'branch', parent: studio };
const school: NamedAccount = { name: 'school', parent: branch };

describe('accountDepth (part 3: parentAccount is nested up to two levels)', () => {
  it.each([
    { name: 'a studio sits at depth 0', account: studio, expected: 0 },
    { name: 'a sub-studio or branch sits at depth 1', account: branch, expected: 1 },
    { name: 'a school sits at depth 2', account: school, expected: 2 },
  ])('$name', ({ account, expected }) => {
    expect(accountDepth(account)).toBe(expected);
  });

  it('lists an account, its parent and its grandparent', () => {
    expect(accountLineage(school).map((account) => account.name)).toEqual(['school', 'branch', 'studio']);
  });
});

describe('canNestUnder (part 3: studio → sub-studio or branch → school, nested up to two levels)', () => {
  it.each([
    { name: 'allows an account without a parent', parentDepth: null, expected: true },
    { name: 'allows a sub-studio or branch under a studio', parentDepth: 0, expected: true },
    { name: 'allows a school under a sub-studio or branch', parentDepth: 1, expected: true },
    { name: 'refuses a third level under a school', parentDepth: 2, expected: false },
    { name: 'refuses anything deeper', parentDepth: 3, expected: false },
    { name: 'refuses a nonsense depth', parentDepth: -1, expected: false },
  ])('$name', ({ parentDepth, expected }) => {
    expect(canNestUnder(parentDepth)).toBe(expected);
  });
});

describe('canMoveSubtreeUnder (part 3: nested up to two levels)', () => {
  it.each([
    { name: 'moves a branch with schools to the top', parentDepth: null, height: 1, expected: true },
    { name: 'moves a branch with schools under a studio', parentDepth: 0, height: 1, expected: true },
    { name: 'refuses a branch with schools under another branch', parentDepth: 1, height: 1, expected: false },
    { name: 'moves a school under a branch', parentDepth: 1, height: 0, expected: true },
    { name: 'refuses a whole studio tree under a studio', parentDepth: 0, height: 2, expected: false },
  ])('$name', ({ parentDepth, height, expected }) => {
    expect(canMoveSubtreeUnder(parentDepth, height)).toBe(expected);
  });
});
