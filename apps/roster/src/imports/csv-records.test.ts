import { describe, expect, it } from 'vitest';
import { CsvRecordSplitter, type CsvRow, CsvSyntaxError, csvRecords } from './csv-records';

/** The same text read in pieces of every size from 1 character up must give the same records. */
function inPieces(text: string, size: number): CsvRow[] {
  const splitter = new CsvRecordSplitter(1_000_000);
  const out: CsvRow[] = [];
  for (let start = 0; start < text.length; start += size) splitter.push(text.slice(start, start + size), out);
  splitter.end(out);
  return out;
}

const rows: { name: string; text: string; records: CsvRow[] }[] = [
  {
    name: 'LF line ends and a last line without one',
    text: 'sourcedId,givenName\nu1,Ada\nu2,Alan',
    records: [
      { line: 1, values: ['sourcedId', 'givenName'] },
      { line: 2, values: ['u1', 'Ada'] },
      { line: 3, values: ['u2', 'Alan'] },
    ],
  },
  {
    name: 'CRLF line ends, the CR never part of a value',
    text: 'a,b\r\n1,\r\n"x",y\r\n',
    records: [
      { line: 1, values: ['a', 'b'] },
      { line: 2, values: ['1', ''] },
      { line: 3, values: ['x', 'y'] },
    ],
  },
  {
    name: 'a UTF-8 byte-order mark dropped from the first header',
    text: '\uFEFFsourcedId,status\nu1,active\n',
    records: [
      { line: 1, values: ['sourcedId', 'status'] },
      { line: 2, values: ['u1', 'active'] },
    ],
  },
  {
    name: 'quoted fields with commas, escaped quotes and line breaks, each record on the line it starts',
    text: 'id,note\n1,"Smith, ""Jo"""\n2,"two\nlines\r\nhere"\n3,after\n',
    records: [
      { line: 1, values: ['id', 'note'] },
      { line: 2, values: ['1', 'Smith, "Jo"'] },
      { line: 3, values: ['2', 'two\nlines\r\nhere'] },
      { line: 6, values: ['3', 'after'] },
    ],
  },
  {
    name: 'blank lines skipped, inside and at the end, their lines still counted',
    text: 'a,b\n\n1,2\r\n\r\n\n',
    records: [
      { line: 1, values: ['a', 'b'] },
      { line: 3, values: ['1', '2'] },
    ],
  },
  {
    name: 'empty fields, a trailing comma and an empty quoted field',
    text: 'a,b,c\n,,\n"",x,\n',
    records: [
      { line: 1, values: ['a', 'b', 'c'] },
      { line: 2, values: ['', '', ''] },
      { line: 3, values: ['', 'x', ''] },
    ],
  },
  {
    name: 'accents and other non-ASCII text kept as written',
    text: 'givenName,familyName\nZoë,Ñúñez-Ørsted\n',
    records: [
      { line: 1, values: ['givenName', 'familyName'] },
      { line: 2, values: ['Zoë', 'Ñúñez-Ørsted'] },
    ],
  },
  { name: 'an empty file has no records', text: '', records: [] },
];

describe('CSV records read in pieces', () => {
  it.each(rows)('$name', ({ text, records }) => {
    expect(csvRecords(text)).toEqual(records);
    for (let size = 1; size <= text.length; size++) expect(inPieces(text, size)).toEqual(records);
  });

  const faults: { name: string; text: string; line: number; message: string }[] = [
    {
      name: 'a quote in an unquoted field',
      text: 'a,b\n1,O"Brien\n',
      line: 2,
      message: 'a quote in the middle of a field',
    },
    { name: 'text after a closing quote', text: 'a,b\n\n"x"y,1\n', line: 3, message: 'text after a closing quote' },
    {
      name: 'a quoted field never closed, named at the line its record starts',
      text: 'a,b\n1,"open\n2,x\n3,y',
      line: 2,
      message: 'a quoted field is not closed',
    },
  ];
  it.each(faults)('refuses $name', ({ text, line, message }) => {
    for (let size = 1; size <= text.length; size++) {
      const error = (() => {
        try {
          inPieces(text, size);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect(error).toMatchObject({ line, message });
    }
  });

  it('refuses a record longer than the limit instead of holding it all', () => {
    const splitter = new CsvRecordSplitter(100);
    const out: CsvRow[] = [];
    splitter.push('id,note\n1,"', out);
    expect(() => splitter.push('x'.repeat(200), out)).toThrow(/longer than 100 characters/);
    expect(out).toEqual([{ line: 1, values: ['id', 'note'] }]);
  });
});
