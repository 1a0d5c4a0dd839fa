import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './dates';

describe('calendar dates (deadlines, in-home dates) show the day they name, in every zone', () => {
  it.each([
    ['2026-11-10', '11/10/2026'],
    ['2026-01-01', '01/01/2026'],
    ['1989-12-31', 'None provided'],
    ['2026-11-10T00:00:00Z', 'None provided'],
    ['', 'None provided'],
    [null, 'None provided'],
  ])('%s → %s', (input, expected) => {
    expect(formatCalendarDate(input)).toBe(expected);
  });
});
