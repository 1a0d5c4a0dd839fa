import { describe, expect, it } from 'vitest';
import { parseCsv, parsePersonalizationNames } from './personalizationNames';

describe('parseCsv (RFC 4180)', () => {
  it.each([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['\uFEFFa\n"x, y"', [['a'], ['x, y']]],
    ['a\n"say ""hi"""', [['a'], ['say "hi"']]],
    ['a\n\n\nb\n', [['a'], ['b']]],
    [
      'a,b\n,',
      [
        ['a', 'b'],
        ['', ''],
      ],
    ],
  ])('%j', (text, cells) => {
    const parsed = parseCsv(text);
    expect(parsed.ok && parsed.records.map((record) => record.cells)).toEqual(cells);
  });

  it('counts lines across quoted line breaks', () => {
    const parsed = parseCsv('a\n"two\nlines"\nnext');
    expect(parsed.ok && parsed.records.map((record) => record.line)).toEqual([1, 2, 4]);
  });

  it.each([
    ['a\nb"c', 2, 'a quote in the middle of a field'],
    ['a\n"b"c', 2, 'text after a closing quote'],
    ['a\n"open', 2, 'a quoted field is not closed'],
  ])('refuses %j', (text, line, message) => {
    expect(parseCsv(text)).toEqual({ ok: false, line, message });
  });
});

describe('parsePersonalizationNames', () => {
  it('reads first and last names, the default cover name, grades and icons', () => {
    const parsed = parsePersonalizationNames(
      'First_Name,last_name,grade,icons\nAda,Lovelace,k,star\nAlan,Turing,07,\n',
    );
    expect(parsed).toEqual({
      ok: true,
      names: [
        { line: 2, coverName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', grade: 'K', icons: 'star' },
        { line: 3, coverName: 'Alan Turing', firstName: 'Alan', lastName: 'Turing', grade: '7', icons: null },
      ],
    });
  });

  it('takes name and cover_name', () => {
    const parsed = parsePersonalizationNames('name,cover_name\nJosé Núñez,"Pepe"\nKim Lee,\n');
    expect(parsed.ok && parsed.names.map((name) => name.coverName)).toEqual(['Pepe', 'Kim Lee']);
  });

  const long = 'x'.repeat(41);
  it.each([
    ['', 1, 'the file is empty'],
    ['grade\nK', 1, 'the header needs first_name and last_name, or name'],
    ['first_name\nAda', 1, 'the header needs first_name and last_name, or name'],
    ['name,age\nAda,3', 1, 'unknown column "age" (columns: first_name, last_name, name, grade, cover_name, icons)'],
    ['name,name\nA,B', 1, 'column "name" appears twice'],
    ['name\n', 2, 'no names after the header'],
    [`name\nAda\nBob\nCy\nDee\nEve\n${long}`, 7, 'name longer than 40 characters'],
    [`name,cover_name\nAda,${long}`, 2, 'cover name longer than 40 characters'],
    ['name,grade\nAda,13', 2, 'grade "13" is not K or 1 to 12'],
    ['name,grade\nAda,PK', 2, 'grade "PK" is not K or 1 to 12'],
    ['name\n=SUM(A1)', 2, 'name may not start with =, +, - or @'],
    ['name\nA\u0007B', 2, 'name has characters that cannot be printed'],
    ['name\nA\u200bB', 2, 'name has characters that cannot be printed'],
    ['name,grade\nAda', 2, '1 fields where the header has 2'],
    ['first_name,last_name\n,', 2, 'no name'],
  ])('refuses %j at line %i', (text, line, message) => {
    const parsed = parsePersonalizationNames(text);
    expect(parsed.ok ? null : parsed.problems[0]).toEqual({ line, message });
  });

  it('tells every bad row, up to 50', () => {
    const rows = Array.from({ length: 80 }, () => 'Ada,99').join('\n');
    const parsed = parsePersonalizationNames(`name,grade\n${rows}`);
    expect(parsed.ok ? 0 : parsed.problems.length).toBe(50);
  });
});
