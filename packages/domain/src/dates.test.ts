import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, NONE_PROVIDED, parseTouchpointDate, toInstant } from './dates';

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
    { value: '2024-12-25 18:00:00', zone: 'EST', expected: '12/25/2024', why: 'a zone-less timestamp is UTC' },
    { value: '2024-12-25', zone: 'EST', expected: '12/24/2024', why: 'a bare date is UTC midnight' },
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

describe('toInstant (timestamps are UTC instants)', () => {
  it.each([
    { value: '2024-05-01 14:00:00', expected: '2024-05-01T14:00:00.000Z' },
    { value: '2024-05-01T14:00', expected: '2024-05-01T14:00:00.000Z' },
    { value: '2024-05-01T14:00:00.25', expected: '2024-05-01T14:00:00.250Z' },
    { value: '2024-05-01T14:00:00+02:00', expected: '2024-05-01T12:00:00.000Z' },
    { value: '2024-05-01T14:00:00.000Z', expected: '2024-05-01T14:00:00.000Z' },
  ])('reads $value as $expected', ({ value, expected }) => {
    expect(toInstant(value)?.toISOString()).toBe(expected);
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
