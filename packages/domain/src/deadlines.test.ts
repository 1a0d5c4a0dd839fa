import { describe, expect, it } from 'vitest';
import { daysUntil, deadlineWarning, isoDate, yearOfSchoolYear } from './deadlines';

describe('submission deadlines', () => {
  it.each([
    { deadline: '2026-03-01', today: '2026-03-01', days: 0, warning: 'due' },
    { deadline: '2026-03-01', today: '2026-03-02', days: -1, warning: 'overdue' },
    { deadline: '2026-03-08', today: '2026-03-01', days: 7, warning: 'due' },
    { deadline: '2026-03-09', today: '2026-03-01', days: 8, warning: 'soon' },
    { deadline: '2026-03-31', today: '2026-03-01', days: 30, warning: 'soon' },
    { deadline: '2026-04-01', today: '2026-03-01', days: 31, warning: 'later' },
    { deadline: '2025-03-01', today: '2024-03-01', days: 365, warning: 'later' },
  ])('$deadline seen on $today is $days days away ($warning)', ({ deadline, today, days, warning }) => {
    expect(daysUntil(deadline, today)).toBe(days);
    expect(deadlineWarning(days)).toBe(warning);
  });

  it('crosses daylight-saving changes without losing a day', () => {
    expect(daysUntil('2026-03-09', '2026-03-07')).toBe(2);
    expect(daysUntil('2026-11-02', '2026-10-31')).toBe(2);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => daysUntil('03/01/2026', '2026-03-01')).toThrow(RangeError);
  });

  it('takes the UTC calendar date of an instant', () => {
    expect(isoDate(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-01');
  });

  it.each([
    { schoolYear: '2025-2026', year: 2026 },
    { schoolYear: '2024-2025', year: 2025 },
  ])('the yearbook of $schoolYear comes out in $year', ({ schoolYear, year }) => {
    expect(yearOfSchoolYear(schoolYear)).toBe(year);
  });

  it('refuses a school year that does not span two consecutive years', () => {
    expect(() => yearOfSchoolYear('2025-2027')).toThrow(RangeError);
    expect(() => yearOfSchoolYear('2025')).toThrow(RangeError);
  });
});
