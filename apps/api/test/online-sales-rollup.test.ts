import { onlineOrderItems, onlineOrders, rowsOf } from '@colophon/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { yearbookCodeMakerOf } from '../src/modules/mobile-yearbooks/access';
import { markOnlineOrderPaid } from '../src/modules/stores/place-online-order';
import { revenueOverviewOf, yearToYearOf } from '../src/modules/stores/reports';
import type { SalesScope } from '../src/modules/stores/reports-filter';
import { createTestApp, SUPER, type TestApp } from './harness';
import {
  accountIdOf,
  directSchoolId,
  NOW,
  type PaidOrder,
  paidOrder,
  STORE_YEAR,
  storeOf,
  type TestStore,
} from './online-order-fixtures';

/*
 * The weekly rollup behind revenue_overview and year_to_year_sales_comparison (migration 0014):
 * after checkouts, refunds in part and in full, a card refund that fails, cash and check orders,
 * edits and deletes, both reports read from it answer exactly what they answer from the items and
 * orders themselves, and the table (its slots summed) equals what its refill computes.
 */

let t: TestApp;
let lincoln: TestStore;
let direct: TestStore;

const partial = (payload: object) =>
  t.call({ method: 'POST', url: '/api/payments/partial_refund', as: SUPER, payload });
const full = (order: PaidOrder, store: TestStore) =>
  t.call({
    method: 'POST',
    url: '/api/online_sales/refund',
    as: SUPER,
    payload: { orderId: order.id, transactionId: order.chargeId, parentId: store.accountId },
  });

/** A scope on the given condition; `namesDays` true sends the reports to the items and orders. */
const scopeOf = (condition: (alias: 'i' | 'o' | 'w') => SQL, namesDays: boolean): SalesScope => ({
  namesDays,
  on: condition,
});
const scopes: [string, (alias: 'i' | 'o' | 'w') => SQL][] = [
  ['every account', () => sql`true`],
  ['Lincoln', (alias) => sql`${sql.raw(alias)}.account_id = ${lincoln.accountId}`],
  ['the direct school', (alias) => sql`${sql.raw(alias)}.account_id = ${direct.accountId}`],
  ['one season', (alias) => sql`${sql.raw(alias)}.year = ${STORE_YEAR}`],
];

/** The rollup's weeks (its slots summed) that hold anything. */
const nonEmptyRollup = () =>
  rowsOf<Record<string, unknown>>(
    t.handle.db.execute(sql`select account_id, year, week, sum(item_lines)::int as item_lines,
        sum(items_cents)::int as items_cents, sum(books)::int as books, sum(personalized)::int as personalized,
        sum(ads)::int as ads, sum(text_dedications)::int as text_dedications, sum(donated)::int as donated,
        sum(orders)::int as orders, sum(gross_cents)::int as gross_cents, sum(refunded_cents)::int as refunded_cents
      from online_sales_weekly group by account_id, year, week
      having sum(item_lines) <> 0 or sum(orders) <> 0 order by account_id, year, week`),
  );

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock.now = () => NOW;
  lincoln = await storeOf(t, await accountIdOf(t, 'Lincoln High School'));
  direct = await storeOf(t, await directSchoolId(t));
}, 120_000);
afterAll(() => t?.close());

describe('the weekly sales rollup', () => {
  it('answers the reports as the items and orders do after every kind of write', async () => {
    const week = (day: string) => new Date(`${day}T12:00:00Z`);
    // Paid at checkout (cards), in several weeks, with books, ads and text dedications.
    const first = await paidOrder(t, lincoln, {
      lines: [{ totalCents: 4500 }, { totalCents: 6000, typeProduct: 2 }, { totalCents: 1500, typeProduct: 3 }],
      paidAt: week('2031-01-06'),
    });
    const second = await paidOrder(t, lincoln, { lines: [{ totalCents: 4500 }, { totalCents: 4500 }] });
    const third = await paidOrder(t, direct, { lines: [{ totalCents: 5000 }], paidAt: week('2031-02-20') });
    const cash = await paidOrder(t, lincoln, { lines: [{ totalCents: 6500 }], typePayment: 4 });
    const check = await paidOrder(t, direct, { lines: [{ totalCents: 3000 }, { totalCents: 2000 }], typePayment: 3 });
    const failing = await paidOrder(t, direct, { lines: [{ totalCents: 7000 }], paidAt: week('2031-03-03') });
    const deleted = await paidOrder(t, lincoln, { lines: [{ totalCents: 9000 }], paidAt: week('2031-01-13') });

    // A card order paid after its checkout (the confirm call or the webhook).
    const pending = await paidOrder(t, lincoln, { lines: [{ totalCents: 5500 }, { totalCents: 800, typeProduct: 3 }] });
    await t.handle.db
      .update(onlineOrders)
      .set({ status: 'pending', paidAt: null })
      .where(eq(onlineOrders.id, pending.id));
    await t.handle.db
      .update(onlineOrderItems)
      .set({ paidAt: null })
      .where(eq(onlineOrderItems.onlineOrderId, pending.id));
    expect(
      await markOnlineOrderPaid(t.handle.db, pending.id, {
        providerRef: 'emb_pi_rollup',
        now: week('2031-02-24'),
        receiptUrl: (number) => `https://example.test/${number}`,
        yearbookCode: yearbookCodeMakerOf(t.app.services),
      }),
    ).toBe(true);

    // Refunds: an amount, chosen lines, in full (card and cash), and a card refund that fails.
    expect((await partial({ id: first.id, amountCents: 1000, reason: 'Late' })).statusCode).toBe(200);
    expect((await partial({ id: second.id, itemIds: [second.itemIds[0]], reason: 'One book' })).statusCode).toBe(200);
    expect((await full(third, direct)).statusCode).toBe(200);
    expect((await full(cash, lincoln)).statusCode).toBe(200);
    const refused = vi
      .spyOn(t.app.services.payments, 'refund')
      .mockResolvedValue({ id: 're_failed', status: 'failed', failureMessage: 'The charge was disputed.' });
    expect((await full(failing, direct)).statusCode).toBe(502);
    refused.mockRestore();

    // Edits: a line's quantity and kind, a personalization, a donated book, a distribution mark.
    const [checkLine] = check.itemIds;
    if (checkLine === undefined) throw new Error('no line');
    await t.handle.db
      .update(onlineOrderItems)
      .set({ quantity: 2, totalCents: 6000, typePersonalization: 1, isDonated: true })
      .where(eq(onlineOrderItems.id, checkLine));
    await t.handle.db
      .update(onlineOrderItems)
      .set({ distributedAt: NOW, distributionMarkedAt: NOW, distributionMarkId: 'rollup-mark' })
      .where(eq(onlineOrderItems.id, check.itemIds[1] ?? 0));
    // Deletes: one line, then a whole order with its lines.
    await t.handle.db.delete(onlineOrderItems).where(eq(onlineOrderItems.id, first.itemIds[2] ?? 0));
    await t.handle.db.delete(onlineOrders).where(eq(onlineOrders.id, deleted.id));

    for (const [name, condition] of scopes) {
      const fromRollup = await revenueOverviewOf(t.handle.db, scopeOf(condition, false));
      const fromRows = await revenueOverviewOf(t.handle.db, scopeOf(condition, true));
      expect(fromRollup, name).toEqual(fromRows);
      for (const year of [undefined, STORE_YEAR, STORE_YEAR + 1]) {
        const filter = year === undefined ? {} : { year };
        expect(await yearToYearOf(t.handle.db, scopeOf(condition, false), filter), `${name} ${year}`).toEqual(
          await yearToYearOf(t.handle.db, scopeOf(condition, true), filter),
        );
      }
    }
    // The fixture's own numbers, so that the comparison above is not of two empty answers.
    const lincolnOverview = await revenueOverviewOf(
      t.handle.db,
      scopeOf(
        (alias) => sql`${sql.raw(alias)}.account_id = ${lincoln.accountId} and ${sql.raw(alias)}.year = ${STORE_YEAR}`,
        false,
      ),
    );
    expect(lincolnOverview.orders).toBeGreaterThanOrEqual(4);
    expect(lincolnOverview.refundedCents).toBeGreaterThanOrEqual(1000 + 4500 + 6500);
    expect(lincolnOverview.byWeek.map((entry) => entry.week)).toEqual(
      expect.arrayContaining(['2031-01-06', '2031-02-24']),
    );
    expect(lincolnOverview.byWeek.map((entry) => entry.week)).not.toContain('2031-01-13');

    // The triggers' table is the refill's.
    const kept = await nonEmptyRollup();
    expect(kept.length).toBeGreaterThan(3);
    await rowsOf(t.handle.db.execute(sql`select colophon_online_sales_weekly_refill()`));
    expect(await nonEmptyRollup()).toEqual(kept);
  });
});
