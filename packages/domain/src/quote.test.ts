import { describe, expect, it } from 'vitest';
import type { BookSpecification } from './bookSpec';
import { basisPointsOf, commissionFor, type QuoteAdjustment, type QuotePriceList, quoteBook } from './quote';

const list = (designation = 'A'): QuotePriceList => ({
  designation,
  year: 2025,
  bindingPrices: [
    { typeBook: 5, typeSize: 8, pageMin: 24, pageMax: 48, perBookCents: 1500 },
    { typeBook: 5, typeSize: 8, pageMin: 50, pageMax: 96, perBookCents: 1800 },
  ],
  pricingItems: [
    { typeItems: 1, code: 2, label: 'Duplex cover', unitCents: 50, per: 'book' },
    { typeItems: 2, code: 3, label: 'Laminate Gloss', unitCents: 25, per: 'book' },
    { typeItems: 4, code: 11, label: 'Foil Gold (die)', unitCents: 7500, per: 'order' },
    { typeItems: 4, code: 0, label: 'No application', unitCents: 0, per: 'book' },
  ],
  shippingPrices: [
    { typeSize: 8, copiesMin: 1, copiesMax: 99, perBookCents: 120 },
    { typeSize: 8, copiesMin: 100, copiesMax: 9999, perBookCents: 90 },
  ],
  shipToHomeShippingPrices: [{ typeBook: 5, typeSize: 8, pageMin: 24, pageMax: 96, cents: 650 }],
  shipToHomePrices: [{ product: 'handling', label: 'Handling', cents: 100 }],
});

const book = (spec: Partial<BookSpecification> = {}): BookSpecification => ({
  typeBook: 5,
  typeSize: 8,
  pageCount: 40,
  copies: 100,
  ...spec,
});
const threeLaminated = book({ copies: 3, typeFinish: 3 }); // goods 3 × 1500 + 3 × 25 = 4575

type Row = {
  name: string;
  spec: BookSpecification;
  designation?: string;
  adjustments?: QuoteAdjustment[];
  commissionPercent?: number;
  shipToHomeCopies?: number;
  taxBasisPoints?: number;
  lines: [kind: string, quantity: number, unitCents: number, amountCents: number][];
  totalCents: number;
  perBookCents: number;
};

const rows: Row[] = [
  {
    name: 'a plain book: binding price × copies, bulk shipping by the copies bracket',
    spec: book(),
    lines: [
      ['book', 100, 1500, 150_000],
      ['shipping', 100, 90, 9000],
    ],
    totalCents: 159_000,
    perBookCents: 1590,
  },
  {
    name: 'the page bracket picks the binding price',
    spec: book({ pageCount: 64 }),
    lines: [
      ['book', 100, 1800, 180_000],
      ['shipping', 100, 90, 9000],
    ],
    totalCents: 189_000,
    perBookCents: 1890,
  },
  {
    name: 'extras per book and per order; a free option adds no line',
    spec: book({ typeCover: 2, typeFinish: 3, coverApplications: [11, 0] }),
    lines: [
      ['book', 100, 1500, 150_000],
      ['extra', 100, 50, 5000],
      ['extra', 1, 7500, 7500],
      ['extra', 100, 25, 2500],
      ['shipping', 100, 90, 9000],
    ],
    totalCents: 174_000,
    perBookCents: 1740,
  },
  {
    name: 'type 1 per book: the amount off every copy',
    spec: book(),
    adjustments: [{ typeAdjustment: 1, amountCents: 100 }],
    lines: [
      ['book', 100, 1500, 150_000],
      ['adjustment', 100, -100, -10_000],
      ['shipping', 100, 90, 9000],
    ],
    totalCents: 149_000,
    perBookCents: 1490,
  },
  {
    name: 'type 2 total dollar: once off the order',
    spec: threeLaminated,
    adjustments: [{ typeAdjustment: 2, amountCents: 2500 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 1, -2500, -2500],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 2435,
    perBookCents: 812, // 811.67 half up
  },
  {
    name: 'type 3 percentage: 12.5 % of 4575 = 571.875 rounds to 572',
    spec: threeLaminated,
    adjustments: [{ typeAdjustment: 3, basisPoints: 1250 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 1, -572, -572],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 4363,
    perBookCents: 1454, // 1454.33
  },
  {
    name: 'type 3 percentage: 10 % of 4575 = 457.5 rounds half up to 458',
    spec: threeLaminated,
    adjustments: [{ typeAdjustment: 3, basisPoints: 1000 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 1, -458, -458],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 4477,
    perBookCents: 1492, // 1492.33
  },
  {
    name: 'type 4 free books: a free copy is the book and its per-book options',
    spec: threeLaminated,
    adjustments: [{ typeAdjustment: 4, freeBooks: 2 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 2, -1525, -3050],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 1885,
    perBookCents: 628, // 628.33
  },
  {
    name: 'type 4 free books: never more than the copies',
    spec: threeLaminated,
    adjustments: [{ typeAdjustment: 4, freeBooks: 10 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 3, -1525, -4575],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 360,
    perBookCents: 120,
  },
  {
    name: 'type 0 None prices nothing',
    spec: threeLaminated,
    adjustments: [{ typeAdjustment: 0, amountCents: 999 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 4935,
    perBookCents: 1645,
  },
  {
    name: 'adjustments apply by type, the percentage of the goods before any other',
    spec: threeLaminated,
    adjustments: [
      { typeAdjustment: 3, basisPoints: 1000 },
      { typeAdjustment: 2, amountCents: 75 },
      { typeAdjustment: 1, amountCents: 10 },
    ],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 3, -10, -30],
      ['adjustment', 1, -75, -75],
      ['adjustment', 1, -458, -458],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 4372,
    perBookCents: 1457, // 1457.33
  },
  {
    name: 'discounts never pass zero: the line that would is cut, later ones dropped',
    spec: threeLaminated,
    adjustments: [
      { typeAdjustment: 2, amountCents: 4000 },
      { typeAdjustment: 2, amountCents: 4000 },
      { typeAdjustment: 3, basisPoints: 5000 },
    ],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 1, -4000, -4000],
      ['adjustment', 1, -575, -575],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 360,
    perBookCents: 120,
  },
  {
    name: 'designation K: 10 % commission on the goods, 457.5 rounds half up to 458',
    spec: threeLaminated,
    designation: 'K',
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['commission', 1, 458, 458],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 5393,
    perBookCents: 1798, // 1797.67
  },
  {
    name: 'commission is on the goods after adjustments (L: 15 % of 4500)',
    spec: threeLaminated,
    designation: 'L',
    adjustments: [{ typeAdjustment: 2, amountCents: 75 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['adjustment', 1, -75, -75],
      ['commission', 1, 675, 675],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 5535,
    perBookCents: 1845,
  },
  {
    name: 'an adjustment sets the commission where the designation is not a tier (5 % of 4575 = 228.75)',
    spec: threeLaminated,
    adjustments: [{ typeAdjustment: 0, commissionPercent: 5 }],
    lines: [
      ['book', 3, 1500, 4500],
      ['extra', 3, 25, 75],
      ['commission', 1, 229, 229],
      ['shipping', 3, 120, 360],
    ],
    totalCents: 5164,
    perBookCents: 1721, // 1721.33
  },
  {
    name: 'tax: 6.25 % of 159 000 = 9937.5 rounds half up to 9938, on everything before it',
    spec: book(),
    taxBasisPoints: 625,
    lines: [
      ['book', 100, 1500, 150_000],
      ['shipping', 100, 90, 9000],
      ['tax', 1, 9938, 9938],
    ],
    totalCents: 168_938,
    perBookCents: 1689, // 1689.38
  },
  {
    name: 'ship to home: bulk shipping for the rest (90 copies: the 1–99 bracket), postage and handling per home copy',
    spec: book(),
    shipToHomeCopies: 10,
    lines: [
      ['book', 100, 1500, 150_000],
      ['shipping', 90, 120, 10_800],
      ['shipping', 10, 650, 6500],
      ['shipping', 10, 100, 1000],
    ],
    totalCents: 168_300,
    perBookCents: 1683,
  },
  {
    name: 'zero copies price nothing, per-order options included',
    spec: book({ copies: 0, coverApplications: [11] }),
    designation: 'N',
    adjustments: [{ typeAdjustment: 2, amountCents: 500 }],
    lines: [['book', 0, 1500, 0]],
    totalCents: 0,
    perBookCents: 0,
  },
];

describe('quoteBook (issue 13: integer cents, rounding at each step)', () => {
  it.each(rows)('$name', (row) => {
    const result = quoteBook({
      spec: row.spec,
      priceList: list(row.designation),
      adjustments: row.adjustments,
      commissionPercent: row.commissionPercent,
      options: { shipToHomeCopies: row.shipToHomeCopies, taxBasisPoints: row.taxBasisPoints },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { quote } = result;
    expect(quote.lines.map((line) => [line.kind, line.quantity, line.unitCents, line.amountCents])).toEqual(row.lines);
    expect(quote.totalCents).toBe(row.totalCents);
    expect(quote.perBookCents).toBe(row.perBookCents);
    // The total is the sum of the lines, and every amount is whole cents.
    expect(quote.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(quote.totalCents);
    for (const line of quote.lines) expect(Number.isSafeInteger(line.amountCents)).toBe(true);
    expect(
      quote.goodsCents + quote.adjustmentsCents + quote.commissionCents + quote.shippingCents + quote.taxCents,
    ).toBe(quote.totalCents);
  });

  it.each([
    { name: 'no book type', spec: book({ typeBook: null }), path: 'typeBook' },
    { name: 'no size', spec: book({ typeSize: null }), path: 'typeSize' },
    { name: 'no page count', spec: book({ pageCount: null }), path: 'pageCount' },
    { name: 'a page count outside every bracket', spec: book({ pageCount: 200 }), path: 'pageCount' },
    { name: 'a size without prices', spec: book({ typeSize: 9 }), path: 'pageCount' },
    { name: 'fractional copies', spec: book({ copies: 2.5 }), path: 'copies' },
    { name: 'negative copies', spec: book({ copies: -1 }), path: 'copies' },
  ])('names the field it cannot price: $name', ({ spec, path }) => {
    const result = quoteBook({ spec, priceList: list() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((problem) => problem.path)).toContain(path);
  });

  it.each([
    { name: 'a commission above 25 %', input: { commissionPercent: 30 }, path: 'commissionPercent' },
    { name: 'more home copies than copies', input: { options: { shipToHomeCopies: 101 } }, path: 'shipToHomeCopies' },
    { name: 'a fractional tax rate', input: { options: { taxBasisPoints: 62.5 } }, path: 'taxBasisPoints' },
  ])('refuses $name', ({ input, path }) => {
    const result = quoteBook({ spec: book(), priceList: list(), ...input });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.path).toBe(path);
  });
});

describe('basisPointsOf: half up to the cent', () => {
  it.each([
    { amount: 4575, points: 1000, expected: 458 },
    { amount: 4575, points: 1250, expected: 572 },
    { amount: 4575, points: 500, expected: 229 },
    { amount: 1, points: 4999, expected: 0 },
    { amount: 1, points: 5000, expected: 1 },
    { amount: 0, points: 2500, expected: 0 },
    { amount: 100, points: 0, expected: 0 },
    { amount: 9_007_199_254, points: 10_000, expected: 9_007_199_254 },
  ])('$points bp of $amount is $expected', ({ amount, points, expected }) => {
    expect(basisPointsOf(amount, points)).toBe(expected);
  });
});

describe('commissionFor', () => {
  it.each([
    { designation: 'K', adjustments: [{ typeAdjustment: 0, commissionPercent: 25 }], expected: 10 },
    { designation: 'O', adjustments: [], expected: 0 },
    { designation: 'A', adjustments: [], expected: 0 },
    {
      designation: 'A',
      adjustments: [
        { typeAdjustment: 1, commissionPercent: 5 },
        { typeAdjustment: 2, commissionPercent: 20 },
        { typeAdjustment: 2, commissionPercent: null },
      ],
      expected: 20,
    },
  ])('$designation with $adjustments.length adjustments → $expected %', ({ designation, adjustments, expected }) => {
    expect(commissionFor(designation, adjustments)).toBe(expected);
  });
});
