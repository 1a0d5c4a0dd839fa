import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  NONE_PROVIDED,
  parseTouchpointDate,
  toInstant,
  zonedDayEnd,
  zonedDayStart,
} from './dates';

describe('formatDate (part 5: dates display as MM/DD/YYYY, converted to the chosen zone)', () => {
  it.each([
    { value: '2024-07-01T03:00:00Z', zone: 'EST', expected: '06/30/2024', why: 'EDT in summer, a day earlier' },
    { value: '2024-07-01T03:00:00Z', zone: 'CST', expected: '06/30/2024', why: 'CDT in summer' },
    { value: '2024-07-01T05:00:00Z', zone: 'CST', expected: '07/01/2024', why: 'midnight CDT is 05:00 UTC' },
    { value: '2024-01-15T05:30:00Z', zone: 'CST', expected: '01/14/2024', why: 'CST in winter (UTC-6)' },
    { value: '2024-01-15T06:30:00Z', zone: 'CST', expected: '01/15/2024', why: 'CST in winter (UTC-6)' },
    { value: '2024-03-10T06:30:00Z', zone: 'MST', expected: '03/09/2024', why: 'Mountain' },
    { value: '2024-07-01T06:59:00Z', zone: 'PST', expected: '06/30/2024', why: 'PDT in summer' },
    { value: '2024-07-01T09:59:00Z', zone: 'HST', expected: '06/30/2024', why: 'Hawaii has no daylight time' },
    { value: '2024-06-30T15:00:00Z', zone: 'JST', expected: '07/01/2024', why: 'Tokyo is ahead' },
    { value: '2024-07-01T03:00:00Z', zone: undefined, expected: '06/30/2024', why: 'default zone Central' },
    { value: '2024-07-01T03:00:00Z', zone: 'XYZ', expected: '06/30/2024', why: 'unknown zone falls back to Central' },
    { value: '2024-12-25 18:00:00', zone: 'EST', expected: '12/25/2024', why: 'a zone-less timestamp is London time' },
    { value: '2024-12-25', zone: 'EST', expected: '12/24/2024', why: 'a bare date is London midnight (GMT)' },
    { value: '2026-07-01 00:30:00', zone: 'HST', expected: '06/30/2026', why: '00:30 BST is 23:30 UTC the day before' },
    { value: '2026-07-01 00:30:00', zone: 'JST', expected: '07/01/2026', why: '00:30 BST is 08:30 in Tokyo' },
    { value: '2026-07-01', zone: 'JST', expected: '07/01/2026', why: 'London midnight in summer is 23:00 UTC' },
    { value: new Date('2024-12-25T18:00:00Z'), zone: 'EST', expected: '12/25/2024', why: 'a Date' },
    { value: Date.UTC(2024, 11, 25, 18), zone: 'EST', expected: '12/25/2024', why: 'epoch milliseconds' },
    { value: '1990-01-01T12:00:00Z', zone: 'CST', expected: '01/01/1990', why: 'the year 1990 itself shows' },
  ])('shows $value in $zone as $expected ($why)', ({ value, zone, expected }) => {
    expect(formatDate(value, zone)).toBe(expected);
  });

  it.each([
    { value: '1989-12-31T12:00:00Z', why: 'dates before year 1990 show None provided' },
    { value: '1990-01-01T03:00:00Z', why: 'still 1989 in Central time: None provided' },
    { value: '0000-00-00 00:00:00', why: 'a zero date shows None provided' },
    { value: '1970-01-01T00:00:00Z', why: 'the epoch shows None provided' },
    { value: null, why: 'a missing date shows None provided' },
    { value: undefined, why: 'a missing date shows None provided' },
    { value: '', why: 'an empty date shows None provided' },
    { value: 'not a date', why: 'an invalid date shows None provided' },
    { value: '2026-02-30', why: 'a date naming no real day shows None provided' },
    { value: new Date(Number.NaN), why: 'an invalid Date shows None provided' },
  ])('$why ($value)', ({ value }) => {
    expect(formatDate(value, 'CST')).toBe(NONE_PROVIDED);
  });
});

describe('formatDateTime (part 5: converted to the chosen zone)', () => {
  it.each([
    { value: '2024-07-01T03:05:00Z', zone: 'EST', expected: '06/30/2024 11:05 PM' },
    { value: '2024-01-15T18:00:00Z', zone: 'CST', expected: '01/15/2024 12:00 PM' },
    { value: '2024-01-15T06:00:00Z', zone: 'CST', expected: '01/15/2024 12:00 AM' },
    { value: '2024-06-30T15:00:00Z', zone: 'JST', expected: '07/01/2024 12:00 AM' },
    { value: '1980-06-30T15:00:00Z', zone: 'JST', expected: 'None provided' },
    { value: null, zone: 'JST', expected: 'None provided' },
  ])('shows $value in $zone as $expected', ({ value, zone, expected }) => {
    expect(formatDateTime(value, zone)).toBe(expected);
  });
});

describe('toInstant (instants as they are; zone-less times are London wall-clock time, part 5)', () => {
  // 2026's clock changes in London: 29 March 01:00 UTC (01:00 GMT → 02:00 BST) and
  // 25 October 01:00 UTC (02:00 BST → 01:00 GMT).
  it.each([
    { value: '2026-01-15 12:00:00', expected: '2026-01-15T12:00:00.000Z', why: 'winter: GMT is UTC' },
    { value: '2026-07-01 12:00:00', expected: '2026-07-01T11:00:00.000Z', why: 'summer: BST is UTC+1' },
    { value: '2024-05-01 14:00:00', expected: '2024-05-01T13:00:00.000Z', why: 'BST in May' },
    { value: '2024-05-01T14:00', expected: '2024-05-01T13:00:00.000Z', why: 'a T and no seconds' },
    { value: '2024-05-01T14:00:00.25', expected: '2024-05-01T13:00:00.250Z', why: 'fractions of a second' },
    { value: '2026-03-29 00:59:59', expected: '2026-03-29T00:59:59.000Z', why: 'the last GMT second before spring' },
    { value: '2026-03-29 01:30:00', expected: '2026-03-29T01:30:00.000Z', why: 'the skipped hour: read as GMT' },
    { value: '2026-03-29 02:00:00', expected: '2026-03-29T01:00:00.000Z', why: 'the first BST minute' },
    { value: '2026-03-29 03:00:00', expected: '2026-03-29T02:00:00.000Z', why: 'after the spring change' },
    { value: '2026-10-25 00:59:59', expected: '2026-10-24T23:59:59.000Z', why: 'BST before the autumn change' },
    { value: '2026-10-25 01:30:00', expected: '2026-10-25T00:30:00.000Z', why: 'the repeated hour: the earlier (BST)' },
    { value: '2026-10-25 02:00:00', expected: '2026-10-25T02:00:00.000Z', why: 'GMT after the autumn change' },
    { value: '2026-01-15', expected: '2026-01-15T00:00:00.000Z', why: 'a bare date in winter: London midnight' },
    { value: '2026-07-01', expected: '2026-06-30T23:00:00.000Z', why: 'a bare date in summer: London midnight' },
    { value: '2024-05-01T14:00:00+02:00', expected: '2024-05-01T12:00:00.000Z', why: 'an offset is an instant' },
    { value: '2024-05-01T14:00:00.000Z', expected: '2024-05-01T14:00:00.000Z', why: 'Z is an instant' },
    { value: '2026-07-01T12:00:00Z', expected: '2026-07-01T12:00:00.000Z', why: 'Z in summer is not moved' },
  ])('reads $value as $expected ($why)', ({ value, expected }) => {
    expect(toInstant(value)?.toISOString()).toBe(expected);
  });

  it('keeps Dates and epoch milliseconds as they are, whatever the season', () => {
    const summer = new Date('2026-07-01T12:00:00Z');
    expect(toInstant(summer)).toBe(summer);
    expect(toInstant(summer.getTime())?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
  });
});

describe('formatDateTime of London wall-clock times across the clock changes (part 5)', () => {
  it.each([
    { value: '2026-01-15 18:00:00', zone: 'CST', expected: '01/15/2026 12:00 PM', why: 'winter: GMT → CST, 6 hours' },
    { value: '2026-07-01 18:00:00', zone: 'CST', expected: '07/01/2026 12:00 PM', why: 'summer: BST → CDT, 6 hours' },
    {
      value: '2026-03-20 18:00:00',
      zone: 'CST',
      expected: '03/20/2026 1:00 PM',
      why: 'US already on CDT, London on GMT',
    },
    { value: '2026-03-29 00:30:00', zone: 'EST', expected: '03/28/2026 8:30 PM', why: 'GMT just before spring' },
    { value: '2026-03-29 03:00:00', zone: 'EST', expected: '03/28/2026 10:00 PM', why: 'BST just after spring' },
    { value: '2026-10-25 01:30:00', zone: 'EST', expected: '10/24/2026 8:30 PM', why: 'the repeated hour, BST' },
    { value: '2026-10-25 02:30:00', zone: 'EST', expected: '10/24/2026 10:30 PM', why: 'GMT just after autumn' },
    {
      value: '2026-10-30 18:00:00',
      zone: 'PST',
      expected: '10/30/2026 11:00 AM',
      why: 'London on GMT, US still on PDT',
    },
    { value: '2026-07-01 18:00:00', zone: 'HST', expected: '07/01/2026 7:00 AM', why: 'Hawaii has no daylight time' },
    { value: '2026-07-01 18:00:00', zone: 'JST', expected: '07/02/2026 2:00 AM', why: 'Tokyo is ahead' },
  ])('shows London $value in $zone as $expected ($why)', ({ value, zone, expected }) => {
    expect(formatDateTime(value, zone)).toBe(expected);
  });
});

describe('zonedDayStart / zonedDayEnd (a calendar day in a zone, as instants)', () => {
  it.each([
    { date: '2026-01-15', iana: 'Europe/London', start: '2026-01-15T00:00:00.000Z', end: '2026-01-16T00:00:00.000Z' },
    { date: '2026-07-01', iana: 'Europe/London', start: '2026-06-30T23:00:00.000Z', end: '2026-07-01T23:00:00.000Z' },
    { date: '2026-03-29', iana: 'Europe/London', start: '2026-03-29T00:00:00.000Z', end: '2026-03-29T23:00:00.000Z' },
    { date: '2026-10-25', iana: 'Europe/London', start: '2026-10-24T23:00:00.000Z', end: '2026-10-26T00:00:00.000Z' },
    { date: '2026-03-08', iana: 'America/Chicago', start: '2026-03-08T06:00:00.000Z', end: '2026-03-09T05:00:00.000Z' },
    { date: '2026-11-01', iana: 'America/Chicago', start: '2026-11-01T05:00:00.000Z', end: '2026-11-02T06:00:00.000Z' },
    {
      date: '2026-07-01',
      iana: 'Pacific/Honolulu',
      start: '2026-07-01T10:00:00.000Z',
      end: '2026-07-02T10:00:00.000Z',
    },
  ])('$date in $iana runs from $start to $end', ({ date, iana, start, end }) => {
    expect(zonedDayStart(date, iana)?.toISOString()).toBe(start);
    expect(zonedDayEnd(date, iana)?.toISOString()).toBe(end);
  });

  it.each(['2026-02-30', '2026-7-01', 'yesterday', ''])('names no day: %s', (date) => {
    expect(zonedDayStart(date, 'Europe/London')).toBeNull();
    expect(zonedDayEnd(date, 'Europe/London')).toBeNull();
  });
});

describe('parseTouchpointDate (part 5: marketing touchpoint dates are parsed as YYYY-MM-DD)', () => {
  it.each([
    { text: '2025-09-15', expected: '2025-09-15T00:00:00.000Z' },
    { text: '2024-02-29', expected: '2024-02-29T00:00:00.000Z' },
    { text: ' 2025-01-01 ', expected: '2025-01-01T00:00:00.000Z' },
  ])('parses $text as UTC midnight', ({ text, expected }) => {
    expect(parseTouchpointDate(text)?.toISOString()).toBe(expected);
  });

  it.each([
    { text: '2026-02-30', why: 'no such day' },
    { text: '2025-02-29', why: 'not a leap year' },
    { text: '2025-13-01', why: 'no such month' },
    { text: '2025-00-10', why: 'no month zero' },
    { text: '09/15/2025', why: 'not YYYY-MM-DD' },
    { text: '2025-9-15', why: 'month not two digits' },
    { text: '2025-09-15T00:00:00Z', why: 'a timestamp, not a date' },
    { text: '', why: 'empty' },
    { text: null, why: 'missing' },
  ])('rejects $text ($why) with null', ({ text }) => {
    expect(parseTouchpointDate(text)).toBeNull();
  });
});
