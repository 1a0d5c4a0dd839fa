import { describe, expect, it } from 'vitest';
import type { OneRosterField } from './fields';
import { normalizeGrade, parseOneRosterCell, parseOneRosterDate, parseOneRosterDateTime } from './values';

describe('normalizeGrade (grades are strings, spelled as the standard lists them)', () => {
  it.each([
    ['09', '09'],
    ['9', '09'],
    ['12', '12'],
    ['13', '13'],
    ['KG', 'KG'],
    ['kg', 'KG'],
    ['PK', 'PK'],
    ['IT', 'IT'],
    ['PR', 'PR'],
    ['PS', 'PS'],
    ['UG', 'UG'],
    ['other', 'Other'],
    [' 10 ', '10'],
    ['14', undefined],
    ['00', undefined],
    ['Grade 9', undefined],
  ])('%s → %s', (raw, grade) => {
    expect(normalizeGrade(raw)).toBe(grade);
  });
});

describe('dates and times', () => {
  it.each([
    ['2026-09-01', '2026-09-01'],
    ['2028-02-29', '2028-02-29'],
    ['2026-02-30', undefined],
    ['2026-9-1', undefined],
    ['09/01/2026', undefined],
  ])('date %s → %s', (raw, date) => {
    expect(parseOneRosterDate(raw)).toBe(date);
  });

  it.each([
    ['2026-09-01T08:00:00.000Z', '2026-09-01T08:00:00.000Z'],
    ['2026-09-01T08:00:00Z', '2026-09-01T08:00:00.000Z'],
    ['2026-09-01T08:00Z', '2026-09-01T08:00:00.000Z'],
    ['2026-09-01T10:00:00+02:00', '2026-09-01T08:00:00.000Z'],
    ['2026-09-01T03:00:00-0500', '2026-09-01T08:00:00.000Z'],
    ['2026-09-01T08:00:00', '2026-09-01T08:00:00.000Z'],
    ['2026-09-01T08:00:00.1234567Z', '2026-09-01T08:00:00.123Z'],
    ['2026-09-01', undefined],
    ['2026-09-01T25:00:00Z', undefined],
    ['2026-13-01T08:00:00Z', undefined],
    ['yesterday', undefined],
  ])('date and time %s → %s', (raw, dateTime) => {
    expect(parseOneRosterDateTime(raw)).toBe(dateTime);
  });
});

describe('parseOneRosterCell', () => {
  const field = (more: Partial<OneRosterField>): OneRosterField => ({
    name: 'x',
    required: false,
    type: 'string',
    ...more,
  });

  it.each<[string, Partial<OneRosterField>, string, unknown]>([
    ['trims a string', {}, '  Ada  ', 'Ada'],
    ['reads blank as null', {}, '   ', null],
    ['reads TRUE as true', { type: 'boolean' }, 'TRUE', true],
    ['reads True as true', { type: 'boolean' }, 'True', true],
    ['reads false as false', { type: 'boolean' }, 'false', false],
    [
      'matches an enumeration without regard to case',
      { type: 'enum', values: ['student', 'teacher'] },
      'Student',
      'student',
    ],
    ['splits a list on commas', { type: 'guidList' }, 'org-1, org-2,', ['org-1', 'org-2']],
    ['reads a blank list as empty', { type: 'stringList' }, '', []],
    ['normalizes grades in a list', { type: 'gradeList' }, '9,10,KG', ['09', '10', 'KG']],
    ['reads a school year', { type: 'year' }, '2027', '2027'],
  ])('%s', (_name, more, raw, value) => {
    expect(parseOneRosterCell(field(more), raw)).toEqual({ ok: true, value });
  });

  it.each<[string, Partial<OneRosterField>, string, string]>([
    ['a blank required field', { required: true }, ' ', 'x is required'],
    ['a blank required list', { required: true, type: 'guidList' }, ' , ', 'x is required'],
    ['a boolean that is not true or false', { type: 'boolean' }, 'yes', "x 'yes' is not true or false"],
    [
      'a value outside the enumeration',
      { type: 'enum', values: ['student', 'teacher'] },
      'janitor',
      "x 'janitor' is not one of student, teacher",
    ],
    ['a date that does not exist', { type: 'date' }, '2026-02-30', "x '2026-02-30' is not a date (YYYY-MM-DD)"],
    ['a bad date and time', { type: 'datetime' }, '2026-09-01', "x '2026-09-01' is not an ISO 8601 date and time"],
    ['a grade that is not one', { type: 'gradeList' }, '09,Freshman', "x 'Freshman' is not a grade level"],
    ['a bad year', { type: 'year' }, '26-27', "x '26-27' is not a year (YYYY)"],
  ])('faults %s', (_name, more, raw, message) => {
    expect(parseOneRosterCell(field(more), raw)).toEqual({ ok: false, message });
  });
});
