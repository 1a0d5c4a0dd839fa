import { accounts, onlineOrderItems, onlineOrders, projectMeta, projects, storeStatuses } from '@colophon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';

/*
 * The order forecast on fixtures (issue 12): a school with two past seasons and this one, its
 * enrollment and its project's copies. The arithmetic itself is table-tested in the domain.
 */

let t: TestApp;
let schoolId: number;
let newSchoolId: number;
/** Day 30 of the 2031 season (its store opened 2030-09-01), in the London afternoon. */
const NOW = new Date('2030-10-01T14:00:00Z');

async function school(code: string, name: string) {
  const [row] = await t.handle.db.insert(accounts).values({ code, name, type: 6 }).returning({ id: accounts.id });
  if (!row) throw new Error('no account');
  return row.id;
}

async function season(accountId: number, year: number, enrollment: number, copies: number | null = null) {
  const [store] = await t.handle.db
    .insert(storeStatuses)
    .values({ accountId, year, opensOn: `${year - 1}-09-01` })
    .returning({ id: storeStatuses.id });
  const [project] = await t.handle.db
    .insert(projects)
    .values({ accountId, name: `Yearbook ${year}`, year, typeBook: 1, copies })
    .returning({ id: projects.id });
  if (!store || !project) throw new Error('no season');
  await t.handle.db.insert(projectMeta).values({ projectId: project.id, enrollment });
  return store.id;
}

let sequence = 0;
/** Books (or other things) paid on a day; `paid: false` an order whose card failed or was refunded in full. */
async function sale(
  accountId: number,
  storeId: number,
  year: number,
  paidOn: string,
  quantity: number,
  options: { typeProduct?: number; paid?: boolean } = {},
) {
  sequence += 1;
  const paidAt = options.paid === false ? null : new Date(`${paidOn}T12:00:00Z`);
  const [order] = await t.handle.db
    .insert(onlineOrders)
    .values({
      storeId,
      accountId,
      year,
      orderNumber: `F-${sequence}`,
      status: paidAt ? 'paid' : 'failed',
      typePayment: 2,
      typeShipping: 1,
      parentName: 'A Parent',
      parentEmail: 'parent@forecast.test',
      subtotalCents: quantity * 3000,
      totalCents: quantity * 3000,
      paidAt,
    })
    .returning({ id: onlineOrders.id });
  if (!order) throw new Error('no order');
  await t.handle.db.insert(onlineOrderItems).values({
    onlineOrderId: order.id,
    accountId,
    year,
    typeProduct: options.typeProduct ?? 1,
    typeShipping: 1,
    quantity,
    unitPriceCents: 3000,
    totalCents: quantity * 3000,
    paidAt,
  });
}

const forecast = (accountId: number, year = 2031, as = SUPER) =>
  t.call({ method: 'GET', url: `/api/online_sales/forecast?accountId=${accountId}&year=${year}`, as });

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock.now = () => NOW;
  schoolId = await school('FC0001', 'Forecast High School');
  // 2029: 100 books by day 30 of 200 (a share of 0.5); 2030: 80 of 200 (0.4).
  const s2029 = await season(schoolId, 2029, 500);
  await sale(schoolId, s2029, 2029, '2028-09-10', 60);
  await sale(schoolId, s2029, 2029, '2028-10-01', 40);
  await sale(schoolId, s2029, 2029, '2028-12-01', 100);
  const s2030 = await season(schoolId, 2030, 500);
  await sale(schoolId, s2030, 2030, '2029-09-20', 80);
  await sale(schoolId, s2030, 2030, '2030-02-01', 120);
  // This season: 90 books so far; an ad, and a card that failed, are not books sold.
  const s2031 = await season(schoolId, 2031, 500, 210);
  await sale(schoolId, s2031, 2031, '2030-09-05', 50);
  await sale(schoolId, s2031, 2031, '2030-09-28', 40);
  await sale(schoolId, s2031, 2031, '2030-09-29', 3, { typeProduct: 2 });
  await sale(schoolId, s2031, 2031, '2030-09-29', 7, { paid: false });
  newSchoolId = await school('FC0002', 'New Forecast School');
  await season(newSchoolId, 2031, 300);
}, 60_000);
afterAll(() => t?.close());

describe('the order forecast', () => {
  it('blends the pace of two past seasons with enrollment × their sell-through', async () => {
    const response = await forecast(schoolId);
    expect(response.statusCode, response.body).toBe(200);
    // Shares 0.5 and 0.4 (median 0.45): 90 ÷ 0.45 = 200 (180–225); enrollment 500 × 40 % = 200
    // (160–240); two seasons of three weigh two thirds.
    expect(response.json()).toEqual({
      accountId: schoolId,
      year: 2031,
      soldSoFar: 90,
      seasonDay: 30,
      forecast: 200,
      low: 173,
      high: 230,
      copiesOrdered: 210,
      copiesSource: 'project',
      enrollment: 500,
      pastSeasons: 2,
      basis: '67 % the pace of 2 past seasons, 33 % enrollment × 40 % sell-through.',
    });
  });

  it('a past season read as it stood then: everything sold by its end', async () => {
    t.app.services.clock.now = () => new Date('2031-08-01T12:00:00Z');
    try {
      const response = await forecast(schoolId, 2030);
      expect(response.json()).toMatchObject({ soldSoFar: 200, forecast: 200, low: 200, pastSeasons: 1 });
    } finally {
      t.app.services.clock.now = () => NOW;
    }
  });

  it('a school with no history: enrollment × 40 %, ±20 %', async () => {
    const response = await forecast(newSchoolId);
    expect(response.json()).toMatchObject({
      soldSoFar: 0,
      forecast: 120,
      low: 96,
      high: 144,
      pastSeasons: 0,
      copiesOrdered: null,
      copiesSource: null,
    });
  });

  it('is tenant-scoped: another school is a 404; sales.view is needed; bad input a 400', async () => {
    expect((await forecast(schoolId, 2031, ADVISER)).statusCode).toBe(404);
    const bad = await t.call({ method: 'GET', url: `/api/online_sales/forecast?accountId=x&year=2031`, as: SUPER });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('accountId');
    expect(
      (await t.call({ method: 'GET', url: `/api/online_sales/forecast?accountId=${schoolId}&year=2031` })).statusCode,
    ).toBe(401);
  });
});
