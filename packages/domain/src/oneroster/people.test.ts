import { describe, expect, it } from 'vitest';
import { rosterRoleOfOneRoster } from './people';

describe('rosterRoleOfOneRoster', () => {
  it.each([
    ['student', 'student'],
    ['Student', 'student'],
    ['teacher', 'teacher'],
    ['Teacher', 'teacher'],
    ['administrator', 'staff'],
    ['aide', 'staff'],
    ['counselor', 'staff'],
    ['districtAdministrator', 'staff'],
    ['principal', 'staff'],
    ['proctor', 'staff'],
    ['siteAdministrator', 'staff'],
    ['systemAdministrator', 'staff'],
    ['guardian', null],
    ['parent', null],
    ['relative', null],
    ['', null],
    [null, null],
    ['hallMonitor', null],
  ] as const)('%s → %s', (role, expected) => {
    expect(rosterRoleOfOneRoster(role)).toBe(expected);
  });
});
