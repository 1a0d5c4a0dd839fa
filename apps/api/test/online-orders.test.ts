import { onlineOrders, onlinePayments } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../src/proof-pipeline/pdfjs';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, type TestApp, VOLUNTEER } from './harness';
import {
  accountIdOf,
  directSchoolId,
  NOW,
  type PaidOrder,
  paidOrder,
  productOf,
  STORE_YEAR,
  storeOf,
  type TestStore,
} from './online-order-fixtures';

/*
 * Online orders in the dashboard (issue 12): the resources and who sees what, cash and check
 * orders entered by staff, the contact fields staff may correct, the lines, and the receipt PDF.
 */

const SALES_MANAGER = 'salesmanager@colophon.test';

let t: TestApp;
let lincoln: TestStore;
let direct: TestStore;
let book: number;
let ad: number;
let directBook: number;
let ava: PaidOrder;
let ben: PaidOrder;
let olga: PaidOrder;

const get = (url: string, as = ADVISER) => t.call({ method: 'GET', url, as });
const numbers = (body: { data: { orderNumber: string }[] }) => body.data.map((row) => row.orderNumber).sort();

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock.now = () => NOW;
  lincoln = await storeOf(t, await accountIdOf(t, 'Lincoln High School'), 'Lincoln Yearbook Store');
  direct = await storeOf(t, await directSchoolId(t));
  book = await productOf(t, lincoln, { name: 'Yearbook 2031', priceCents: 6500, personalizationPriceCents: 800 });
  ad = await productOf(t, lincoln, { name: 'Quarter page ad', priceCents: 4000, typeProduct: 2 });
  directBook = await productOf(t, direct, { name: 'Direct Yearbook', priceCents: 5000 });
  ava = await paidOrder(t, lincoln, {
    lines: [{ totalCents: 6500 }, { totalCents: 4000, typeProduct: 2 }],
    parentName: 'Alice Zimmer',
    parentEmail: 'alice@parents.test',
    student: ['Ava', 'Zimmer'],
    homeroom: 'Room 12',
    paidAt: new Date('2031-01-15T12:00:00Z'),
  });
  ben = await paidOrder(t, lincoln, {
    lines: [{ totalCents: 6500 }],
    typePayment: 4,
    parentName: 'Bob Abbott',
    student: ['Ben', 'Abbott'],
    homeroom: 'Room 3',
    paidAt: new Date('2031-02-20T12:00:00Z'),
  });
  olga = await paidOrder(t, direct, { lines: [{ totalCents: 5000 }], student: ['Olga', 'Other'] });
}, 120_000);
afterAll(() => t?.close());

describe('the online_orders resource', () => {
  it('a school sees its own orders only; another tenant’s order is a 404', async () => {
    const list = await get(`/api/online_orders?year[]=${STORE_YEAR}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(numbers(list.json())).toEqual([ava.orderNumber, ben.orderNumber].sort());
    expect((await get(`/api/online_orders/${olga.id}`)).statusCode).toBe(404);
    expect((await get(`/api/online_sales/receipt/${olga.id}`)).statusCode).toBe(404);
    const theirs = await get(`/api/online_orders?year[]=${STORE_YEAR}`, DIRECT_ADVISER);
    expect(numbers(theirs.json())).toEqual([olga.orderNumber]);
  });

  it('the studio sees its schools’ orders, and narrows to one school with ancestorId', async () => {
    const list = await get(`/api/online_orders?ancestorId=${lincoln.accountId}&year[]=${STORE_YEAR}`, OWNER);
    expect(list.statusCode, list.body).toBe(200);
    expect(numbers(list.json())).toEqual([ava.orderNumber, ben.orderNumber].sort());
  });

  it('filters: search (student, parent e-mail, order number), payment type, status, paid dates', async () => {
    // The demo's own orders are of other years: each search keeps to this test's season.
    const search = async (query: string) =>
      numbers((await get(`/api/online_orders?year[]=${STORE_YEAR}&${query}`)).json());
    expect(await search('search=zimm')).toEqual([ava.orderNumber]);
    expect(await search('search=alice%40parents')).toEqual([ava.orderNumber]);
    expect(await search(`search=${ben.orderNumber}`)).toEqual([ben.orderNumber]);
    expect(await search('typePayment[]=4')).toEqual([ben.orderNumber]);
    expect(await search('status[]=refunded')).toEqual([]);
    expect(await search('paidFrom=2031-02-01&paidTo=2031-02-28')).toEqual([ben.orderNumber]);
    expect(await search(`storeId[]=${direct.id}`)).toEqual([]);
    const bad = await get('/api/online_orders?status[]=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('an order with its lines, payments and store; refundable is what was paid', async () => {
    const response = await get(`/api/online_orders/${ava.id}?include[]=items&include[]=payments&include[]=store`);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({
      orderNumber: ava.orderNumber,
      totalCents: 10_500,
      refundedCents: 0,
      refundableCents: 10_500,
      store: { id: lincoln.id, title: 'Lincoln Yearbook Store' },
    });
    expect(order.items).toHaveLength(2);
    expect(order.payments).toEqual([expect.objectContaining({ kind: 'charge', amountCents: 10_500 })]);
  });

  it('staff correct the contact fields and homeroom, nothing else; there is no delete', async () => {
    const response = await t.call({
      method: 'PUT',
      url: `/api/online_orders/${ava.id}`,
      as: SALES_MANAGER,
      payload: { homeroom: 'Room 14', parentPhone: '555-0100', totalCents: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ homeroom: 'Room 14', parentPhone: '555-0100', totalCents: 10_500 });
    const bad = await t.call({
      method: 'PUT',
      url: `/api/online_orders/${ava.id}`,
      as: SALES_MANAGER,
      payload: { parentEmail: 'not an address' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('parentEmail');
    const theirs = await t.call({
      method: 'PUT',
      url: `/api/online_orders/${olga.id}`,
      as: SALES_MANAGER,
      payload: { homeroom: 'X' },
    });
    expect(theirs.statusCode).toBe(404);
    const remove = await t.call({ method: 'DELETE', url: `/api/online_orders/${ava.id}`, as: SALES_MANAGER });
    expect(remove.statusCode).toBe(404);
  });
});

describe('cash and check orders', () => {
  const enter = (payload: object, as = SALES_MANAGER) =>
    t.call({ method: 'POST', url: '/api/online_orders', as, payload });
  const base = () => ({
    storeId: lincoln.id,
    typePayment: 4,
    parentName: 'Carla Cash',
    parentEmail: 'carla@parents.test',
    studentFirstName: 'Cleo',
    studentLastName: 'Cash',
    homeroom: 'Room 7',
    items: [
      { productId: book, quantity: 2, personalizationName: 'CLEO' },
      { productId: ad, quantity: 1 },
    ],
  });

  it('a cash order is paid as entered, at the products’ current prices, with no fee', async () => {
    const response = await enter(base());
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    // Two books with personalization (65 + 8) and an ad (40).
    expect(order).toMatchObject({
      status: 'paid',
      typePayment: 4,
      subtotalCents: 2 * 7300 + 4000,
      feeCents: 0,
      taxCents: 0,
      totalCents: 18_600,
      refundableCents: 18_600,
      enteredByUserId: expect.any(Number),
    });
    const payments = await t.handle.db.select().from(onlinePayments).where(eq(onlinePayments.onlineOrderId, order.id));
    expect(payments).toEqual([
      expect.objectContaining({ kind: 'charge', provider: 'cash', status: 'succeeded', amountCents: 18_600 }),
    ]);
  });

  it('a check order keeps its check number, and needs one', async () => {
    const missing = await enter({ ...base(), typePayment: 3 });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('checkNumber');
    const response = await enter({ ...base(), typePayment: 3, checkNumber: '1042' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ typePayment: 3, checkNumber: '1042', status: 'paid' });
  });

  it('a card order only comes through the storefront: 400 naming typePayment', async () => {
    const response = await enter({ ...base(), typePayment: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: 'typePayment' })]);
  });

  it('another school’s store or product is refused naming the field; without sales.manage, 403', async () => {
    const store = await enter({ ...base(), storeId: direct.id });
    expect(store.statusCode).toBe(400);
    expect(store.json().errors).toEqual([expect.objectContaining({ path: 'storeId' })]);
    const product = await enter({ ...base(), items: [{ productId: directBook, quantity: 1 }] });
    expect(product.statusCode).toBe(400);
    expect(product.json().errors).toEqual([expect.objectContaining({ path: 'items.0.productId' })]);
    const volunteer = await enter(base(), VOLUNTEER);
    expect(volunteer.statusCode).toBe(403);
  });
});

describe('the online_order_items resource', () => {
  it('lists an order’s lines, by product type and homeroom, never another school’s', async () => {
    const lines = await get(`/api/online_order_items?onlineOrderId[]=${ava.id}`);
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json().data.map((row: { id: number }) => row.id)).toEqual(ava.itemIds);
    const ads = await get(`/api/online_order_items?onlineOrderId[]=${ava.id}&typeProduct[]=2`);
    expect(ads.json().data).toHaveLength(1);
    const room = await get(`/api/online_order_items?homeroom=Room%203&year[]=${STORE_YEAR}`);
    expect(room.json().data.map((row: { onlineOrderId: number }) => row.onlineOrderId)).toEqual([ben.id]);
    const undistributed = await get(`/api/online_order_items?onlineOrderId[]=${ben.id}&distributed=false`);
    expect(undistributed.json().data).toHaveLength(1);
    const theirs = await get(`/api/online_order_items?onlineOrderId[]=${olga.id}`);
    expect(theirs.json().data).toEqual([]);
    expect((await get(`/api/online_order_items/${olga.itemIds[0]}`)).statusCode).toBe(404);
  });
});

describe('the receipt', () => {
  it('is a PDF named by the order number with the school, store, lines, totals and payment', async () => {
    const response = await get(`/api/online_sales/receipt/${ava.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="receipt-${ava.orderNumber}.pdf"`);
    const pdf = await openPdf(new Uint8Array(response.rawPayload));
    try {
      const page = await pdf.getPage(1);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      for (const expected of [
        'Lincoln High School',
        'Lincoln Yearbook Store',
        `Receipt ${ava.orderNumber}`,
        'Alice Zimmer',
        'Ava Zimmer',
        'Homeroom Room 14',
        '$105.00',
        'Paid by Credit Card',
      ]) {
        expect(text).toContain(expected);
      }
    } finally {
      await pdf.destroy();
    }
  });

  it('shows a refund and the net paid', async () => {
    await t.handle.db
      .update(onlineOrders)
      .set({ refundedCents: 2500, status: 'partially_refunded' })
      .where(eq(onlineOrders.id, ben.id));
    await t.handle.db.insert(onlinePayments).values({
      onlineOrderId: ben.id,
      kind: 'refund',
      provider: 'cash',
      amountCents: 2500,
      status: 'succeeded',
      idempotencyKey: `test-refund-${ben.id}`,
    });
    const response = await get(`/api/online_sales/receipt/${ben.id}`);
    const pdf = await openPdf(new Uint8Array(response.rawPayload));
    try {
      const text = (await (await pdf.getPage(1)).getTextContent()).items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ');
      expect(text).toContain('-$25.00');
      expect(text).toContain('Net paid');
      expect(text).toContain('$40.00');
      expect(text).toContain('Paid by Cash');
    } finally {
      await pdf.destroy();
    }
  });
});
