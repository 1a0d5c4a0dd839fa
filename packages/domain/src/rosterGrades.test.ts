import { describe, expect, it } from 'vitest';
import { type RosterGradeCode, rosterGrade, rosterGradeOf, rosterGradeRank } from './rosterGrades';

describe('roster grades', () => {
  it.each<[string, RosterGradeCode, string]>([
    ['pre-kindergarten', 'PK', 'Pre-kindergarten'],
    ['kindergarten', 'KG', 'Kindergarten'],
    ['first grade, two digits as OneRoster writes it', '01', 'Grade 1'],
    ['ninth grade', '09', 'Grade 9'],
    ['senior year', '12', 'Grade 12'],
    ['grade 13', '13', 'Grade 13'],
    ['everyone else', 'Other', 'Other'],
  ])('%s is %s, shown as %s', (_name, code, label) => {
    expect(rosterGrade.has(code)).toBe(true);
    expect(rosterGrade.label(code)).toBe(label);
  });

  it('lists the grades in the school’s order, PK to 13 then Other', () => {
    expect(rosterGrade.codes).toEqual([
      'PK',
      'KG',
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      '13',
      'Other',
    ]);
    expect(rosterGradeRank('PK')).toBe(0);
    expect(rosterGradeRank('12')).toBeLessThan(rosterGradeRank('13'));
    expect(rosterGradeRank('Other')).toBe(15);
  });

  it.each<[string, string | null | undefined, RosterGradeCode | null]>([
    ['two digits', '09', '09'],
    ['one digit', '9', '09'],
    ['spaces around', ' 10 ', '10'],
    ['K', 'K', 'KG'],
    ['KG in lower case', 'kg', 'KG'],
    ['Pre-K', 'Pre-K', 'PK'],
    ['PK', 'PK', 'PK'],
    ['1.2’s transitional kindergarten', 'TK', 'Other'],
    ['1.2’s infant/toddler', 'IT', 'Other'],
    ['ungraded', 'UG', 'Other'],
    ['postsecondary', 'PS', 'Other'],
    ['Other as written', 'Other', 'Other'],
    ['grade 13', '13', '13'],
    ['zero is no grade', '0', null],
    ['a grade past 13', '14', null],
    ['a word', 'senior', null],
    ['empty', '', null],
    ['missing', undefined, null],
    ['null', null, null],
  ])('reads %s (%j) as %j', (_name, value, expected) => {
    expect(rosterGradeOf(value)).toBe(expected);
  });
});
