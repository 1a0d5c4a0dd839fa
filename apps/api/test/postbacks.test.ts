import {
  POSTBACK_MANUFACTURER_HEADER,
  POSTBACK_SIGNATURE_HEADER,
  POSTBACK_TIMESTAMP_HEADER,
  POSTBACK_TOLERANCE_SECONDS,
  type PostbackBody,
} from '@colophon/contract';
import {
  accounts,
  manufacturers,
  notifications,
  orderEvents,
  orders,
  outboxEmails,
  plantPostbacks,
  projects,
  shipments,
  userAccounts,
  userNotificationPreferences,
  users,
} from '@colophon/db';
import { orderStatus } from '@colophon/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPostback } from '../src/modules/orders/postback-signature';
import { createTestApp, drainNotifications, type TestApp } from './harness';

let t: TestApp;
const SECRET = 'test-blt1-postback-secret';
const OTHER_SECRET = 'test-blt2-postback-secret';
const URL = '/api/manufacturer/internal/postbacks';
let blt1: number;
let blt2: number;
let lincoln: number;
let lincolnProject: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const rows = await db.select().from(manufacturers);
  blt1 = rows.find((row) => row.code === 'BLT1')!.id;
  blt2 = rows.find((row) => row.code === 'BLT2')!.id;
  await db.update(manufacturers).set({ postbackSecret: SECRET }).where(eq(manufacturers.id, blt1));
  await db.update(manufacturers).set({ postbackSecret: OTHER_SECRET }).where(eq(manufacturers.id, blt2));
  // A manufacturer that sends no postbacks: no secret.
  await db.update(manufacturers).set({ postbackSecret: null }).where(eq(manufacturers.code, 'BLTD'));
  const [account] = await db.select().from(accounts).where(eq(accounts.name, 'Lincoln High School'));
  lincoln = account!.id;
  const [project] = await db.select().from(projects).where(eq(projects.accountId, lincoln)).limit(1);
  lincolnProject = project!.id;
  await drainNotifications(t);
});

afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** A fresh order of Lincoln High School at a manufacturer, sent to the plant (Submitted). */
async function newOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  serial++;
  const [order] = await t.handle.db
    .insert(orders)
    .values({
      projectId: lincolnProject,
      accountId: lincoln,
      externalId: `PB-TEST-${process.pid}-${serial}`,
      status: orderStatus.Submitted,
      typeOrder: 1,
      manufacturerId: blt1,
      shippingMethod: 'UG',
      copies: 100,
      submittedAt: new Date(),
      ...values,
    })
    .returning();
  return order!;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
let postbackSerial = 0;
const postbackId = () => `pb-${process.pid}-${++postbackSerial}`;

interface SendOptions {
  code?: string;
  secret?: string;
  timestamp?: number;
  signature?: string | null;
  raw?: string;
}

/** Sends a postback signed as a plant would (or, with the options, as an attacker would). */
function send(body: Partial<PostbackBody> | Record<string, unknown>, options: SendOptions = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = options.timestamp ?? nowSeconds();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [POSTBACK_MANUFACTURER_HEADER]: options.code ?? 'BLT1',
    [POSTBACK_TIMESTAMP_HEADER]: String(timestamp),
  };
  const signature =
    options.signature === undefined ? signPostback(options.secret ?? SECRET, timestamp, raw) : options.signature;
  if (signature !== null) headers[POSTBACK_SIGNATURE_HEADER] = signature;
  return t.app.inject({ method: 'POST', url: URL, headers, payload: raw });
}

const report = (externalId: string | null, fields: Partial<PostbackBody> = {}): PostbackBody => ({
  postbackId: postbackId(),
  orderExternalId: externalId ?? 'none',
  occurredAt: new Date().toISOString(),
  ...fields,
});

const orderById = async (id: number) => (await t.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = (id: number) =>
  t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id));
const notificationsOf = (externalId: string) =>
  t.handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.orderExternalId, externalId))
    .orderBy(asc(notifications.id));
const postbacksOf = (id: number) => t.handle.db.select().from(plantPostbacks).where(eq(plantPostbacks.orderId, id));

describe('POST manufacturer/internal/postbacks: who may send one', () => {
  it('applies a postback signed with the manufacturer secret', async () => {
    const order = await newOrder();
    const occurredAt = new Date(Date.now() - 60_000).toISOString();
    const response = await send(
      report(order.externalId, { status: orderStatus.InProduction, occurredAt, message: 'On press 4' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      orderId: order.id,
      outcome: 'applied',
      status: orderStatus.InProduction,
      displayStatus: 'In Production',
    });
    const after = await orderById(order.id);
    expect(after.status).toBe(orderStatus.InProduction);
    expect(after.plantReportedAt?.toISOString()).toBe(occurredAt);
    const events = await eventsOf(order.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'status',
      source: 'plant',
      fromStatus: orderStatus.Submitted,
      toStatus: orderStatus.InProduction,
      message: 'On press 4',
    });
    expect((await postbacksOf(order.id)).map((row) => row.outcome)).toEqual(['applied']);
  });

  it('refuses with one 401 a missing or bad signature, a wrong secret, an old or future timestamp, an unknown manufacturer or one without a secret; nothing changes', async () => {
    const order = await newOrder();
    const body = report(order.externalId, { status: orderStatus.Shipped });
    const raw = JSON.stringify(body);
    const old = nowSeconds() - POSTBACK_TOLERANCE_SECONDS - 5;
    const attempts: SendOptions[] = [
      { signature: null },
      { signature: 'sha256=' },
      { signature: `sha256=${'0'.repeat(64)}` },
      { signature: signPostback(SECRET, nowSeconds(), raw).replace('sha256=', 'sha1=') },
      { secret: 'not-the-secret' },
      // Another manufacturer's secret, claiming to be BLT1.
      { secret: OTHER_SECRET },
      // A replay: signed correctly, but long ago.
      { timestamp: old },
      { timestamp: nowSeconds() + POSTBACK_TOLERANCE_SECONDS + 60 },
      // The signature of a different body (a tampered body).
      { signature: signPostback(SECRET, nowSeconds(), raw.replace('"status":2', '"status":3')) },
      { code: 'NOPE' },
      { code: '' },
      { code: 'BLTD' },
    ];
    const details = new Set<string>();
    for (const attempt of attempts) {
      const response = await send(body, attempt);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(401);
      details.add(response.json<{ detail: string }>().detail);
    }
    // A malformed timestamp header and an unsigned bad body are refused the same way.
    const badTimestamp = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': 'application/json',
        [POSTBACK_MANUFACTURER_HEADER]: 'BLT1',
        [POSTBACK_TIMESTAMP_HEADER]: 'yesterday',
        [POSTBACK_SIGNATURE_HEADER]: signPostback(SECRET, 'yesterday', raw),
      },
      payload: raw,
    });
    expect(badTimestamp.statusCode).toBe(401);
    const unsignedBadBody = await send({}, { raw: '{"status": "nonsense"', signature: null });
    expect(unsignedBadBody.statusCode).toBe(401);
    details.add(badTimestamp.json<{ detail: string }>().detail);
    details.add(unsignedBadBody.json<{ detail: string }>().detail);
    expect(details.size).toBe(1);

    const after = await orderById(order.id);
    expect(after.status).toBe(orderStatus.Submitted);
    expect(after.plantReportedAt).toBeNull();
    expect(await eventsOf(order.id)).toEqual([]);
    expect(await postbacksOf(order.id)).toEqual([]);
    expect(await notificationsOf(order.externalId!)).toEqual([]);
  });

  it('answers 404 for an order it does not know, and for an order of another manufacturer, alike', async () => {
    const unknown = await send(report('ORD-NOT-THERE', { status: orderStatus.Shipped }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toBe('No order ORD-NOT-THERE at this manufacturer.');

    const theirs = await newOrder({ manufacturerId: blt2 });
    const response = await send(report(theirs.externalId, { status: orderStatus.CanceledInManufacturing }));
    expect(response.statusCode).toBe(404);
    expect(response.json<{ detail: string }>().detail).toBe(`No order ${theirs.externalId} at this manufacturer.`);
    expect((await orderById(theirs.id)).status).toBe(orderStatus.Submitted);
    // Its own manufacturer may.
    const own = await send(report(theirs.externalId, { status: orderStatus.CanceledInManufacturing }), {
      code: 'BLT2',
      secret: OTHER_SECRET,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ outcome: 'applied', status: orderStatus.CanceledInManufacturing });
  });

  it('answers a signed bad body 400 naming the field', async () => {
    const order = await newOrder();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...report(order.externalId), status: 99 }, 'status'],
      [{ ...report(order.externalId), postbackId: undefined, status: 2 }, 'postbackId'],
      [{ ...report(order.externalId), occurredAt: 'soon', status: 2 }, 'occurredAt'],
      [report(order.externalId), 'status'],
      [
        { ...report(order.externalId), shipments: [{ trackingNumber: 'has spaces!', carrier: 'UPS' }] },
        'shipments.0.trackingNumber',
      ],
      [
        { ...report(order.externalId), occurredAt: new Date(Date.now() + 3600_000).toISOString(), status: 2 },
        'occurredAt',
      ],
      [{ ...report(order.externalId), error: { typeNotification: 199, message: 'Jam' } }, 'error.typeNotification'],
    ];
    for (const [body, field] of cases) {
      const response = await send(body);
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json<{ errors: { path: string }[] }>().errors;
      expect(errors.map((error) => error.path)).toContain(field);
    }
    const malformed = await send({}, { raw: '{"postbackId": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('body');
    expect((await orderById(order.id)).status).toBe(orderStatus.Submitted);
    expect(await postbacksOf(order.id)).toEqual([]);
  });
});

describe('POST manufacturer/internal/postbacks: exactly once', () => {
  it('answers the same postback again "duplicate": one event, one notification', async () => {
    const order = await newOrder();
    const body = report(order.externalId, {
      status: orderStatus.Shipped,
      shipments: [{ trackingNumber: '1ZDUP0001', carrier: 'UPS', typeTrackingNumber: 1 }],
    });
    const first = await send(body);
    expect(first.json()).toMatchObject({ outcome: 'applied', status: orderStatus.Shipped, displayStatus: 'Shipped' });
    const second = await send(body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first.json(), outcome: 'duplicate' });
    expect((await eventsOf(order.id)).map((event) => event.kind)).toEqual(['shipment', 'status']);
    const raised = await notificationsOf(order.externalId!);
    expect(raised.map((row) => row.typeNotification)).toEqual([6]);
    expect(raised[0]).toMatchObject({ carrier: 'UPS', trackingNumber: '1ZDUP0001' });
    expect(await postbacksOf(order.id)).toHaveLength(1);
  });

  it('applies two different postbacks racing on one order each once, and one postback racing with itself once', async () => {
    const order = await newOrder({ countExtras: 20, bCombineCopies: false });
    const occurredAt = new Date().toISOString();
    const school = report(order.externalId, {
      occurredAt,
      shipments: [{ trackingNumber: '1ZRACESCHOOL', carrier: 'UPS', typeTrackingNumber: 1 }],
    });
    const studio = report(order.externalId, {
      occurredAt,
      status: orderStatus.Shipped,
      shipments: [{ trackingNumber: '1ZRACESTUDIO', carrier: 'UPS', typeTrackingNumber: 2 }],
    });
    const answers = await Promise.all([send(school), send(studio), send(school), send(studio)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const outcomes = answers.map((answer) => answer.json<{ outcome: string }>().outcome).sort();
    expect(outcomes).toEqual(['applied', 'applied', 'duplicate', 'duplicate']);
    const after = await orderById(order.id);
    // Neither lost the other's tracking number.
    expect(after).toMatchObject({ schoolTracking: '1ZRACESCHOOL', studioTracking: '1ZRACESTUDIO', status: 2 });
    const events = await eventsOf(order.id);
    expect(events.filter((event) => event.kind === 'shipment')).toHaveLength(2);
    expect(events.filter((event) => event.kind === 'status')).toHaveLength(1);
    expect(await postbacksOf(order.id)).toHaveLength(2);
    expect(await t.handle.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toHaveLength(2);
    expect((await notificationsOf(order.externalId!)).map((row) => row.typeNotification)).toEqual([6]);
  });

  it('keeps a report older than the last one applied as "stale": no status change, but its new shipments are added', async () => {
    const order = await newOrder();
    const later = new Date(Date.now() - 60_000);
    const earlier = new Date(Date.now() - 120_000);
    const delivered = await send(
      report(order.externalId, { status: orderStatus.Delivered, occurredAt: later.toISOString() }),
    );
    expect(delivered.json()).toMatchObject({ outcome: 'applied', status: orderStatus.Delivered });
    const old = await send(
      report(order.externalId, {
        status: orderStatus.Shipped,
        occurredAt: earlier.toISOString(),
        shipments: [{ trackingNumber: '1ZSTALE01', carrier: 'UPS' }],
      }),
    );
    expect(old.json()).toMatchObject({ outcome: 'stale', status: orderStatus.Delivered, displayStatus: 'Delivered' });
    const after = await orderById(order.id);
    expect(after.status).toBe(orderStatus.Delivered);
    expect(after.plantReportedAt?.toISOString()).toBe(later.toISOString());
    expect(after.schoolTracking).toBe('1ZSTALE01');
    expect((await eventsOf(order.id)).map((event) => event.kind)).toEqual(['status', 'shipment']);
    expect((await postbacksOf(order.id)).map((row) => row.outcome).sort()).toEqual(['applied', 'stale']);
    // The same status again is "unchanged".
    const again = await send(report(order.externalId, { status: orderStatus.Delivered }));
    expect(again.json()).toMatchObject({ outcome: 'unchanged', status: orderStatus.Delivered });
  });
});

describe('POST manufacturer/internal/postbacks: what a report does', () => {
  it("sets the school's and the studio's tracking numbers, which the displayed status reads", async () => {
    const order = await newOrder({ countExtras: 12, bCombineCopies: false });
    const first = await send(
      report(order.externalId, {
        status: orderStatus.Shipped,
        shipments: [{ trackingNumber: '1ZSCHOOL01', carrier: 'UPS', typeTrackingNumber: 1, copies: 100 }],
      }),
    );
    expect(first.json()).toMatchObject({ outcome: 'applied', displayStatus: 'Only School Copies Shipped' });
    const second = await send(
      report(order.externalId, {
        shipments: [{ trackingNumber: '1ZSTUDIO01', carrier: 'UPS', typeTrackingNumber: 2, copies: 12 }],
      }),
    );
    expect(second.json()).toMatchObject({ outcome: 'applied', displayStatus: 'Both Copies Shipped' });
    // The same shipment again is nothing new; a change of its status is.
    const same = await send(
      report(order.externalId, {
        shipments: [{ trackingNumber: '1ZSTUDIO01', carrier: 'UPS', typeTrackingNumber: 2, copies: 12 }],
      }),
    );
    expect(same.json()).toMatchObject({ outcome: 'unchanged' });
    const lost = await send(
      report(order.externalId, {
        shipments: [{ trackingNumber: '1ZSTUDIO01', carrier: 'UPS', typeTrackingNumber: 2, copies: 12, status: 12 }],
      }),
    );
    expect(lost.json()).toMatchObject({ outcome: 'applied' });
    const rows = await t.handle.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id))
      .orderBy(asc(shipments.id));
    expect(rows.map((row) => [row.trackingNumber, row.typeTrackingNumber, row.status])).toEqual([
      ['1ZSCHOOL01', 1, 2],
      ['1ZSTUDIO01', 2, 12],
    ]);
    const studioOnly = await newOrder({ countExtras: 12, bCombineCopies: false });
    const studioFirst = await send(
      report(studioOnly.externalId, {
        status: orderStatus.Shipped,
        shipments: [{ trackingNumber: '1ZSTUDIO02', carrier: 'FedEx', typeTrackingNumber: 2 }],
      }),
    );
    expect(studioFirst.json()).toMatchObject({ displayStatus: 'Only Studio Copies Shipped' });
  });

  it('announces every new tracking number once: the Shipped notification names the latest, later boxes their own', async () => {
    const order = await newOrder({ countExtras: 12, bCombineCopies: false });
    await send(
      report(order.externalId, {
        status: orderStatus.Shipped,
        shipments: [
          { trackingNumber: '1ZBOXONE01', carrier: 'UPS', typeTrackingNumber: 1, copies: 50 },
          { trackingNumber: '1ZBOXTWO01', carrier: 'UPS', typeTrackingNumber: 1, copies: 50 },
        ],
      }),
    );
    // The studio's copies leave a day later; the same report again announces nothing.
    const later = report(order.externalId, {
      shipments: [{ trackingNumber: '1ZSTUDIO09', carrier: 'UPS', typeTrackingNumber: 2, copies: 12 }],
    });
    await send(later);
    await send({ ...later, postbackId: postbackId() });
    const announced = (await notificationsOf(order.externalId!)).map((row) => [
      row.typeNotification,
      row.trackingNumber,
      row.typeTrackingNumber,
    ]);
    // The status change names the latest box; the earlier box of the same report follows on its own.
    expect(announced).toEqual([
      [6, '1ZBOXTWO01', 1],
      [6, '1ZBOXONE01', 1],
      [6, '1ZSTUDIO09', 2],
    ]);
  });

  it('raises 108 Freight Order Shipped for an LTL order and 107 LTL Ready once', async () => {
    const order = await newOrder({ shippingMethod: 'LTL' });
    const ready = await send(report(order.externalId, { ltlReady: true }));
    expect(ready.json()).toMatchObject({ outcome: 'applied' });
    const readyAgain = await send(report(order.externalId, { ltlReady: true }));
    expect(readyAgain.json()).toMatchObject({ outcome: 'unchanged' });
    const shipped = await send(report(order.externalId, { status: orderStatus.Shipped }));
    expect(shipped.json()).toMatchObject({ outcome: 'applied', status: orderStatus.Shipped });
    expect((await notificationsOf(order.externalId!)).map((row) => row.typeNotification)).toEqual([107, 108]);
  });

  it("records a plant's error on the timeline and raises its notification (24 Processor Error by default)", async () => {
    const order = await newOrder();
    const plain = await send(report(order.externalId, { error: { message: 'Cover file missing' } }));
    expect(plain.json()).toMatchObject({ outcome: 'applied', status: orderStatus.Submitted });
    const coded = await send(report(order.externalId, { error: { typeNotification: 26, message: 'Bad spine width' } }));
    expect(coded.statusCode, coded.body).toBe(200);
    // With the status Error: one 24 with the message, not two.
    const withStatus = await send(
      report(order.externalId, { status: orderStatus.Error, error: { message: 'Press down' } }),
    );
    expect(withStatus.json()).toMatchObject({ outcome: 'applied', status: orderStatus.Error, displayStatus: 'Error' });
    const raised = await notificationsOf(order.externalId!);
    expect(raised.map((row) => [row.typeNotification, row.errorMessage])).toEqual([
      [24, 'Cover file missing'],
      [26, 'Bad spine width'],
      [24, 'Press down'],
    ]);
    const events = await eventsOf(order.id);
    expect(events.filter((event) => event.kind === 'plant_error').map((event) => event.message)).toEqual([
      'Cover file missing',
      'Bad spine width',
      'Press down',
    ]);
  });

  it("e-mails a postback's Order Shipped to a user who wants it and not to one who turned type 6 off", async () => {
    await drainNotifications(t);
    const db = t.handle.db;
    const linked = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(userAccounts, eq(userAccounts.userId, users.id))
      .where(and(eq(userAccounts.accountId, lincoln), eq(users.isActive, true)))
      .orderBy(asc(users.id));
    expect(linked.length).toBeGreaterThanOrEqual(2);
    const [wants, refuses] = linked as [(typeof linked)[number], (typeof linked)[number]];
    await db
      .delete(userNotificationPreferences)
      .where(
        and(
          inArray(userNotificationPreferences.userId, [wants.id, refuses.id]),
          eq(userNotificationPreferences.typeNotification, 6),
        ),
      );
    await db.insert(userNotificationPreferences).values([
      { userId: wants.id, typeNotification: 6, email: true },
      { userId: refuses.id, typeNotification: 6, email: false },
    ]);
    const order = await newOrder();
    const shipped = await send(
      report(order.externalId, {
        status: orderStatus.Shipped,
        shipments: [{ trackingNumber: '1ZMAIL0001', carrier: 'UPS' }],
      }),
    );
    expect(shipped.json()).toMatchObject({ outcome: 'applied' });
    expect(await drainNotifications(t)).toBeGreaterThanOrEqual(1);
    const mails = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, 'Order Shipped: Lincoln High School'));
    const ours = mails.filter((mail) => mail.text.includes(`Order: ${order.externalId}`));
    const to = ours.map((mail) => mail.toAddress);
    expect(to).toContain(wants.email);
    expect(to).not.toContain(refuses.email);
    expect(ours.find((mail) => mail.toAddress === wants.email)?.text).toContain('Tracking number: 1ZMAIL0001');
  });
});
