import { defineEnumeration } from './enumeration';
import { cardBrand, studioPayment } from './money';

/*
 * One money timeline per school (issue 13): every money event of an account in one list, with a
 * running balance. The balance is what the studio holds for the school (positive) or what the
 * school owes the studio (negative): the store's money comes in for the school, fees, refunds and
 * payouts take it out, an invoice is a debt and its payments settle it.
 */

/** The kinds of money event (ours, decisions.md "Money: one money timeline per school (issue 13)"). */
export const moneyEventKind = defineEnumeration([
  { code: 'online_order', label: 'Online order paid', name: 'OnlineOrder' },
  { code: 'card_fee', label: 'Card fee', name: 'CardFee' },
  { code: 'online_refund', label: 'Online refund', name: 'OnlineRefund' },
  { code: 'presale_payout', label: 'Presale funds paid out', name: 'PresalePayout' },
  { code: 'summer_payout', label: 'Summer funds paid out', name: 'SummerPayout' },
  { code: 'sales_tax_payout', label: 'Sales tax paid out', name: 'SalesTaxPayout' },
  { code: 'invoice_issued', label: 'Invoice issued', name: 'InvoiceIssued' },
  { code: 'invoice_voided', label: 'Invoice voided', name: 'InvoiceVoided' },
  { code: 'invoice_payment', label: 'Invoice payment', name: 'InvoicePayment' },
  { code: 'invoice_refund', label: 'Invoice refund', name: 'InvoiceRefund' },
  { code: 'invoice_credit', label: 'Online sales credits applied', name: 'InvoiceCredit' },
] as const);
export type MoneyEventKind = (typeof moneyEventKind.codes)[number];
export const moneyEventKinds = moneyEventKind.codes as readonly MoneyEventKind[];

/**
 * How an event moves the balance: +1 adds its amount, −1 takes it off, 0 leaves it. Online-sales
 * credits applied to an invoice are 0: the store's money the studio held for the school paid the
 * school's bill, so what it holds falls by the amount and what the school owes falls by the same.
 */
export const moneyEventSign: Readonly<Record<MoneyEventKind, 1 | -1 | 0>> = Object.freeze({
  online_order: 1,
  card_fee: -1,
  online_refund: -1,
  presale_payout: -1,
  summer_payout: -1,
  sales_tax_payout: -1,
  invoice_issued: -1,
  invoice_voided: 1,
  invoice_payment: 1,
  invoice_refund: -1,
  invoice_credit: 0,
});

/** The event's effect on the balance, in cents: its amount (never negative) with the kind's sign. */
export function moneyEventEffect(kind: MoneyEventKind, amountCents: number): number {
  return moneyEventSign[kind] * amountCents;
}

/** The balance after each event, events taken in order (oldest first), from `openingCents`. */
export function runningBalances(
  events: readonly { kind: MoneyEventKind; amountCents: number }[],
  openingCents = 0,
): number[] {
  let balance = openingCents;
  return events.map((event) => {
    balance += moneyEventEffect(event.kind, event.amountCents);
    return balance;
  });
}

/** What a row names: the record's number, and for an invoice payment how it was paid. */
export interface MoneyEventLabelInput {
  kind: MoneyEventKind;
  /** The online order's or invoice's number; null for an invoice still without one. */
  number: string | null;
  /** The record's id, named when it has no number. */
  recordId: number;
  /** An invoice payment's `studioPayment` method. */
  method?: string | null;
  /** A card payment's card, as kept ('visa •••• 4242'). */
  cardLabel?: string | null;
}

/** The row's wording: 'Online order W26-000123', 'Invoice INV-000045 paid by visa •••• 4242'. */
export function moneyEventLabel(event: MoneyEventLabelInput): string {
  const order = `Online order ${event.number ?? `#${event.recordId}`}`;
  const invoice = `Invoice ${event.number ?? `#${event.recordId}`}`;
  switch (event.kind) {
    case 'online_order':
      return order;
    case 'card_fee':
      return `Card fee on online order ${event.number ?? `#${event.recordId}`}`;
    case 'online_refund':
      return `Refund of online order ${event.number ?? `#${event.recordId}`}`;
    case 'presale_payout':
      return `Presale funds request #${event.recordId} paid${paidBy(event.method)}`;
    case 'summer_payout':
      return `Summer funds request #${event.recordId} paid${paidBy(event.method)}`;
    case 'sales_tax_payout':
      return `Sales tax request #${event.recordId} paid${paidBy(event.method)}`;
    case 'invoice_issued':
      return `${invoice} issued`;
    case 'invoice_voided':
      return `${invoice} voided`;
    case 'invoice_payment':
      return `${invoice} paid by ${event.cardLabel ?? studioPayment.label(event.method ?? '')}`;
    case 'invoice_refund':
      return `${invoice} refunded${event.cardLabel ? ` to ${event.cardLabel}` : ''}`;
    case 'invoice_credit':
      return `${invoice} paid from online sales credits`;
  }
}

const paidBy = (method: string | null | undefined) => (method ? ` by ${studioPayment.label(method)}` : '');

/** A card as the timeline names it when only its brand and last four are known: 'visa •••• 4242'. */
export function cardShortLabel(brand: string, last4: string): string {
  return `${cardBrand.has(brand) ? brand : 'card'} •••• ${last4}`;
}
