import { describe, expect, it } from 'vitest';
import { bookType } from './books';
import {
  booksPerBox,
  groundTransitDays,
  type ShippingQuoteInput,
  shippingPriceCents,
  shippingQuoteOptions,
  shippingRates,
} from './shippingRates';

const rateOf = (method: string) => {
  const rate = shippingRates.find((entry) => entry.method === method);
  if (!rate) throw new Error(method);
  return rate;
};

describe('ground transit days by distance band', () => {
  it.each([
    [0, 1],
    [150, 1],
    [151, 2],
    [300, 2],
    [600, 3],
    [1000, 4],
    [1400, 5],
    [1401, 6],
    [3000, 6],
  ])('%i miles → %i days', (miles, days) => {
    expect(groundTransitDays(miles)).toBe(days);
  });
});

describe('prices per box by weight band', () => {
  it.each([
    // method, book type, quantity, cents
    ['FG', bookType.StandardHardCover, 1, 1450], // 2.1 lb: the 10 lb band
    ['FG', bookType.StandardHardCover, 5, 2150], // 10.6 lb: the 20 lb band
    ['FG', bookType.StandardHardCover, 18, 3550], // one full box of 18 (38.25 lb)
    ['FG', bookType.StandardHardCover, 19, 3550 + 1450], // a second box of one book
    ['PR', bookType.SaddleStitched, 60, 7400], // 64 to a box: one box of 37.5 lb
    ['FC', bookType.SaddleStitched, 2, 695],
    ['PP', bookType.StandardHardCover, 500, 0],
    ['LTL', bookType.StandardHardCover, 200, 42_500], // 12 boxes: one pallet
    ['LTL', bookType.StandardHardCover, 18 * 41, 85_000], // 41 boxes: two pallets
  ] as const)('%s, type %i × %i → %i cents', (method, typeBook, quantity, cents) => {
    expect(shippingPriceCents(rateOf(method), typeBook, quantity)).toBe(cents);
  });

  it('fits at least one book in a box of every type', () => {
    for (const code of bookType.codes) expect(booksPerBox(code)).toBeGreaterThanOrEqual(1);
  });
});

const base: ShippingQuoteInput = {
  typeBook: bookType.StandardHardCover,
  quantity: 10,
  groundDays: 3,
  canada: false,
  shipDate: '2026-12-01',
  neededBy: '2026-12-04',
  isClosed: () => null,
};
const methods = (input: Partial<ShippingQuoteInput>) =>
  shippingQuoteOptions({ ...base, ...input }).map((option) => option.shippingMethod);

describe('the calculator offers the methods that fit the order and destination', () => {
  it.each([
    ['a few books in the US', { quantity: 10 }, ['PP', 'FG', 'UG', 'PR']],
    ['one book in the US adds First Class', { quantity: 1 }, ['PP', 'FC', 'FG', 'UG', 'PR']],
    ['a big order: freight, no mail', { quantity: 500 }, ['PP', 'FG', 'UG', 'LTL']],
    ['Canada: the international services', { canada: true, quantity: 10 }, ['PP', 'US', 'FE', 'UW', 'FI', 'UX', 'PI']],
  ] as const)('%s', (_, input, expected) => {
    expect([...methods(input)].sort()).toEqual([...expected].sort());
  });

  it('sorts those arriving in time first, then the cheapest', () => {
    // Ships Tuesday 12/01, needed Thursday 12/03: ground (3 days) arrives Friday, too late; Priority (2) in time.
    const options = shippingQuoteOptions({ ...base, neededBy: '2026-12-03' });
    expect(options.map((option) => [option.shippingMethod, option.arrival, option.arrivesInTime])).toEqual([
      ['PP', '2026-12-01', true],
      ['PR', '2026-12-03', true],
      ['FG', '2026-12-04', false],
      ['UG', '2026-12-04', false],
    ]);
  });

  it('counts transit in business days past a holiday', () => {
    const options = shippingQuoteOptions({
      ...base,
      shipDate: '2026-11-24',
      neededBy: '2026-11-30',
      isClosed: (date) => (date === '2026-11-26' ? 'Thanksgiving Day' : null),
    });
    const ground = options.find((option) => option.shippingMethod === 'FG');
    expect(ground).toMatchObject({ transitDays: 3, arrival: '2026-11-30', arrivesInTime: true });
  });

  it('lists the options even when none arrives in time', () => {
    const options = shippingQuoteOptions({ ...base, shipDate: '2026-12-10', neededBy: '2026-12-09' });
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => !option.arrivesInTime)).toBe(true);
  });
});
