import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, ianaTimeZone, resolveTimeZone, timeZoneOffsetMinutes, timeZoneOptions } from './timeZones';

describe('time zones (part 9: offsets in minutes EST -300, CST -360, MST -420, PST -480, JST +540; default zone Central)', () => {
  it.each([
    { zone: 'EST', offset: -300, iana: 'America/New_York' },
    { zone: 'CST', offset: -360, iana: 'America/Chicago' },
    { zone: 'MST', offset: -420, iana: 'America/Denver' },
    { zone: 'PST', offset: -480, iana: 'America/Los_Angeles' },
    { zone: 'HST', offset: -600, iana: 'Pacific/Honolulu' },
    { zone: 'JST', offset: 540, iana: 'Asia/Tokyo' },
  ])('$zone is $offset minutes, converted as $iana', ({ zone, offset, iana }) => {
    expect(timeZoneOffsetMinutes(zone)).toBe(offset);
    expect(ianaTimeZone(zone)).toBe(iana);
  });

  it.each([
    { zone: undefined, expected: 'CST' },
    { zone: null, expected: 'CST' },
    { zone: 'GMT', expected: 'CST' },
    { zone: 'PST', expected: 'PST' },
  ])('resolves $zone to $expected (default zone Central)', ({ zone, expected }) => {
    expect(resolveTimeZone(zone)).toBe(expected);
  });

  it('defaults to Central', () => {
    expect(DEFAULT_TIME_ZONE).toBe('CST');
  });

  it('offers Eastern, Central, Mountain, Pacific, Hawaii (part 3 option lists)', () => {
    expect(timeZoneOptions().map((option) => option.label)).toEqual([
      'Eastern',
      'Central',
      'Mountain',
      'Pacific',
      'Hawaii',
    ]);
  });
});
