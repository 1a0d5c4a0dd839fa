import { describe, expect, it } from 'vitest';
import { formatCurrency, formatCurrencyInput, parseCurrencyInput } from './currency';

describe('formatCurrencyInput (part 5: two decimal places, grouped thousands, no currency symbol)', () => {
  it.each([
    { cents: 123450, expected: '1,234.50' },
    { cents: 0, expected: '0.00' },
    { cents: 5, expected: '0.05' },
    { cents: 100, expected: '1.00' },
    { cents: 123456789, expected: '1,234,567.89' },
    { cents: -500, expected: '-5.00' },
    { cents: null, expected: '' },
    { cents: undefined, expected: '' },
    { cents: Number.NaN, expected: '' },
  ])('shows $cents cents as "$expected"', ({ cents, expected }) => {
    expect(formatCurrencyInput(cents)).toBe(expected);
  });
});

describe('parseCurrencyInput (part 5: two decimal places, grouped thousands, no currency symbol)', () => {
  it.each([
    { text: '1,234.50', expected: 123450 },
    { text: '1234.5', expected: 123450 },
    { text: '1234', expected: 123400 },
    { text: ' 12.34 ', expected: 1234 },
    { text: '0.05', expected: 5 },
    { text: '.5', expected: 50 },
    { text: '5.', expected: 500 },
    { text: '1,234,567.89', expected: 123456789 },
    { text: '-5.00', expected: -500 },
    { text: '0', expected: 0 },
    { text: '-0', expected: 0 },
  ])('reads "$text" as $expected cents', ({ text, expected }) => {
    expect(parseCurrencyInput(text)).toBe(expected);
  });

  it.each([
    { text: '', why: 'empty' },
    { text: '   ', why: 'blank' },
    { text: '.', why: 'no digits' },
    { text: '-', why: 'a sign alone' },
    { text: '$12.00', why: 'a currency symbol' },
    { text: '12.345', why: 'more than two decimal places' },
    { text: '1,23.00', why: 'misplaced thousands separator' },
    { text: '12,34', why: 'a comma used as a decimal separator' },
    { text: '12a', why: 'letters' },
    { text: '1e3', why: 'exponent notation' },
  ])('rejects "$text" ($why) with null', ({ text }) => {
    expect(parseCurrencyInput(text)).toBeNull();
  });

  it('rejects a missing value with null', () => {
    expect(parseCurrencyInput(null)).toBeNull();
    expect(parseCurrencyInput(undefined)).toBeNull();
  });

  it.each([0, 5, 99, 100, 123450, 123456789, -500])('round-trips %i cents through the input', (cents) => {
    expect(parseCurrencyInput(formatCurrencyInput(cents))).toBe(cents);
  });
});

describe('formatCurrency (part 5: currency display has a dollar sign and always two decimals)', () => {
  it.each([
    { cents: 123450, expected: '$1,234.50' },
    { cents: 0, expected: '$0.00' },
    { cents: 7, expected: '$0.07' },
    { cents: 100000000, expected: '$1,000,000.00' },
    { cents: -500, expected: '-$5.00' },
    { cents: -123456, expected: '-$1,234.56' },
    { cents: -0, expected: '$0.00' },
    { cents: 1999.6, expected: '$20.00' },
    { cents: null, expected: '' },
  ])('shows $cents cents as "$expected"', ({ cents, expected }) => {
    expect(formatCurrency(cents)).toBe(expected);
  });
});
