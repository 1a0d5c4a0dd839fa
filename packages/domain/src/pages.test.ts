import { describe, expect, it } from 'vitest';
import { adminPageByPath, navigationGroupOf } from './pages';

const accounts = adminPageByPath('/admin/accounts');
const proofs = adminPageByPath('/admin/proofs');

describe('navigationGroupOf', () => {
  it.each([
    { who: 'a school adviser', person: { role: 5 }, group: 'School' },
    { who: 'a treasurer', person: { role: 20 }, group: 'School' },
    { who: 'a studio owner', person: { role: 8 }, group: 'Studio' },
    { who: 'a sales rep', person: { role: 99 }, group: 'Studio' },
    { who: 'a super administrator', person: { role: 5, bSuperAdmin: true }, group: 'Studio' },
    { who: 'nobody signed in', person: null, group: 'Studio' },
  ])('shows Accounts to $who under $group', ({ person, group }) => {
    expect(accounts && navigationGroupOf(accounts, person)).toBe(group);
  });

  it('keeps every other group as the catalogue has it', () => {
    expect(proofs && navigationGroupOf(proofs, { role: 8 })).toBe('School');
  });
});
