import { describe, expect, it } from 'vitest';
import { addBusinessDays, addCalendarDays, formatBusinessDate, isWeekend, londonDate } from './businessDays';

/** The US federal holidays these cases cross, observed dates as the API's holiday calendar gives them. */
const holidays: Record<string, string> = {
  '2026-11-26': 'Thanksgiving Day',
  '2026-12-25': 'Christmas Day',
  '2027-01-01': "New Year's Day",
  '2027-11-25': 'Thanksgiving Day',
  '2027-12-24': 'Christmas Day (substitute day)',
  '2027-12-31': "New Year's Day (substitute day)",
};
const federal = (date: string) => holidays[date] ?? null;
const closures: Record<string, string> = { '2026-12-28': 'Plant shutdown', '2026-12-29': 'Plant shutdown' };
const withClosures = (date: string) => federal(date) ?? closures[date] ?? null;

describe('addBusinessDays skips weekends, holidays and closures', () => {
  it.each([
    // start, days, closed, date, skipped
    ['2026-11-25', 0, federal, '2026-11-25', []],
    ['2026-11-20', 1, federal, '2026-11-23', []],
    ['2026-11-25', 1, federal, '2026-11-27', ['2026-11-26']],
    ['2026-11-24', 3, federal, '2026-11-30', ['2026-11-26']],
    ['2026-12-24', 1, federal, '2026-12-28', ['2026-12-25']],
    ['2026-12-24', 1, withClosures, '2026-12-30', ['2026-12-25', '2026-12-28', '2026-12-29']],
    ['2026-12-31', 1, federal, '2027-01-04', ['2027-01-01']],
    ['2027-11-24', 1, federal, '2027-11-26', ['2027-11-25']],
    ['2027-12-23', 1, federal, '2027-12-27', ['2027-12-24']],
    // New Year 2028 falls on a Saturday: observed Friday 2027-12-31.
    ['2027-12-30', 1, federal, '2028-01-03', ['2027-12-31']],
    ['2027-12-22', 6, federal, '2028-01-03', ['2027-12-24', '2027-12-31']],
    ['2026-11-21', 0, federal, '2026-11-21', []],
  ] as const)('%s + %i → %s', (start, days, closed, date, skipped) => {
    const result = addBusinessDays(start, days, closed);
    expect(result.date).toBe(date);
    expect(result.skipped.map((day) => day.date)).toEqual(skipped);
  });

  it('names the reason of each skipped day', () => {
    expect(addBusinessDays('2026-12-24', 1, withClosures).skipped).toEqual([
      { date: '2026-12-25', reason: 'Christmas Day' },
      { date: '2026-12-28', reason: 'Plant shutdown' },
      { date: '2026-12-29', reason: 'Plant shutdown' },
    ]);
  });

  it('refuses a negative count, a bad date and a calendar with no open weekday', () => {
    expect(() => addBusinessDays('2026-11-25', -1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-11-25', 1, () => 'closed')).toThrow(RangeError);
  });
});

describe('calendar helpers', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ] as const)('%s %+i → %s', (date, days, expected) => {
    expect(addCalendarDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-28', true],
    ['2026-11-29', true],
    ['2026-11-30', false],
  ] as const)('%s weekend: %s', (date, expected) => {
    expect(isWeekend(date)).toBe(expected);
  });

  it.each([
    // 23:30 UTC in summer is already tomorrow in London (BST); in winter it is still today (GMT).
    ['2026-07-01T23:30:00Z', '2026-07-02'],
    ['2026-12-01T23:30:00Z', '2026-12-01'],
  ] as const)('London date of %s is %s', (instant, expected) => {
    expect(londonDate(new Date(instant))).toBe(expected);
  });

  it.each([
    ['YYYY-MM-DD', '2026-12-28'],
    ['MM/DD/YYYY', '12/28/2026'],
  ] as const)('format %s', (format, expected) => {
    expect(formatBusinessDate('2026-12-28', format)).toBe(expected);
  });
});
