import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notifications, orderEvents, orders, projects, queueMoves } from '@colophon/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../src/integrations/http/signed-http';
import { createOrderMoveWorker, orderMoveHandler } from '../src/modules/orders/moves';
import type { ClaimedJob } from '../src/queue';
import { OWNER, SUPER, type TestApp } from './harness';
import { createPlantTestApp, insertOrder, manufacturerByCode, type OrderRow, plantByCode } from './plant-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createPlantTestApp();
});
afterAll(() => t?.close());

const move = (as: string, payload: object) => t.call({ method: 'POST', url: '/api/queue_moves', as, payload });
const resend = (id: number, as: string, reason = 'The plant lost it') =>
  t.call({ method: 'POST', url: `/api/orders/${id}/resend`, as, payload: { reason } });
const orderRow = async (id: number) => (await t.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = (id: number, kind: string) =>
  t.handle.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), eq(orderEvents.kind, kind)))
    .orderBy(asc(orderEvents.id));
const drain = () => createOrderMoveWorker(t.app.services).drain();
/** An order already at its plant once (BLT1, Beltsville). */
const sentOrder = (on: TestApp = t) => insertOrder(on, 'Lincoln High School', { sentAt: new Date(), sendCount: 1 });
const errorsOf = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

describe('POST queue_moves and orders/{id}/resend', () => {
  let order: OrderRow;
  beforeAll(async () => {
    order = await sentOrder();
  });

  it('is for the order admin only, and 404 for an order that is not there', async () => {
    const phx = await manufacturerByCode(t, 'PHX1');
    expect((await move(OWNER, { orderId: order.id, manufacturerId: phx.id, reason: 'x' })).statusCode).toBe(403);
    expect((await resend(order.id, OWNER)).statusCode).toBe(403);
    expect((await move(SUPER, { orderId: 999_999, manufacturerId: phx.id, reason: 'x' })).statusCode).toBe(404);
    expect((await resend(999_999, SUPER)).statusCode).toBe(404);
  });

  it('refuses an unknown or inactive manufacturer, an unknown plant, the same place and a finished order', async () => {
    const blt1 = await manufacturerByCode(t, 'BLT1');
    const inactive = await manufacturerByCode(t, 'PHXS');
    const unknown = await move(SUPER, { orderId: order.id, manufacturerId: 999_999, reason: 'x' });
    expect([unknown.statusCode, errorsOf(unknown)]).toEqual([400, ['manufacturerId']]);
    const off = await move(SUPER, { orderId: order.id, manufacturerId: inactive.id, reason: 'x' });
    expect([off.statusCode, errorsOf(off)]).toEqual([400, ['manufacturerId']]);
    const noPlant = await move(SUPER, { orderId: order.id, manufacturerId: blt1.id, plantId: 999_999, reason: 'x' });
    expect([noPlant.statusCode, errorsOf(noPlant)]).toEqual([400, ['plantId']]);
    expect((await move(SUPER, { orderId: order.id, manufacturerId: blt1.id, reason: 'x' })).statusCode).toBe(409);
    const missingReason = await move(SUPER, { orderId: order.id, manufacturerId: blt1.id, reason: ' ' });
    expect(missingReason.statusCode).toBe(400);

    const delivered = await insertOrder(t, 'Lincoln High School', { status: 3 });
    const phx = await manufacturerByCode(t, 'PHX1');
    expect((await move(SUPER, { orderId: delivered.id, manufacturerId: phx.id, reason: 'x' })).statusCode).toBe(409);
    expect((await resend(delivered.id, SUPER)).statusCode).toBe(409);
    expect(await t.handle.db.select().from(queueMoves).where(eq(queueMoves.status, 0))).toHaveLength(0);
  });

  it('moves the order through the queue: new plant, a timeline line, notification 85, and the ticket sent there', async () => {
    const phx = await manufacturerByCode(t, 'PHX1');
    const phoenix = await plantByCode(t, 'P');
    const response = await move(SUPER, { orderId: order.id, manufacturerId: phx.id, reason: 'Beltsville is full' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      status: 0,
      payload: {
        orderId: order.id,
        action: 'move',
        manufacturerId: phx.id,
        plantId: phoenix.id,
        reason: 'Beltsville is full',
      },
    });
    // Nothing moves until the worker runs.
    expect((await orderRow(order.id)).manufacturerId).toBe(order.manufacturerId);

    expect(await drain()).toBe(1);
    const moved = await orderRow(order.id);
    expect(moved).toMatchObject({ manufacturerId: phx.id, plantId: phoenix.id, sendCount: 2 });
    expect(moved.sentAt).not.toBeNull();
    const [line] = await linesOf(order.id, 'moved');
    expect(line).toMatchObject({ source: 'user', message: 'Beltsville is full' });
    expect(line?.data).toMatchObject({
      from: { manufacturerId: order.manufacturerId, plantId: order.plantId },
      to: { manufacturerId: phx.id, plantId: phoenix.id },
    });
    const [sent] = await linesOf(order.id, 'sent');
    expect(sent?.data).toMatchObject({ sent: true, action: 'move', sendNumber: 2, adapter: 'embedded' });
    const notices = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderExternalId, order.externalId ?? ''), eq(notifications.typeNotification, 85)));
    expect(notices).toHaveLength(1);
    // The embedded plant: the ticket in the order's folder, naming the new manufacturer.
    const ticket = await t.app.services.files.get(`orders/${order.id}/tickets/2-move.xml`);
    expect(ticket?.toString()).toContain('<Manufacturer code="PHX1"');
    const [job] = await t.handle.db.select().from(queueMoves).where(eq(queueMoves.id, response.json().id));
    expect(job?.status).toBe(2);
  });

  it('resends: one more send, its own ticket file', async () => {
    const response = await resend(order.id, SUPER, 'The plant lost the first one');
    expect(response.statusCode).toBe(202);
    expect(response.json().payload).toMatchObject({ action: 'resend', orderId: order.id });
    expect(await drain()).toBe(1);
    expect((await orderRow(order.id)).sendCount).toBe(3);
    expect(await t.app.services.files.get(`orders/${order.id}/tickets/3-resend.xml`)).not.toBeNull();
    const sent = await linesOf(order.id, 'sent');
    expect(sent.map((line) => line.message)).toEqual(['Beltsville is full', 'The plant lost the first one']);
  });
});

describe('the queue_moves worker', () => {
  const claimed = (row: typeof queueMoves.$inferSelect): ClaimedJob<unknown> => ({
    queue: 'moves',
    id: row.id,
    payload: row.payload,
    attempts: 1,
    maxAttempts: 5,
    lockedBy: 'test',
    lockedUntil: new Date(Date.now() + 60_000),
    createdAt: row.createdAt,
    lastError: null,
  });
  const context = { signal: new AbortController().signal, heartbeat: async () => {} };

  it('runs a job twice (a crash, a lost lease) with one move, one send and one notification', async () => {
    const order = await sentOrder();
    const phx = await manufacturerByCode(t, 'PHX1');
    const response = await move(SUPER, { orderId: order.id, manufacturerId: phx.id, reason: 'Twice' });
    const [row] = await t.handle.db.select().from(queueMoves).where(eq(queueMoves.id, response.json().id));
    const handler = orderMoveHandler(t.app.services);
    const [first, second] = await Promise.all([handler(claimed(row!), context), handler(claimed(row!), context)]);
    const third = await handler(claimed(row!), context);
    expect(first).toEqual(second);
    expect(third).toEqual(first);
    // And once more through the worker, which then completes the row.
    expect(await drain()).toBe(1);
    expect(await linesOf(order.id, 'moved')).toHaveLength(1);
    expect(await linesOf(order.id, 'sent')).toHaveLength(1);
    expect((await orderRow(order.id)).sendCount).toBe(2);
    const notices = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderExternalId, order.externalId ?? ''), eq(notifications.typeNotification, 85)));
    expect(notices).toHaveLength(1);
  });

  it("sends a placed order ('send', queued by ordering) where it is", async () => {
    const order = await insertOrder(t);
    const [row] = await t.handle.db
      .insert(queueMoves)
      .values({
        payload: {
          orderId: order.id,
          action: 'send',
          manufacturerId: order.manufacturerId,
          plantId: order.plantId,
          reason: null,
          requestedBy: null,
        },
      })
      .returning();
    expect(await drain()).toBe(1);
    expect((await orderRow(order.id)).sendCount).toBe(1);
    expect(await linesOf(order.id, 'moved')).toHaveLength(0);
    const [sent] = await linesOf(order.id, 'sent');
    expect(sent).toMatchObject({ source: 'system', message: null });
    expect(sent?.data).toMatchObject({ jobId: row?.id, action: 'send' });
    expect(await t.app.services.files.get(`orders/${order.id}/tickets/1-send.xml`)).not.toBeNull();
  });

  it('sends no ticket that fails its schema: the job waits for a person (Attention)', async () => {
    const order = await sentOrder();
    await t.handle.db.update(projects).set({ pageCount: null }).where(eq(projects.id, order.projectId));
    const response = await resend(order.id, SUPER, 'No pages yet');
    expect(await drain()).toBe(1);
    const [job] = await t.handle.db.select().from(queueMoves).where(eq(queueMoves.id, response.json().id));
    expect(job?.status).toBe(4);
    expect(job?.lastError).toContain('JobTicket/Book/Pages: must be a whole number from 4 to 1000');
    expect((await orderRow(order.id)).sendCount).toBe(1);
    expect(await linesOf(order.id, 'sent')).toHaveLength(0);
    await t.handle.db.update(projects).set({ pageCount: 96 }).where(eq(projects.id, order.projectId));
  });

  it('moves an order not yet at any plant without sending it (its first send, after payment, goes there)', async () => {
    const order = await insertOrder(t);
    const phx = await manufacturerByCode(t, 'PHX1');
    expect((await resend(order.id, SUPER)).statusCode).toBe(409);
    const response = await move(SUPER, { orderId: order.id, manufacturerId: phx.id, reason: 'Before payment' });
    expect(response.statusCode).toBe(202);
    expect(await drain()).toBe(1);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ manufacturerId: phx.id, sendCount: 0, sentAt: null });
    expect(await linesOf(order.id, 'moved')).toHaveLength(1);
    expect(await linesOf(order.id, 'sent')).toHaveLength(0);
    const [job] = await t.handle.db.select().from(queueMoves).where(eq(queueMoves.id, response.json().id));
    expect(job).toMatchObject({ status: 2, result: { sent: false, action: 'move', orderId: order.id } });
  });

  it('sends nothing for an order canceled after its send was queued', async () => {
    const order = await insertOrder(t);
    const [row] = await t.handle.db
      .insert(queueMoves)
      .values({
        payload: {
          orderId: order.id,
          action: 'send',
          manufacturerId: null,
          plantId: null,
          reason: null,
          requestedBy: null,
        },
      })
      .returning();
    await t.handle.db.update(orders).set({ status: 9 }).where(eq(orders.id, order.id));
    expect(await drain()).toBe(1);
    const [job] = await t.handle.db.select().from(queueMoves).where(eq(queueMoves.id, row!.id));
    expect(job).toMatchObject({ status: 2, result: { sent: false, why: 'Canceled in Manufacturing' } });
    expect((await orderRow(order.id)).sendCount).toBe(0);
  });

  it('puts a job that is not an order move straight into Error', async () => {
    const [row] = await t.handle.db
      .insert(queueMoves)
      .values({ payload: { action: 'fly' } })
      .returning();
    await drain();
    const [after] = await t.handle.db.select().from(queueMoves).where(eq(queueMoves.id, row!.id));
    expect(after?.status).toBe(3);
  });
});

describe('a plant reached over HTTP (PLANT_TICKET_ENDPOINTS)', () => {
  let server: Server;
  let received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let answer = 200;
  let h: TestApp;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answer, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(answer === 200 ? { reference: `PLANT-${received.length}` } : { message: 'Inbox full' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    h = await createPlantTestApp({
      plantTickets: { endpoints: { blt1: `http://127.0.0.1:${port}/tickets` }, timeoutMs: 5_000 },
    });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("posts the ticket signed with the manufacturer's secret and an idempotency key of the job", async () => {
    received = [];
    answer = 200;
    const order = await sentOrder(h);
    const response = await h.call({
      method: 'POST',
      url: `/api/orders/${order.id}/resend`,
      as: SUPER,
      payload: { reason: 'Over HTTP' },
    });
    expect(response.statusCode).toBe(202);
    expect(await createOrderMoveWorker(h.app.services).drain()).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = received;
    const blt1 = await manufacturerByCode(h, 'BLT1');
    expect(
      verifySignature(
        blt1.postbackSecret ?? '',
        request?.headers['x-colophon-signature'] as string,
        request?.body ?? '',
      ),
    ).toBe(true);
    expect(
      verifySignature('another-secret', request?.headers['x-colophon-signature'] as string, request?.body ?? ''),
    ).toBe(false);
    expect(request?.headers['idempotency-key']).toBe(`colophon-order-${order.id}-job-${response.json().id}`);
    const body = JSON.parse(request?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'order.ticket',
      action: 'resend',
      sendNumber: 2,
      manufacturer: { code: 'BLT1' },
    });
    expect(body.ticket).toContain('<JobTicket version="1">');
    const [sent] = await h.handle.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'sent')));
    expect(sent?.data).toMatchObject({ adapter: 'http', reference: 'PLANT-1' });
    // Nothing is written to the order's folder when the plant is reached over HTTP.
    expect(await h.app.services.files.get(`orders/${order.id}/tickets/2-resend.xml`)).toBeNull();
  });

  it('a refusal fails the attempt: no send is counted, the job waits to be tried again', async () => {
    received = [];
    answer = 503;
    const order = await sentOrder(h);
    const response = await h.call({
      method: 'POST',
      url: `/api/orders/${order.id}/resend`,
      as: SUPER,
      payload: { reason: 'Plant down' },
    });
    await createOrderMoveWorker(h.app.services).drain();
    expect(received.length).toBeGreaterThanOrEqual(1);
    const [job] = await h.handle.db.select().from(queueMoves).where(eq(queueMoves.id, response.json().id));
    expect(job).toMatchObject({ status: 0 });
    expect(job?.lastError).toContain('Inbox full');
    const row = (await h.handle.db.select().from(orders).where(eq(orders.id, order.id)))[0];
    expect(row?.sendCount).toBe(1);
    const lines = await h.handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(desc(orderEvents.id));
    expect(lines.filter((line) => line.kind === 'sent')).toHaveLength(0);
  });
});
