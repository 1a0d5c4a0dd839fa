import { fundRequests, notifications, onlineOrders, userAccounts, users } from '@colophon/db';
import { notificationType, orderShares } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, DIRECT_ADVISER, SUPER, type TestApp } from './harness';
import { createStoresTestApp, paidOrder, STORE_YEAR, type TestStore } from './online-order-fixtures';

/*
 * Fund, summer fund and sales-tax requests (issue 13): the overview's arithmetic as the domain's,
 * a request never past what is available (also two at once), once per key, who may see and ask,
 * and a super administrator's completion notifying the school.
 */

const TREASURER = 'treasurer@colophon.test';

let t: TestApp;
let lincoln: TestStore;
let direct: TestStore;

const overview = (resource: string, payload: object, as = TREASURER) =>
  t.call({ method: 'POST', url: `/api/${resource}/overview`, as, payload });
const request = (resource: string, payload: object, as = TREASURER) =>
  t.call({ method: 'POST', url: `/api/${resource}`, as, payload });

/** A card order with its fee, tax and coupon as the checkout fixes them. */
async function orderWithMoney(
  store: TestStore,
  money: {
    lines: number[];
    summer?: boolean;
    discountCents?: number;
    taxCents?: number;
    feeCents?: number;
    shippingCents?: number;
  },
) {
  const paid = await paidOrder(t, store, {
    lines: money.lines.map((totalCents) => ({ totalCents })),
    typeShipping: money.summer ? 2 : 1,
  });
  const subtotalCents = money.lines.reduce((sum, cents) => sum + cents, 0);
  const discountCents = money.discountCents ?? 0;
  const taxCents = money.taxCents ?? 0;
  const feeCents = money.feeCents ?? 0;
  const shippingCents = money.shippingCents ?? 0;
  const totalCents = subtotalCents - discountCents + shippingCents + taxCents + feeCents;
  await t.handle.db
    .update(onlineOrders)
    .set({ subtotalCents, discountCents, taxCents, feeCents, shippingCents, totalCents })
    .where(eq(onlineOrders.id, paid.id));
  const summerItemsCents = money.summer ? subtotalCents : 0;
  return { ...paid, subtotalCents, discountCents, taxCents, feeCents, shippingCents, totalCents, summerItemsCents };
}

beforeAll(async () => {
  ({ t, lincoln, direct } = await createStoresTestApp());
}, 120_000);
afterAll(() => t?.close());

describe('the overview', () => {
  it('counts each kind per order as the domain does: coupon, fee, tax and refunds shared, shipping left out', async () => {
    const orders = [
      await orderWithMoney(lincoln, { lines: [4500, 2000], discountCents: 650, taxCents: 483, feeCents: 240 }),
      await orderWithMoney(lincoln, { lines: [5000], summer: true, shippingCents: 895, taxCents: 413, feeCents: 256 }),
      await orderWithMoney(lincoln, { lines: [3300], taxCents: 272, feeCents: 160 }),
    ];
    // The last one refunded in part.
    const refunded = orders[2];
    if (!refunded) throw new Error('no order');
    await t.handle.db
      .update(onlineOrders)
      .set({ refundedCents: 1000, status: 'partially_refunded' })
      .where(eq(onlineOrders.id, refunded.id));
    const expected = { presale: [0, 0, 0], summer: [0, 0, 0], sales_tax: [0, 0, 0] };
    for (const order of orders) {
      const shares = orderShares({ ...order, refundedCents: order === refunded ? 1000 : 0 });
      for (const kind of ['presale', 'summer', 'sales_tax'] as const) {
        const sums = expected[kind];
        sums[0] = (sums[0] ?? 0) + shares[kind].collectedCents;
        sums[1] = (sums[1] ?? 0) + shares[kind].feesCents;
        sums[2] = (sums[2] ?? 0) + shares[kind].refundedCents;
      }
    }
    for (const [resource, kind] of [
      ['fund_requests', 'presale'],
      ['summer_fund_requests', 'summer'],
      ['sales_tax_requests', 'sales_tax'],
    ] as const) {
      const response = await overview(resource, { accountId: lincoln.accountId, year: STORE_YEAR });
      expect(response.statusCode, response.body).toBe(200);
      const [collectedCents, feesCents, refundedCents] = expected[kind];
      const body = response.json();
      expect(body, kind).toMatchObject({ collectedCents, feesCents, refundedCents, paidOutCents: 0, waitingCents: 0 });
      expect(body.availableCents).toBe((collectedCents ?? 0) - (feesCents ?? 0) - (refundedCents ?? 0));
    }
  });

  it('answers 404 for an account the caller does not see, and 400 for a bad year', async () => {
    expect((await overview('fund_requests', { accountId: direct.accountId })).statusCode).toBe(404);
    const bad = await overview('fund_requests', { accountId: lincoln.accountId, year: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('year');
  });
});

describe('a request', () => {
  const available = async (accountId: number) =>
    (await overview('fund_requests', { accountId, year: STORE_YEAR })).json().availableCents as number;

  it('may ask up to what is available, then it waits; more is a 409 naming amountCents; nothing written', async () => {
    const before = await available(lincoln.accountId);
    expect(before).toBeGreaterThan(1000);
    const first = await request('fund_requests', { accountId: lincoln.accountId, year: STORE_YEAR, amountCents: 1000 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 0, amountCents: 1000, accountName: 'Lincoln High School' });
    expect(await available(lincoln.accountId)).toBe(before - 1000);

    const over = await request('fund_requests', {
      accountId: lincoln.accountId,
      year: STORE_YEAR,
      amountCents: before,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual([
      { path: 'amountCents', message: `Only $${((before - 1000) / 100).toFixed(2)} is available to request.` },
    ]);
    const rows = await t.handle.db
      .select()
      .from(fundRequests)
      .where(and(eq(fundRequests.accountId, lincoln.accountId), eq(fundRequests.year, STORE_YEAR)));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ amountCents: -5 }, 'amountCents'],
    [{ amountCents: 10.5 }, 'amountCents'],
    [{ amountCents: 0 }, 'amountCents'],
    [{ year: 1800 }, 'year'],
  ])('refuses %o with a 400 naming %s', async (change, field) => {
    const response = await request('fund_requests', {
      accountId: lincoln.accountId,
      year: STORE_YEAR,
      amountCents: 100,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain(field);
  });

  it('two at once where only one fits: exactly one is made', async () => {
    const left = await available(lincoln.accountId);
    const amountCents = Math.floor(left / 2) + 1;
    const answers = await Promise.all([
      request('fund_requests', { accountId: lincoln.accountId, year: STORE_YEAR, amountCents }),
      request('fund_requests', { accountId: lincoln.accountId, year: STORE_YEAR, amountCents }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await available(lincoln.accountId)).toBe(left - amountCents);
  });

  it('sent twice under one key is one request', async () => {
    const payload = { accountId: lincoln.accountId, year: STORE_YEAR, amountCents: 1, requestKey: 'form-key-0001' };
    const answers = await Promise.all([request('fund_requests', payload), request('fund_requests', payload)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    const another = await request('fund_requests', { ...payload, amountCents: 2 });
    expect(another.statusCode).toBe(409);
    expect(another.json().errors[0].path).toBe('requestKey');
  });
});

describe('access', () => {
  it('a school asks only for its own account, and sees only its own requests', async () => {
    const directSales = await orderWithMoney(direct, { lines: [9000] });
    expect(directSales.id).toBeGreaterThan(0);
    const refused = await request('fund_requests', { accountId: direct.accountId, year: STORE_YEAR, amountCents: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('accountId');
    const [directUser] = await t.handle.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userAccounts, eq(userAccounts.userId, users.id))
      .where(eq(users.email, DIRECT_ADVISER));
    expect(directUser).toBeDefined();
    // The direct school's request, made by the super administrator on its behalf.
    const theirs = await request(
      'fund_requests',
      { accountId: direct.accountId, year: STORE_YEAR, amountCents: 500 },
      SUPER,
    );
    expect(theirs.statusCode, theirs.body).toBe(201);

    const list = await t.call({ method: 'POST', url: '/api/fund_requests/requested', as: TREASURER, payload: {} });
    expect(list.statusCode, list.body).toBe(200);
    const accountIds = new Set(list.json().data.map((row: { accountId: number }) => row.accountId));
    expect([...accountIds]).toEqual([lincoln.accountId]);
    const get = await t.call({ method: 'GET', url: `/api/fund_requests/${theirs.json().id}`, as: TREASURER });
    expect(get.statusCode).toBe(404);
    // Another kind's resource does not answer this kind's request.
    const otherKind = await t.call({ method: 'GET', url: `/api/sales_tax_requests/${theirs.json().id}`, as: SUPER });
    expect(otherKind.statusCode).toBe(404);
    const all = await t.call({
      method: 'POST',
      url: '/api/fund_requests/requested',
      as: SUPER,
      payload: { status: [0] },
    });
    expect(all.json().data.map((row: { accountId: number }) => row.accountId)).toContain(direct.accountId);
  });

  it('an adviser without the money rights may not ask; only a super administrator completes', async () => {
    expect(
      (await request('fund_requests', { accountId: lincoln.accountId, year: STORE_YEAR, amountCents: 1 }, ADVISER))
        .statusCode,
    ).toBe(403);
    const [waiting] = await t.handle.db
      .select()
      .from(fundRequests)
      .where(
        and(
          eq(fundRequests.accountId, lincoln.accountId),
          eq(fundRequests.year, STORE_YEAR),
          eq(fundRequests.status, 0),
        ),
      );
    if (!waiting) throw new Error('no waiting request');
    const complete = (as: string) =>
      t.call({
        method: 'POST',
        url: `/api/fund_requests/${waiting.id}/complete`,
        as,
        payload: { paymentMethod: 'check', paymentReference: 'Check 1042' },
      });
    expect((await complete(TREASURER)).statusCode).toBe(403);
  });
});

describe('completion', () => {
  it('a super administrator completes with the method and reference; the school is notified once', async () => {
    const made = await request('summer_fund_requests', {
      accountId: lincoln.accountId,
      year: STORE_YEAR,
      amountCents: 100,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const complete = () =>
      t.call({
        method: 'POST',
        url: `/api/summer_fund_requests/${id}/complete`,
        as: SUPER,
        payload: { paymentMethod: 'ach', paymentReference: 'ACH 991-22' },
      });
    const [first, second] = await Promise.all([complete(), complete()]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const row = await t.call({ method: 'GET', url: `/api/summer_fund_requests/${id}`, as: TREASURER });
    expect(row.json()).toMatchObject({ status: 2, paymentMethod: 'ach', paymentReference: 'ACH 991-22' });
    expect(row.json().completedAt).toBeTruthy();
    const notified = await t.handle.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, lincoln.accountId),
          eq(notifications.typeNotification, notificationType.SummerFundRequestComplete),
        ),
      );
    expect(notified).toHaveLength(1);
    expect(notified[0]?.info).toContain('ACH 991-22');
    const overviewAfter = await overview('summer_fund_requests', { accountId: lincoln.accountId, year: STORE_YEAR });
    expect(overviewAfter.json().paidOutCents).toBe(100);
  });

  it('refuses an unknown payment method naming the field, and a missing request with 404', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/fund_requests/1/complete',
      as: SUPER,
      payload: { paymentMethod: 'bitcoin', paymentReference: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('paymentMethod');
    const missing = await t.call({
      method: 'POST',
      url: '/api/fund_requests/999999/complete',
      as: SUPER,
      payload: { paymentMethod: 'check', paymentReference: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
