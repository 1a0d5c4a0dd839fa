import { describe, expect, it } from 'vitest';
import { assignableRoles, can, type Permission, permissions, permissionsOf } from './access';
import { adminPages } from './pages';

const as = (role: number, bSuperAdmin = false) => ({ role, bSuperAdmin });

describe('access rules, as a yearbook business runs them', () => {
  it.each<[string, number, Permission, boolean]>([
    ['a volunteer comments on proofs', 6, 'proofs.comment', true],
    ['a volunteer does not approve proofs', 6, 'proofs.approve', false],
    ['a volunteer does not order', 6, 'orders.place', false],
    ['an adviser approves proofs', 5, 'proofs.approve', true],
    ['an adviser orders', 5, 'orders.place', true],
    ['a treasurer sees money: stored cards', 20, 'cards.manage', true],
    ['a treasurer requests funds', 20, 'funds.request', true],
    ['a treasurer does not touch proofs', 20, 'proofs.view', false],
    ['a sales manager sees online sales', 22, 'sales.view', true],
    ['a sales manager manages store coupons', 22, 'coupons.manage', true],
    ['a sales manager does not order books', 22, 'orders.place', false],
    ['a studio contact reads internal proof comments', 16, 'proofs.internal', true],
    ['a studio contact does not approve', 16, 'proofs.approve', false],
    ['a sales rep signs schools up', 99, 'schoolSignup.create', true],
    ['a school administrator never sees internal proof comments', 3, 'proofs.internal', false],
    ['a studio owner never reaches the plant side', 8, 'super.queues', false],
    ['a treasurer reads the school’s pricing adjustments', 20, 'pricing.view', true],
    ['a school administrator reads the school’s pricing adjustments', 3, 'pricing.view', true],
    ['an adviser does not read pricing adjustments', 5, 'pricing.view', false],
    ['a volunteer does not read pricing adjustments', 6, 'pricing.view', false],
    ['a sales rep reads pricing adjustments', 99, 'pricing.view', true],
    ['a treasurer does not edit price lists', 20, 'super.pricing', false],
    ['an adviser keeps the school’s roster', 5, 'roster.manage', true],
    ['a school administrator keeps the school’s roster', 3, 'roster.manage', true],
    ['a volunteer reads the roster to caption pages', 6, 'roster.view', true],
    ['a volunteer does not change the roster', 6, 'roster.manage', false],
    ['a studio contact reads its schools’ rosters', 16, 'roster.view', true],
    ['a studio contact does not change them', 16, 'roster.manage', false],
    ['a studio owner keeps its schools’ rosters', 8, 'roster.manage', true],
    ['a studio administrator keeps its schools’ rosters', 7, 'roster.manage', true],
    ['a treasurer does not see students’ names', 20, 'roster.view', false],
    ['a sales manager does not see students’ names', 22, 'roster.view', false],
    ['a sales rep does not see students’ names', 99, 'roster.view', false],
  ])('%s', (_name, role, permission, expected) => {
    expect(can(as(role), permission)).toBe(expected);
  });

  it('lets a super administrator do everything', () => {
    expect(can(as(6, true), 'super.impersonate')).toBe(true);
    expect(permissionsOf(as(6, true))).toEqual([...permissions]);
  });

  it('grants nothing to an unknown role or to nobody', () => {
    expect(can(as(42), 'profile.edit')).toBe(false);
    expect(can(null, 'profile.edit')).toBe(false);
  });

  it('lets every signed-in role open its profile', () => {
    for (const role of [8, 7, 16, 3, 5, 6, 22, 20, 99]) expect(can(as(role), 'profile.edit')).toBe(true);
  });

  it('keeps super-admin pages to super administrators', () => {
    for (const page of adminPages.filter((candidate) => candidate.path.startsWith('/admin/super/'))) {
      for (const role of [8, 7, 16, 3, 5, 6, 22, 20, 99]) expect(can(as(role), page.permission), page.path).toBe(false);
    }
  });

  it.each<[string, number, number[]]>([
    ['a studio owner staffs the studio and its schools', 8, [7, 16, 3, 5, 6, 22, 20]],
    ['an adviser adds volunteers and sales managers', 5, [6, 22]],
    ['a volunteer gives no roles', 6, []],
  ])('%s', (_name, role, expected) => {
    expect(assignableRoles(as(role))).toEqual(expected);
  });

  it('lets only super administrators create sales reps', () => {
    expect(assignableRoles(as(8))).not.toContain(99);
    expect(assignableRoles(as(8, true))).toContain(99);
  });
});
