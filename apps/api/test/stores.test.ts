import { accounts, discounts, notifications, productPrices, products, storeStatuses } from '@colophon/db';
import { ecommerceFees, notificationType, productSubTypes, productType } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProductFields, currentPrices } from '../src/modules/stores/resources';
import { ADVISER, createTestApp, SUPER, type TestApp, VOLUNTEER } from './harness';

/** Stores, products and prices over time (issue 12): tenancy, validation, open/close, current price. */
let t: TestApp;
let lincolnId: number;
let oakId: number;
let oakStoreId: number;
let storeId: number;

const SALES_MANAGER = 'salesmanager@colophon.test';
const TREASURER = 'treasurer@colophon.test';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: object) =>
  t.call({ method, url, as, ...(payload ? { payload } : {}) });
const pathsOf = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

async function accountId(name: string) {
  const [row] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

const storeNotifications = async (accountId: number, type: number) =>
  (
    await t.handle.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.typeNotification, type)))
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  lincolnId = await accountId('Lincoln High School');
  oakId = await accountId('Oak Valley High School');
  const [oakStore] = await t.handle.db.select().from(storeStatuses).where(eq(storeStatuses.accountId, oakId));
  oakStoreId = oakStore!.id;
  const created = await call('POST', '/api/stores', ADVISER, { accountId: lincolnId, year: 2021 });
  expect(created.statusCode, created.body).toBe(201);
  storeId = created.json().id;
}, 60_000);
afterAll(() => t?.close());

describe('stores', () => {
  it('defaults the slug from the account code and the year, one store per account and year', async () => {
    const store = (await call('GET', `/api/stores/${storeId}?include=account`, ADVISER)).json();
    expect(store.slug).toBe(`${store.account.code.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-2021`);
    expect(store.isOpen).toBe(false);
    const again = await call('POST', '/api/stores', ADVISER, { accountId: lincolnId, year: 2021 });
    expect(again.statusCode).toBe(409);
    expect(pathsOf(again)).toEqual(['year']);
  });

  it('refuses a taken slug (409), a bad slug and dates out of order (400 naming the field)', async () => {
    const [oakStore] = await t.handle.db.select().from(storeStatuses).where(eq(storeStatuses.id, oakStoreId));
    await t.handle.db.update(storeStatuses).set({ slug: 'oak-taken' }).where(eq(storeStatuses.id, oakStoreId));
    const taken = await call('PUT', `/api/stores/${storeId}`, ADVISER, { slug: 'oak-taken' });
    expect(taken.statusCode).toBe(409);
    expect(pathsOf(taken)).toEqual(['slug']);
    await t.handle.db.update(storeStatuses).set({ slug: oakStore!.slug }).where(eq(storeStatuses.id, oakStoreId));
    for (const slug of ['AB', 'Upper-Case', '-dash', 'a b c', 'x'.repeat(81)]) {
      const bad = await call('PUT', `/api/stores/${storeId}`, ADVISER, { slug });
      expect(bad.statusCode, slug).toBe(400);
      expect(pathsOf(bad)).toContain('slug');
    }
    const dates = await call('PUT', `/api/stores/${storeId}`, ADVISER, {
      opensOn: '2024-03-01',
      closesOn: '2024-02-01',
    });
    expect(dates.statusCode).toBe(400);
    expect(pathsOf(dates)).toEqual(['closesOn']);
    await call('PUT', `/api/stores/${storeId}`, ADVISER, { summerOpensOn: '2024-07-01' });
    const summer = await call('PUT', `/api/stores/${storeId}`, ADVISER, { summerClosesOn: '2024-06-01' });
    expect(pathsOf(summer)).toEqual(['summerClosesOn']);
  });

  it('opens with a PUT (Store Opened once) and closes with the close call (Store Closed once)', async () => {
    const opened0 = await storeNotifications(lincolnId, notificationType.StoreOpened);
    const closed0 = await storeNotifications(lincolnId, notificationType.StoreClosed);
    const [first, second] = await Promise.all([
      call('PUT', `/api/stores/${storeId}`, SALES_MANAGER, { isOpen: true, title: 'Lincoln 2021' }),
      call('PUT', `/api/stores/${storeId}`, SALES_MANAGER, { isOpen: true }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await storeNotifications(lincolnId, notificationType.StoreOpened)).toBe(opened0 + 1);
    const open = (await call('GET', `/api/stores/status/open?accountId=${lincolnId}`, ADVISER)).json();
    expect(open.data.map((store: { id: number }) => store.id)).toContain(storeId);
    expect(open.data.every((store: { isOpen: boolean }) => store.isOpen)).toBe(true);

    const closed = await call('POST', '/api/stores/status/close', ADVISER, { account_id: lincolnId, year: 2021 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().isOpen).toBe(false);
    expect(
      (await call('POST', '/api/stores/status/close', ADVISER, { account_id: lincolnId, year: 2021 })).statusCode,
    ).toBe(200);
    expect(await storeNotifications(lincolnId, notificationType.StoreClosed)).toBe(closed0 + 1);
    expect(
      (await call('POST', '/api/stores/status/close', ADVISER, { account_id: lincolnId, year: 1999 })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/stores/status/close', ADVISER, { account_id: lincolnId, year: 2020 })).statusCode,
    ).toBe(404);
  });

  it('keeps a school to its own stores: another tenant’s answers 404, and the list holds only its own', async () => {
    const list = (await call('GET', '/api/stores?perPage=100', ADVISER)).json();
    expect(new Set(list.data.map((store: { accountId: number }) => store.accountId))).toEqual(new Set([lincolnId]));
    expect((await call('GET', `/api/stores/${oakStoreId}`, ADVISER)).statusCode).toBe(404);
    expect((await call('PUT', `/api/stores/${oakStoreId}`, ADVISER, { title: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/stores/${oakStoreId}/products`, ADVISER)).statusCode).toBe(404);
    expect((await call('GET', `/api/stores/status/open?accountId=${oakId}`, ADVISER)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/stores/status/close', ADVISER, { account_id: oakId, year: 2026 })).statusCode,
    ).toBe(404);
    const foreign = await call('POST', '/api/stores', ADVISER, { accountId: oakId, year: 2023 });
    expect(foreign.statusCode).toBe(400);
    expect(pathsOf(foreign)).toEqual(['accountId']);
    expect((await call('GET', `/api/stores/${oakStoreId}`, SUPER)).statusCode).toBe(200);
  });

  it('lets a volunteer neither read nor write, and a treasurer read only', async () => {
    expect((await call('GET', '/api/stores', VOLUNTEER)).statusCode).toBe(403);
    expect((await call('PUT', `/api/stores/${storeId}`, VOLUNTEER, { title: 'x' })).statusCode).toBe(403);
    expect((await call('GET', '/api/stores', TREASURER)).statusCode).toBe(200);
    expect((await call('PUT', `/api/stores/${storeId}`, TREASURER, { title: 'x' })).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/stores/status/close', TREASURER, { account_id: lincolnId, year: 2021 })).statusCode,
    ).toBe(403);
  });
});

describe('products', () => {
  let yearbookId: number;

  it('creates a yearbook with personalization, and refuses fields its type does not have', async () => {
    const yearbook = await call('POST', '/api/products', ADVISER, {
      storeId,
      typeProduct: productType.Yearbook,
      name: 'Yearbook 2024',
      typePersonalization: 2,
      personalizationPriceCents: 500,
      allowsDonation: true,
    });
    expect(yearbook.statusCode, yearbook.body).toBe(201);
    yearbookId = yearbook.json().id;
    expect(yearbook.json().currentPriceCents).toBeNull();

    const cases: [object, string][] = [
      [{ typeProduct: productType.YearbookAd, typeSubProduct: 1 }, 'adSize'],
      [{ typeProduct: productType.YearbookAd, typeSubProduct: 9, adSize: 1 }, 'typeSubProduct'],
      [{ typeProduct: productType.Yearbook, typeSubProduct: 1 }, 'typeSubProduct'],
      [{ typeProduct: productType.TextOnlyDedication, adSize: 2 }, 'adSize'],
      [
        { typeProduct: productType.CustomParentPages, typeSubProduct: 2, typePersonalization: 1 },
        'typePersonalization',
      ],
      [{ typeProduct: productType.Yearbook, typePersonalization: 3 }, 'typePersonalization'],
      [{ typeProduct: productType.Yearbook, personalizationPriceCents: 100 }, 'personalizationPriceCents'],
      [{ typeProduct: 5 }, 'typeProduct'],
      [{ typeProduct: productType.Yearbook, typeShipping: 7 }, 'typeShipping'],
    ];
    for (const [fields, path] of cases) {
      const response = await call('POST', '/api/products', ADVISER, { storeId, name: 'P', ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(pathsOf(response), JSON.stringify(fields)).toContain(path);
    }
    const ad = await call('POST', '/api/products', ADVISER, {
      storeId,
      typeProduct: productType.YearbookAd,
      typeSubProduct: 4,
      adSize: 2,
      name: 'Half page parent ad',
    });
    expect(ad.statusCode, ad.body).toBe(201);
    // Changing an ad into a text dedication leaves its size: refused until it is cleared.
    const changed = await call('PUT', `/api/products/${ad.json().id}`, ADVISER, {
      typeProduct: productType.TextOnlyDedication,
      typeSubProduct: 0,
    });
    expect(pathsOf(changed)).toEqual(['adSize']);
  });

  it('keeps prices over time: current price, overlaps 409 naming startsAt, endsAt after startsAt', async () => {
    const now = t.app.services.clock.now().getTime();
    const day = 24 * 3600 * 1000;
    const at = (offset: number) => new Date(now + offset * day).toISOString();
    const prices = `/api/products/${yearbookId}/prices`;
    const early = await call('POST', prices, ADVISER, { priceCents: 6500, startsAt: at(-30), endsAt: at(-1) });
    expect(early.statusCode, early.body).toBe(201);
    const regular = await call('POST', prices, ADVISER, { priceCents: 7500, startsAt: at(-1) });
    expect(regular.statusCode, regular.body).toBe(201);
    expect((await call('GET', `/api/products/${yearbookId}`, ADVISER)).json().currentPriceCents).toBe(7500);

    const inside = await call('POST', prices, ADVISER, { priceCents: 6000, startsAt: at(-20), endsAt: at(-10) });
    expect(inside.statusCode).toBe(409);
    expect(pathsOf(inside)).toEqual(['startsAt']);
    const same = await call('POST', prices, ADVISER, { priceCents: 6000, startsAt: at(-1) });
    expect(same.statusCode).toBe(409);
    const backwards = await call('POST', prices, ADVISER, { priceCents: 6000, startsAt: at(5), endsAt: at(4) });
    expect(pathsOf(backwards)).toEqual(['endsAt']);
    for (const priceCents of [-1, 1_000_001, 12.5]) {
      const bad = await call('POST', prices, ADVISER, { priceCents, startsAt: at(10) });
      expect(bad.statusCode, String(priceCents)).toBe(400);
      expect(pathsOf(bad)).toContain('priceCents');
    }
    // Two at once at the same start: the product lock lets one in.
    const racing = await Promise.all([
      call('POST', prices, ADVISER, { priceCents: 8000, startsAt: at(30) }),
      call('POST', prices, SALES_MANAGER, { priceCents: 8100, startsAt: at(30) }),
    ]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);

    const list = (await call('GET', prices, ADVISER)).json();
    expect(list.data.map((price: { priceCents: number }) => price.priceCents)).toEqual([
      6500,
      7500,
      racing.find((response) => response.statusCode === 201)!.json().priceCents,
    ]);
    const moved = await call('PUT', `${prices}/${regular.json().id}`, ADVISER, { priceCents: 7000 });
    expect(moved.statusCode, moved.body).toBe(200);
    const store = (await call('GET', `/api/stores/${storeId}/products`, ADVISER)).json();
    expect(store.data.find((product: { id: number }) => product.id === yearbookId).currentPriceCents).toBe(7000);
    const listed = (await call('GET', `/api/products?storeId[]=${storeId}`, ADVISER)).json();
    expect(listed.data.find((product: { id: number }) => product.id === yearbookId).currentPriceCents).toBe(7000);
    expect((await call('DELETE', `${prices}/${early.json().id}`, ADVISER)).statusCode).toBeLessThan(300);
    expect((await call('POST', prices, VOLUNTEER, { priceCents: 1, startsAt: at(50) })).statusCode).toBe(403);
  });

  it('keeps a school to its own products and prices', async () => {
    const [foreign] = await t.handle.db
      .insert(products)
      .values({ storeId: oakStoreId, typeProduct: productType.Yearbook, name: 'Oak Yearbook' })
      .returning();
    await t.handle.db.insert(productPrices).values({ productId: foreign!.id, priceCents: 5000 });
    expect((await call('GET', `/api/products/${foreign!.id}`, ADVISER)).statusCode).toBe(404);
    expect((await call('PUT', `/api/products/${foreign!.id}`, ADVISER, { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${foreign!.id}/prices`, ADVISER)).statusCode).toBe(404);
    const start = new Date().toISOString();
    expect(
      (await call('POST', `/api/products/${foreign!.id}/prices`, ADVISER, { priceCents: 1, startsAt: start }))
        .statusCode,
    ).toBe(404);
    const elsewhere = await call('POST', '/api/products', ADVISER, {
      storeId: oakStoreId,
      typeProduct: productType.Yearbook,
      name: 'Mine?',
    });
    expect(pathsOf(elsewhere)).toEqual(['storeId']);
    const list = (await call('GET', '/api/products?perPage=100', ADVISER)).json();
    expect(list.data.some((product: { id: number }) => product.id === foreign!.id)).toBe(false);
    const image = await call('POST', '/api/files/product_image', ADVISER, { productId: foreign!.id, data: PNG });
    expect(image.statusCode).toBe(404);
  });

  it('stores a product image (PNG by its bytes; other data 400) and retires a product on delete', async () => {
    const image = await call('POST', '/api/files/product_image', ADVISER, {
      productId: yearbookId,
      data: `data:image/png;base64,${PNG}`,
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().imageKey).toMatch(new RegExp(`^products/${yearbookId}/image-.+\\.png$`));
    const product = (await call('GET', `/api/products/${yearbookId}`, ADVISER)).json();
    expect(product.imageKey).toBe(image.json().imageKey);
    expect(product.imageUrl).toBeTruthy();
    const text = await call('POST', '/api/files/product_image', ADVISER, {
      productId: yearbookId,
      data: Buffer.from('hello, not an image').toString('base64'),
    });
    expect(text.statusCode).toBe(400);
    expect(pathsOf(text)).toEqual(['data']);
    expect(
      (await call('POST', '/api/files/product_image', VOLUNTEER, { productId: yearbookId, data: PNG })).statusCode,
    ).toBe(403);

    expect((await call('DELETE', `/api/products/${yearbookId}`, ADVISER)).statusCode).toBeLessThan(300);
    const [row] = await t.handle.db.select().from(products).where(eq(products.id, yearbookId));
    expect(row?.isActive).toBe(false);
  });
});

describe('e-commerce fees', () => {
  it('answers the fee table to anyone signed in', async () => {
    const fees = await call('GET', '/api/ecommerce_fees', VOLUNTEER);
    expect(fees.statusCode).toBe(200);
    expect(fees.json().data).toEqual(ecommerceFees.map((fee) => ({ ...fee })));
    expect((await t.call({ method: 'GET', url: '/api/ecommerce_fees' })).statusCode).toBe(401);
  });
});

describe('the demo', () => {
  it('gives every school a store this year at /store/<code>-2026, most open, last year’s closed', async () => {
    const stores = await t.handle.db.select().from(storeStatuses);
    const schoolCodes = new Map(
      (await t.handle.db.select({ id: accounts.id, code: accounts.code }).from(accounts)).map((row) => [
        row.id,
        row.code,
      ]),
    );
    const current = stores.filter((store) => store.year === 2026 && store.id !== storeId);
    expect(current.length).toBeGreaterThan(30);
    for (const store of stores.filter((store) => store.year === 2026 || store.year === 2025)) {
      expect(store.slug).toBe(`${schoolCodes.get(store.accountId)!.toLowerCase()}-${store.year}`);
      if (store.opensOn && store.closesOn) expect(store.opensOn <= store.closesOn).toBe(true);
    }
    const open = current.filter((store) => store.isOpen).length;
    expect(open).toBeGreaterThan(current.length / 2);
    expect(open).toBeLessThan(current.length);
    expect(stores.filter((store) => store.year === 2025).every((store) => !store.isOpen)).toBe(true);
  });

  it('sells every type and sub type, each valid, each of this year’s with a price now, some changed in season', async () => {
    const rows = await t.handle.db.select().from(products);
    for (const row of rows) expect(() => checkProductFields(row), row.name).not.toThrow();
    for (const type of productType.codes) {
      const subTypes = productSubTypes(type)?.codes.filter((code) => code !== 0) ?? [0];
      for (const sub of subTypes) {
        expect(
          rows.some((row) => row.typeProduct === type && row.typeSubProduct === sub),
          `${type}/${sub}`,
        ).toBe(true);
      }
    }
    for (const kind of [1, 2, 4]) expect(rows.some((row) => row.typePersonalization === kind)).toBe(true);
    const [lincolnStore] = await t.handle.db
      .select()
      .from(storeStatuses)
      .where(and(eq(storeStatuses.accountId, lincolnId), eq(storeStatuses.year, 2026)));
    const lincolnProducts = rows.filter((row) => row.storeId === lincolnStore!.id);
    const prices = await currentPrices(
      t.handle.db,
      lincolnProducts.map((row) => row.id),
      new Date(),
    );
    expect(prices.size).toBe(lincolnProducts.length);
    const history = await t.handle.db.select().from(productPrices);
    const changed = new Set(
      history.filter((price) => price.endsAt !== null && price.endsAt < new Date()).map((price) => price.productId),
    );
    expect(lincolnProducts.some((row) => changed.has(row.id))).toBe(true);
  });

  it('has coupons of both kinds each year, one used up and one expired', async () => {
    const coupons = await t.handle.db.select().from(discounts).where(eq(discounts.accountId, lincolnId));
    expect(new Set(coupons.map((coupon) => coupon.typeDiscount))).toEqual(new Set([1, 2]));
    expect(new Set(coupons.map((coupon) => coupon.year)).size).toBeGreaterThan(1);
    expect(coupons.some((coupon) => coupon.maxUses !== null && coupon.timesUsed >= coupon.maxUses)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(coupons.some((coupon) => coupon.endsOn !== null && coupon.endsOn < today)).toBe(true);
  });
});

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
