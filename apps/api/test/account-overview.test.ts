import { accounts, notifications, orders, projects, proofs, rowsOf, storeStatuses } from '@colophon/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
let studioId: number;
let branchId: number;
let oakValleyId: number;
const DAY = 86_400_000;
const now = Date.now();
const dateOnly = (time: number) => new Date(time).toISOString().slice(0, 10);

interface Row {
  accountName: string;
  project: { name: string; year: number } | null;
  latestProof: { statusLabel: string } | null;
  latestOrder: { displayStatus: string; status: number } | null;
  storeOpen: boolean;
  lastNotification: { label: string } | null;
  submissionDeadline: string | null;
  submittedAt: string | null;
  typeSoftware: number;
  isActive: boolean;
}

/**
 * A branch office of the demo studio with seven schools whose state is known exactly:
 * F1 delivered, F2 nothing yet, F3 shipped for plant pickup, F4 no project, F5 inactive,
 * F6 Store Only in production, F7 only last year's book.
 */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const [studio] = await db.select().from(accounts).where(eq(accounts.code, 'S10000'));
  const [oakValley] = await db.select().from(accounts).where(eq(accounts.name, 'Oak Valley High School'));
  studioId = studio!.id;
  oakValleyId = oakValley!.id;
  const [branch] = await db
    .insert(accounts)
    .values({ code: 'R29999', name: 'Fixture Branch', type: 10, parentAccountId: studioId, depth: 1 })
    .returning();
  branchId = branch!.id;
  const school = async (code: string, name: string, extra: Partial<typeof accounts.$inferInsert> = {}) => {
    const [row] = await db
      .insert(accounts)
      .values({ code, name, type: 6, parentAccountId: branchId, depth: 2, typeSoftware: 3, ...extra })
      .returning();
    return row!;
  };
  const project = async (accountId: number, name: string, year: number, deadlineDays: number | null, extra = {}) => {
    const [row] = await db
      .insert(projects)
      .values({
        accountId,
        name,
        year,
        typeBook: 5,
        typeSoftware: 3,
        submissionDeadline: deadlineDays === null ? null : dateOnly(now + deadlineDays * DAY),
        ...extra,
      })
      .returning();
    return row!;
  };
  const f1 = await school('A29991', 'F1 Complete');
  const f2 = await school('A29992', 'F2 Nothing Yet');
  const f3 = await school('A29993', 'F3 Pickup');
  const f4 = await school('A29994', 'F4 No Project');
  const f5 = await school('A29995', 'F5 Inactive', { isActive: false });
  const f6 = await school('A29996', 'F6 Store Only', { typeSoftware: 9 });
  const f7 = await school('A29997', 'F7 Last Year');
  const p1 = await project(f1.id, 'F1 Book', 2026, -30);
  await project(f2.id, 'F2 Book', 2026, 10);
  const p3 = await project(f3.id, 'F3 Book', 2026, -5);
  await project(f5.id, 'F5 Book', 2026, 20);
  const p6 = await project(f6.id, 'F6 Book', 2026, 3, { typeSoftware: 9 });
  const p7 = await project(f7.id, 'F7 Book', 2025, -300);
  await db.insert(proofs).values([
    { projectId: p1.id, status: 2, createdAt: new Date(now - 40 * DAY) },
    { projectId: p1.id, status: 3, internalStatus: 3, createdAt: new Date(now - 35 * DAY) },
    { projectId: p3.id, status: 1, createdAt: new Date(now - 8 * DAY) },
    { projectId: p7.id, status: 3, createdAt: new Date(now - 320 * DAY) },
  ]);
  await db.insert(orders).values([
    {
      projectId: p1.id,
      accountId: f1.id,
      status: 3,
      submittedAt: new Date(now - 10 * DAY),
      createdAt: new Date(now - 11 * DAY),
    },
    {
      projectId: p3.id,
      accountId: f3.id,
      status: 2,
      shippingMethod: 'PP',
      submittedAt: new Date(now - 5 * DAY),
      createdAt: new Date(now - 6 * DAY),
    },
    {
      projectId: p6.id,
      accountId: f6.id,
      status: 11,
      submittedAt: new Date(now - DAY),
      createdAt: new Date(now - 2 * DAY),
    },
    {
      projectId: p7.id,
      accountId: f7.id,
      status: 8,
      submittedAt: new Date(now - 290 * DAY),
      createdAt: new Date(now - 291 * DAY),
    },
  ]);
  await db.insert(storeStatuses).values([
    { accountId: f1.id, year: 2026, isOpen: true },
    { accountId: f2.id, year: 2026, isOpen: false },
    { accountId: f4.id, year: 2026, isOpen: true },
    { accountId: f6.id, year: 2026, isOpen: true },
    { accountId: f7.id, year: 2025, isOpen: true },
  ]);
  await db.insert(notifications).values([
    { accountId: f1.id, typeNotification: 7, date: new Date(now - 3 * DAY) },
    { accountId: f1.id, typeNotification: 6, date: new Date(now - 6 * DAY) },
    { accountId: f3.id, typeNotification: 6, date: new Date(now - 2 * DAY) },
    { accountId: f4.id, typeNotification: 999, date: new Date(now - DAY) },
  ]);
});
afterAll(async () => t.close());

const overview = async (query: string, id = branchId, as = OWNER) => {
  const response = await t.call({
    method: 'GET',
    url: `/api/accounts/account_summary_overview/${id}?${query.includes('perPage') ? '' : 'perPage=100&'}${query}`,
    as,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Row[]; total: number; page: number; perPage: number };
};
const names = (result: { data: Row[] }) => result.data.map((row) => row.accountName.slice(0, 2));

describe('the account summary overview', () => {
  it('lists every active school of the tree with its project of the year, by name', async () => {
    const result = await overview('year=2026');
    expect(names(result)).toEqual(['F1', 'F2', 'F3', 'F4', 'F6', 'F7']);
    expect(result.total).toBe(6);
    const byName = new Map(result.data.map((row) => [row.accountName.slice(0, 2), row]));
    expect(byName.get('F1')).toMatchObject({
      project: { name: 'F1 Book', year: 2026 },
      latestProof: { statusLabel: 'Approved' },
      latestOrder: { displayStatus: 'Delivered' },
      storeOpen: true,
      lastNotification: { label: 'Order Delivered' },
    });
    expect(byName.get('F3')?.latestOrder?.displayStatus).toBe('Ready for Pickup');
    expect(byName.get('F3')?.latestProof?.statusLabel).toBe('Needs Review');
    expect(byName.get('F4')).toMatchObject({
      project: null,
      latestOrder: null,
      lastNotification: { label: 'Unknown' },
    });
    expect(byName.get('F6')?.latestOrder?.displayStatus).toBe('In Production');
    expect(byName.get('F7')?.project).toBeNull();
    expect(byName.get('F2')?.submissionDeadline).toBe(dateOnly(now + 10 * DAY));
    expect(byName.get('F1')?.submittedAt).toBe(new Date(now - 10 * DAY).toISOString());
  });

  it('without a year, shows each school with every project it has', async () => {
    const result = await overview('');
    expect(result.data.find((row) => row.accountName.startsWith('F7'))?.project?.year).toBe(2025);
    expect(result.data.find((row) => row.accountName.startsWith('F7'))?.latestOrder?.displayStatus).toBe(
      'Both Copies Delivered',
    );
  });

  it.each([
    { filter: 'noProof=true', expected: ['F2', 'F4', 'F6', 'F7'] },
    { filter: 'noOrder=true', expected: ['F2', 'F4', 'F7'] },
    { filter: 'storeOpen=true', expected: ['F1', 'F4', 'F6'] },
    { filter: 'showInactive=true', expected: ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7'] },
    { filter: 'noNotifications=true', expected: ['F2', 'F6', 'F7'] },
    { filter: 'hasProject=true', expected: ['F1', 'F2', 'F3', 'F6'] },
    { filter: 'notShipped=true', expected: ['F6'] },
    { filter: 'notDelivered=true', expected: ['F3', 'F6'] },
    { filter: 'excludeStoreOnly=true', expected: ['F1', 'F2', 'F3', 'F4', 'F7'] },
    { filter: 'orderBySubmission=true', expected: ['F6', 'F3', 'F1', 'F2', 'F4', 'F7'] },
    { filter: 'hasProject=true&noOrder=true', expected: ['F2'] },
    { filter: 'noProof=false', expected: ['F1', 'F2', 'F3', 'F4', 'F6', 'F7'] },
    { filter: 'search=pickup', expected: ['F3'] },
  ])('filters with year=2026&$filter', async ({ filter, expected }) => {
    expect(names(await overview(`year=2026&${filter}`))).toEqual(expected);
  });

  it('filters the store by the project’s year when no year is asked', async () => {
    expect(names(await overview('storeOpen=true'))).toEqual(['F1', 'F4', 'F6', 'F7']);
    expect(names(await overview('year=2025&storeOpen=true'))).toEqual(['F7']);
  });

  it.each([
    { sort: '-accountName', expected: ['F7', 'F6', 'F4', 'F3', 'F2', 'F1'] },
    { sort: 'submissionDeadline', expected: ['F1', 'F3', 'F6', 'F2', 'F4', 'F7'] },
    { sort: '-submittedAt', expected: ['F6', 'F3', 'F1', 'F2', 'F4', 'F7'] },
    { sort: '-lastNotificationAt', expected: ['F4', 'F3', 'F1', 'F2', 'F6', 'F7'] },
    { sort: 'proofStatus', expected: ['F3', 'F1', 'F2', 'F4', 'F6', 'F7'] },
    { sort: '-orderStatus', expected: ['F6', 'F1', 'F3', 'F2', 'F4', 'F7'] },
  ])('sorts by $sort', async ({ sort, expected }) => {
    expect(names(await overview(`year=2026&sort=${sort}`))).toEqual(expected);
  });

  it('pages, and still counts past the last page', async () => {
    const second = await overview('year=2026&perPage=4&page=2');
    expect(second).toMatchObject({ total: 6, page: 2, perPage: 4 });
    expect(names(second)).toEqual(['F6', 'F7']);
    const beyond = await overview('year=2026&perPage=4&page=5');
    expect(beyond.total).toBe(6);
    expect(beyond.data).toEqual([]);
  });

  it('shows the studio owner only the studio’s own tree, every order status included', async () => {
    const first = await overview('showInactive=true', studioId);
    const result = { ...first, data: [...first.data] };
    for (let page = 2; (page - 1) * 100 < first.total; page++) {
      result.data.push(...(await overview(`showInactive=true&page=${page}`, studioId)).data);
    }
    expect(result.data).toHaveLength(first.total);
    expect(result.data.some((row) => row.accountName === 'Oak Valley High School')).toBe(false);
    expect(result.data.some((row) => row.accountName === 'Lincoln High School')).toBe(true);
    // Every school-like account under the studio, once per project (or once without).
    const [counted] = await rowsOf<{ total: number }>(
      t.handle.db.execute(sql`
        select count(*)::int as total from accounts a left join projects p on p.account_id = a.id
        where a.type not in (9, 10) and (a.parent_account_id = ${studioId}
          or a.parent_account_id in (select id from accounts where parent_account_id = ${studioId}))`),
    );
    const schools = counted?.total;
    expect(result.total).toBe(schools);
    const statuses = new Set(result.data.map((row) => row.latestOrder?.displayStatus).filter(Boolean));
    for (const shown of [
      'Waiting for Payment',
      'Ready for Pickup',
      'Shipped',
      'Only Studio Copies Shipped',
      'Only School Copies Shipped',
      'Both Copies Shipped',
      'Delivered',
      'In Production',
      'On Hold in Manufacturing',
      'Error',
    ]) {
      expect(statuses, shown).toContain(shown);
    }
  });

  it('answers 404 for another tenant’s account and to a school adviser for the studio', async () => {
    const foreign = await t.call({
      method: 'GET',
      url: `/api/accounts/account_summary_overview/${oakValleyId}`,
      as: OWNER,
    });
    expect(foreign.statusCode).toBe(404);
    const adviser = await t.call({
      method: 'GET',
      url: `/api/accounts/account_summary_overview/${studioId}`,
      as: ADVISER,
    });
    expect(adviser.statusCode).toBe(404);
    const superAdmin = await t.call({
      method: 'GET',
      url: `/api/accounts/account_summary_overview/${oakValleyId}?year=2026`,
      as: SUPER,
    });
    expect(superAdmin.json().data.map((row: Row) => row.accountName)).toEqual(['Oak Valley High School']);
  });

  it.each([
    { query: 'year=abc', path: 'year' },
    { query: 'noProof=maybe', path: 'noProof' },
    { query: 'sort=password', path: 'sort' },
    { query: 'perPage=500', path: 'perPage' },
  ])('answers 400 naming $path', async ({ query, path }) => {
    const response = await t.call({
      method: 'GET',
      url: `/api/accounts/account_summary_overview/${branchId}?${query}`,
      as: OWNER,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });
});
