import { describe, expect, it } from 'vitest';
import { assignableRoles, mayAssignRole } from './access';
import { mayChangeUser, mayManageUser, roleOutranks, roleRank, roleRanks, userChangeRefusal } from './roleRanks';
import { userRole } from './roles';

const ORDER = [8, 7, 16, 99, 3, 5, 22, 20, 6] as const;
const actor = (role: number, bSuperAdmin = false) => ({ id: 1, role, bSuperAdmin });
const target = (role: number, bSuperAdmin = false) => ({ id: 2, role, bSuperAdmin });

/**
 * Who may change whom, written out by hand: one row per acting role, one column per target role, in
 * the order of ORDER. `Y` may change, `.` may not. The rule in roleRanks.ts must give exactly this.
 */
const MAY_CHANGE: Record<(typeof ORDER)[number], string> = {
  //   8 7 16 99 3 5 22 20 6
  8: ' . Y Y  Y  Y Y Y  Y  Y',
  7: ' . . Y  Y  Y Y Y  Y  Y',
  16: '. . .  .  Y Y Y  Y  Y',
  99: '. . .  .  Y Y Y  Y  Y',
  3: ' . . .  .  . Y Y  Y  Y',
  5: ' . . .  .  . . Y  Y  Y',
  22: '. . .  .  . . .  .  .',
  20: '. . .  .  . . .  .  .',
  6: ' . . .  .  . . .  .  .',
};

describe('the role rank order', () => {
  it('ranks every role of part 3, studio roles above school roles', () => {
    expect(Object.keys(roleRanks).map(Number).sort()).toEqual([...userRole.codes].sort());
    for (const studio of [8, 7, 16]) {
      for (const school of [3, 5, 6, 22, 20]) expect(roleOutranks(studio, school), `${studio} > ${school}`).toBe(true);
    }
  });

  it.each<[string, number, number]>([
    ['Studio Owner above Studio Administrator', 8, 7],
    ['Studio Administrator above Studio Contact', 7, 16],
    ['Studio Contact above School Administrator', 16, 3],
    ['Sales Rep above School Administrator', 99, 3],
    ['School Administrator above Adviser', 3, 5],
    ['Adviser above Sales Manager', 5, 22],
    ['Adviser above Treasurer', 5, 20],
    ['Adviser above Volunteer', 5, 6],
  ])('%s', (_name, higher, lower) => {
    expect(roleOutranks(higher, lower)).toBe(true);
    expect(roleOutranks(lower, higher)).toBe(false);
  });

  it.each<[string, number, number]>([
    ['Sales Rep and Studio Contact', 99, 16],
    ['Sales Manager and Treasurer', 22, 20],
    ['Treasurer and Volunteer', 20, 6],
    ['Sales Manager and Volunteer', 22, 6],
  ])('ties %s', (_name, a, b) => {
    expect(roleRank(a)).toBe(roleRank(b));
    expect(roleOutranks(a, b)).toBe(false);
    expect(roleOutranks(b, a)).toBe(false);
  });

  it('gives an unknown role no rank: it outranks nobody and nobody outranks it', () => {
    expect(roleRank(42)).toBeNull();
    expect(roleOutranks(42, 6)).toBe(false);
    expect(roleOutranks(8, 42)).toBe(false);
  });
});

describe('who may change whom', () => {
  for (const [actorRole, row] of Object.entries(MAY_CHANGE)) {
    const expected = row.trim().split(/\s+/);
    it(`${userRole.label(Number(actorRole))} changes: ${row.trim()}`, () => {
      ORDER.forEach((targetRole, index) => {
        const allowed = expected[index] === 'Y';
        const label = `${actorRole} → ${targetRole}`;
        expect(mayManageUser(actor(Number(actorRole)), target(targetRole)), label).toBe(allowed);
        expect(mayChangeUser(actor(Number(actorRole)), target(targetRole), 'deactivate'), label).toBe(allowed);
        expect(mayChangeUser(actor(Number(actorRole)), target(targetRole), 'permissions'), label).toBe(allowed);
      });
    });
  }

  it('lets a user edit themselves, but neither deactivate themselves nor change their own role', () => {
    for (const role of ORDER) {
      const me = { id: 7, role, bSuperAdmin: false };
      expect(mayChangeUser(me, me, 'edit')).toBe(true);
      expect(userChangeRefusal(me, me, 'deactivate')).toEqual({
        kind: 'self',
        message: 'You cannot deactivate yourself.',
      });
      expect(userChangeRefusal(me, me, 'permissions')).toEqual({
        kind: 'self',
        message: 'You cannot change your own role or permissions.',
      });
    }
    const superMe = { id: 7, role: 8, bSuperAdmin: true };
    expect(mayChangeUser(superMe, superMe, 'edit')).toBe(true);
    expect(mayChangeUser(superMe, superMe, 'permissions')).toBe(false);
  });

  it('lets a super administrator change anyone but another super administrator', () => {
    for (const role of ORDER) {
      expect(mayChangeUser(actor(6, true), target(role), 'permissions'), String(role)).toBe(true);
      expect(mayChangeUser(actor(8, true), target(role, true))).toBe(false);
    }
    expect(userChangeRefusal(actor(8, true), target(6, true))?.kind).toBe('superAdministrator');
  });

  it('never lets anyone else change a super administrator, whatever the roles', () => {
    for (const actorRole of ORDER) {
      for (const targetRole of ORDER) expect(mayManageUser(actor(actorRole), target(targetRole, true))).toBe(false);
    }
  });

  it('says why, naming both roles', () => {
    expect(userChangeRefusal(actor(7), target(8))).toEqual({
      kind: 'rank',
      message:
        'You can change only users whose role ranks below yours: Studio Owner does not rank below Studio Administrator.',
    });
  });
});

describe('the roles a user may give', () => {
  it.each<[string, number, number[]]>([
    ['a studio owner staffs the studio and its schools, but names no other owner', 8, [7, 16, 3, 5, 6, 22, 20]],
    ['a studio administrator gives the roles below theirs', 7, [16, 3, 5, 6, 22, 20]],
    ['a school administrator gives the school roles below theirs', 3, [5, 6, 22, 20]],
    ['an adviser adds volunteers and sales managers, not a treasurer', 5, [6, 22]],
    ['a studio contact manages no users, so gives nothing', 16, []],
    ['a sales rep gives nothing', 99, []],
    ['a volunteer gives nothing', 6, []],
    ['a treasurer gives nothing', 20, []],
    ['a sales manager gives nothing', 22, []],
  ])('%s', (_name, role, expected) => {
    expect(assignableRoles({ role, bSuperAdmin: false })).toEqual(expected);
  });

  it('never gives a role ranking at or above the giver’s own', () => {
    for (const giver of ORDER) {
      for (const role of assignableRoles({ role: giver, bSuperAdmin: false })) {
        expect(roleOutranks(giver, role), `${giver} gives ${role}`).toBe(true);
      }
    }
  });

  it('lets super administrators give every role, sales reps included, and nothing unknown', () => {
    expect(assignableRoles({ role: 6, bSuperAdmin: true })).toEqual([...userRole.codes]);
    expect(mayAssignRole({ role: 8, bSuperAdmin: false }, 99)).toBe(false);
    expect(mayAssignRole({ role: 8, bSuperAdmin: true }, 42)).toBe(false);
  });
});
