import { describe, expect, it } from 'vitest';
import { salesTaxCents, stateSalesTaxBasisPoints, stateSalesTaxRate, zip5 } from './salesTax';

describe('the per-state sales tax table', () => {
  it('has every state and DC, as whole basis points from 0 to 15 %', () => {
    expect(Object.keys(stateSalesTaxBasisPoints)).toHaveLength(52);
    for (const [state, rate] of Object.entries(stateSalesTaxBasisPoints)) {
      expect(state).toMatch(/^[A-Z]{2}$/);
      expect(Number.isInteger(rate)).toBe(true);
      expect(rate).toBeGreaterThanOrEqual(0);
      expect(rate).toBeLessThanOrEqual(1500);
    }
  });

  it.each([
    ['CA', 725],
    ['tx', 625],
    ['OR', 0],
    ['MN', 688],
    ['GU', 0],
  ])('%s → %i', (state, rate) => {
    expect(stateSalesTaxRate(state)).toBe(rate);
  });
});

describe('zip5', () => {
  it.each([
    ['90210', '90210'],
    [' 10001-1234 ', '10001'],
    ['1234', null],
    ['123456', null],
    ['ABCDE', null],
    ['12345-12', null],
  ])('%j → %j', (input, expected) => {
    expect(zip5(input)).toBe(expected);
  });
});

describe('salesTaxCents', () => {
  it.each([
    [10_000, 725, 725],
    [1999, 825, 165], // 164.9175 → 165
    [100, 650, 7], // 6.5 → 7 (half up)
    [0, 725, 0],
    [5000, 0, 0],
  ])('%i cents at %i bp → %i', (amount, rate, tax) => {
    expect(salesTaxCents(amount, rate)).toBe(tax);
  });
});
