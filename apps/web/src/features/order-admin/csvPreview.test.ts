import { describe, expect, it } from 'vitest';
import { csvPreview } from './csvPreview';

describe('csvPreview', () => {
  it('reads the header, the first rows and counts them all', () => {
    const text = 'first_name,last_name\nAda,Lovelace\nAlan,Turing\nGrace,Hopper\n';
    expect(csvPreview(text, 2)).toEqual({
      ok: true,
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
      ok: true,
      header: ['name', 'cover_name'],
      rows: [['Smith, Jo', 'Jo "JJ"\nSmith']],
      total: 1,
    });
  });

  it('names the line a file cannot be read from', () => {
    expect(csvPreview('name\nAda\n"Alan')).toEqual({ ok: false, message: 'Line 3: a quoted field is not closed' });
  });
});
