import {
  accountManufacturerRelationships,
  accounts,
  auditLog,
  invoices,
  manufacturers,
  notifications,
  orderEvents,
  orders,
  queueMoves,
  shipments,
} from '@colophon/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';
import { type AccountProject, insertProof, projectOf } from './proof-fixtures';

let t: TestApp;
let lincoln: AccountProject;
let approvedProofId: number;

const get = (url: string, as: string) => t.call({ method: 'GET', url, as });
const post = (url: string, as: string, payload: object = {}) => t.call({ method: 'POST', url, as, payload });
const put = (url: string, as: string, payload: object = {}) => t.call({ method: 'PUT', url, as, payload });
const paths = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);
const order = { copies: 120, shippingMethod: 'UG', countExtras: 5 };

async function movesOf(orderId: number) {
  return t.handle.db.select().from(queueMoves).where(sql`(${queueMoves.payload}->>'orderId')::int = ${orderId}`);
}
async function notificationsOf(orderExternalId: string) {
  return t.handle.db.select().from(notifications).where(eq(notifications.orderExternalId, orderExternalId));
}
/** Places an order from the approved proof as the adviser; the order as answered. */
async function place(values: object = {}) {
  const response = await post('/api/orders', ADVISER, { ...order, proofId: approvedProofId, ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function setParentMustPay(account: AccountProject, value: boolean) {
  if (account.parentAccountId === null) throw new Error('the school has no parent');
  await t.handle.db
    .update(accounts)
    .set({ bMustPayBeforeProduction: value })
    .where(eq(accounts.id, account.parentAccountId));
}

beforeAll(async () => {
  t = await createTestApp();
  lincoln = await projectOf(t, 'Lincoln High School');
  // A clean slate: this project's demo orders would otherwise count as earlier shipped orders.
  await t.handle.db.delete(orders).where(eq(orders.projectId, lincoln.projectId));
  await t.handle.db.execute(sql`update projects set type_personalization = null where id = ${lincoln.projectId}`);
  approvedProofId = (await insertProof(t, lincoln.projectId, { status: 3, internalStatus: 3 })).id;
}, 60_000);
afterAll(() => t?.close());

describe('ordering from an approved proof', () => {
  it('places the order: Submitted, its manufacturer and plant, ship-by, timeline, notification and send', async () => {
    const response = await post('/api/orders', ADVISER, { ...order, proofId: approvedProofId });
    expect(response.statusCode).toBe(201);
    const placed = response.json();
    expect(placed).toMatchObject({
      projectId: lincoln.projectId,
      accountId: lincoln.accountId,
      proofId: approvedProofId,
      status: 1,
      displayStatus: 'Submitted',
      typeOrder: 1,
      copies: 120,
      countExtras: 5,
      shippingMethod: 'UG',
      xmlEdited: false,
      sentAt: null,
    });
    expect(placed.externalId).toBe(`ORD-26-${String(placed.id).padStart(5, '0')}`);
    expect(placed.submittedAt).not.toBeNull();
    expect(placed.shipBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(placed.shipBy > placed.submittedAt.slice(0, 10)).toBe(true);
    const [manufacturer] = await t.handle.db
      .select()
      .from(manufacturers)
      .where(eq(manufacturers.id, placed.manufacturerId));
    expect(placed.plantId).toBe(manufacturer?.plantId);

    const moves = await movesOf(placed.id);
    expect(moves.map((move) => move.payload)).toEqual([
      {
        orderId: placed.id,
        action: 'send',
        manufacturerId: placed.manufacturerId,
        plantId: placed.plantId,
        reason: null,
        requestedBy: expect.any(Number),
      },
    ]);
    const raised = await notificationsOf(placed.externalId);
    expect(raised.map((row) => row.typeNotification)).toEqual([5]);
    expect(raised[0]).toMatchObject({ accountId: lincoln.accountId, projectName: lincoln.projectName });

    const full = (
      await get(`/api/orders/${placed.id}?include=account,project,manufacturer,plant,events`, ADVISER)
    ).json();
    expect(full.account).toMatchObject({ id: lincoln.accountId, parentMustPayBeforeProduction: false });
    expect(full.project).toMatchObject({ id: lincoln.projectId, year: 2026 });
    expect(full.manufacturer.id).toBe(placed.manufacturerId);
    expect(full.plant.id).toBe(placed.plantId);
    expect(full.events.map((event: { kind: string }) => event.kind)).toEqual(['placed']);
    expect(full.events[0].userName).toMatch(/\S+ \S+/);
  });

  it('announces a personalized book as 101 Personalized Order Submitted', async () => {
    await t.handle.db.execute(sql`update projects set type_personalization = 1 where id = ${lincoln.projectId}`);
    try {
      const response = await post('/api/orders', ADVISER, { ...order, proofId: approvedProofId });
      expect(response.statusCode, response.body).toBe(201);
      const placed = response.json();
      expect((await notificationsOf(placed.externalId)).map((row) => row.typeNotification)).toEqual([101]);
    } finally {
      await t.handle.db.execute(sql`update projects set type_personalization = null where id = ${lincoln.projectId}`);
    }
  });

  it('refuses a proof not approved, a bad body and a redo with nothing shipped, naming the field', async () => {
    const pending = await insertProof(t, lincoln.projectId, { status: 1 });
    const notApproved = await post('/api/orders', ADVISER, { ...order, proofId: pending.id });
    expect(notApproved.statusCode).toBe(400);
    expect(paths(notApproved)).toEqual(['proofId']);
    expect(notApproved.json().errors[0].message).toBe('The proof must be approved before the book is ordered.');

    const missing = await post('/api/orders', ADVISER, { ...order, proofId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(paths(missing)).toEqual(['proofId']);

    for (const [body, field] of [
      [{ ...order, proofId: approvedProofId, copies: 0 }, 'copies'],
      [{ ...order, proofId: approvedProofId, shippingMethod: 'XX' }, 'shippingMethod'],
      [{ ...order, proofId: approvedProofId, typeOrder: 4 }, 'typeOrder'],
      [{ ...order, proofId: 'x' }, 'proofId'],
      [{ copies: 1, shippingMethod: 'UG' }, 'proofId'],
    ] as const) {
      const refused = await post('/api/orders', ADVISER, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(paths(refused)).toContain(field);
    }

    const redo = await post('/api/orders', ADVISER, { ...order, proofId: approvedProofId, typeOrder: 3 });
    expect(redo.statusCode).toBe(400);
    expect(paths(redo)).toEqual(['typeOrder']);
  });

  it('places a redo once a Production order of the project has shipped', async () => {
    const first = await place();
    const shipped = await post(`/api/orders/${first.id}/status`, SUPER, { status: 2, reason: 'Left the dock' });
    expect(shipped.statusCode).toBe(200);
    const redo = await post('/api/orders', ADVISER, { ...order, proofId: approvedProofId, typeOrder: 3 });
    expect(redo.statusCode).toBe(201);
    expect(redo.json().typeOrder).toBe(3);
  });
});

describe('paying before production', () => {
  it('keeps the order waiting for its invoice, and a recorded payment sends it', async () => {
    await setParentMustPay(lincoln, true);
    try {
      const placed = await place();
      expect(placed.displayStatus).toBe('Waiting for Payment');
      expect(await movesOf(placed.id)).toEqual([]);
      const [invoice] = await t.handle.db.select().from(invoices).where(eq(invoices.orderId, placed.id));
      expect(invoice).toMatchObject({ status: 'open', accountId: lincoln.accountId, typeProduct: 1, totalCents: 0 });
      const status = await get(`/api/orders/invoice/status/${placed.id}`, ADVISER);
      expect(status.json()).toMatchObject({ status: 'open', waitingForPayment: true, invoiceId: invoice?.id });

      // The school cannot mark its own invoice paid.
      expect((await post(`/api/orders/invoice/paid/${placed.id}`, ADVISER, { reason: 'Check' })).statusCode).toBe(403);
      const noReason = await post(`/api/orders/invoice/paid/${placed.id}`, SUPER, { reason: ' ' });
      expect(noReason.statusCode).toBe(400);
      expect(paths(noReason)).toContain('reason');

      const paid = await post(`/api/orders/invoice/paid/${placed.id}`, SUPER, { reason: 'Check 1042 received' });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'paid', waitingForPayment: false });
      expect(paid.json().paidAt).not.toBeNull();
      expect((await movesOf(placed.id)).length).toBe(1);
      expect((await notificationsOf(placed.externalId)).map((row) => row.typeNotification).sort()).toEqual([5, 52]);

      const again = await post(`/api/orders/invoice/paid/${placed.id}`, SUPER, { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect((await movesOf(placed.id)).length).toBe(1);

      const after = (await get(`/api/orders/${placed.id}?include=events,account`, ADVISER)).json();
      expect(after.displayStatus).toBe('Submitted');
      expect(after.account.parentMustPayBeforeProduction).toBe(true);
      expect(after.events.map((event: { kind: string }) => event.kind)).toEqual(['placed', 'waiting_payment', 'paid']);

      // A sample is not production: it goes at once.
      const sample = await place({ typeOrder: 2 });
      expect(sample.displayStatus).toBe('Submitted');
      expect((await movesOf(sample.id)).length).toBe(1);
      expect((await post(`/api/orders/invoice/paid/${sample.id}`, SUPER, { reason: 'No invoice' })).statusCode).toBe(
        409,
      );
      expect((await get(`/api/orders/invoice/status/${sample.id}`, ADVISER)).json()).toMatchObject({
        status: 'none',
        invoiceId: null,
        waitingForPayment: false,
      });
    } finally {
      await setParentMustPay(lincoln, false);
    }
  });
});

describe('who prints the book', () => {
  it('takes the nearest account’s manufacturer, the book’s type before every type', async () => {
    const makers = await t.handle.db.select().from(manufacturers).where(eq(manufacturers.isActive, true));
    const [first, second, third] = makers.slice(-3);
    if (!first || !second || !third || lincoln.parentAccountId === null) throw new Error('the demo changed');
    const relate = (accountId: number, manufacturerId: number, typeBook: number | null) =>
      t.handle.db.insert(accountManufacturerRelationships).values({ accountId, manufacturerId, typeBook });
    const saved = await t.handle.db
      .select()
      .from(accountManufacturerRelationships)
      .where(inArray(accountManufacturerRelationships.accountId, [lincoln.accountId, lincoln.parentAccountId]));
    await t.handle.db
      .delete(accountManufacturerRelationships)
      .where(inArray(accountManufacturerRelationships.accountId, [lincoln.accountId, lincoln.parentAccountId]));
    try {
      await relate(lincoln.parentAccountId, first.id, null);
      expect((await place()).manufacturerId).toBe(first.id);
      await relate(lincoln.parentAccountId, second.id, lincoln.project.typeBook);
      expect((await place()).manufacturerId).toBe(second.id);
      await relate(lincoln.accountId, third.id, null);
      const placed = await place();
      expect(placed.manufacturerId).toBe(third.id);
      expect(placed.plantId).toBe(third.plantId);
    } finally {
      await t.handle.db
        .delete(accountManufacturerRelationships)
        .where(inArray(accountManufacturerRelationships.accountId, [lincoln.accountId, lincoln.parentAccountId]));
      if (saved.length) await t.handle.db.insert(accountManufacturerRelationships).values(saved);
    }
  });
});

describe('two payments at once', () => {
  it('pay the invoice once: one 200, one 409, one send', async () => {
    await setParentMustPay(lincoln, true);
    try {
      const placed = await place();
      const answers = await Promise.all([
        post(`/api/orders/invoice/paid/${placed.id}`, SUPER, { reason: 'Wire' }),
        post(`/api/orders/invoice/paid/${placed.id}`, SUPER, { reason: 'Check' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect((await movesOf(placed.id)).length).toBe(1);
    } finally {
      await setParentMustPay(lincoln, false);
    }
  });
});

describe('changing an order', () => {
  it('lets the orderer change it until it is sent, then answers 409', async () => {
    const placed = await place();
    const changed = await put(`/api/orders/${placed.id}`, ADVISER, { copies: 150, isExpedited: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ copies: 150, isExpedited: true, displayStatus: 'Submitted' });
    const bad = await put(`/api/orders/${placed.id}`, ADVISER, { copies: 0 });
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toContain('copies');

    await t.handle.db.update(orders).set({ sentAt: new Date(), sendCount: 1 }).where(eq(orders.id, placed.id));
    const atPlant = await put(`/api/orders/${placed.id}`, ADVISER, { copies: 160 });
    expect(atPlant.statusCode).toBe(409);
    expect(atPlant.json().detail).toBe('The order is at the plant: ask the plant side to change it.');
  });

  it('sets a status by hand with a reason: timeline, dates and the notification of part 3', async () => {
    const placed = await place();
    expect((await post(`/api/orders/${placed.id}/status`, ADVISER, { status: 11, reason: 'x' })).statusCode).toBe(403);
    const noReason = await post(`/api/orders/${placed.id}/status`, SUPER, { status: 11 });
    expect(noReason.statusCode).toBe(400);
    expect(paths(noReason), noReason.body).toContain('reason');
    const badStatus = await post(`/api/orders/${placed.id}/status`, SUPER, { status: 13, reason: 'x' });
    expect(badStatus.statusCode).toBe(400);
    expect(paths(badStatus)).toContain('status');
    expect((await post('/api/orders/999999/status', SUPER, { status: 11, reason: 'x' })).statusCode).toBe(404);

    const steps: [number, number | null][] = [
      [11, 8],
      [10, 9],
      [2, 6],
      [3, 7],
    ];
    for (const [status, notification] of steps) {
      const response = await post(`/api/orders/${placed.id}/status`, SUPER, { status, reason: `Now ${status}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
      const raised = await notificationsOf(placed.externalId);
      expect(raised.at(-1)?.typeNotification).toBe(notification);
    }
    const [audited] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'orders/:id/status'), eq(auditLog.resourceId, String(placed.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited?.detail).toMatchObject({ body: { status: 3, reason: 'Now 3' } });
    const same = await post(`/api/orders/${placed.id}/status`, SUPER, { status: 3, reason: 'Again' });
    expect(same.statusCode).toBe(409);
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row?.shippedAt).not.toBeNull();
    expect(row?.deliveredAt).not.toBeNull();
    const events = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.id));
    const statusLines = events.filter((event) => event.kind === 'status');
    expect(statusLines.map((event) => [event.fromStatus, event.toStatus, event.source, event.message])).toEqual([
      [1, 11, 'user', 'Now 11'],
      [11, 10, 'user', 'Now 10'],
      [10, 2, 'user', 'Now 2'],
      [2, 3, 'user', 'Now 3'],
    ]);
  });

  it('raises the freight notifications for an LTL order', async () => {
    const placed = await place({ shippingMethod: 'LTL' });
    await post(`/api/orders/${placed.id}/status`, SUPER, { status: 2, reason: 'On the truck' });
    await post(`/api/orders/${placed.id}/status`, SUPER, { status: 8, reason: 'Both delivered' });
    const raised = (await notificationsOf(placed.externalId)).map((row) => row.typeNotification);
    expect(raised).toEqual([5, 108, 109]);
  });
});

describe('the displayed status (part 4) through the API', () => {
  it.each<[string, Partial<typeof orders.$inferInsert>, string]>([
    ['plant pickup shipped', { status: 2, shippingMethod: 'PP', countExtras: 3 }, 'Ready for Pickup'],
    ['combined copies shipped', { status: 2, bCombineCopies: true, countExtras: 3 }, 'Shipped'],
    ['no extras shipped', { status: 2, countExtras: 0 }, 'Shipped'],
    ['extras, no school tracking', { status: 2, countExtras: 3, studioTracking: '1Z2' }, 'Only Studio Copies Shipped'],
    ['extras, no studio tracking', { status: 2, countExtras: 3, schoolTracking: '1Z1' }, 'Only School Copies Shipped'],
    [
      'extras, both tracked',
      { status: 2, countExtras: 3, schoolTracking: '1Z1', studioTracking: '1Z2' },
      'Both Copies Shipped',
    ],
    ['in production', { status: 11 }, 'In Production'],
    ['lost', { status: 12 }, 'Lost in Transit'],
  ])('%s', async (_name, values, expected) => {
    const [row] = await t.handle.db
      .insert(orders)
      .values({ projectId: lincoln.projectId, accountId: lincoln.accountId, shippingMethod: 'UG', ...values })
      .returning();
    const answered = await get(`/api/orders/${row?.id}`, ADVISER);
    expect(answered.json().displayStatus).toBe(expected);
  });
});

describe('the Order Status list', () => {
  it('filters, searches, sorts and includes, on GET and on the POST search', async () => {
    const placed = await place();
    const list = async (query: string) => (await get(`/api/orders?perPage=100&${query}`, ADVISER)).json();
    const ids = (page: { data: { id: number }[] }) => page.data.map((row) => row.id);

    expect(ids(await list(`search=${placed.externalId}`))).toEqual([placed.id]);
    expect(ids(await list('search=Lincoln'))).toContain(placed.id);
    expect(ids(await list(`search=${encodeURIComponent(lincoln.projectName)}`))).toContain(placed.id);
    expect(ids(await list('search=Nowhere Academy'))).toEqual([]);
    expect(ids(await list('status[]=1&typeOrder[]=1'))).toContain(placed.id);
    expect(ids(await list('status[]=11'))).not.toContain(placed.id);
    expect(ids(await list(`ancestorId=${lincoln.accountId}`))).toContain(placed.id);
    expect(ids(await list(`accountId[]=${lincoln.accountId}&projectId=${lincoln.projectId}`))).toContain(placed.id);
    expect(ids(await list('year[]=2026'))).toContain(placed.id);
    expect(ids(await list('year[]=2025'))).not.toContain(placed.id);
    expect(ids(await list(`manufacturerId[]=${placed.manufacturerId}&plantId[]=${placed.plantId}`))).toContain(
      placed.id,
    );
    const today = placed.submittedAt.slice(0, 10);
    expect(ids(await list(`submittedFrom=${today}`))).toContain(placed.id);
    expect(ids(await list('submittedTo=2020-01-01'))).not.toContain(placed.id);
    expect(ids(await list(`submittedFrom=${encodeURIComponent(placed.submittedAt)}`))).toContain(placed.id);
    const sorted = await list('sort=-externalId&include=account,project,manufacturer,plant,shipments,events');
    expect(sorted.data.every((row: { displayStatus: string }) => typeof row.displayStatus === 'string')).toBe(true);
    expect(sorted.data[0].account.id).toBe(lincoln.accountId);
    expect((await get('/api/orders?include=secrets', ADVISER)).statusCode).toBe(400);
    expect((await get('/api/orders?sort=xml', ADVISER)).statusCode).toBe(400);

    const searched = await post('/api/orders/get/get_orders_post', ADVISER, {
      search: placed.externalId,
      status: [1],
      include: ['project', 'account'],
    });
    expect(searched.statusCode).toBe(200);
    expect(searched.json().data.map((row: { id: number }) => row.id)).toEqual([placed.id]);
    expect(searched.json().data[0]).toMatchObject({ displayStatus: 'Submitted', project: { id: lincoln.projectId } });
    const badSearch = await post('/api/orders/get/get_orders_post', ADVISER, { status: ['x'] });
    expect(badSearch.statusCode).toBe(400);

    const csv = await get(`/api/orders/export?search=${placed.externalId}`, ADVISER);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(placed.externalId);
  });
});

describe('shipments', () => {
  it('are written by the plant side, read by the order’s tenant, with the carrier’s tracking page', async () => {
    const placed = await place();
    const body = { orderId: placed.id, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', copies: 120 };
    expect((await post('/api/shipments', ADVISER, body)).statusCode).toBe(403);
    const created = await post('/api/shipments', SUPER, { ...body, shippedAt: '2026-05-01T12:00:00Z' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 2,
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: '2026-05-01T12:00:00.000Z',
    });
    const twice = await post('/api/shipments', SUPER, body);
    expect(twice.statusCode).toBe(409);
    expect(paths(twice)).toEqual(['trackingNumber']);
    const unknownOrder = await post('/api/shipments', SUPER, { ...body, orderId: 999_999 });
    expect(unknownOrder.statusCode).toBe(400);
    expect(paths(unknownOrder)).toEqual(['orderId']);
    const badNumber = await post('/api/shipments', SUPER, { ...body, trackingNumber: '1Z <x>' });
    expect(badNumber.statusCode).toBe(400);
    expect(paths(badNumber)).toContain('trackingNumber');

    const updated = await put(`/api/shipments/${created.json().id}`, SUPER, {
      status: 3,
      deliveredAt: '2026-05-04T15:00:00Z',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ status: 3, deliveredAt: '2026-05-04T15:00:00.000Z' });

    const mine = (await get(`/api/shipments?orderId[]=${placed.id}`, ADVISER)).json();
    expect(mine.data.map((row: { trackingNumber: string }) => row.trackingNumber)).toEqual(['1Z999AA10123456784']);
    const withShipments = (await get(`/api/orders/${placed.id}?include=shipments`, ADVISER)).json();
    expect(withShipments.shipments[0].trackingUrl).toContain('ups.com');
    const [row] = await t.handle.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, placed.id), eq(shipments.carrier, 'UPS')));
    expect(row?.deliveredAt?.toISOString()).toBe('2026-05-04T15:00:00.000Z');
  });
});

describe('the demo’s orders', () => {
  it('show every status and type, shipments with tracking numbers, timelines and the waiting invoice', async () => {
    const all = (await get('/api/orders?perPage=100&sort=status&include=shipments,events', SUPER)).json();
    expect(all.total).toBeGreaterThan(20);
    const statuses = await t.handle.db.selectDistinct({ status: orders.status }).from(orders);
    expect(new Set(statuses.map((row) => row.status))).toEqual(
      new Set([-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    );
    const types = await t.handle.db.selectDistinct({ typeOrder: orders.typeOrder }).from(orders);
    expect(new Set(types.map((row) => row.typeOrder))).toEqual(new Set([0, 1, 2, 3, 5]));
    const demoShipments = await t.handle.db.select().from(shipments);
    expect(demoShipments.some((row) => row.carrier === 'UPS' && /^1Z[0-9A-Z]{16}$/.test(row.trackingNumber))).toBe(
      true,
    );
    expect(demoShipments.some((row) => row.carrier === 'FedEx' && /^\d{12}$/.test(row.trackingNumber))).toBe(true);
    const [waiting] = await t.handle.db.select().from(invoices).where(eq(invoices.status, 'open'));
    expect(waiting?.orderId).not.toBeNull();
    const waitingOrder = (await get(`/api/orders/${waiting?.orderId}?include=events`, SUPER)).json();
    expect(waitingOrder.displayStatus).toBe('Waiting for Payment');
    expect(waitingOrder.events.map((event: { kind: string }) => event.kind)).toEqual(['placed', 'waiting_payment']);
    // Last season's: this file's own orders are this season's.
    const [delivered] = await t.handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 8), sql`${orders.externalId} like 'ORD-25-%'`))
      .limit(1);
    const timeline = (await get(`/api/orders/${delivered?.id}?include=events,shipments`, SUPER)).json();
    expect(
      timeline.events
        .filter((event: { kind: string }) => event.kind === 'status')
        .map((event: { toStatus: number }) => event.toStatus),
    ).toEqual([11, 2, 8]);
    expect(timeline.shipments.length).toBe(2);
    expect(timeline.shipments[0].trackingUrl).not.toBeNull();
    expect(timeline).toMatchObject({ manufacturerId: expect.any(Number), plantId: expect.any(Number) });
    expect(timeline.shipBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(timeline.externalId).toBe(`ORD-25-${String(delivered?.id).padStart(5, '0')}`);
  });
});
