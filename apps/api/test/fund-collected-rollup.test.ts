import { onlineOrderItems, onlineOrders, rowsOf } from '@colophon/db';
import { orderShares } from '@colophon/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { yearbookCodeMakerOf } from '../src/modules/mobile-yearbooks/access';
import { markOnlineOrderPaid } from '../src/modules/stores/place-online-order';
import { SUPER, type TestApp } from './harness';
import {
  createStoresTestApp,
  NOW,
  type PaidOrder,
  paidOrder,
  STORE_YEAR,
  type TestStore,
} from './online-order-fixtures';

/*
 * The fund and sales-tax overviews' rollup (migration 0023): after checkouts, a payment confirmed
 * later, coupons, fees and tax, refunds of an amount, of lines and in full (card and cash), a card
 * refund refused, summer lines added, edited, moved and deleted several at once, an order moved to
 * another school and year, and an order deleted with its lines, the table (its slots summed) equals
 * every paid order computed on its own by the domain's `orderShares`, and equals its refill.
 */

let t: TestApp;
let lincoln: TestStore;
let direct: TestStore;

const kinds = [
  ['presale', 'presale'],
  ['summer', 'summer'],
  ['sales_tax', 'tax'],
] as const;

type Totals = Record<string, number>;

/** The rollup per account and year, its slots summed, school-years that hold anything. */
async function rollup(): Promise<Map<string, Totals>> {
  const rows = await rowsOf<Record<string, string | number>>(
    t.handle.db.execute(sql`select account_id, year,
        sum(presale_orders)::bigint presale_orders, sum(presale_collected_cents) presale_collected,
        sum(presale_fees_cents) presale_fees, sum(presale_refunded_cents) presale_refunded,
        sum(summer_orders)::bigint summer_orders, sum(summer_collected_cents) summer_collected,
        sum(summer_fees_cents) summer_fees, sum(summer_refunded_cents) summer_refunded,
        sum(tax_orders)::bigint tax_orders, sum(tax_collected_cents) tax_collected,
        sum(tax_fees_cents) tax_fees, sum(tax_refunded_cents) tax_refunded
      from fund_collected_yearly group by account_id, year`),
  );
  const byYear = new Map<string, Totals>();
  for (const row of rows) {
    const totals: Totals = {};
    for (const [name, value] of Object.entries(row))
      if (name !== 'account_id' && name !== 'year') totals[name] = Number(value);
    if (Object.values(totals).some((value) => value !== 0)) byYear.set(`${row.account_id}/${row.year}`, totals);
  }
  return byYear;
}

/** Every paid order read back and computed on its own by the domain, summed per account and year. */
async function computedByTheDomain(): Promise<Map<string, Totals>> {
  const orders = await rowsOf<Record<string, string | number>>(
    t.handle.db.execute(sql`select o.account_id, o.year, o.subtotal_cents, o.discount_cents, o.shipping_cents,
        o.fee_cents, o.tax_cents, o.total_cents, o.refunded_cents,
        coalesce((select sum(i.total_cents) from online_order_items i
          where i.online_order_id = o.id and i.type_shipping = 2), 0) summer
      from online_orders o
      where o.paid_at is not null and o.status in ('paid', 'partially_refunded', 'refunded')`),
  );
  const byYear = new Map<string, Totals>();
  for (const order of orders) {
    const key = `${order.account_id}/${order.year}`;
    const totals = byYear.get(key) ?? {};
    const shares = orderShares({
      subtotalCents: Number(order.subtotal_cents),
      discountCents: Number(order.discount_cents),
      shippingCents: Number(order.shipping_cents),
      feeCents: Number(order.fee_cents),
      taxCents: Number(order.tax_cents),
      totalCents: Number(order.total_cents),
      refundedCents: Number(order.refunded_cents),
      summerItemsCents: Number(order.summer),
    });
    for (const [kind, prefix] of kinds) {
      const share = shares[kind];
      const add = (name: string, value: number) => {
        totals[`${prefix}_${name}`] = (totals[`${prefix}_${name}`] ?? 0) + value;
      };
      add('orders', share.collectedCents - share.feesCents > 0 ? 1 : 0);
      add('collected', share.collectedCents);
      add('fees', share.feesCents);
      add('refunded', share.refundedCents);
    }
    byYear.set(key, totals);
  }
  for (const [key, totals] of byYear) if (Object.values(totals).every((value) => value === 0)) byYear.delete(key);
  return byYear;
}

/** A card order with a coupon, tax and the fee as the checkout fixes them; summer lines when asked. */
async function orderWithMoney(
  store: TestStore,
  money: { lines: number[]; summer?: boolean; discountCents?: number; taxCents?: number; feeCents?: number },
  typePayment: 2 | 3 | 4 = 2,
): Promise<PaidOrder> {
  const paid = await paidOrder(t, store, {
    lines: money.lines.map((totalCents) => ({ totalCents })),
    typeShipping: money.summer ? 2 : 1,
    typePayment,
  });
  const subtotalCents = money.lines.reduce((sum, cents) => sum + cents, 0);
  const discountCents = money.discountCents ?? 0;
  const taxCents = money.taxCents ?? 0;
  const feeCents = money.feeCents ?? 0;
  await t.handle.db
    .update(onlineOrders)
    .set({
      subtotalCents,
      discountCents,
      taxCents,
      feeCents,
      totalCents: subtotalCents - discountCents + taxCents + feeCents,
    })
    .where(eq(onlineOrders.id, paid.id));
  return paid;
}

const line = (order: PaidOrder, totalCents: number, typeShipping: number, store: TestStore) => ({
  onlineOrderId: order.id,
  accountId: store.accountId,
  year: STORE_YEAR,
  typeProduct: 1,
  typeShipping,
  quantity: 1,
  unitPriceCents: totalCents,
  totalCents,
  paidAt: NOW,
});

beforeAll(async () => {
  ({ t, lincoln, direct } = await createStoresTestApp());
}, 120_000);
afterAll(() => t?.close());

describe('the fund overviews rollup', () => {
  it('equals every paid order computed by the domain, and its refill, after every kind of write', async () => {
    // The demo's own orders were counted by the migration's backfill and the seed's writes.
    expect(await rollup()).toEqual(await computedByTheDomain());

    // Checkouts: coupons shared between summer and other lines, tax, card fees; cash and check.
    const mixed = await orderWithMoney(lincoln, {
      lines: [4500, 2000],
      discountCents: 650,
      taxCents: 483,
      feeCents: 240,
    });
    const summer = await orderWithMoney(lincoln, { lines: [5000, 3000], summer: true, taxCents: 413, feeCents: 256 });
    const cash = await orderWithMoney(lincoln, { lines: [6500], taxCents: 455 }, 4);
    const check = await orderWithMoney(direct, { lines: [3000, 2000], taxCents: 350 }, 3);
    const failing = await orderWithMoney(direct, { lines: [7000], summer: true, feeCents: 280 });
    const moved = await orderWithMoney(direct, { lines: [4000], summer: true, discountCents: 300, feeCents: 170 });
    const deleted = await orderWithMoney(lincoln, { lines: [9000, 1000], summer: true, feeCents: 350 });

    // Summer lines added to a paid order in one statement (two at once), then edited and moved.
    await t.handle.db
      .insert(onlineOrderItems)
      .values([line(mixed, 1200, 2, lincoln), line(mixed, 800, 2, lincoln), line(mixed, 500, 1, lincoln)]);
    await t.handle.db
      .update(onlineOrders)
      .set({ subtotalCents: 9000, totalCents: 9000 - 650 + 483 + 240 })
      .where(eq(onlineOrders.id, mixed.id));
    await t.handle.db
      .update(onlineOrderItems)
      .set({ totalCents: 3500, unitPriceCents: 3500 })
      .where(eq(onlineOrderItems.id, summer.itemIds[1] ?? 0));
    await t.handle.db
      .update(onlineOrderItems)
      .set({ typeShipping: 1 })
      .where(eq(onlineOrderItems.id, summer.itemIds[0] ?? 0));
    await t.handle.db
      .update(onlineOrderItems)
      .set({ onlineOrderId: mixed.id, accountId: lincoln.accountId })
      .where(eq(onlineOrderItems.id, moved.itemIds[0] ?? 0));
    // A distribution mark changes nothing.
    await t.handle.db
      .update(onlineOrderItems)
      .set({ distributedAt: NOW, distributionMarkedAt: NOW, distributionMarkId: 'fund-rollup-mark' })
      .where(eq(onlineOrderItems.onlineOrderId, summer.id));
    expect(await rollup()).toEqual(await computedByTheDomain());

    // A card order paid after its checkout.
    const pending = await orderWithMoney(lincoln, { lines: [5500], summer: true, feeCents: 228 });
    await t.handle.db
      .update(onlineOrders)
      .set({ status: 'pending', paidAt: null })
      .where(eq(onlineOrders.id, pending.id));
    expect(
      await markOnlineOrderPaid(t.handle.db, pending.id, {
        providerRef: 'emb_pi_fund_rollup',
        now: NOW,
        receiptUrl: (number) => `https://example.test/${number}`,
        yearbookCode: yearbookCodeMakerOf(t.app.services),
      }),
    ).toBe(true);

    // Refunds: an amount, chosen lines, in full (card and cash), and a card refund refused.
    const partial = (payload: object) =>
      t.call({ method: 'POST', url: '/api/payments/partial_refund', as: SUPER, payload });
    const full = (order: PaidOrder, store: TestStore) =>
      t.call({
        method: 'POST',
        url: '/api/online_sales/refund',
        as: SUPER,
        payload: { orderId: order.id, transactionId: order.chargeId, parentId: store.accountId },
      });
    expect((await partial({ id: mixed.id, amountCents: 1000, reason: 'Late' })).statusCode).toBe(200);
    expect((await partial({ id: check.id, itemIds: [check.itemIds[0]], reason: 'One book' })).statusCode).toBe(200);
    expect((await full(summer, lincoln)).statusCode).toBe(200);
    expect((await full(cash, lincoln)).statusCode).toBe(200);
    const refused = vi
      .spyOn(t.app.services.payments, 'refund')
      .mockResolvedValue({ id: 're_failed', status: 'failed', failureMessage: 'The charge was disputed.' });
    expect((await full(failing, direct)).statusCode).toBe(502);
    refused.mockRestore();
    expect(await rollup()).toEqual(await computedByTheDomain());

    // An order moved to another school and year; summer lines deleted two at once; an order deleted.
    await t.handle.db
      .update(onlineOrders)
      .set({ accountId: lincoln.accountId, year: STORE_YEAR + 1 })
      .where(eq(onlineOrders.id, moved.id));
    await t.handle.db
      .delete(onlineOrderItems)
      .where(sql`${onlineOrderItems.onlineOrderId} = ${mixed.id} and ${onlineOrderItems.typeShipping} = 2`);
    await t.handle.db.delete(onlineOrders).where(eq(onlineOrders.id, deleted.id));

    const kept = await rollup();
    expect(kept).toEqual(await computedByTheDomain());
    // The fixture's own numbers, so that the comparisons are not of two empty answers.
    const lincolnYear = kept.get(`${lincoln.accountId}/${STORE_YEAR}`);
    expect(lincolnYear?.summer_orders).toBeGreaterThanOrEqual(1);
    expect(lincolnYear?.presale_refunded).toBeGreaterThan(0);
    expect(kept.get(`${lincoln.accountId}/${STORE_YEAR + 1}`)?.presale_collected).toBe(4000 - 300 + 170);

    // The triggers' table is the refill's.
    await rowsOf(t.handle.db.execute(sql`select colophon_fund_collected_refill()`));
    expect(await rollup()).toEqual(kept);
  });
});
