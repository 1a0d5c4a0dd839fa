import { describe, expect, it } from 'vitest';
import {
  type InvoiceLineInput,
  type InvoiceMoney,
  type InvoiceStatus,
  type InvoiceTransition,
  invoiceBalance,
  invoiceTotals,
  invoiceTransition,
} from './invoices';
import { quoteBook } from './quote';

const line = (kind: InvoiceLineInput['kind'], quantity: number, unitCents: number): InvoiceLineInput => ({
  kind,
  quantity,
  unitCents,
});

describe('invoiceTotals', () => {
  const rows: {
    name: string;
    lines: InvoiceLineInput[];
    tax: number;
    expected: ReturnType<typeof invoiceTotals>;
  }[] = [
    {
      name: 'no lines',
      lines: [],
      tax: 825,
      expected: { subtotalCents: 0, adjustmentsCents: 0, taxCents: 0, totalCents: 0 },
    },
    {
      name: 'books and shipping, no tax',
      lines: [line('book', 100, 1500), line('shipping', 100, 90)],
      tax: 0,
      expected: { subtotalCents: 159_000, adjustmentsCents: 0, taxCents: 0, totalCents: 159_000 },
    },
    {
      name: 'a discount comes off before the tax',
      lines: [line('book', 10, 1000), line('adjustment', 1, -2500)],
      tax: 1000,
      expected: { subtotalCents: 10_000, adjustmentsCents: -2500, taxCents: 750, totalCents: 8250 },
    },
    {
      name: 'tax half up: 6.25 % of $0.08 is 0.5¢ → 1¢',
      lines: [line('manual', 1, 8)],
      tax: 625,
      expected: { subtotalCents: 8, adjustmentsCents: 0, taxCents: 1, totalCents: 9 },
    },
    {
      name: 'tax half up: 6.25 % of $0.07 is 0.4375¢ → 0¢',
      lines: [line('manual', 1, 7)],
      tax: 625,
      expected: { subtotalCents: 7, adjustmentsCents: 0, taxCents: 0, totalCents: 7 },
    },
    {
      name: 'tax rounded once on the sum, not per line (3 × 0.5¢ is 1.5¢ → 2¢, not 3¢)',
      lines: [line('manual', 1, 8), line('manual', 1, 8), line('manual', 1, 8)],
      tax: 625,
      expected: { subtotalCents: 24, adjustmentsCents: 0, taxCents: 2, totalCents: 26 },
    },
    {
      name: 'a discount larger than the goods stops at zero',
      lines: [line('manual', 1, 500), line('adjustment', 1, -900)],
      tax: 700,
      expected: { subtotalCents: 500, adjustmentsCents: -500, taxCents: 0, totalCents: 0 },
    },
    {
      name: 'commission is added and taxed',
      lines: [line('book', 2, 1000), line('commission', 1, 300)],
      tax: 500,
      expected: { subtotalCents: 2300, adjustmentsCents: 0, taxCents: 115, totalCents: 2415 },
    },
  ];
  it.each(rows)('$name', ({ lines, tax, expected }) => {
    expect(invoiceTotals(lines, tax)).toEqual(expected);
  });

  it("prices a quote's lines to the quote's total (a quote and its invoice never differ)", () => {
    const result = quoteBook({
      spec: { typeBook: 5, typeSize: 8, pageCount: 40, copies: 37, typeFinish: 3 },
      priceList: {
        designation: 'K',
        year: 2025,
        bindingPrices: [{ typeBook: 5, typeSize: 8, pageMin: 24, pageMax: 48, perBookCents: 1499 }],
        pricingItems: [{ typeItems: 2, code: 3, label: 'Laminate Gloss', unitCents: 27, per: 'book' }],
        shippingPrices: [{ typeSize: 8, copiesMin: 1, copiesMax: 99, perBookCents: 121 }],
        shipToHomeShippingPrices: [],
        shipToHomePrices: [],
      },
      adjustments: [{ typeAdjustment: 2, basisPoints: 333, reason: 'Loyalty' }],
      options: { taxBasisPoints: 725 },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const lines = result.quote.lines.filter((quoteLine) => quoteLine.kind !== 'tax');
    const totals = invoiceTotals(
      lines.map((quoteLine) => ({
        kind: quoteLine.kind as InvoiceLineInput['kind'],
        quantity: 1,
        unitCents: quoteLine.amountCents,
      })),
      725,
    );
    expect(totals.taxCents).toBe(result.quote.taxCents);
    expect(totals.totalCents).toBe(result.quote.totalCents);
  });
});

describe('invoiceBalance', () => {
  it.each([
    { total: 10_000, paid: 0, refunded: 0, balance: 10_000 },
    { total: 10_000, paid: 4000, refunded: 0, balance: 6000 },
    { total: 10_000, paid: 10_000, refunded: 2500, balance: 2500 },
    { total: 10_000, paid: 10_000, refunded: 10_000, balance: 10_000 },
  ])('total $total, paid $paid, refunded $refunded → $balance', ({ total, paid, refunded, balance }) => {
    expect(invoiceBalance({ totalCents: total, paidCents: paid, refundedCents: refunded })).toBe(balance);
  });
});

describe('invoiceTransition', () => {
  const invoice = (status: InvoiceStatus, paidCents = 0, refundedCents = 0, totalCents = 10_000) =>
    ({ status, totalCents, paidCents, refundedCents }) as InvoiceMoney & { status: InvoiceStatus };
  const rows: {
    name: string;
    from: ReturnType<typeof invoice>;
    transition: InvoiceTransition;
    expected: Partial<ReturnType<typeof invoiceTransition>>;
  }[] = [
    {
      name: 'a draft is issued: open',
      from: invoice('draft'),
      transition: { kind: 'issue' },
      expected: { ok: true, status: 'open' },
    },
    {
      name: 'a draft of nothing is issued paid',
      from: invoice('draft', 0, 0, 0),
      transition: { kind: 'issue' },
      expected: { ok: true, status: 'paid' },
    },
    {
      name: 'an open invoice is not issued again',
      from: invoice('open'),
      transition: { kind: 'issue' },
      expected: { ok: false, reason: 'conflict' },
    },
    {
      name: 'a draft is edited',
      from: invoice('draft'),
      transition: { kind: 'edit' },
      expected: { ok: true, status: 'draft' },
    },
    {
      name: 'an open invoice is not edited',
      from: invoice('open'),
      transition: { kind: 'edit' },
      expected: { ok: false, reason: 'conflict' },
    },
    {
      name: 'a partial payment keeps it open',
      from: invoice('open'),
      transition: { kind: 'pay', amountCents: 4000 },
      expected: { ok: true, status: 'open', paidCents: 4000 },
    },
    {
      name: 'the rest pays it',
      from: invoice('open', 4000),
      transition: { kind: 'pay', amountCents: 6000 },
      expected: { ok: true, status: 'paid', paidCents: 10_000 },
    },
    {
      name: 'more than the balance is refused',
      from: invoice('open', 4000),
      transition: { kind: 'pay', amountCents: 6001 },
      expected: { ok: false, reason: 'invalid' },
    },
    {
      name: 'zero is refused',
      from: invoice('open'),
      transition: { kind: 'pay', amountCents: 0 },
      expected: { ok: false, reason: 'invalid' },
    },
    {
      name: 'a fraction of a cent is refused',
      from: invoice('open'),
      transition: { kind: 'pay', amountCents: 10.5 },
      expected: { ok: false, reason: 'invalid' },
    },
    {
      name: 'a draft is not paid',
      from: invoice('draft'),
      transition: { kind: 'pay', amountCents: 100 },
      expected: { ok: false, reason: 'conflict' },
    },
    {
      name: 'a paid invoice is not paid again',
      from: invoice('paid', 10_000),
      transition: { kind: 'pay', amountCents: 1 },
      expected: { ok: false, reason: 'conflict' },
    },
    {
      name: 'a void invoice is not paid',
      from: invoice('void'),
      transition: { kind: 'pay', amountCents: 1 },
      expected: { ok: false, reason: 'conflict' },
    },
    {
      name: 'a refund reopens a paid invoice',
      from: invoice('paid', 10_000),
      transition: { kind: 'refund', amountCents: 2500 },
      expected: { ok: true, status: 'open', refundedCents: 2500 },
    },
    {
      name: 'a refund of an open invoice keeps it open',
      from: invoice('open', 4000),
      transition: { kind: 'refund', amountCents: 4000 },
      expected: { ok: true, status: 'open', refundedCents: 4000 },
    },
    {
      name: 'never more than was kept',
      from: invoice('paid', 10_000, 9000),
      transition: { kind: 'refund', amountCents: 1001 },
      expected: { ok: false, reason: 'invalid' },
    },
    {
      name: 'an open invoice with nothing kept is voided',
      from: invoice('open'),
      transition: { kind: 'void' },
      expected: { ok: true, status: 'void' },
    },
    {
      name: 'a draft is voided',
      from: invoice('draft'),
      transition: { kind: 'void' },
      expected: { ok: true, status: 'void' },
    },
    {
      name: 'a paid and fully refunded invoice is voided',
      from: invoice('open', 10_000, 10_000),
      transition: { kind: 'void' },
      expected: { ok: true, status: 'void' },
    },
    {
      name: 'a paid invoice is not voided',
      from: invoice('paid', 10_000),
      transition: { kind: 'void' },
      expected: { ok: false, reason: 'conflict' },
    },
    {
      name: 'a partly paid invoice is not voided',
      from: invoice('open', 1),
      transition: { kind: 'void' },
      expected: { ok: false, reason: 'conflict' },
    },
    {
      name: 'void is final',
      from: invoice('void'),
      transition: { kind: 'void' },
      expected: { ok: false, reason: 'conflict' },
    },
  ];
  it.each(rows)('$name', ({ from, transition, expected }) => {
    expect(invoiceTransition(from, transition)).toMatchObject(expected);
  });
});
