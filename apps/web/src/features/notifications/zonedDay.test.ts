import { describe, expect, it } from 'vitest';
import { zonedDayEnd, zonedDayStart } from './zonedDay';

describe('the notification filters’ days in the user’s zone', () => {
  it.each([
    { date: '2026-01-15', zone: 'CST', start: '2026-01-15T06:00:00.000Z', end: '2026-01-16T05:59:59.999Z' },
    { date: '2026-07-01', zone: 'CST', start: '2026-07-01T05:00:00.000Z', end: '2026-07-02T04:59:59.999Z' },
    { date: '2026-03-08', zone: 'EST', start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T03:59:59.999Z' },
    { date: '2026-11-01', zone: 'PST', start: '2026-11-01T07:00:00.000Z', end: '2026-11-02T07:59:59.999Z' },
    { date: '2026-07-01', zone: 'HST', start: '2026-07-01T10:00:00.000Z', end: '2026-07-02T09:59:59.999Z' },
    { date: '2026-07-01', zone: undefined, start: '2026-07-01T05:00:00.000Z', end: '2026-07-02T04:59:59.999Z' },
  ])('$date in $zone runs from $start to $end', ({ date, zone, start, end }) => {
    expect(zonedDayStart(date, zone)?.toISOString()).toBe(start);
    expect(zonedDayEnd(date, zone)?.toISOString()).toBe(end);
  });

  it('gives nothing for a day that does not exist', () => {
    expect(zonedDayStart('2026-02-30', 'CST')).toBeUndefined();
    expect(zonedDayEnd('2026-02-30', 'CST')).toBeUndefined();
  });
});
