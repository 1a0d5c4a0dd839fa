import { notifications, onlineOrderItems, onlineOrders, onlinePayments, onlineRefundLines } from '@colophon/db';
import { notificationType } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPdf } from '../src/proof-pipeline/pdfjs';
import type { TestApp } from './harness';
import { createStoresTestApp, paidOrder, type TestStore } from './online-order-fixtures';

/*
 * Refunds of online orders (issue 12): in full and in part, never past what was paid (also when
 * sent at once), once for the same request, through the payments adapter for a card and recorded
 * only for cash; who may refund; the order's status, the refund row and notification 43.
 */

const TREASURER = 'treasurer@colophon.test';
const SALES_MANAGER = 'salesmanager@colophon.test';

let t: TestApp;
let lincoln: TestStore;
let direct: TestStore;

const partial = (payload: object, options: { as?: string; key?: string } = {}) =>
  t.call({
    method: 'POST',
    url: '/api/payments/partial_refund',
    as: options.as ?? TREASURER,
    payload,
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
const full = (payload: object, as = TREASURER) =>
  t.call({ method: 'POST', url: '/api/online_sales/refund', as, payload });
const order = (id: number) =>
  t.handle.db
    .select()
    .from(onlineOrders)
    .where(eq(onlineOrders.id, id))
    .then((rows) => rows[0]);
const refundsOf = (id: number) =>
  t.handle.db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.onlineOrderId, id), eq(onlinePayments.kind, 'refund')));
const card = (cents: number[]) => paidOrder(t, lincoln, { lines: cents.map((totalCents) => ({ totalCents })) });

beforeAll(async () => {
  ({ t, lincoln, direct } = await createStoresTestApp());
}, 120_000);
afterAll(() => t?.close());

describe('a partial refund', () => {
  it('refunds an amount through the adapter: the order partially refunded, a refund row, notification 43', async () => {
    const paid = await card([6500, 4000]);
    const adapter = vi.spyOn(t.app.services.payments, 'refund');
    const response = await partial({ id: paid.id, amountCents: 2500, reason: 'Ad withdrawn' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.order).toMatchObject({ status: 'partially_refunded', refundedCents: 2500, refundableCents: 8000 });
    expect(body.refund).toMatchObject({
      kind: 'refund',
      amountCents: 2500,
      status: 'succeeded',
      reason: 'Ad withdrawn',
    });
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(adapter.mock.calls[0]?.[0]).toMatchObject({ paymentId: paid.providerRef, amountCents: 2500 });
    adapter.mockRestore();
    const [row] = await refundsOf(paid.id);
    expect(row).toMatchObject({
      provider: 'embedded',
      status: 'succeeded',
      providerRef: expect.stringMatching(/^emb_re_/),
    });
    const raised = await t.handle.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.typeNotification, notificationType.OnlineOrderRefunded),
          eq(notifications.orderExternalId, paid.orderNumber),
        ),
      );
    expect(raised).toHaveLength(1);
    expect(raised[0]?.info).toContain('$25.00');
  });

  it('refunds chosen lines; a line of another order is refused naming itemIds', async () => {
    const paid = await card([6500, 4000]);
    const other = await card([1000]);
    const response = await partial({ id: paid.id, itemIds: [paid.itemIds[1]], reason: 'Ad withdrawn' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({ refundedCents: 4000, status: 'partially_refunded' });
    const bad = await partial({ id: paid.id, itemIds: [other.itemIds[0]], reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'itemIds' })]);
    const both = await partial({ id: paid.id, itemIds: [paid.itemIds[0]], amountCents: 5, reason: 'x' });
    expect(both.statusCode).toBe(400);
  });

  it('above what remains refundable: 409 naming the most', async () => {
    const paid = await card([5000]);
    expect((await partial({ id: paid.id, amountCents: 1234, reason: 'Part' })).statusCode).toBe(200);
    const response = await partial({ id: paid.id, amountCents: 5000, reason: 'Too much' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('At most $37.66 can be refunded.');
    expect((await order(paid.id))?.refundedCents).toBe(1234);
  });

  it('the same request twice (one Idempotency-Key) refunds once: one row, one adapter call', async () => {
    const paid = await card([5000]);
    const adapter = vi.spyOn(t.app.services.payments, 'refund');
    const key = `dialog-${paid.id}-a1b2c3`;
    const first = await partial({ id: paid.id, amountCents: 1000, reason: 'Once' }, { key });
    const second = await partial({ id: paid.id, amountCents: 1000, reason: 'Once' }, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().refund.id).toBe(first.json().refund.id);
    expect(adapter).toHaveBeenCalledTimes(1);
    adapter.mockRestore();
    expect(await refundsOf(paid.id)).toHaveLength(1);
    expect((await order(paid.id))?.refundedCents).toBe(1000);
    // The key of one refund does not cover another amount.
    const other = await partial({ id: paid.id, amountCents: 2000, reason: 'Another' }, { key });
    expect(other.statusCode).toBe(409);
    expect((await order(paid.id))?.refundedCents).toBe(1000);
    const badKey = await partial({ id: paid.id, amountCents: 1, reason: 'x' }, { key: 'no spaces allowed' });
    expect(badKey.statusCode).toBe(400);
  });

  it('refunds sent at once never add up past what was paid', async () => {
    const paid = await card([10_000]);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        partial({ id: paid.id, amountCents: 3000, reason: `At once ${index}` }, { key: `race-${paid.id}-${index}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409]);
    const rows = await refundsOf(paid.id);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(9000);
    expect((await order(paid.id))?.refundedCents).toBe(9000);
  });

  it('a refund the card provider refuses gives the amount back to the order: 502', async () => {
    const paid = await card([5000]);
    const adapter = vi
      .spyOn(t.app.services.payments, 'refund')
      .mockResolvedValue({ id: 're_failed', status: 'failed', failureMessage: 'The charge was disputed.' });
    const response = await partial({ id: paid.id, amountCents: 1000, reason: 'Disputed' });
    adapter.mockRestore();
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toContain('The charge was disputed.');
    expect(await order(paid.id)).toMatchObject({ refundedCents: 0, status: 'paid' });
    expect(await refundsOf(paid.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});

describe('a full refund', () => {
  it('refunds what remains: the order refunded; transactionId and parentId must match the order', async () => {
    const paid = await card([4000, 2000]);
    expect((await partial({ id: paid.id, amountCents: 1000, reason: 'First' })).statusCode).toBe(200);
    const wrongAccount = await full({
      orderId: paid.id,
      transactionId: paid.chargeId,
      parentId: direct.accountId,
      reason: 'All',
    });
    expect(wrongAccount.statusCode).toBe(400);
    expect(wrongAccount.json().errors).toEqual([expect.objectContaining({ path: 'parentId' })]);
    const wrongPayment = await full({ orderId: paid.id, transactionId: 'pi_other', parentId: lincoln.accountId });
    expect(wrongPayment.statusCode).toBe(400);
    expect(wrongPayment.json().errors).toEqual([expect.objectContaining({ path: 'transactionId' })]);
    const response = await full({ orderId: paid.id, transactionId: paid.providerRef, parentId: lincoln.accountId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({ status: 'refunded', refundedCents: 6000, refundableCents: 0 });
    expect(response.json().refund.amountCents).toBe(5000);
    const again = await full({ orderId: paid.id, transactionId: paid.chargeId, parentId: lincoln.accountId });
    expect(again.statusCode).toBe(409);
  });

  it('a cash order’s refund is recorded without the adapter', async () => {
    const cash = await paidOrder(t, lincoln, { lines: [{ totalCents: 6500 }], typePayment: 4 });
    const adapter = vi.spyOn(t.app.services.payments, 'refund');
    const response = await full({ orderId: cash.id, transactionId: cash.chargeId, parentId: lincoln.accountId });
    expect(response.statusCode, response.body).toBe(200);
    expect(adapter).not.toHaveBeenCalled();
    adapter.mockRestore();
    expect(response.json().refund).toMatchObject({ provider: 'cash', status: 'succeeded', amountCents: 6500 });
    expect(response.json().order.status).toBe('refunded');
    // Refunded in full, its lines leave the sales reports (they count items while paid).
    const lines = await t.handle.db.select().from(onlineOrderItems).where(eq(onlineOrderItems.onlineOrderId, cash.id));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.paidAt === null)).toBe(true);
  });
});

describe('a refund of chosen lines', () => {
  const linesOf = (id: number) =>
    t.handle.db
      .select()
      .from(onlineOrderItems)
      .where(eq(onlineOrderItems.onlineOrderId, id))
      .orderBy(onlineOrderItems.id);
  const refundLinesOf = (paymentId: number) =>
    t.handle.db
      .select()
      .from(onlineRefundLines)
      .where(eq(onlineRefundLines.onlinePaymentId, paymentId))
      .orderBy(onlineRefundLines.onlineOrderItemId);

  it('records what it gave back of each line; the line refunded in full leaves the reports, the other stays', async () => {
    const paid = await card([6500, 4000, 1500]);
    const [book, ad, text] = paid.itemIds;
    const response = await partial({ id: paid.id, itemIds: [ad, text], reason: 'Ad and dedication withdrawn' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.order).toMatchObject({ refundedCents: 5500, status: 'partially_refunded' });
    expect(body.refund.amountCents).toBe(5500);
    expect(await refundLinesOf(body.refund.id)).toEqual([
      expect.objectContaining({ onlineOrderItemId: ad, amountCents: 4000 }),
      expect.objectContaining({ onlineOrderItemId: text, amountCents: 1500 }),
    ]);
    const lines = await linesOf(paid.id);
    expect(lines.map((line) => [line.id, line.refundedCents, line.paidAt !== null])).toEqual([
      [book, 0, true],
      [ad, 4000, false],
      [text, 1500, false],
    ]);
    // The order's screen reads the lines with what was refunded of each.
    const shown = await t.call({ method: 'GET', url: `/api/online_orders/${paid.id}?include=items`, as: TREASURER });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().items.map((line: { refundedCents: number }) => line.refundedCents)).toEqual([0, 4000, 1500]);
    // So does the receipt: each refunded line says so, with its amount.
    const receipt = await t.call({ method: 'GET', url: `/api/online_sales/receipt/${paid.id}`, as: TREASURER });
    expect(receipt.statusCode).toBe(200);
    const pdf = await openPdf(new Uint8Array(receipt.rawPayload));
    try {
      const text = (await (await pdf.getPage(1)).getTextContent()).items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ');
      expect(text.match(/Refunded\s+-\$40\.00/g)).toHaveLength(1);
      expect(text.match(/Refunded\s+-\$15\.00/g)).toHaveLength(1);
    } finally {
      await pdf.destroy();
    }
  });

  it('a line is refunded once: a second refund naming it is a 409 and changes nothing, also beside another line', async () => {
    const paid = await card([6500, 4000]);
    const [book, ad] = paid.itemIds;
    expect((await partial({ id: paid.id, itemIds: [ad], reason: 'Ad withdrawn' })).statusCode).toBe(200);
    const again = await partial({ id: paid.id, itemIds: [ad], reason: 'Ad withdrawn' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('already refunded in full');
    const withAnother = await partial({ id: paid.id, itemIds: [book, ad], reason: 'Both' });
    expect(withAnother.statusCode).toBe(409);
    expect(await order(paid.id)).toMatchObject({ refundedCents: 4000, status: 'partially_refunded' });
    expect((await linesOf(paid.id)).map((line) => line.refundedCents)).toEqual([0, 4000]);
    expect(await refundsOf(paid.id)).toHaveLength(1);
  });

  it('the same lines twice under one Idempotency-Key refund once; the key for other lines is a 409', async () => {
    const paid = await card([6500, 4000, 4000]);
    const [book, ad, other] = paid.itemIds;
    const adapter = vi.spyOn(t.app.services.payments, 'refund');
    const key = `lines-${paid.id}-x9y8z7`;
    const first = await partial({ id: paid.id, itemIds: [ad], reason: 'Once' }, { key });
    const second = await partial({ id: paid.id, itemIds: [ad], reason: 'Once' }, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().refund.id).toBe(first.json().refund.id);
    expect(adapter).toHaveBeenCalledTimes(1);
    adapter.mockRestore();
    // Another line of the same total under the same key is another request.
    expect((await partial({ id: paid.id, itemIds: [other], reason: 'Other' }, { key })).statusCode).toBe(409);
    expect((await partial({ id: paid.id, itemIds: [book], reason: 'Other' }, { key })).statusCode).toBe(409);
    expect(await order(paid.id)).toMatchObject({ refundedCents: 4000 });
    expect((await linesOf(paid.id)).map((line) => line.refundedCents)).toEqual([0, 4000, 0]);
  });

  it('some lines, then a refund in full of the rest: each line ends refunded to its total, the rest recorded', async () => {
    const paid = await card([6500, 4000, 1500]);
    const [book, ad, text] = paid.itemIds;
    expect((await partial({ id: paid.id, itemIds: [ad], reason: 'Ad withdrawn' })).statusCode).toBe(200);
    const rest = await full({ orderId: paid.id, transactionId: paid.providerRef, parentId: lincoln.accountId });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order).toMatchObject({ status: 'refunded', refundedCents: 12_000, refundableCents: 0 });
    expect(rest.json().refund.amountCents).toBe(8000);
    expect(await refundLinesOf(rest.json().refund.id)).toEqual([
      expect.objectContaining({ onlineOrderItemId: book, amountCents: 6500 }),
      expect.objectContaining({ onlineOrderItemId: text, amountCents: 1500 }),
    ]);
    const lines = await linesOf(paid.id);
    expect(lines.map((line) => line.refundedCents)).toEqual([6500, 4000, 1500]);
    expect(lines.every((line) => line.paidAt === null)).toBe(true);
  });

  it('a card refund of lines the provider refuses gives the lines back (counted again, refundable again)', async () => {
    const paid = await card([6500, 4000]);
    const [, ad] = paid.itemIds;
    const adapter = vi
      .spyOn(t.app.services.payments, 'refund')
      .mockResolvedValue({ id: 're_failed', status: 'failed', failureMessage: 'The charge was disputed.' });
    const response = await partial({ id: paid.id, itemIds: [ad], reason: 'Disputed' });
    adapter.mockRestore();
    expect(response.statusCode).toBe(502);
    const lines = await linesOf(paid.id);
    expect(lines.map((line) => [line.refundedCents, line.paidAt !== null])).toEqual([
      [0, true],
      [0, true],
    ]);
    const [failed] = await refundsOf(paid.id);
    expect(await refundLinesOf(failed?.id ?? 0)).toEqual([]);
    expect((await partial({ id: paid.id, itemIds: [ad], reason: 'Again' })).statusCode).toBe(200);
  });
});

describe('who may refund', () => {
  it('a sales manager without sales.refund: 403; another school’s order: 404', async () => {
    const paid = await card([5000]);
    expect((await partial({ id: paid.id, amountCents: 100, reason: 'x' }, { as: SALES_MANAGER })).statusCode).toBe(403);
    const theirs = await paidOrder(t, direct, { lines: [{ totalCents: 5000 }] });
    expect((await partial({ id: theirs.id, amountCents: 100, reason: 'x' })).statusCode).toBe(404);
    expect(
      (await full({ orderId: theirs.id, transactionId: theirs.chargeId, parentId: direct.accountId })).statusCode,
    ).toBe(404);
    expect(await refundsOf(theirs.id)).toEqual([]);
  });
});
