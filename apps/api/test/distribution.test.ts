import { onlineOrderItems, onlineOrders, rowsOf, storeStatuses, userAccounts, users } from '@colophon/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DIRECT_ADVISER, type TestApp, VOLUNTEER } from './harness';
import { projectOf } from './proof-fixtures';

/*
 * Distribution day (issue 12): find a buyer, mark what they collect, the counts, the end-of-day
 * list, and marks replayed after a moment offline (idempotent, latest by device time, all or none).
 */

let t: TestApp;
let store: { id: number; accountId: number };
let otherStore: { id: number; accountId: number };
let adviserId: number;
/** Item ids by name. */
const items: Record<string, number> = {};
const orderNumbers: Record<string, string> = {};

/** The server's "now": a Thursday afternoon in London (distribution day). */
const NOW = new Date('2031-05-15T14:00:00Z');
const YEAR = 2031;

async function storeOf(accountId: number) {
  await t.handle.db
    .insert(storeStatuses)
    .values({ accountId, year: YEAR, opensOn: '2030-09-01' })
    .onConflictDoNothing();
  const [row] = await t.handle.db
    .select({ id: storeStatuses.id, accountId: storeStatuses.accountId })
    .from(storeStatuses)
    .where(and(eq(storeStatuses.accountId, accountId), eq(storeStatuses.year, YEAR)));
  if (!row) throw new Error('no store');
  return row;
}

let sequence = 0;
async function buyer(
  target: { id: number; accountId: number },
  student: { first: string; last: string; homeroom: string },
  lines: {
    key: string;
    typeProduct: number;
    typeShipping?: number;
    personalizationName?: string;
    isDonated?: boolean;
  }[],
  order: { status?: string; typeShipping?: number } = {},
) {
  sequence += 1;
  const orderNumber = `D31-${String(sequence).padStart(6, '0')}`;
  const paid = (order.status ?? 'paid') === 'paid' ? new Date('2030-10-01T10:00:00Z') : null;
  const [row] = await t.handle.db
    .insert(onlineOrders)
    .values({
      storeId: target.id,
      accountId: target.accountId,
      year: YEAR,
      orderNumber,
      status: order.status ?? 'paid',
      typePayment: 2,
      typeShipping: order.typeShipping ?? 1,
      parentName: `Parent ${student.last}`,
      parentEmail: `${student.first.toLowerCase()}@parents.test`,
      studentFirstName: student.first,
      studentLastName: student.last,
      homeroom: student.homeroom,
      subtotalCents: 5000,
      totalCents: 5000,
      paidAt: paid,
    })
    .returning({ id: onlineOrders.id });
  if (!row) throw new Error('no order');
  orderNumbers[`${student.first} ${student.last}`] = orderNumber;
  for (const line of lines) {
    const [item] = await t.handle.db
      .insert(onlineOrderItems)
      .values({
        onlineOrderId: row.id,
        accountId: target.accountId,
        year: YEAR,
        typeProduct: line.typeProduct,
        typeShipping: line.typeShipping ?? 1,
        quantity: 1,
        unitPriceCents: 2500,
        totalCents: 2500,
        personalizationName: line.personalizationName ?? null,
        isDonated: line.isDonated ?? false,
        paidAt: paid,
      })
      .returning({ id: onlineOrderItems.id });
    if (!item) throw new Error('no item');
    items[line.key] = item.id;
  }
}

const get = (url: string, as = ADVISER) => t.call({ method: 'GET', url, as });
const sync = (marks: object[], as = ADVISER) =>
  t.call({ method: 'POST', url: '/api/online_sales/distribution/marks', as, payload: { marks } });
const query = () => `accountId=${store.accountId}&year=${YEAR}`;
const mark = (itemId: number, handedOut: boolean, at: string, clientMarkId: string) => ({
  itemId,
  handedOut,
  at,
  clientMarkId,
});
async function itemRow(id: number) {
  const [row] = await t.handle.db.select().from(onlineOrderItems).where(eq(onlineOrderItems.id, id));
  if (!row) throw new Error('no item');
  return row;
}
async function counts() {
  const response = await get(`/api/online_sales/distribution/counts?${query()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ handedOut: number; toHandOut: number }>();
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock.now = () => NOW;
  const lincoln = await projectOf(t, 'Lincoln High School');
  store = await storeOf(lincoln.accountId);
  const [direct] = await t.handle.db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(eq(users.email, DIRECT_ADVISER));
  if (!direct) throw new Error('no direct school');
  otherStore = await storeOf(direct.accountId);
  const [adviser] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, ADVISER));
  adviserId = adviser?.id ?? 0;

  await buyer(store, { first: 'Ava', last: 'Zimmer', homeroom: 'Room 12' }, [
    { key: 'avaBook', typeProduct: 1, personalizationName: 'AVA Z' },
    { key: 'avaAd', typeProduct: 2 },
  ]);
  await buyer(store, { first: 'Ben', last: 'Abbott', homeroom: 'Room 12' }, [
    { key: 'benBook', typeProduct: 1 },
    { key: 'benDonated', typeProduct: 1, isDonated: true },
    // Not handed out at school: a summer single book, a photo upload link.
    { key: 'benSummer', typeProduct: 1, typeShipping: 2 },
    { key: 'benPhotoLink', typeProduct: 6 },
  ]);
  await buyer(store, { first: 'Cleo', last: 'Moss', homeroom: 'Room 3' }, [{ key: 'cleoBook', typeProduct: 1 }]);
  // Shipped home, and never paid: neither is collected at school.
  await buyer(store, { first: 'Dan', last: 'Home', homeroom: 'Room 3' }, [{ key: 'danBook', typeProduct: 1 }], {
    typeShipping: 3,
  });
  await buyer(store, { first: 'Eve', last: 'Unpaid', homeroom: 'Room 3' }, [{ key: 'eveBook', typeProduct: 1 }], {
    status: 'pending',
  });
  await buyer(otherStore, { first: 'Olga', last: 'Other', homeroom: 'Room 1' }, [{ key: 'olgaBook', typeProduct: 1 }]);
}, 60_000);
afterAll(() => t?.close());

describe('finding a buyer', () => {
  it('by student name, full name, homeroom or order number: what each collects', async () => {
    const byName = await get(`/api/online_sales/distribution?${query()}&search=zimm`);
    expect(byName.statusCode, byName.body).toBe(200);
    const [ava] = byName.json().data;
    expect(ava).toMatchObject({ studentFirstName: 'Ava', studentLastName: 'Zimmer', homeroom: 'Room 12' });
    expect(ava.items).toEqual([
      expect.objectContaining({
        id: items.avaBook,
        label: 'Yearbook',
        personalizationName: 'AVA Z',
        distributedAt: null,
      }),
      expect.objectContaining({ id: items.avaAd, label: expect.stringContaining('Yearbook Ad') }),
    ]);
    const fullName = await get(`/api/online_sales/distribution?${query()}&search=${encodeURIComponent('Ben Abbott')}`);
    const [ben] = fullName.json().data;
    expect(ben.items.map((item: { id: number }) => item.id)).toEqual([items.benBook, items.benDonated]);
    expect(ben.items[1].isDonated).toBe(true);

    const byRoom = await get(`/api/online_sales/distribution?${query()}&search=${encodeURIComponent('Room 3')}`);
    expect(byRoom.json().data.map((b: { studentFirstName: string }) => b.studentFirstName)).toEqual(['Cleo']);
    const byNumber = await get(`/api/online_sales/distribution?${query()}&search=${orderNumbers['Cleo Moss']}`);
    expect(byNumber.json().data).toHaveLength(1);
    // Sorted by homeroom, then last name.
    const byRoom12 = await get(`/api/online_sales/distribution?${query()}&search=${encodeURIComponent('Room 12')}`);
    expect(byRoom12.json().data.map((b: { studentLastName: string }) => b.studentLastName)).toEqual([
      'Abbott',
      'Zimmer',
    ]);
    expect(byRoom12.json().counts).toEqual({ handedOut: 0, toHandOut: 5 });
  });

  it('asks for a search, a school and a year (400 naming the field); another tenant’s store is a 404', async () => {
    const empty = await get(`/api/online_sales/distribution?${query()}&search=`);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('search');
    expect((await get(`/api/online_sales/distribution?year=${YEAR}&search=a`)).statusCode).toBe(400);
    const other = `accountId=${otherStore.accountId}&year=${YEAR}`;
    expect((await get(`/api/online_sales/distribution?${other}&search=Olga`)).statusCode).toBe(404);
    expect((await get(`/api/online_sales/distribution/counts?${other}`)).statusCode).toBe(404);
    expect((await get(`/api/online_sales/distribution/not_collected?${other}`)).statusCode).toBe(404);
    expect((await get(`/api/online_sales/distribution/counts?accountId=${store.accountId}&year=2040`)).statusCode).toBe(
      404,
    );
  });

  it('needs sales.manage', async () => {
    expect((await get(`/api/online_sales/distribution/counts?${query()}`, VOLUNTEER)).statusCode).toBe(403);
    expect(
      (await sync([mark(items.cleoBook ?? 0, true, NOW.toISOString(), 'volunteer-1')], VOLUNTEER)).statusCode,
    ).toBe(403);
  });
});

describe('marks', () => {
  it('hands an item out: when and by whom; the counts move', async () => {
    const at = '2031-05-15T13:59:00.000Z';
    const response = await sync([mark(items.avaBook ?? 0, true, at, 'mark-ava-1')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: [{ clientMarkId: 'mark-ava-1', itemId: items.avaBook, outcome: 'applied' }],
      items: [{ id: items.avaBook, distributedAt: at, distributedByUserId: adviserId }],
    });
    expect(await counts()).toEqual({ handedOut: 1, toHandOut: 4 });
  });

  it('the same mark twice changes nothing', async () => {
    const before = await itemRow(items.avaBook ?? 0);
    const again = await sync([mark(items.avaBook ?? 0, true, '2031-05-15T13:59:00.000Z', 'mark-ava-1')]);
    expect(again.json().results[0].outcome).toBe('duplicate');
    const after = await itemRow(items.avaBook ?? 0);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.distributedAt).toEqual(before.distributedAt);
  });

  it('a later mark wins over an earlier one by device time, in any order of arrival', async () => {
    const item = items.benBook ?? 0;
    // The undo (13:40) arrives in the same batch before the hand-out it undoes (13:30).
    const batch = await sync([
      mark(item, false, '2031-05-15T13:40:00.000Z', 'mark-ben-undo'),
      mark(item, true, '2031-05-15T13:30:00.000Z', 'mark-ben-out'),
    ]);
    expect(batch.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['applied', 'applied']);
    expect((await itemRow(item)).distributedAt).toBeNull();
    // A phone offline since 13:35 replays its hand-out now: older than the undo, it loses.
    const late = await sync([mark(item, true, '2031-05-15T13:35:00.000Z', 'mark-ben-phone2')]);
    expect(late.json().results[0].outcome).toBe('superseded');
    expect((await itemRow(item)).distributedAt).toBeNull();
    // A newer one wins.
    const newer = await sync([mark(item, true, '2031-05-15T13:50:00.000Z', 'mark-ben-phone3')]);
    expect(newer.json().results[0].outcome).toBe('applied');
    expect((await itemRow(item)).distributedAt).toEqual(new Date('2031-05-15T13:50:00.000Z'));
  });

  it('an item of another tenant fails the whole batch with a 404, and nothing is applied', async () => {
    const before = await itemRow(items.cleoBook ?? 0);
    const response = await sync([
      mark(items.cleoBook ?? 0, true, '2031-05-15T13:00:00.000Z', 'mark-cleo-1'),
      mark(items.olgaBook ?? 0, true, '2031-05-15T13:00:00.000Z', 'mark-olga-1'),
    ]);
    expect(response.statusCode).toBe(404);
    expect(await itemRow(items.cleoBook ?? 0)).toEqual(before);
    // Nor an item not collected at school, nor one that does not exist.
    for (const id of [items.danBook, items.eveBook, items.benSummer, items.benPhotoLink, 2_000_000_000]) {
      expect((await sync([mark(id ?? 0, true, '2031-05-15T13:00:00.000Z', `mark-x-${id}`)])).statusCode).toBe(404);
    }
  });

  it('refuses a mark from the future, a bad id and an empty batch (400 naming the field)', async () => {
    const future = await sync([mark(items.cleoBook ?? 0, true, '2031-05-15T15:00:00.000Z', 'mark-future')]);
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain('marks.0.at');
    const badId = await sync([mark(items.cleoBook ?? 0, true, NOW.toISOString(), 'bad id!')]);
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toContain('clientMarkId');
    expect((await sync([])).statusCode).toBe(400);
  });

  it('an undo only on the day the item was handed out', async () => {
    const item = items.benDonated ?? 0;
    await sync([mark(item, true, '2031-05-14T15:00:00.000Z', 'mark-bend-yesterday')]);
    const undo = await sync([mark(item, false, NOW.toISOString(), 'mark-bend-undo')]);
    expect(undo.json().results[0].outcome).toBe('too_late');
    expect((await itemRow(item)).distributedAt).toEqual(new Date('2031-05-14T15:00:00.000Z'));
  });
});

describe('the end-of-day list', () => {
  it('lists who has something still to collect, only what is still waiting, by homeroom and name', async () => {
    const response = await get(`/api/online_sales/distribution/not_collected?${query()}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(
      body.data.map((b: { studentFirstName: string; items: { id: number }[] }) => [
        b.studentFirstName,
        b.items.map((item) => item.id),
      ]),
    ).toEqual([
      ['Ava', [items.avaAd]],
      ['Cleo', [items.cleoBook]],
    ]);
    expect(body.counts).toEqual({ handedOut: 3, toHandOut: 2 });
    expect(await counts()).toEqual(body.counts);
  });
});

describe('two phones at once', () => {
  it('the same marks sent concurrently apply once', async () => {
    const item = items.cleoBook ?? 0;
    const marks = [mark(item, true, '2031-05-15T13:55:00.000Z', 'mark-cleo-race')];
    const answers = await Promise.all([sync(marks), sync(marks)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().results[0].outcome).sort()).toEqual(['applied', 'duplicate']);
    const row = await itemRow(item);
    expect(row.distributionMarkId).toBe('mark-cleo-race');
    const [counted] = await rowsOf<{ total: number }>(
      t.handle.db.execute(
        sql`select count(*)::int as total from online_order_items where distribution_mark_id = 'mark-cleo-race'`,
      ),
    );
    expect(counted?.total).toBe(1);
  });
});
