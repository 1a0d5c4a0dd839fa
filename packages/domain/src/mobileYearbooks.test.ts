import { describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_ALPHABET,
  accessCodeFromBytes,
  accessCodePrefix,
  formatAccessCode,
  isDigitalYearbook,
  normalizeAccessCode,
} from './mobileYearbooks';

describe('mobile yearbook access codes', () => {
  it.each([
    { name: 'a printed code', input: '7KQ2-M9XD-4HRT', expected: '7KQ2M9XD4HRT' },
    { name: 'lower case', input: '7kq2-m9xd-4hrt', expected: '7KQ2M9XD4HRT' },
    { name: 'no dashes', input: '7KQ2M9XD4HRT', expected: '7KQ2M9XD4HRT' },
    { name: 'spaces instead of dashes', input: ' 7KQ2 M9XD 4HRT ', expected: '7KQ2M9XD4HRT' },
    { name: 'an en dash pasted from a document', input: '7KQ2–M9XD–4HRT', expected: '7KQ2M9XD4HRT' },
    { name: 'O read as zero', input: 'OKQ2-M9XD-4HRT', expected: '0KQ2M9XD4HRT' },
    { name: 'I and L read as one', input: 'IKQ2-M9XD-4HRL', expected: '1KQ2M9XD4HR1' },
    { name: 'too short', input: '7KQ2-M9XD-4HR', expected: null },
    { name: 'too long', input: '7KQ2-M9XD-4HRTX', expected: null },
    { name: 'U is not in the alphabet', input: '7KQ2-M9XD-4HRU', expected: null },
    { name: 'punctuation other than dashes', input: '7KQ2/M9XD/4HRT', expected: null },
    { name: 'empty', input: '', expected: null },
  ])('normalises $name', ({ input, expected }) => {
    expect(normalizeAccessCode(input)).toBe(expected);
  });

  it.each([
    { input: '7kq2m9xd4hrt', expected: '7KQ2-M9XD-4HRT' },
    { input: '7KQ2 M9XD 4HRT', expected: '7KQ2-M9XD-4HRT' },
    { input: 'not a code', expected: 'not a code' },
  ])('prints $input as $expected', ({ input, expected }) => {
    expect(formatAccessCode(input)).toBe(expected);
  });

  it('makes every symbol from the low five bits of a byte, only from the alphabet', () => {
    const bytes = Uint8Array.from({ length: 12 }, (_, index) => index * 37 + 255);
    const code = accessCodeFromBytes(bytes);
    expect(code).toHaveLength(12);
    for (const symbol of code) expect(ACCESS_CODE_ALPHABET).toContain(symbol);
    expect(normalizeAccessCode(code)).toBe(code);
    expect(accessCodeFromBytes(new Uint8Array(12))).toBe('000000000000');
    expect(accessCodeFromBytes(new Uint8Array(12).fill(31))).toBe('ZZZZZZZZZZZZ');
    expect(() => accessCodeFromBytes(new Uint8Array(11))).toThrow();
  });

  it('has 32 symbols that are easy to tell apart', () => {
    expect(new Set(ACCESS_CODE_ALPHABET).size).toBe(32);
    for (const ambiguous of ['I', 'L', 'O', 'U']) expect(ACCESS_CODE_ALPHABET).not.toContain(ambiguous);
  });

  it('limits misses per prefix of the normalised code', () => {
    expect(accessCodePrefix('7KQ2M9XD4HRT')).toBe('7KQ2');
  });

  it.each([
    { name: 'a digital-only yearbook', typeProduct: 1, productShipping: 0, expected: true },
    { name: 'a yearbook shipped to school', typeProduct: 1, productShipping: 1, expected: false },
    { name: 'a digital-only Forever Connected yearbook', typeProduct: 4, productShipping: 0, expected: true },
    { name: 'a digital ad', typeProduct: 2, productShipping: 0, expected: false },
    { name: 'a digital text dedication', typeProduct: 3, productShipping: 0, expected: false },
    { name: 'a line whose product was deleted', typeProduct: 1, productShipping: null, expected: false },
  ])('$name is a digital yearbook: $expected', ({ typeProduct, productShipping, expected }) => {
    expect(isDigitalYearbook({ typeProduct, productShipping })).toBe(expected);
  });
});
