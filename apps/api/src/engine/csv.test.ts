import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV export cells', () => {
  it.each([
    ['plain', 'Lincoln High', 'Lincoln High'],
    ['a comma', 'Smith, Jo', '"Smith, Jo"'],
    ['a quote', 'The "Eagles"', '"The ""Eagles"""'],
    ['a formula', '=SUM(A1)', "'=SUM(A1)"],
    ['a leading at sign', '@cmd', "'@cmd"],
  ])('quotes %s', (_name, value, expected) => {
    expect(toCsv([[value]])).toBe(expected);
  });

  it('writes numbers and empty cells as they are', () => {
    expect(toCsv([[-5, null, undefined, true]])).toBe('-5,,,true');
  });
});
