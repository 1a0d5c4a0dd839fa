import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  type CartPricingInput,
  type CouponState,
  couponProblem,
  ecommerceFeeFor,
  onlineOrderNumber,
  passesLuhn,
  priceCart,
} from './checkout';

const card = { percentBasisPoints: 350, fixedCents: 35 };
const noFee = { percentBasisPoints: 0, fixedCents: 0 };

describe('applyBasisPoints rounds half-up to the cent', () => {
  it.each([
    [1000, 825, 83], // 82.5 → 83
    [1000, 820, 82],
    [199, 5000, 100], // 99.5 → 100
    [1, 4999, 0],
    [1, 5000, 1],
    [0, 825, 0],
    [123_456, 10_000, 123_456],
  ])('%i × %i bp = %i', (cents, basisPoints, expected) => {
    expect(applyBasisPoints(cents, basisPoints)).toBe(expected);
  });
});

describe('priceCart', () => {
  const cases: [string, CartPricingInput, Partial<ReturnType<typeof priceCart>>][] = [
    [
      'one book, no coupon, no tax, no fee',
      { lines: [{ unitPriceCents: 4500, quantity: 1 }], shippingCents: 0, taxRateBasisPoints: 0, fee: noFee },
      { subtotalCents: 4500, discountCents: 0, taxCents: 0, feeCents: 0, totalCents: 4500 },
    ],
    [
      'personalization adds to each unit',
      {
        lines: [{ unitPriceCents: 4500, quantity: 2, personalizationPriceCents: 700 }],
        shippingCents: 0,
        taxRateBasisPoints: 0,
        fee: noFee,
      },
      { subtotalCents: 10_400, totalCents: 10_400 },
    ],
    [
      '10 % coupon, 8.25 % tax on the discounted goods, shipping untaxed, the card fee on everything',
      {
        lines: [{ unitPriceCents: 4500, quantity: 1 }],
        coupon: { typeDiscount: 1, amount: 1000 },
        shippingCents: 695,
        taxRateBasisPoints: 825,
        fee: card,
      },
      // 4500 − 450 = 4050; tax 334.125 → 334; charged 4050 + 695 + 334 = 5079; fee 177.765 → 178 + 35 = 213
      { discountCents: 450, taxCents: 334, feeCents: 213, totalCents: 5292 },
    ],
    [
      'a percentage that lands on half a cent rounds up',
      {
        lines: [{ unitPriceCents: 1005, quantity: 1 }],
        coupon: { typeDiscount: 1, amount: 5000 },
        shippingCents: 0,
        taxRateBasisPoints: 0,
        fee: noFee,
      },
      { discountCents: 503, totalCents: 502 },
    ],
    [
      'a 100 % coupon: nothing to pay, no fee',
      {
        lines: [{ unitPriceCents: 4500, quantity: 1 }],
        coupon: { typeDiscount: 1, amount: 10_000 },
        shippingCents: 0,
        taxRateBasisPoints: 825,
        fee: card,
      },
      { discountCents: 4500, taxCents: 0, feeCents: 0, totalCents: 0 },
    ],
    [
      'a dollar coupon larger than the subtotal is capped at it',
      {
        lines: [{ unitPriceCents: 1500, quantity: 1 }],
        coupon: { typeDiscount: 2, amount: 2500 },
        shippingCents: 695,
        taxRateBasisPoints: 600,
        fee: noFee,
      },
      { discountCents: 1500, taxCents: 0, totalCents: 695 },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    const priced = priceCart(input);
    expect(priced).toMatchObject(expected);
    expect(priced.totalCents).toBe(
      priced.subtotalCents - priced.discountCents + priced.shippingCents + priced.taxCents + priced.feeCents,
    );
    for (const value of Object.values(priced))
      if (typeof value === 'number') expect(Number.isInteger(value)).toBe(true);
  });
});

describe('couponProblem', () => {
  const coupon: CouponState = {
    typeDiscount: 1,
    amount: 1000,
    isActive: true,
    year: '2025-2026',
    maxUses: 10,
    timesUsed: 0,
    startsOn: '2025-09-01',
    endsOn: '2026-05-31',
    minimumOrderCents: 2000,
  };
  const context = { now: new Date('2026-03-01T18:00:00Z'), year: '2025-2026', subtotalCents: 4500 };
  it.each<[string, Partial<CouponState>, Partial<typeof context>, string | null]>([
    ['a good coupon', {}, {}, null],
    ['expired', { endsOn: '2026-02-28' }, {}, 'This coupon has expired.'],
    [
      'still good on its last day in Central time (UTC already next day)',
      { endsOn: '2026-03-01' },
      { now: new Date('2026-03-02T03:00:00Z') },
      null,
    ],
    ['used up', { timesUsed: 10 }, {}, 'This coupon has been used up.'],
    ['another school year', { year: '2024-2025' }, {}, 'This coupon is for the 2024-2025 school year.'],
    ['below the minimum', {}, { subtotalCents: 1999 }, 'Spend at least $20.00 to use this coupon.'],
    ['not started', { startsOn: '2026-04-01' }, {}, 'This coupon is not valid yet.'],
    ['switched off', { isActive: false }, {}, 'This coupon is no longer valid.'],
    ['no limit on uses', { maxUses: null, timesUsed: 999 }, {}, null],
  ])('%s', (_name, change, contextChange, expected) => {
    expect(couponProblem({ ...coupon, ...change }, { ...context, ...contextChange })).toBe(expected);
  });
});

describe('the rest', () => {
  it('fees: card 3.5 % + 35¢, cash and check none', () => {
    expect(ecommerceFeeFor(2)).toMatchObject({ percentBasisPoints: 350, fixedCents: 35 });
    expect(ecommerceFeeFor(3)).toMatchObject({ percentBasisPoints: 0, fixedCents: 0 });
    expect(ecommerceFeeFor(4)).toMatchObject({ percentBasisPoints: 0, fixedCents: 0 });
  });
  it('order numbers', () => {
    expect(onlineOrderNumber(2026, 123)).toBe('W26-000123');
    expect(onlineOrderNumber(2031, 1_234_567)).toBe('W31-1234567');
  });
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['4000000000009995', true],
    ['4242424242424241', false],
    ['42', false],
  ])('Luhn %s → %s', (number, expected) => {
    expect(passesLuhn(number)).toBe(expected);
  });
});
