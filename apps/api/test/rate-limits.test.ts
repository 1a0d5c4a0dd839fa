import { randomUUID } from 'node:crypto';
import {
  accounts,
  createDb,
  type DbHandle,
  discounts,
  onlineOrders,
  productPrices,
  products,
  rateLimitCounters,
  storeStatuses,
} from '@colophon/db';
import { discountType, type RateLimitBucket, rateLimits, rateLimitWindowOf } from '@colophon/domain';
import { and, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countHit } from '../src/rate-limit';
import { createTestApp, type TestApp } from './harness';

/*
 * The public endpoints' rate limiter (issues 11 and 12), on a real database with the clock injected:
 * a full window answers 429 with retry-after and writes nothing, the next window allows again, every
 * address (and for coupon codes, every store) counts apart, two processes share one count, and a
 * guesser of coupon codes is stopped long before the quotes of a parent are.
 */

let t: TestApp;
let nowMs = Date.parse('2031-10-01T10:00:00Z');
const SLUG = 'rate-limit-test';
const OTHER_SLUG = 'rate-limit-other-test';
let bookId: number;
let otherBookId: number;

async function storeWithBook(accountName: string, slug: string) {
  const [account] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, accountName));
  if (!account) throw new Error(`no account ${accountName}`);
  const [store] = await t.handle.db
    .insert(storeStatuses)
    .values({ accountId: account.id, year: 2032, slug, isOpen: true, title: 'Yearbook Store' })
    .returning({ id: storeStatuses.id });
  if (!store) throw new Error('no store');
  const [product] = await t.handle.db
    .insert(products)
    .values({ storeId: store.id, typeProduct: 1, name: 'Yearbook' })
    .returning({ id: products.id });
  if (!product) throw new Error('no product');
  await t.handle.db
    .insert(productPrices)
    .values({ productId: product.id, priceCents: 4500, startsAt: new Date('2021-01-01T00:00:00Z') });
  return product.id;
}

const cart = (productId = bookId, fields: object = {}) => ({
  items: [{ productId, quantity: 1 }],
  shipping: 1,
  zip: '78701',
  ...fields,
});

const quote = (ip: string, fields: object = {}, slug = SLUG, productId = bookId) =>
  t.call({ method: 'POST', url: `/api/storefront/${slug}/quote`, payload: cart(productId, fields), remoteAddress: ip });

const checkoutBody = (fields: object = {}) => ({
  ...cart(),
  parent: { name: 'Pat Parent', email: 'pat@parents.test', phone: '555-0100' },
  student: { firstName: 'Sam', lastName: 'Student', grade: '11', homeroom: 'Room 4' },
  checkoutKey: randomUUID(),
  payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } },
  ...fields,
});

/** Fills `subject`'s current window of `bucket` up to `hits` (as many requests would have). */
async function filled(bucket: RateLimitBucket, subject: string, hits = rateLimits[bucket].limit) {
  const { start } = rateLimitWindowOf(bucket, new Date(nowMs));
  await t.handle.db.insert(rateLimitCounters).values({ bucket, subject, windowStart: start, hits });
}

async function hitsOf(bucket: RateLimitBucket, subject: string) {
  const { start } = rateLimitWindowOf(bucket, new Date(nowMs));
  const [row] = await t.handle.db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.bucket, bucket),
        eq(rateLimitCounters.subject, subject),
        eq(rateLimitCounters.windowStart, start),
      ),
    );
  return row?.hits ?? 0;
}

/** The 429 of a full window: its message, and a retry-after of the seconds left in the window. */
function expectRefused(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  bucket: RateLimitBucket,
) {
  expect(response.statusCode, response.body).toBe(429);
  const secondsLeft = rateLimitWindowOf(bucket, new Date(nowMs)).secondsLeft;
  expect(response.headers['retry-after']).toBe(String(secondsLeft));
  expect(JSON.parse(response.body).detail).toBe(rateLimits[bucket].message(secondsLeft));
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock = { now: () => new Date(nowMs) };
  bookId = await storeWithBook('Lincoln High School', SLUG);
  otherBookId = await storeWithBook('Oak Valley High School', OTHER_SLUG);
}, 120_000);
afterAll(() => t?.close());
// Each test in a window of its own (ten minutes and one hour both divide a day).
beforeEach(() => {
  nowMs += 24 * 3600_000;
});

describe('the storefront quote', () => {
  it('answers 429 with retry-after once the window is full, counts no further, and allows again in the next window', async () => {
    nowMs += 4 * 60_000 + 30_000; // 5 min 30 s left in the 10-minute window
    const ip = '203.0.113.10';
    await filled('storefrontQuote', ip, rateLimits.storefrontQuote.limit - 1);
    expect((await quote(ip)).statusCode).toBe(200);
    const refused = await quote(ip);
    expectRefused(refused, 'storefrontQuote');
    expect(refused.headers['retry-after']).toBe('330');
    expect(await hitsOf('storefrontQuote', ip)).toBe(rateLimits.storefrontQuote.limit);

    expect((await quote('203.0.113.11')).statusCode, 'another address').toBe(200);

    nowMs += 330_000;
    expect((await quote(ip)).statusCode, 'the next window').toBe(200);
  });
});

describe('coupon codes', () => {
  it('stops a guesser of codes long before the quote limit, per address and store, while quotes without a code go on', async () => {
    const ip = '203.0.113.20';
    for (let guess = 0; guess < rateLimits.storefrontCouponMiss.limit; guess++) {
      const wrong = await quote(ip, { couponCode: `GUESS${guess}` });
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().errors).toEqual([{ path: 'couponCode', message: 'This coupon code is not valid.' }]);
    }
    expect(await hitsOf('storefrontQuote', ip)).toBeLessThan(rateLimits.storefrontQuote.limit / 10);

    expectRefused(await quote(ip, { couponCode: 'GUESS-AGAIN' }), 'storefrontCouponMiss');
    const before = await t.handle.db.$count(onlineOrders);
    expectRefused(
      await t.call({
        method: 'POST',
        url: `/api/storefront/${SLUG}/checkout`,
        payload: checkoutBody({ couponCode: 'GUESS-AT-CHECKOUT' }),
        remoteAddress: ip,
      }),
      'storefrontCouponMiss',
    );
    expect(await t.handle.db.$count(onlineOrders), 'no order written').toBe(before);
    expect(await hitsOf('storefrontCouponMiss', `${SLUG} ${ip}`)).toBe(rateLimits.storefrontCouponMiss.limit);

    expect((await quote(ip)).statusCode, 'the same address without a code').toBe(200);
    expect((await quote('203.0.113.21', { couponCode: 'GUESS' })).statusCode, 'another address').toBe(400);
    expect(
      (await quote(ip, { couponCode: 'GUESS' }, OTHER_SLUG, otherBookId)).statusCode,
      'another store from the same address',
    ).toBe(400);

    nowMs += 3600_000;
    expect((await quote(ip, { couponCode: 'GUESS' })).statusCode, 'the next hour').toBe(400);
  });

  it('counts only codes that are not valid: a parent quoting with a good code is never refused', async () => {
    const ip = '203.0.113.25';
    await filled('storefrontCouponMiss', `${SLUG} ${ip}`, rateLimits.storefrontCouponMiss.limit - 1);
    const [lincoln] = await t.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.name, 'Lincoln High School'));
    if (!lincoln) throw new Error('no Lincoln');
    await t.handle.db.insert(discounts).values({
      accountId: lincoln.id,
      code: 'RATE10',
      typeDiscount: discountType.Percentage,
      amount: 1000,
      year: '2031-2032',
    });
    for (let time = 0; time < 3; time++) {
      const good = await quote(ip, { couponCode: 'rate10' });
      expect(good.statusCode, good.body).toBe(200);
    }
    expect(await hitsOf('storefrontCouponMiss', `${SLUG} ${ip}`)).toBe(rateLimits.storefrontCouponMiss.limit - 1);
  });
});

describe('the storefront checkout', () => {
  it('answers 429 once the window is full and writes no order', async () => {
    const ip = '203.0.113.30';
    await filled('storefrontCheckout', ip);
    const body = checkoutBody();
    expectRefused(
      await t.call({ method: 'POST', url: `/api/storefront/${SLUG}/checkout`, payload: body, remoteAddress: ip }),
      'storefrontCheckout',
    );
    expect(await t.handle.db.$count(onlineOrders, eq(onlineOrders.checkoutKey, body.checkoutKey))).toBe(0);
    const other = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/checkout`,
      payload: checkoutBody(),
      remoteAddress: '203.0.113.31',
    });
    expect(other.statusCode, other.body).toBe(201);
  });
});

describe('the storefront upload', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  const upload = (ip: string) =>
    t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/uploads`,
      payload: png,
      headers: { 'content-type': 'image/png' },
      remoteAddress: ip,
    });

  it('keeps its 30 uploads per 10 minutes, counted in the database', async () => {
    const ip = '203.0.113.40';
    await filled('storefrontUpload', ip, 29);
    expect((await upload(ip)).statusCode).toBe(201);
    expectRefused(await upload(ip), 'storefrontUpload');
    expect((await upload('203.0.113.41')).statusCode).toBe(201);
  });
});

describe('the public shipping calculator', () => {
  const calculate = (ip: string) =>
    t.call({
      method: 'POST',
      url: '/api/orders/expedited/shipping',
      payload: { typeBook: 5, quantity: 20, zip: '10001', neededBy: '2032-11-30' },
      remoteAddress: ip,
    });

  it('answers 429 past 60 quotes per address in 10 minutes', async () => {
    const ip = '203.0.113.50';
    await filled('shippingCalculator', ip, rateLimits.shippingCalculator.limit - 1);
    const last = await calculate(ip);
    expect(last.statusCode, last.body).toBe(200);
    expectRefused(await calculate(ip), 'shippingCalculator');
    expect((await calculate('203.0.113.51')).statusCode).toBe(200);
  });
});

describe('the limiter', () => {
  it('shares one count between processes: of many hits at once through two database connections, exactly the limit pass', async () => {
    // On PostgreSQL, a second pool on the same database stands for a second API process.
    const second: DbHandle | null = t.databaseUrl ? createDb({ databaseUrl: t.databaseUrl, poolSize: 4 }) : null;
    try {
      const clock = { now: () => new Date(nowMs) };
      const processes = [
        { db: t.handle.db, clock },
        { db: second?.db ?? t.handle.db, clock },
      ];
      const { limit } = rateLimits.storefrontCheckout;
      const answers = await Promise.all(
        Array.from({ length: limit * 2 }, (_, index) =>
          countHit(processes[index % 2] as (typeof processes)[number], 'storefrontCheckout', '198.51.100.1'),
        ),
      );
      expect(answers.filter((answer) => answer === null)).toHaveLength(limit);
      expect(await hitsOf('storefrontCheckout', '198.51.100.1')).toBe(limit);
    } finally {
      await second?.close();
    }
  });

  it('deletes the counters of windows that are over as new windows start', async () => {
    const old = new Date(nowMs - 2 * 3600_000);
    await t.handle.db.insert(rateLimitCounters).values(
      Array.from({ length: 5 }, (_, index) => ({
        bucket: 'storefrontQuote',
        subject: `192.0.2.${index}`,
        windowStart: old,
        hits: 3,
      })),
    );
    await countHit({ db: t.handle.db, clock: t.app.services.clock }, 'storefrontQuote', '192.0.2.200');
    const left = await t.handle.db.$count(
      rateLimitCounters,
      lt(rateLimitCounters.windowStart, new Date(nowMs - 3600_000)),
    );
    expect(left).toBe(0);
  });
});
