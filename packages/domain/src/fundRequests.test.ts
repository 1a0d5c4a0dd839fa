import { describe, expect, it } from 'vitest';
import {
  availableCents,
  type FundOverview,
  orderShares,
  type PaidOrderMoney,
  requestAmountProblem,
  shareOf,
} from './fundRequests';

const order = (money: Partial<PaidOrderMoney>): PaidOrderMoney => {
  const subtotalCents = money.subtotalCents ?? 0;
  const discountCents = money.discountCents ?? 0;
  const shippingCents = money.shippingCents ?? 0;
  const taxCents = money.taxCents ?? 0;
  const feeCents = money.feeCents ?? 0;
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    feeCents,
    totalCents: money.totalCents ?? subtotalCents - discountCents + shippingCents + taxCents + feeCents,
    refundedCents: money.refundedCents ?? 0,
    summerItemsCents: money.summerItemsCents ?? 0,
  };
};

describe('shareOf rounds half-up', () => {
  it.each([
    [100, 1, 3, 33], // 33.3
    [100, 2, 3, 67], // 66.7
    [1, 1, 2, 1], // 0.5 → 1
    [3, 1, 2, 2], // 1.5 → 2
    [500, 0, 100, 0],
    [500, 7, 0, 0], // nothing to share over
  ])('%i × %i ÷ %i = %i', (a, b, c, expected) => {
    expect(shareOf(a, b, c)).toBe(expected);
  });
});

describe('orderShares', () => {
  const cases: [string, PaidOrderMoney, ReturnType<typeof orderShares>][] = [
    [
      'one presale book, card fee, no tax',
      order({ subtotalCents: 4500, feeCents: 193 }),
      {
        presale: { collectedCents: 4693, feesCents: 193, refundedCents: 0 },
        summer: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
        sales_tax: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
      },
    ],
    [
      'cash order: no fee, no tax',
      order({ subtotalCents: 9000 }),
      {
        presale: { collectedCents: 9000, feesCents: 0, refundedCents: 0 },
        summer: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
        sales_tax: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
      },
    ],
    [
      'summer book shipped: shipping is nobody’s, the fee shared over goods, shipping and tax',
      // goods 5000, shipping 895, tax 413, fee: 3.5 % of 6308 + 35 = 256
      order({ subtotalCents: 5000, summerItemsCents: 5000, shippingCents: 895, taxCents: 413, feeCents: 256 }),
      {
        presale: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
        // 256 × 5000 / 6308 = 202.9 → 203; 256 × 413 / 6308 = 16.76 → 17
        summer: { collectedCents: 5203, feesCents: 203, refundedCents: 0 },
        sales_tax: { collectedCents: 430, feesCents: 17, refundedCents: 0 },
      },
    ],
    [
      'a coupon split between summer and presale lines, the rest taking the remainder',
      // 1000 off 3000 of lines: summer 1000 → 333.3 → 333 off, presale 667 off
      order({ subtotalCents: 3000, summerItemsCents: 1000, discountCents: 1000 }),
      {
        presale: { collectedCents: 1333, feesCents: 0, refundedCents: 0 },
        summer: { collectedCents: 667, feesCents: 0, refundedCents: 0 },
        sales_tax: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
      },
    ],
    [
      'refunded in full: each kind loses its goods, never the fee twice',
      order({ subtotalCents: 4500, taxCents: 371, feeCents: 206, refundedCents: 5077 }),
      {
        presale: { collectedCents: 4690, feesCents: 190, refundedCents: 4500 },
        sales_tax: { collectedCents: 387, feesCents: 16, refundedCents: 371 },
        summer: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
      },
    ],
    [
      'refunded in part: shared over the total, half-up',
      // 1000 of 5077 back: presale 4500 × 1000 / 5077 = 886.3 → 886, tax 371 × 1000 / 5077 = 73.07 → 73
      order({ subtotalCents: 4500, taxCents: 371, feeCents: 206, refundedCents: 1000 }),
      {
        presale: { collectedCents: 4690, feesCents: 190, refundedCents: 886 },
        sales_tax: { collectedCents: 387, feesCents: 16, refundedCents: 73 },
        summer: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
      },
    ],
    [
      'a free order (coupon covers it) collects nothing',
      order({ subtotalCents: 1000, discountCents: 1000 }),
      {
        presale: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
        summer: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
        sales_tax: { collectedCents: 0, feesCents: 0, refundedCents: 0 },
      },
    ],
  ];
  it.each(cases)('%s', (_name, money, expected) => {
    expect(orderShares(money)).toEqual(expected);
  });

  it('a kind refunded in full nets to nothing after its fee', () => {
    const { presale } = orderShares(order({ subtotalCents: 4500, taxCents: 371, feeCents: 206, refundedCents: 5077 }));
    expect(presale.collectedCents - presale.refundedCents - presale.feesCents).toBe(0);
  });
});

describe('availableCents', () => {
  const figures = (overrides: Partial<FundOverview>) => ({
    collectedCents: 10_000,
    refundedCents: 0,
    feesCents: 0,
    paidOutCents: 0,
    waitingCents: 0,
    ...overrides,
  });
  it.each([
    ['nothing paid out', figures({}), 10_000],
    [
      'refunds, fees, paid out and waiting all come off',
      figures({ refundedCents: 1000, feesCents: 350, paidOutCents: 4000, waitingCents: 650 }),
      4000,
    ],
    ['all of it requested', figures({ paidOutCents: 6000, waitingCents: 4000 }), 0],
    [
      'a refund after a payout leaves nothing, never a negative',
      figures({ refundedCents: 2000, paidOutCents: 10_000 }),
      0,
    ],
  ])('%s', (_name, input, expected) => {
    expect(availableCents(input)).toBe(expected);
  });
});

describe('requestAmountProblem', () => {
  it.each([
    [5000, 5000, undefined],
    [1, 5000, undefined],
    [5001, 5000, 'Only $50.00 is available to request.'],
    [100, 0, 'Nothing is available to request.'],
    [0, 5000, 'A whole number of cents above zero'],
    [-5, 5000, 'A whole number of cents above zero'],
    [10.5, 5000, 'A whole number of cents above zero'],
  ])('%d of %d available', (amount, available, expected) => {
    expect(requestAmountProblem(amount, available)).toBe(expected);
  });
});
