import { orders, shipments } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from './harness';
import { type AccountProject, insertProof, projectOf } from './proof-fixtures';

/** Who may see, place and run orders: a school its tree, the plant side everything. */
let t: TestApp;
let lincoln: AccountProject;
let oakValley: AccountProject;
let lincolnOrderId: number;
let oakOrderId: number;
let lincolnProofId: number;
let oakProofId: number;

const CONTACT = 'contact@colophon.test';
const get = (url: string, as: string) => t.call({ method: 'GET', url, as });
const post = (url: string, as: string, payload: object = {}) => t.call({ method: 'POST', url, as, payload });
const put = (url: string, as: string, payload: object = {}) => t.call({ method: 'PUT', url, as, payload });
const body = (proofId: number) => ({ proofId, copies: 50, shippingMethod: 'FG' });

beforeAll(async () => {
  t = await createTestApp();
  lincoln = await projectOf(t, 'Lincoln High School');
  oakValley = await projectOf(t, 'Oak Valley High School');
  lincolnProofId = (await insertProof(t, lincoln.projectId, { status: 3 })).id;
  oakProofId = (await insertProof(t, oakValley.projectId, { status: 3 })).id;
  const placed = await post('/api/orders', DIRECT_ADVISER, body(oakProofId));
  expect(placed.statusCode, placed.body).toBe(201);
  oakOrderId = placed.json().id;
  const mine = await post('/api/orders', ADVISER, body(lincolnProofId));
  expect(mine.statusCode, mine.body).toBe(201);
  lincolnOrderId = mine.json().id;
  await t.handle.db.insert(shipments).values({ orderId: oakOrderId, carrier: 'FedEx', trackingNumber: '779400000001' });
}, 60_000);
afterAll(() => t?.close());

describe('a school sees only its tree', () => {
  it('lists only its own orders, and another tenant’s order is a 404 on every route', async () => {
    const list = (await get('/api/orders?perPage=100', ADVISER)).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(new Set(list.data.map((row: { accountId: number }) => row.accountId))).toEqual(new Set([lincoln.accountId]));
    const searched = (
      await post('/api/orders/get/get_orders_post', ADVISER, { ids: [oakOrderId], perPage: 10 })
    ).json();
    expect(searched.total).toBe(0);
    const byAccount = (await get(`/api/orders?accountId[]=${oakValley.accountId}`, ADVISER)).json();
    expect(byAccount.total).toBe(0);
    const byAncestor = (await get(`/api/orders?ancestorId=${oakValley.accountId}`, ADVISER)).json();
    expect(byAncestor.total).toBe(0);
    const csv = await get(`/api/orders/export?search=${encodeURIComponent('Oak Valley')}`, ADVISER);
    expect(csv.body.split('\r\n').length).toBe(1);

    expect((await get(`/api/orders/${oakOrderId}`, ADVISER)).statusCode).toBe(404);
    expect((await put(`/api/orders/${oakOrderId}`, ADVISER, { copies: 2 })).statusCode).toBe(404);
    expect((await get(`/api/orders/invoice/status/${oakOrderId}`, ADVISER)).statusCode).toBe(404);
    const shipmentList = (await get('/api/shipments?perPage=100', ADVISER)).json();
    expect(shipmentList.data.some((row: { orderId: number }) => row.orderId === oakOrderId)).toBe(false);
    const [foreignShipment] = await t.handle.db.select().from(shipments).where(eq(shipments.orderId, oakOrderId));
    expect((await get(`/api/shipments/${foreignShipment?.id}`, ADVISER)).statusCode).toBe(404);

    // The direct school sees its own; the studio owner sees its schools, not the direct one.
    expect((await get(`/api/orders/${oakOrderId}?include=shipments`, DIRECT_ADVISER)).json().shipments.length).toBe(1);
    expect((await get(`/api/orders/${lincolnOrderId}`, DIRECT_ADVISER)).statusCode).toBe(404);
    expect((await get(`/api/orders/${lincolnOrderId}`, OWNER)).statusCode).toBe(200);
    expect((await get(`/api/orders/${oakOrderId}`, OWNER)).statusCode).toBe(404);
    expect((await get(`/api/orders/${oakOrderId}`, SUPER)).statusCode).toBe(200);
  });

  it('cannot order from another tenant’s proof: 400 on proofId, nothing placed', async () => {
    const before = await t.handle.db.select().from(orders).where(eq(orders.proofId, oakProofId));
    const refused = await post('/api/orders', ADVISER, body(oakProofId));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { path: string }) => error.path)).toEqual(['proofId']);
    const after = await t.handle.db.select().from(orders).where(eq(orders.proofId, oakProofId));
    expect(after.length).toBe(before.length);
  });
});

describe('who may place and run orders', () => {
  it('refuses a volunteer and a studio contact the placing, whatever the body', async () => {
    for (const who of [VOLUNTEER, CONTACT]) {
      expect((await post('/api/orders', who, body(lincolnProofId))).statusCode).toBe(403);
      expect((await post('/api/orders', who, {})).statusCode).toBe(403);
      expect((await put(`/api/orders/${lincolnOrderId}`, who, { copies: 3 })).statusCode).toBe(403);
    }
    // A volunteer does not follow orders at all (no orders.view).
    expect((await get(`/api/orders/${lincolnOrderId}`, VOLUNTEER)).statusCode).toBe(403);
  });

  it('keeps status changes, payments and shipments to super administrators', async () => {
    for (const who of [ADVISER, OWNER]) {
      expect((await post(`/api/orders/${lincolnOrderId}/status`, who, { status: 11, reason: 'x' })).statusCode).toBe(
        403,
      );
      expect((await post(`/api/orders/invoice/paid/${lincolnOrderId}`, who, { reason: 'x' })).statusCode).toBe(403);
      expect(
        (await post('/api/shipments', who, { orderId: lincolnOrderId, carrier: 'UPS', trackingNumber: '1Z12345' }))
          .statusCode,
      ).toBe(403);
    }
    const changed = await post(`/api/orders/${lincolnOrderId}/status`, SUPER, { status: 11, reason: 'Started' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().displayStatus).toBe('In Production');
  });
});
