import { randomUUID } from 'node:crypto';
import {
  accounts,
  discounts,
  notifications,
  onlineOrderItems,
  onlineOrders,
  onlinePayments,
  outboxEmails,
  productPrices,
  products,
  queueNotifications,
  storeStatuses,
} from '@colophon/db';
import { discountType, ecommerceFeeFor, onlineShippingPriceCents, priceCart } from '@colophon/domain';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drainNotifications, type TestApp } from './harness';

/*
 * The storefront's checkout (issue 12) on the embedded payments adapter: prices from the server,
 * Stripe's test cards, one order and one charge per checkout key, a closed store, coupon limits
 * under concurrency, another store's product, and no card number kept anywhere.
 */

let t: TestApp;
const YEAR = 2032;
const SCHOOL_YEAR = '2031-2032';
const SLUG = 'lincoln-checkout-test';
const CLOSED_SLUG = 'lincoln-closed-test';
let storeId: number;
let bookId: number;
let adId: number;
let otherStoreProductId: number;
let lincolnId: number;

const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const DECLINED = { ...VISA, number: '4000000000000002' };
const NO_FUNDS = { ...VISA, number: '4000000000009995' };

async function accountId(name: string) {
  const [row] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

async function storeFor(account: number, slug: string, isOpen = true) {
  const [row] = await t.handle.db
    .insert(storeStatuses)
    .values({ accountId: account, year: YEAR, slug, isOpen, title: 'Yearbook Store' })
    .returning({ id: storeStatuses.id });
  if (!row) throw new Error('no store');
  return row.id;
}

async function productFor(store: number, fields: Partial<typeof products.$inferInsert>, priceCents: number) {
  const [row] = await t.handle.db
    .insert(products)
    .values({ storeId: store, typeProduct: 1, name: 'Yearbook', ...fields })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  await t.handle.db.insert(productPrices).values([
    // An old price, and the one in force now: the server reads the latest started.
    { productId: row.id, priceCents: priceCents + 1000, startsAt: new Date('2020-01-01T00:00:00Z') },
    { productId: row.id, priceCents, startsAt: new Date('2021-01-01T00:00:00Z') },
  ]);
  return row.id;
}

const cart = (fields: object = {}) => ({
  items: [{ productId: bookId, quantity: 1 }],
  shipping: 1,
  zip: '78701',
  ...fields,
});

const checkoutBody = (fields: object = {}) => ({
  ...cart(),
  parent: { name: 'Pat Parent', email: 'pat@parents.test', phone: '555-0100' },
  student: { firstName: 'Sam', lastName: 'Student', grade: '11', homeroom: 'Room 4' },
  checkoutKey: randomUUID(),
  payment: { card: VISA },
  ...fields,
});

const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload });
const pathsOf = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

async function coupon(code: string, fields: Partial<typeof discounts.$inferInsert> = {}) {
  const [row] = await t.handle.db
    .insert(discounts)
    .values({
      accountId: lincolnId,
      code,
      typeDiscount: discountType.Percentage,
      amount: 1000,
      year: SCHOOL_YEAR,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no coupon');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  lincolnId = await accountId('Lincoln High School');
  storeId = await storeFor(lincolnId, SLUG);
  bookId = await productFor(
    storeId,
    { name: 'Yearbook', typePersonalization: 1, personalizationPriceCents: 700, maxPerOrder: 5, allowsDonation: true },
    4500,
  );
  adId = await productFor(
    storeId,
    { name: 'Quarter page ad', typeProduct: 2, typeSubProduct: 1, adSize: 3, typeShipping: 0 },
    6000,
  );
  const oak = await accountId('Oak Valley High School');
  const oakStore = await storeFor(oak, 'oak-checkout-test');
  otherStoreProductId = await productFor(oakStore, { name: 'Oak Yearbook' }, 100);
  // A third school's store, switched off.
  const [third] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(notInArray(accounts.id, [lincolnId, oak]))
    .limit(1);
  if (!third) throw new Error('no third account');
  await storeFor(third.id, CLOSED_SLUG, false);
}, 120_000);
afterAll(() => t?.close());

describe('the storefront', () => {
  it('shows an open store with its products at the price in force now', async () => {
    const response = await t.call({ method: 'GET', url: `/api/storefront/${SLUG}` });
    expect(response.statusCode, response.body).toBe(200);
    const store = response.json();
    expect(store).toMatchObject({
      isOpen: true,
      closedMessage: null,
      year: YEAR,
      schoolYear: SCHOOL_YEAR,
      paymentsProvider: 'embedded',
    });
    expect(
      store.products.map((product: { name: string; priceCents: number }) => [product.name, product.priceCents]),
    ).toEqual([
      ['Yearbook', 4500],
      ['Quarter page ad', 6000],
    ]);
  });

  it('shows a closed store with its message and no products; an unknown slug is a 404', async () => {
    const closed = (await t.call({ method: 'GET', url: `/api/storefront/${CLOSED_SLUG}` })).json();
    expect(closed).toMatchObject({ isOpen: false, closedMessage: 'This store is closed.', products: [] });
    expect((await t.call({ method: 'GET', url: '/api/storefront/no-such-store' })).statusCode).toBe(404);
  });
});

describe('quote', () => {
  it("prices as the domain does: the server's prices, the coupon, the ZIP's tax, shipping and the card fee", async () => {
    await coupon('TEN');
    const response = await post(
      `/api/storefront/${SLUG}/quote`,
      cart({
        items: [
          { productId: bookId, quantity: 2, personalizationName: 'SAM' },
          { productId: adId, quantity: 1, unitPriceCents: 1 },
        ],
        couponCode: 'ten',
        shipping: 3,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const expected = priceCart({
      lines: [
        { unitPriceCents: 4500, quantity: 2, personalizationPriceCents: 700 },
        { unitPriceCents: 6000, quantity: 1 },
      ],
      coupon: { typeDiscount: 1, amount: 1000 },
      shippingCents: onlineShippingPriceCents[3],
      taxRateBasisPoints: 625,
      fee: ecommerceFeeFor(2),
    });
    const quote = response.json();
    expect(quote.totals).toEqual({
      subtotalCents: expected.subtotalCents,
      discountCents: expected.discountCents,
      shippingCents: expected.shippingCents,
      taxCents: expected.taxCents,
      feeCents: expected.feeCents,
      totalCents: expected.totalCents,
    });
    expect(quote).toMatchObject({ couponCode: 'TEN', taxZip: '78701', taxRateBasisPoints: 625 });
    expect(quote.lines[0]).toMatchObject({ unitPriceCents: 5200, totalCents: 10_400 });
  });

  it("names the coupon's problem, an unknown ZIP and bad lines", async () => {
    await coupon('OLD', { year: '2030-2031' });
    await coupon('BIG', { minimumOrderCents: 20_000, typeDiscount: discountType.Dollar, amount: 500 });
    const cases: [object, string, string | undefined][] = [
      [cart({ couponCode: 'OLD' }), 'couponCode', 'This coupon is for the 2030-2031 school year.'],
      [cart({ couponCode: 'BIG' }), 'couponCode', 'Spend at least $200.00 to use this coupon.'],
      [cart({ couponCode: 'NOPE' }), 'couponCode', undefined],
      [cart({ zip: '00000' }), 'zip', undefined],
      [cart({ items: [{ productId: otherStoreProductId, quantity: 1 }] }), 'items.0.productId', undefined],
      [cart({ items: [{ productId: bookId, quantity: 6 }] }), 'items.0.quantity', undefined],
      [
        cart({
          items: [
            { productId: bookId, quantity: 3 },
            { productId: bookId, quantity: 3 },
          ],
        }),
        'items.1.quantity',
        undefined,
      ],
      [
        cart({ items: [{ productId: adId, quantity: 1, personalizationName: 'X' }] }),
        'items.0.personalizationName',
        undefined,
      ],
      [
        cart({ items: [{ productId: bookId, quantity: 1, photoKey: `stores/999999/uploads/${randomUUID()}.jpg` }] }),
        'items.0.photoKey',
        undefined,
      ],
      [cart({ shipping: 0 }), 'shipping', undefined],
    ];
    for (const [body, path, message] of cases) {
      const response = await post(`/api/storefront/${SLUG}/quote`, body);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(pathsOf(response)).toContain(path);
      if (message) expect(response.json().errors[0].message).toBe(message);
    }
  });
});

async function orderOf(orderNumber: string) {
  const [order] = await t.handle.db.select().from(onlineOrders).where(eq(onlineOrders.orderNumber, orderNumber));
  if (!order) throw new Error(`no order ${orderNumber}`);
  const payments = await t.handle.db.select().from(onlinePayments).where(eq(onlinePayments.onlineOrderId, order.id));
  const items = await t.handle.db.select().from(onlineOrderItems).where(eq(onlineOrderItems.onlineOrderId, order.id));
  return { order, payments, items };
}

describe('checkout', () => {
  it('4242 pays: the order, its items and its charge are paid; the school is notified; the parent gets a receipt', async () => {
    const response = await post(`/api/storefront/${SLUG}/checkout`, checkoutBody());
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ status: 'paid', clientSecret: null });
    expect(result.orderNumber).toMatch(/^W32-\d{6,}$/);
    expect(result.receiptUrl).toContain(`/api/storefront/receipt/${result.orderNumber}?token=`);
    const { order, payments, items } = await orderOf(result.orderNumber);
    expect(order).toMatchObject({
      status: 'paid',
      totalCents: result.totals.totalCents,
      taxZip: '78701',
      typePayment: 2,
    });
    expect(order.paidAt).not.toBeNull();
    expect(items.every((item) => item.paidAt !== null && item.accountId === lincolnId && item.year === YEAR)).toBe(
      true,
    );
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: 'charge',
      provider: 'embedded',
      status: 'succeeded',
      amountCents: order.totalCents,
    });
    const notified = await t.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderExternalId, result.orderNumber));
    expect(notified.map((row) => row.typeNotification)).toEqual([42]);

    await drainNotifications(t);
    const emails = await t.handle.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'pat@parents.test'));
    const receipt = emails.find((email) => email.subject.includes(result.orderNumber));
    expect(receipt?.text).toContain('Total paid: $');
    expect(receipt?.text).toContain(result.receiptUrl);
    const [sent] = await t.handle.db.select().from(onlineOrders).where(eq(onlineOrders.id, order.id));
    expect(sent?.receiptSentAt).not.toBeNull();

    // The signed link answers the receipt; a wrong token is a 404.
    const link = new URL(result.receiptUrl);
    const pdf = await t.call({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const forged = await t.call({ method: 'GET', url: `${link.pathname}?token=${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
  });

  it("0002 declines with the card's message: the order is failed, nothing charged, the coupon's use given back", async () => {
    const limited = await coupon('ONCE', { maxUses: 1 });
    const response = await post(
      `/api/storefront/${SLUG}/checkout`,
      checkoutBody({ payment: { card: DECLINED }, couponCode: 'ONCE' }),
    );
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().detail).toBe('Your card was declined.');
    const [order] = await t.handle.db.select().from(onlineOrders).where(eq(onlineOrders.discountId, limited.id));
    expect(order?.status).toBe('failed');
    const payments = await t.handle.db
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.onlineOrderId, order?.id ?? 0));
    expect(payments.map((payment) => [payment.status, payment.failureMessage])).toEqual([
      ['failed', 'Your card was declined.'],
    ]);
    const [after] = await t.handle.db.select().from(discounts).where(eq(discounts.id, limited.id));
    expect(after?.timesUsed).toBe(0);

    const poor = await post(`/api/storefront/${SLUG}/checkout`, checkoutBody({ payment: { card: NO_FUNDS } }));
    expect(poor.statusCode).toBe(402);
    expect(poor.json().detail).toBe('Your card has insufficient funds.');
  });

  it('a mistyped card number is a 400 on payment.card.number, before any order', async () => {
    const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(onlineOrders);
    const response = await post(
      `/api/storefront/${SLUG}/checkout`,
      checkoutBody({ payment: { card: { ...VISA, number: '4242424242424241' } } }),
    );
    expect(response.statusCode).toBe(400);
    expect(pathsOf(response)).toEqual(['payment.card.number']);
    const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(onlineOrders);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('the same checkout key twice, one after the other and at once, is one order and one charge', async () => {
    const body = checkoutBody();
    const first = await post(`/api/storefront/${SLUG}/checkout`, body);
    const again = await post(`/api/storefront/${SLUG}/checkout`, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().orderNumber).toBe(first.json().orderNumber);

    const racing = checkoutBody();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(`/api/storefront/${SLUG}/checkout`, racing)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().orderNumber)).size).toBe(1);
    for (const key of [body.checkoutKey, racing.checkoutKey]) {
      const orders = await t.handle.db.select().from(onlineOrders).where(eq(onlineOrders.checkoutKey, key));
      expect(orders).toHaveLength(1);
      const charges = await t.handle.db
        .select()
        .from(onlinePayments)
        .where(
          inArray(
            onlinePayments.onlineOrderId,
            orders.map((order) => order.id),
          ),
        );
      expect(charges.map((charge) => charge.status)).toEqual(['succeeded']);
    }
  });

  it('a closed store sells nothing (409)', async () => {
    const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(onlineOrders);
    const response = await post(`/api/storefront/${CLOSED_SLUG}/checkout`, checkoutBody());
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('This store is closed.');
    const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(onlineOrders);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('a product of another store is a 400, and prices sent by the client are ignored', async () => {
    const other = await post(
      `/api/storefront/${SLUG}/checkout`,
      checkoutBody({ items: [{ productId: otherStoreProductId, quantity: 1 }] }),
    );
    expect(other.statusCode).toBe(400);
    expect(pathsOf(other)).toEqual(['items.0.productId']);
    const cheap = await post(
      `/api/storefront/${SLUG}/checkout`,
      checkoutBody({ items: [{ productId: bookId, quantity: 1, unitPriceCents: 1, priceCents: 1 }], totalCents: 1 }),
    );
    expect(cheap.statusCode, cheap.body).toBe(201);
    expect(cheap.json().totals.subtotalCents).toBe(4500);
  });

  it('never lets more checkouts use a coupon than its maxUses, however many arrive at once', async () => {
    const limited = await coupon('THREE', { maxUses: 3, typeDiscount: discountType.Dollar, amount: 500 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/storefront/${SLUG}/checkout`, checkoutBody({ couponCode: 'THREE' }))),
    );
    const paid = answers.filter((answer) => answer.statusCode === 201);
    expect(paid).toHaveLength(3);
    for (const answer of paid) expect(answer.json().totals.discountCents).toBe(500);
    for (const answer of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual([{ path: 'couponCode', message: 'This coupon has been used up.' }]);
    }
    const [after] = await t.handle.db.select().from(discounts).where(eq(discounts.id, limited.id));
    expect(after?.timesUsed).toBe(3);
  });

  it('keeps no card number: not in any online order, payment or queued job, nor in an answer', async () => {
    const declined = await post(`/api/storefront/${SLUG}/checkout`, checkoutBody({ payment: { card: DECLINED } }));
    expect(declined.body).not.toContain('4000000000000002');
    const tables = [onlineOrders, onlineOrderItems, onlinePayments, queueNotifications, outboxEmails, notifications];
    for (const table of tables) {
      const rows = JSON.stringify(await t.handle.db.select().from(table));
      for (const number of ['4242424242424242', '4242 4242 4242 4242', '4000000000000002', '4000000000009995'])
        expect(rows).not.toContain(number);
    }
  });
});

describe('uploads', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  it('keeps a JPEG or PNG under the store and answers its key, which a cart line may then use', async () => {
    const response = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/uploads`,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { key } = response.json();
    expect(key).toMatch(new RegExp(`^stores/${storeId}/uploads/[0-9a-f-]{36}\\.png$`));
    expect(await t.app.services.files.get(key)).toEqual(png);
    const quote = await post(
      `/api/storefront/${SLUG}/quote`,
      cart({ items: [{ productId: adId, quantity: 1, adImageKey: key }], shipping: 0 }),
    );
    expect(quote.statusCode, quote.body).toBe(200);
  });

  it('refuses what is not an image by its bytes, whatever its type says', async () => {
    const response = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/uploads`,
      payload: Buffer.from('%PDF-1.7 not an image'),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(response.statusCode).toBe(400);
  });
});
