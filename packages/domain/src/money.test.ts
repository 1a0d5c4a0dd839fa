import { describe, expect, it } from 'vitest';
import { activePricingDesignations, commissionOfDesignation } from './money';

describe('commissionOfDesignation (part 3: one view lists K to P as 10, 15, 20, 25, 0, 5 percent)', () => {
  it.each([
    { designation: 'K', expected: 10 },
    { designation: 'L', expected: 15 },
    { designation: 'M', expected: 20 },
    { designation: 'N', expected: 25 },
    { designation: 'O', expected: 0 },
    { designation: 'P', expected: 5 },
    { designation: 'R', expected: undefined },
    { designation: 'A', expected: undefined },
    { designation: 'toString', expected: undefined },
    { designation: null, expected: undefined },
  ])('gives designation $designation the commission $expected', ({ designation, expected }) => {
    expect(commissionOfDesignation(designation)).toBe(expected);
  });
});

describe('activePricingDesignations (part 3: J is deprecated)', () => {
  it('offers every designation but J', () => {
    expect(activePricingDesignations).not.toContain('J');
    expect(activePricingDesignations).toHaveLength(18);
  });
});
