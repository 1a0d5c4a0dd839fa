import { formatCurrency } from './currency';

/*
 * Fund, summer fund and sales-tax requests (issue 13): what a school's online store collected for it,
 * and how much of that it may still ask to be paid out. Pure and in integer cents; the API's SQL
 * repeats `orderShares` per order (apps/api/src/modules/fund-requests/overview.ts) and its test
 * checks the two agree.
 *
 * Per paid order (decisions.md "Money: fund and sales-tax requests (issue 13)"):
 * - its goods are the lines after the coupon; the coupon is shared between the summer single books
 *   and the rest in proportion to their lines (half-up, the rest taking what remains so the two add
 *   up to the discount);
 * - presale is the goods of every line not shipped as a summer single book, summer is those lines,
 *   sales tax is the order's tax; shipping is the plant's, never the school's;
 * - the online fee the parent paid is shared over goods, shipping and tax in proportion; a kind's
 *   share is collected and then taken off again as its fee (the card processor keeps it);
 * - a refund is shared over the order's total in proportion: a kind loses its share of the goods or
 *   tax given back. A refund's share of the fee is the platform's loss, never the school's.
 */

/** The three kinds of payout a school asks for: bulk presale funds, summer single-book funds, sales tax. */
export const fundRequestKinds = ['presale', 'summer', 'sales_tax'] as const;
export type FundRequestKind = (typeof fundRequestKinds)[number];

/** `a × b ÷ c` rounded half-up (non-negative integers; 0 when `c` is 0). */
export function shareOf(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  return Math.floor((2 * a * b + c) / (2 * c));
}

/** A paid online order's money, as stored. */
export interface PaidOrderMoney {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  feeCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
  /** The total of the order's lines shipped as summer single books (before the coupon). */
  summerItemsCents: number;
}

/** What one order gives one kind: collected (with its fee share), its fee share, its refund share. */
export interface KindShare {
  collectedCents: number;
  feesCents: number;
  refundedCents: number;
}

/** The order's collected, fee and refund shares for each kind. */
export function orderShares(order: PaidOrderMoney): Record<FundRequestKind, KindShare> {
  const summerDiscount = shareOf(order.discountCents, order.summerItemsCents, order.subtotalCents);
  const summerGoods = order.summerItemsCents - summerDiscount;
  const presaleGoods = order.subtotalCents - order.summerItemsCents - (order.discountCents - summerDiscount);
  const beforeFee = order.totalCents - order.feeCents;
  const share = (component: number): KindShare => {
    const feesCents = shareOf(order.feeCents, component, beforeFee);
    return {
      collectedCents: component + feesCents,
      feesCents,
      refundedCents: shareOf(order.refundedCents, component, order.totalCents),
    };
  };
  return { presale: share(presaleGoods), summer: share(summerGoods), sales_tax: share(order.taxCents) };
}

/** A kind's figures for an account (and year): the screen's overview. */
export interface FundOverview {
  collectedCents: number;
  refundedCents: number;
  feesCents: number;
  /** Complete requests. */
  paidOutCents: number;
  /** Requests waiting to be paid. */
  waitingCents: number;
  /** What may be requested now; never below zero (a refund after a payout leaves nothing to ask). */
  availableCents: number;
}

/** Collected − refunds − fees − paid out − waiting, never below zero. */
export function availableCents(figures: Omit<FundOverview, 'availableCents'>): number {
  const left =
    figures.collectedCents - figures.refundedCents - figures.feesCents - figures.paidOutCents - figures.waitingCents;
  return Math.max(0, left);
}

/** The overview from its sums. */
export function fundOverview(figures: Omit<FundOverview, 'availableCents'>): FundOverview {
  return { ...figures, availableCents: availableCents(figures) };
}

/** Why an amount may not be requested, or undefined when it may. */
export function requestAmountProblem(amountCents: number, available: number): string | undefined {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 'A whole number of cents above zero';
  if (amountCents > available) {
    return available > 0
      ? `Only ${formatCurrency(available)} is available to request.`
      : 'Nothing is available to request.';
  }
  return undefined;
}
