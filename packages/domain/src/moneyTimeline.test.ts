import { describe, expect, it } from 'vitest';
import {
  cardShortLabel,
  type MoneyEventKind,
  moneyEventEffect,
  moneyEventKind,
  moneyEventKinds,
  moneyEventLabel,
  moneyEventSign,
  runningBalances,
} from './moneyTimeline';

describe('money event kinds', () => {
  it.each([
    ['online_order', 'Online order paid', 1],
    ['card_fee', 'Card fee', -1],
    ['online_refund', 'Online refund', -1],
    ['presale_payout', 'Presale funds paid out', -1],
    ['summer_payout', 'Summer funds paid out', -1],
    ['sales_tax_payout', 'Sales tax paid out', -1],
    ['invoice_issued', 'Invoice issued', -1],
    ['invoice_voided', 'Invoice voided', 1],
    ['invoice_payment', 'Invoice payment', 1],
    ['invoice_refund', 'Invoice refund', -1],
    ['invoice_credit', 'Online sales credits applied', 0],
  ] as const)('%s is “%s” and moves the balance by %i × its amount', (kind, label, sign) => {
    expect(moneyEventKind.label(kind)).toBe(label);
    expect(moneyEventSign[kind]).toBe(sign);
    expect(moneyEventEffect(kind, 1234)).toBe(sign * 1234);
  });

  it('every kind has a sign', () => {
    expect(Object.keys(moneyEventSign).sort()).toEqual([...moneyEventKinds].sort());
    expect(moneyEventKind.has('cash_drawer')).toBe(false);
  });
});

describe('running balance', () => {
  const event = (kind: MoneyEventKind, amountCents: number) => ({ kind, amountCents });
  it.each([
    ['nothing', [], 0, []],
    ['a paid order and its card fee', [event('online_order', 4_535), event('card_fee', 194)], 0, [4_535, 4_341]],
    [
      'an invoice issued, paid in part by card, the rest from credits (net 0), then paid by check',
      [
        event('invoice_issued', 100_000),
        event('invoice_payment', 40_000),
        event('invoice_credit', 25_000),
        event('invoice_payment', 35_000),
      ],
      0,
      [-100_000, -60_000, -60_000, -25_000],
    ],
    [
      'an invoice voided reverses its issue',
      [event('invoice_issued', 5_001), event('invoice_voided', 5_001)],
      300,
      [-4_701, 300],
    ],
    [
      'refunds and payouts take the store money out',
      [
        event('online_order', 10_000),
        event('online_refund', 2_500),
        event('presale_payout', 7_000),
        event('sales_tax_payout', 1),
        event('invoice_refund', 499),
      ],
      0,
      [10_000, 7_500, 500, 499, 0],
    ],
  ] as const)('%s', (_name, events, opening, balances) => {
    expect(runningBalances(events, opening)).toEqual(balances);
  });
});

describe('labels', () => {
  it.each([
    [{ kind: 'online_order', number: 'W26-000123', recordId: 7 }, 'Online order W26-000123'],
    [{ kind: 'card_fee', number: 'W26-000123', recordId: 7 }, 'Card fee on online order W26-000123'],
    [{ kind: 'online_refund', number: 'W26-000123', recordId: 7 }, 'Refund of online order W26-000123'],
    [{ kind: 'presale_payout', number: null, recordId: 12, method: 'ach' }, 'Presale funds request #12 paid by ACH'],
    [{ kind: 'sales_tax_payout', number: null, recordId: 3, method: null }, 'Sales tax request #3 paid'],
    [{ kind: 'invoice_issued', number: 'INV-000045', recordId: 45 }, 'Invoice INV-000045 issued'],
    [{ kind: 'invoice_voided', number: null, recordId: 45 }, 'Invoice #45 voided'],
    [
      {
        kind: 'invoice_payment',
        number: 'INV-000045',
        recordId: 45,
        method: 'credit_card',
        cardLabel: 'visa •••• 4242',
      },
      'Invoice INV-000045 paid by visa •••• 4242',
    ],
    [
      { kind: 'invoice_payment', number: 'INV-000045', recordId: 45, method: 'check' },
      'Invoice INV-000045 paid by Check',
    ],
    [{ kind: 'invoice_refund', number: 'INV-000045', recordId: 45 }, 'Invoice INV-000045 refunded'],
    [
      { kind: 'invoice_credit', number: 'INV-000045', recordId: 45, method: 'online_sales_credits' },
      'Invoice INV-000045 paid from online sales credits',
    ],
  ] as const)('%o → %s', (input, label) => {
    expect(moneyEventLabel(input)).toBe(label);
  });

  it('names a card by brand and last four', () => {
    expect(cardShortLabel('visa', '4242')).toBe('visa •••• 4242');
    expect(cardShortLabel('unionpay', '0005')).toBe('card •••• 0005');
  });
});
