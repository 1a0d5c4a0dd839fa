import { describe, expect, it } from 'vitest';
import { csvPreview, orderNumberOfFile } from './csvPreview';

describe('csvPreview', () => {
  it('reads the header, the first rows and counts them all', () => {
    const text = 'first_name,last_name\nAda,Lovelace\nAlan,Turing\nGrace,Hopper\n';
    expect(csvPreview(text, 2)).toEqual({
      header: ['first_name', 'last_name'],
      rows: [
        ['Ada', 'Lovelace'],
        ['Alan', 'Turing'],
      ],
      total: 3,
    });
  });

  it('reads quoted fields with commas, quotes and line breaks, CRLF lines and a byte-order mark', () => {
    const text = '\uFEFFname,cover_name\r\n"Smith, Jo","Jo ""JJ""\nSmith"\r\n\r\n';
    expect(csvPreview(text)).toEqual({
      header: ['name', 'cover_name'],
      rows: [['Smith, Jo', 'Jo "JJ"\nSmith']],
      total: 1,
    });
  });

  it('reads an empty file as no rows', () => {
    expect(csvPreview('')).toEqual({ header: [], rows: [], total: 0 });
  });
});

describe('orderNumberOfFile', () => {
  it.each([
    ['ORD-26-00012.csv', 'ORD-26-00012'],
    ['ORD-26-00012 names.csv', 'ORD-26-00012'],
    ['ord-26-00012.CSV', 'ord-26-00012'],
    ['names.txt', null],
  ])('%s → %s', (filename, expected) => {
    expect(orderNumberOfFile(filename)).toBe(expected);
  });
});
