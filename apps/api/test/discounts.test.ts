import { accounts, discounts } from '@colophon/db';
import { discountType } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, SUPER, type TestApp, VOLUNTEER } from './harness';

/** Store coupons (issue 12): codes upper case and unique per account and year, amounts by type, tenancy. */
let t: TestApp;
let lincolnId: number;
let oakId: number;

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

const coupon = (fields: object = {}) => ({
  accountId: lincolnId,
  code: 'spring-10',
  typeDiscount: discountType.Percentage,
  amount: 1000,
  year: '2023-2024',
  ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  lincolnId = await accountId('Lincoln High School');
  oakId = await accountId('Oak Valley High School');
}, 60_000);
afterAll(() => t?.close());

describe('coupons', () => {
  it('keeps the code upper case, unique per account and year (409 naming code)', async () => {
    const created = await call('POST', '/api/discounts', ADVISER, coupon());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'SPRING-10', timesUsed: 0, isActive: true });
    const again = await call('POST', '/api/discounts', ADVISER, coupon({ code: 'Spring-10' }));
    expect(again.statusCode).toBe(409);
    expect(pathsOf(again)).toEqual(['code']);
    const nextYear = await call('POST', '/api/discounts', ADVISER, coupon({ year: '2024-2025' }));
    expect(nextYear.statusCode).toBe(201);
    // Another school may use the same code.
    expect((await call('POST', '/api/discounts', SUPER, coupon({ accountId: oakId }))).statusCode).toBe(201);
  });

  it('refuses bad fields with a 400 naming each', async () => {
    const cases: [object, string][] = [
      [{ code: 'ab' }, 'code'],
      [{ code: 'TEN PERCENT' }, 'code'],
      [{ code: 'x'.repeat(41) }, 'code'],
      [{ typeDiscount: 3 }, 'typeDiscount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 10_001 }, 'amount'],
      [{ amount: 12.5 }, 'amount'],
      [{ year: '2010-2011' }, 'year'],
      [{ year: '2026' }, 'year'],
      [{ maxUses: 0 }, 'maxUses'],
      [{ minimumOrderCents: -1 }, 'minimumOrderCents'],
      [{ startsOn: '2024-05-01', endsOn: '2024-04-01' }, 'endsOn'],
      [{ startsOn: 'tomorrow' }, 'startsOn'],
      [{ timesUsed: 5, code: 'USED-5' }, ''],
    ];
    for (const [fields, path] of cases) {
      const response = await call('POST', '/api/discounts', ADVISER, coupon({ code: 'NEW-ONE', ...fields }));
      if (path === '') {
        // timesUsed is read-only: ignored, never set by a body.
        expect(response.statusCode).toBe(201);
        expect(response.json().timesUsed).toBe(0);
        continue;
      }
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(pathsOf(response), JSON.stringify(fields)).toContain(path);
    }
    // Dollars are cents above 10000 too ($150 off).
    const dollars = await call(
      'POST',
      '/api/discounts',
      ADVISER,
      coupon({ code: 'BIG-150', typeDiscount: discountType.Dollar, amount: 15_000 }),
    );
    expect(dollars.statusCode, dollars.body).toBe(201);
    const toPercent = await call('PUT', `/api/discounts/${dollars.json().id}`, ADVISER, {
      typeDiscount: discountType.Percentage,
    });
    expect(pathsOf(toPercent)).toEqual(['amount']);
  });

  it('lists with filters (year, active, search) and keeps a school to its own coupons', async () => {
    const mine = (await call('GET', '/api/discounts?year[]=2023-2024&perPage=100', ADVISER)).json();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(
      mine.data.every(
        (row: { accountId: number; year: string }) => row.accountId === lincolnId && row.year === '2023-2024',
      ),
    ).toBe(true);
    const searched = (await call('GET', '/api/discounts?search=spring', ADVISER)).json();
    expect(searched.data.every((row: { code: string }) => row.code.includes('SPRING'))).toBe(true);
    const [oakCoupon] = await t.handle.db.select().from(discounts).where(eq(discounts.accountId, oakId));
    expect((await call('GET', `/api/discounts/${oakCoupon!.id}`, ADVISER)).statusCode).toBe(404);
    expect((await call('PUT', `/api/discounts/${oakCoupon!.id}`, ADVISER, { isActive: false })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/discounts/${oakCoupon!.id}`, ADVISER)).statusCode).toBe(404);
    const foreign = await call('POST', '/api/discounts', ADVISER, coupon({ accountId: oakId, code: 'MINE-NOT' }));
    expect(pathsOf(foreign)).toEqual(['accountId']);
    const inactive = (await call('GET', '/api/discounts?isActive=false&perPage=100', ADVISER)).json();
    expect(inactive.data.every((row: { isActive: boolean }) => !row.isActive)).toBe(true);
  });

  it('lets a treasurer read but not write, and a volunteer neither', async () => {
    expect((await call('GET', '/api/discounts', TREASURER)).statusCode).toBe(200);
    expect((await call('POST', '/api/discounts', TREASURER, coupon({ code: 'TREAS' }))).statusCode).toBe(403);
    expect((await call('GET', '/api/discounts', VOLUNTEER)).statusCode).toBe(403);
    expect((await call('POST', '/api/discounts', VOLUNTEER, coupon({ code: 'VOL' }))).statusCode).toBe(403);
  });
});
