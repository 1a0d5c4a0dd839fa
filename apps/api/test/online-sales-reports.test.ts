import { accounts, onlineOrderItems, onlineOrders, storeStatuses } from '@colophon/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byHomeroom } from '../src/modules/stores/reports-print';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from './harness';

/**
 * The sales reports on a small fixture of a year the demo never sells in (2031): exact cents, who
 * sees what, the exports and the distribution list.
 */
const YEAR = 2031;
let t: TestApp;
let lincolnId: number;
let oakId: number;

const get = (url: string, as: string) => t.call({ method: 'GET', url, as });
const post = (url: string, as: string, payload: object = {}) => t.call({ method: 'POST', url, as, payload });

type ItemFixture = Partial<typeof onlineOrderItems.$inferInsert> &
  Pick<typeof onlineOrderItems.$inferInsert, 'typeProduct' | 'quantity' | 'unitPriceCents'>;

async function order(
  accountId: number,
  storeId: number,
  number: string,
  fields: Partial<typeof onlineOrders.$inferInsert>,
  items: ItemFixture[],
  itemsPaid = true,
) {
  const subtotal = items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  const [row] = await t.handle.db
    .insert(onlineOrders)
    .values({
      storeId,
      accountId,
      year: YEAR,
      orderNumber: number,
      status: 'paid',
      typePayment: 2,
      typeShipping: 1,
      parentName: 'Pat Parent',
      parentEmail: 'pat@example.test',
      subtotalCents: subtotal,
      totalCents: subtotal + (fields.shippingCents ?? 0),
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no order');
  await t.handle.db.insert(onlineOrderItems).values(
    items.map((item) => ({
      onlineOrderId: row.id,
      accountId,
      year: YEAR,
      typeShipping: row.typeShipping,
      totalCents: item.quantity * item.unitPriceCents,
      paidAt: itemsPaid ? row.paidAt : null,
      ...item,
    })),
  );
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const [lincoln] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Lincoln High School'));
  const [oak] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Oak Valley High School'));
  if (!lincoln || !oak) throw new Error('demo accounts missing');
  lincolnId = lincoln.id;
  oakId = oak.id;
  const [lincolnStore] = await t.handle.db
    .insert(storeStatuses)
    .values({ accountId: lincolnId, year: YEAR })
    .returning();
  const [oakStore] = await t.handle.db.insert(storeStatuses).values({ accountId: oakId, year: YEAR }).returning();
  if (!lincolnStore || !oakStore) throw new Error('no store');
  const at = (day: string) => new Date(`${day}T15:00:00Z`);
  await order(
    lincolnId,
    lincolnStore.id,
    'T31-A',
    { paidAt: at('2031-09-02'), studentFirstName: 'Ann', studentLastName: 'Zed', homeroom: '101', grade: '9' },
    [
      { typeProduct: 1, quantity: 1, unitPriceCents: 5000, typePersonalization: 1, personalizationName: 'ANN' },
      { typeProduct: 3, quantity: 1, unitPriceCents: 1500, dedicationText: "=cmd|' /C calc'!A0" },
    ],
  );
  await order(
    lincolnId,
    lincolnStore.id,
    'T31-B',
    {
      paidAt: at('2031-09-10'),
      status: 'partially_refunded',
      refundedCents: 2000,
      shippingCents: 1000,
      typeShipping: 3,
      shipTo: { name: 'Bob Young', address1: '1 Elm St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      studentFirstName: 'Bob',
      studentLastName: 'Young',
      homeroom: '101',
    },
    [
      { typeProduct: 1, quantity: 2, unitPriceCents: 4500 },
      { typeProduct: 2, typeSubProduct: 1, quantity: 1, unitPriceCents: 10000, adSize: 2 },
    ],
  );
  // Refunded in full: the order's money stays (and is refunded); its items no longer count.
  await order(
    lincolnId,
    lincolnStore.id,
    'T31-C',
    { paidAt: at('2031-09-03'), status: 'refunded', refundedCents: 5000, homeroom: '103' },
    [{ typeProduct: 1, quantity: 1, unitPriceCents: 5000 }],
    false,
  );
  // Never paid: nowhere.
  await order(lincolnId, lincolnStore.id, 'T31-D', { status: 'pending', paidAt: null }, [
    { typeProduct: 1, quantity: 3, unitPriceCents: 5000 },
  ]);
  await order(
    lincolnId,
    lincolnStore.id,
    'T31-E',
    { paidAt: at('2031-09-11'), typePayment: 4, studentFirstName: 'Cara', studentLastName: 'Adams', homeroom: '102' },
    [{ typeProduct: 1, quantity: 1, unitPriceCents: 4000, isDonated: true }],
  );
  await order(oakId, oakStore.id, 'T31-F', { paidAt: at('2031-09-04'), homeroom: '201' }, [
    { typeProduct: 1, quantity: 5, unitPriceCents: 5000 },
  ]);
}, 60_000);
afterAll(() => t?.close());

const LINCOLN_OVERVIEW = {
  orders: 4,
  grossCents: 6500 + 20000 + 5000 + 4000,
  refundedCents: 7000,
  netCents: 35500 - 7000,
  itemsCents: 5000 + 1500 + 9000 + 10000 + 4000,
  books: 4,
  personalized: 1,
  ads: 1,
  textDedications: 1,
  donated: 1,
};

describe('the numbers', () => {
  it('revenue overview: paid items count, refunds subtract, by week', async () => {
    const answer = await post('/api/online_sales/revenue_overview', ADVISER, { year: YEAR });
    expect(answer.statusCode, answer.body).toBe(200);
    const { byWeek, ...totals } = answer.json();
    expect(totals).toEqual(LINCOLN_OVERVIEW);
    expect(byWeek).toEqual([
      { week: '2031-09-01', orders: 2, itemsCents: 6500 },
      { week: '2031-09-08', orders: 2, itemsCents: 23000 },
    ]);
  });

  it('counts and totals', async () => {
    const count = async (path: string) =>
      (await post(`/api/online_sales/${path}`, ADVISER, { year: YEAR, accountId: lincolnId })).json();
    expect(await count('total_items')).toEqual({ items: 5, quantity: 6, totalCents: 29500 });
    expect(await count('personalized_book_count')).toEqual({ count: 1 });
    expect(await count('generic_book_count')).toEqual({ count: 3 });
    expect(await count('dedication_ad_count')).toEqual({ count: 1 });
    expect(await count('text_dedication_ad_count')).toEqual({ count: 1 });
    expect(await count('donated_book_count')).toEqual({ count: 1 });
    expect(await count('get_ship_to_home_count')).toEqual({ count: 1 });
    expect(await count('book_counts_by_binding')).toEqual({ data: [{ typeBook: null, books: 4 }] });
    const personalized = await post('/api/online_sales/order_admin_number_of_personalized_books', SUPER, {
      account_id: lincolnId,
      year: YEAR,
    });
    expect(personalized.json()).toEqual({ count: 1 });
    const ranged = await post('/api/online_sales/total_items', ADVISER, {
      year: YEAR,
      from: '2031-09-05',
      to: '2031-09-10',
    });
    expect(ranged.json()).toEqual({ items: 2, quantity: 3, totalCents: 19000 });
    expect(
      (await post('/api/online_sales/total_items', ADVISER, { from: '2031-09-10', to: '2031-09-01' })).statusCode,
    ).toBe(400);
  });

  it('year to year: cumulative by week of the season', async () => {
    const answer = (
      await get(`/api/online_sales/year_to_year_sales_comparison?year=${YEAR}&accountId=${lincolnId}`, ADVISER)
    ).json();
    const year = answer.years.find((entry: { year: number }) => entry.year === YEAR);
    expect(year).toEqual({
      year: YEAR,
      totalCents: 29500,
      weeks: [
        { week: 1, cumulativeCents: 6500 },
        { week: 2, cumulativeCents: 29500 },
      ],
    });
  });

  it('the list reports, paged and sorted on the server', async () => {
    const orders = (
      await get(`/api/online_sales/online_orders_report?year=${YEAR}&sort=-totalCents&perPage=2`, ADVISER)
    ).json();
    expect(orders.total).toBe(4);
    expect(orders.data.map((row: { orderNumber: string }) => row.orderNumber)).toEqual(['T31-B', 'T31-A']);
    expect(orders.data[0]).toMatchObject({ totalCents: 20000, refundedCents: 2000, typePayment: 'Credit Card' });
    const names = (await get(`/api/online_sales/personalized_order_names?year=${YEAR}`, ADVISER)).json();
    expect(names.data).toEqual([expect.objectContaining({ personalizationName: 'ANN', homeroom: '101' })]);
    const home = (await get(`/api/online_sales/ship_to_home_address_list?year=${YEAR}`, ADVISER)).json();
    expect(home.data[0].address).toBe('Bob Young, 1 Elm St, Austin, TX 78701, US');
    const ads = (await post('/api/online_sales/dedication_ad_sales', ADVISER, { year: YEAR })).json();
    expect(ads.data).toEqual([expect.objectContaining({ orderNumber: 'T31-B', totalCents: 10000, adSize: 2 })]);
    const weekly = (await get(`/api/online_sales/weekly/accounts?year=${YEAR}&sort=week`, ADVISER)).json();
    expect(weekly.data.map((row: { itemsCents: number }) => row.itemsCents)).toEqual([6500, 23000]);
    const studio = (await get(`/api/online_sales/studio_overview_report?year=${YEAR}`, SUPER)).json();
    const lincolnRow = studio.data.find((row: { accountName: string }) => row.accountName === 'Lincoln High School');
    expect(lincolnRow).toMatchObject({ orders: 4, books: 4, grossCents: 35500, refundedCents: 7000, netCents: 28500 });
    const badSort = await get(`/api/online_sales/online_orders_report?year=${YEAR}&sort=parentEmail`, ADVISER);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].path).toBe('sort');
  });

  it('the distribution list: per homeroom, students alphabetically', async () => {
    const list = (await get(`/api/online_sales/distribution_list?year=${YEAR}&perPage=100`, ADVISER)).json();
    const groups = byHomeroom(list.data).map(([homeroom, rows]) => [
      homeroom,
      rows.map((row) => [row.studentName, row.books, row.personalizationName, row.ads, row.donated]),
    ]);
    expect(groups).toEqual([
      [
        '101',
        [
          ['Young, Bob', 2, null, 1, null],
          ['Zed, Ann', 1, 'ANN', null, null],
        ],
      ],
      ['102', [['Adams, Cara', null, null, null, 1]]],
    ]);
    const printed = await get(`/api/online_sales/distribution_list/print?year=${YEAR}`, ADVISER);
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toContain('text/html');
    expect(printed.body).toContain('<h2>101 (2)</h2>');
    expect(printed.body.indexOf('Young, Bob')).toBeLessThan(printed.body.indexOf('Zed, Ann'));
  });
});

describe('who sees what', () => {
  it('a school its own, a studio its schools, a super admin all; another tenant’s account is a 404', async () => {
    const books = async (as: string, filter: object = {}) => {
      const answer = await post('/api/online_sales/revenue_overview', as, { year: YEAR, ...filter });
      return answer.statusCode === 200 ? answer.json().books : answer.statusCode;
    };
    expect(await books(ADVISER)).toBe(4);
    expect(await books(OWNER)).toBe(4);
    expect(await books(DIRECT_ADVISER)).toBe(5);
    expect(await books(SUPER)).toBe(9);
    expect(await books(SUPER, { accountId: oakId })).toBe(5);
    expect(await books(ADVISER, { accountId: oakId })).toBe(404);
    expect(await books(DIRECT_ADVISER, { ancestorId: lincolnId })).toBe(404);
    expect(await books(VOLUNTEER)).toBe(403);
    const foreignList = await get(`/api/online_sales/online_orders_report?accountId=${lincolnId}`, DIRECT_ADVISER);
    expect(foreignList.statusCode).toBe(404);
    const foreignExport = await get(
      `/api/online_sales/export/distribution_list?format=csv&accountId=${lincolnId}`,
      DIRECT_ADVISER,
    );
    expect(foreignExport.statusCode).toBe(404);
    const own = (await get(`/api/online_sales/online_orders_report?year=${YEAR}`, DIRECT_ADVISER)).json();
    expect(own.data.map((row: { orderNumber: string }) => row.orderNumber)).toEqual(['T31-F']);
  });
});

describe('exports', () => {
  it('CSV: the whole filtered set, dollars from cents, formulas neutralised', async () => {
    const csv = await get(`/api/online_sales/export/text_dedication_ads_list?format=csv&year=${YEAR}`, ADVISER);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Dedication,Student,Parent,School,Order');
    expect(lines[1]).toBe(`'=cmd|' /C calc'!A0,Ann Zed,Pat Parent,Lincoln High School,T31-A`);
    const orders = await get(
      `/api/online_sales/export/online_orders_report?format=csv&year=${YEAR}&sort=orderNumber`,
      ADVISER,
    );
    const rows = orders.body.split('\r\n');
    expect(rows).toHaveLength(5);
    expect(rows[2]).toContain(',200.00,20.00,');
  });

  it('XLSX: parsed back, one row per record', async () => {
    const xlsx = await get(
      `/api/online_sales/export/online_orders_report?format=xlsx&year=${YEAR}&sort=orderNumber`,
      ADVISER,
    );
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(5);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Order');
    expect(sheet?.getRow(3).getCell(1).value).toBe('T31-B');
    expect(sheet?.getRow(3).getCell(10).value).toBe(200);
  });
});
