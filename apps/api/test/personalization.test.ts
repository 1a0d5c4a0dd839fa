import { notifications, orderEvents, orders, personalizationUploads, queueMoves } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderMoveWorker } from '../src/modules/orders/moves';
import { externalIdPrefixes } from '../src/modules/orders/personalization';
import { ADVISER, OWNER, SUPER, type TestApp } from './harness';
import { createPlantTestApp, insertOrder, type OrderRow } from './plant-fixtures';

let t: TestApp;
let sent: OrderRow;
let unsent: OrderRow;

beforeAll(async () => {
  t = await createPlantTestApp();
  sent = await insertOrder(t, 'Lincoln High School', { sentAt: new Date(), sendCount: 1 });
  unsent = await insertOrder(t, 'Oak Valley High School');
});
afterAll(() => t?.close());

const upload = (as: string, filename: string, data: string) =>
  t.call({ method: 'POST', url: '/api/upload_personalization_order_names', as, payload: { filename, data } });
const uploadsOf = (orderId: number) =>
  t.handle.db.select().from(personalizationUploads).where(eq(personalizationUploads.orderId, orderId));
const movesOf = async (orderId: number) =>
  (await t.handle.db.select().from(queueMoves)).filter(
    (row) => (row.payload as { orderId?: number }).orderId === orderId,
  );

const GOOD = 'first_name,last_name,grade,icons\nAda,Lovelace,K,star\nAlan,Turing,12,\n"Grace ""Amazing""",Hopper,7,\n';

describe('POST upload_personalization_order_names', () => {
  it('is for the personalization admins only', async () => {
    expect((await upload(OWNER, `${sent.externalId}.csv`, GOOD)).statusCode).toBe(403);
    expect((await upload(ADVISER, `${sent.externalId}.csv`, GOOD)).statusCode).toBe(403);
  });

  it("answers 404 when no order's external id begins the file name", async () => {
    const response = await upload(SUPER, 'NOPE-26-00000.csv', GOOD);
    expect(response.statusCode).toBe(404);
    expect((await upload(SUPER, 'names.txt', GOOD)).statusCode).toBe(400);
  });

  it('refuses a bad file naming each bad line (the header is line 1), and saves nothing', async () => {
    const long = 'x'.repeat(41);
    const response = await upload(
      SUPER,
      `${sent.externalId}.csv`,
      `name,cover_name,grade\nAda,,K\nBob,,3\nCy,,4\nDee,,5\nEve,,6\nFay,${long},7\nGus,,13\n`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'data', message: 'Line 7: cover name longer than 40 characters' },
      { path: 'data', message: 'Line 8: grade "13" is not K or 1 to 12' },
    ]);
    const header = await upload(SUPER, `${sent.externalId}.csv`, 'grade\nK\n');
    expect(header.json().errors).toEqual([
      { path: 'data', message: 'Line 1: the header needs first_name and last_name, or name' },
    ]);
    expect(await uploadsOf(sent.id)).toHaveLength(0);
    expect(await movesOf(sent.id)).toHaveLength(0);
  });

  it('keeps the CSV in the order folder, logs it, raises notification 80 and resends an order already at its plant', async () => {
    const response = await upload(SUPER, `${sent.externalId}-names.csv`, GOOD);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      orderId: sent.id,
      filename: `${sent.externalId}-names.csv`,
      rowCount: 3,
      fileKey: `orders/${sent.id}/personalization/${body.id}.csv`,
      sentAt: null,
    });
    expect((await t.app.services.files.get(body.fileKey))?.toString()).toBe(GOOD);
    const [line] = await t.handle.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, sent.id), eq(orderEvents.kind, 'personalization')));
    expect(line).toMatchObject({ source: 'user', message: `3 names (${sent.externalId}-names.csv)` });
    const notices = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderExternalId, sent.externalId ?? ''), eq(notifications.typeNotification, 80)));
    expect(notices).toHaveLength(1);
    const moves = await movesOf(sent.id);
    expect(moves.map((row) => (row.payload as { action: string }).action)).toEqual(['resend']);
  });

  it('the resend takes the names to the plant: the upload is marked sent', async () => {
    expect(await createOrderMoveWorker(t.app.services).drain()).toBe(1);
    const [row] = await uploadsOf(sent.id);
    expect(row?.sentAt).not.toBeNull();
    expect(await t.app.services.files.get(`orders/${sent.id}/tickets/2-resend.xml`)).not.toBeNull();
  });

  it('an order not yet sent takes the names with its first send (no resend queued)', async () => {
    const response = await upload(SUPER, `${unsent.externalId}.csv`, 'name\nKim Lee\n');
    expect(response.statusCode).toBe(201);
    expect(await movesOf(unsent.id)).toHaveLength(0);
  });

  it('a finished order takes no more names', async () => {
    const delivered = await insertOrder(t, 'Lincoln High School', { status: 3 });
    expect((await upload(SUPER, `${delivered.externalId}.csv`, 'name\nKim\n')).statusCode).toBe(409);
  });

  it('lists the uploads with their order', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/personalization_uploads?orderId=${sent.id}&include=order`,
      as: SUPER,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        orderId: sent.id,
        rowCount: 3,
        order: expect.objectContaining({ externalId: sent.externalId }),
      }),
    ]);
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.id, sent.id));
    expect(order?.externalId).toBe(sent.externalId);
  });
});

describe('GET presigned_personalization_upload_put', () => {
  it("hands out a signed PUT into the order's folder that takes the CSV", async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/presigned_personalization_upload_put?external_id=${sent.externalId}`,
      as: SUPER,
    });
    expect(response.statusCode).toBe(200);
    const grant = response.json();
    expect(grant.key).toMatch(new RegExp(`^orders/${sent.id}/personalization/incoming-\\d+\\.csv$`));
    expect(grant.filename).toBe(`${sent.externalId}.csv`);
    const put = await t.call({ method: 'PUT', url: grant.url, headers: grant.headers, payload: 'name\nAda\n' });
    expect(put.statusCode).toBe(200);
    expect((await t.app.services.files.get(grant.key))?.toString()).toBe('name\nAda\n');
    // The same link does not take another key.
    const elsewhere = await t.call({
      method: 'PUT',
      url: grant.url.replace(`orders/${sent.id}/`, `orders/${unsent.id}/`),
      headers: grant.headers,
      payload: 'x',
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('takes the size of the file (the exact length an S3 grant binds), within the limit', async () => {
    const url = `/api/presigned_personalization_upload_put?external_id=${sent.externalId}`;
    const sized = await t.call({ method: 'GET', url: `${url}&size=9`, as: SUPER });
    expect(sized.statusCode).toBe(200);
    const put = await t.call({
      method: 'PUT',
      url: sized.json().url,
      headers: sized.json().headers,
      payload: 'name\nBob\nCy',
    });
    expect(put.statusCode).toBe(413);
    expect((await t.call({ method: 'GET', url: `${url}&size=0`, as: SUPER })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `${url}&size=${6 * 1024 * 1024}`, as: SUPER })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown external id and 403 to others', async () => {
    const unknown = await t.call({
      method: 'GET',
      url: '/api/presigned_personalization_upload_put?external_id=NOPE',
      as: SUPER,
    });
    expect(unknown.statusCode).toBe(404);
    const owner = await t.call({
      method: 'GET',
      url: `/api/presigned_personalization_upload_put?external_id=${sent.externalId}`,
      as: OWNER,
    });
    expect(owner.statusCode).toBe(403);
  });
});

describe('externalIdPrefixes', () => {
  it.each([
    ['ORD-26-00012.csv', ['ORD-26-00012', 'ORD', 'ORD-26']],
    ['ORD-26-00012-names.csv', ['ORD-26-00012-names', 'ORD', 'ORD-26', 'ORD-26-00012']],
    ['C:\\Users\\x\\ORD-26-00012.CSV', ['ORD-26-00012', 'ORD', 'ORD-26']],
  ])('%s', (filename, prefixes) => {
    expect(externalIdPrefixes(filename)).toEqual(prefixes);
  });
});
