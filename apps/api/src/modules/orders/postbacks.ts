import { Readable } from 'node:stream';
import {
  POSTBACK_MANUFACTURER_HEADER,
  POSTBACK_SIGNATURE_HEADER,
  POSTBACK_TIMESTAMP_HEADER,
  POSTBACK_TOLERANCE_SECONDS,
  receivePostback,
} from '@colophon/contract';
import { accounts, type Db, manufacturers, notifications, orders, plantPostbacks, shipments } from '@colophon/db';
import {
  displayOrderStatus,
  hasShipped,
  notificationType,
  orderStatus,
  orderStatusNotification,
  trackingNumberType,
} from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { implement } from '../../engine/implement';
import { AppError, invalidField } from '../../errors';
import { notify } from '../notifications/notify';
import { verifyPostbackSignature } from './postback-signature';
import { applyOrderStatus, type OrderRow, orderNotificationFields, recordOrderEvent } from './status';

type PostbackBody = z.output<typeof receivePostback.body>;
type PostbackShipment = NonNullable<PostbackBody['shipments']>[number];
type Outcome = 'applied' | 'unchanged' | 'stale' | 'duplicate';

/** A postback is a few kilobytes (at most 50 shipments and two messages); anything far larger is refused unread. */
export const MAX_POSTBACK_BYTES = 256 * 1024;

/** One answer for every authentication failure: which part was wrong is not the caller's to learn. */
const REFUSED = 'The postback is not signed by a known manufacturer, or its signature has expired.';

/** The manufacturer whose signature a request carried, set before the body is parsed. */
const signedBy = new WeakMap<FastifyRequest, { id: number; code: string }>();

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The raw bytes of the body, at most `limit` (a 413 past it, before reading the rest). */
async function readRaw(payload: NodeJS.ReadableStream, declaredLength: number | undefined): Promise<Buffer> {
  const tooLarge = () => new AppError('payload_too_large', `A postback is at most ${MAX_POSTBACK_BYTES} bytes.`);
  if (declaredLength !== undefined && declaredLength > MAX_POSTBACK_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_POSTBACK_BYTES) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /api/manufacturer/internal/postbacks`: a plant reports on one of its orders. Public, with its
 * own authentication: the HMAC of the raw body with the manufacturer's secret, checked in
 * `preParsing` (this route's scope only), so an unsigned caller never reaches the JSON parser or the
 * body's validation: it gets the one 401, and a 400 naming a field is only ever answered to a plant.
 */
export async function registerPostbackRoutes(app: FastifyInstance) {
  const { services } = app;
  await app.register(async function postbackScope(scope) {
    scope.addHook('preParsing', async (request, _reply, payload) => {
      const declared = Number(request.headers['content-length']);
      const raw = await readRaw(payload, Number.isFinite(declared) ? declared : undefined);
      const code = header(request, POSTBACK_MANUFACTURER_HEADER)?.trim();
      const [manufacturer] =
        code && code.length <= 8
          ? await services.db
              .select({ id: manufacturers.id, code: manufacturers.code, secret: manufacturers.postbackSecret })
              .from(manufacturers)
              .where(eq(manufacturers.code, code))
          : [];
      const signed = verifyPostbackSignature({
        secret: manufacturer?.secret,
        timestamp: header(request, POSTBACK_TIMESTAMP_HEADER),
        signature: header(request, POSTBACK_SIGNATURE_HEADER),
        rawBody: raw,
        nowSeconds: Math.floor(services.clock.now().getTime() / 1000),
      });
      if (!manufacturer || !signed) throw new AppError('unauthenticated', REFUSED);
      signedBy.set(request, { id: manufacturer.id, code: manufacturer.code });
      // The JSON parser reads the same bytes again; Fastify checks their length against Content-Length.
      const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      replay.receivedEncodedLength = raw.length;
      return replay;
    });

    implement(scope, receivePostback, async function receive(request) {
      const manufacturer = signedBy.get(request as FastifyRequest);
      if (!manufacturer) throw new AppError('unauthenticated', REFUSED);
      const body = request.body;
      const occurredAt = new Date(body.occurredAt);
      const now = services.clock.now();
      // A plant clock far ahead would make every later report look stale: refuse it rather than keep it.
      if (occurredAt.getTime() > now.getTime() + POSTBACK_TOLERANCE_SECONDS * 1000) {
        throw invalidField('occurredAt', 'Is in the future');
      }
      if (body.error?.typeNotification !== undefined && !notificationType.has(body.error.typeNotification)) {
        throw invalidField('error.typeNotification', 'Not a notification type');
      }
      const { order, outcome } = await services.db.transaction((tx) =>
        applyPostback(tx, manufacturer.id, body, occurredAt),
      );
      return {
        orderId: order.id,
        outcome,
        status: order.status,
        displayStatus: await displayStatusOf(services.db, order),
      };
    });
  });
}

/** Applies one postback in the caller's transaction; the order row stays locked until it ends. */
async function applyPostback(
  tx: Db,
  manufacturerId: number,
  body: PostbackBody,
  occurredAt: Date,
): Promise<{ order: OrderRow; outcome: Outcome }> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.externalId, body.orderExternalId), eq(orders.manufacturerId, manufacturerId)))
    .for('update');
  // Another manufacturer's order is answered exactly like one that does not exist.
  if (!order) throw new AppError('not_found', `No order ${body.orderExternalId} at this manufacturer.`);
  // The postback's id is claimed first: the same id again (a retry, or a racing copy) finds it taken.
  const [claimed] = await tx
    .insert(plantPostbacks)
    .values({ manufacturerId, postbackId: body.postbackId, orderId: order.id, payload: body, outcome: 'applied' })
    .onConflictDoNothing({ target: [plantPostbacks.manufacturerId, plantPostbacks.postbackId] })
    .returning({ id: plantPostbacks.id });
  if (!claimed) return { order, outcome: 'duplicate' };

  const stale = order.plantReportedAt !== null && occurredAt < order.plantReportedAt;
  const shippedBefore = hasShipped(order.status);
  let changed = false;
  const added: PostbackShipment[] = [];
  // Shipments first: the Shipped notification names the latest tracking number.
  for (const shipment of body.shipments ?? []) {
    const applied = await applyShipment(tx, order, shipment, occurredAt, stale, body.message);
    if (applied) changed = true;
    if (applied === 'added') added.push(shipment);
  }
  let shippedNow = false;
  if (!stale) {
    const reportsError = body.status === orderStatus.Error;
    if (body.status !== undefined) {
      const message = reportsError ? (body.error?.message ?? body.message) : body.message;
      if (await applyOrderStatus(tx, order, body.status, { source: 'plant', message: message ?? null, occurredAt })) {
        changed = true;
        shippedNow = body.status === orderStatus.Shipped;
      }
    }
    if (body.error) {
      await recordPlantError(tx, order, body.error, occurredAt, reportsError);
      changed = true;
    }
    if (body.ltlReady && (await announceLtlReady(tx, order, occurredAt))) changed = true;
    // Every new tracking number reaches the school once: the Shipped notification names the latest
    // one; the others (a second box, the studio's copies shipped later) are announced on their own.
    const announced = shippedNow ? added.slice(0, -1) : shippedBefore ? added : [];
    for (const shipment of announced) await announceShipment(tx, order, shipment, occurredAt);
    await tx.update(orders).set({ plantReportedAt: occurredAt, updatedAt: new Date() }).where(eq(orders.id, order.id));
  }
  const outcome: Outcome = stale ? 'stale' : changed ? 'applied' : 'unchanged';
  if (outcome !== 'applied') {
    await tx.update(plantPostbacks).set({ outcome }).where(eq(plantPostbacks.id, claimed.id));
  }
  const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
  return { order: after ?? order, outcome };
}

/**
 * Adds a shipment the order does not have yet (by tracking number), or updates one whose status,
 * carrier or copies changed; a stale report only adds. Sets the order's school or studio tracking
 * number, which part 4's displayed status reads. Answers whether anything changed.
 */
async function applyShipment(
  tx: Db,
  order: OrderRow,
  shipment: PostbackShipment,
  occurredAt: Date,
  stale: boolean,
  message: string | undefined,
): Promise<'added' | 'updated' | null> {
  const status = shipment.status ?? orderStatus.Shipped;
  const fields = {
    status,
    typeTrackingNumber: shipment.typeTrackingNumber,
    carrier: shipment.carrier,
    shippingMethod: shipment.shippingMethod ?? order.shippingMethod,
    copies: shipment.copies ?? null,
  };
  const [existing] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, order.id), eq(shipments.trackingNumber, shipment.trackingNumber)));
  if (existing) {
    const same =
      existing.status === fields.status &&
      existing.typeTrackingNumber === fields.typeTrackingNumber &&
      existing.carrier === fields.carrier &&
      existing.shippingMethod === fields.shippingMethod &&
      existing.copies === fields.copies;
    if (same || stale) return null;
    await tx
      .update(shipments)
      .set({
        ...fields,
        ...(status === orderStatus.Delivered && !existing.deliveredAt ? { deliveredAt: occurredAt } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shipments.id, existing.id));
  } else {
    await tx.insert(shipments).values({
      orderId: order.id,
      trackingNumber: shipment.trackingNumber,
      ...fields,
      shippedAt: occurredAt,
      ...(status === orderStatus.Delivered ? { deliveredAt: occurredAt } : {}),
    });
  }
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'shipment',
    source: 'plant',
    toStatus: status,
    message: message ?? null,
    data: { ...fields, trackingNumber: shipment.trackingNumber, updated: Boolean(existing) },
    occurredAt,
  });
  const column = shipment.typeTrackingNumber === trackingNumberType.StudioCopies ? 'studioTracking' : 'schoolTracking';
  // A stale report fills a tracking number that is missing; it does not replace a newer one.
  if (!stale || !order[column]) {
    await tx
      .update(orders)
      .set({ [column]: shipment.trackingNumber, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    order[column] = shipment.trackingNumber;
  }
  return existing ? 'updated' : 'added';
}

/** Order Shipped (Freight Order Shipped for LTL) naming one shipment's carrier and tracking number. */
async function announceShipment(tx: Db, order: OrderRow, shipment: PostbackShipment, occurredAt: Date) {
  const method = shipment.shippingMethod ?? order.shippingMethod;
  const typeNotification = orderStatusNotification(orderStatus.Shipped, method);
  if (typeNotification === null) return;
  await notify(tx, {
    ...(await orderNotificationFields(tx, order, null)),
    typeNotification,
    date: occurredAt,
    shippingMethod: method,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    typeTrackingNumber: shipment.typeTrackingNumber,
  });
}

/**
 * The plant's error: a timeline line and its notification (the plant's error code, else 24 Processor
 * Error). When the same postback set the status Error, that status change already raised 24 with the
 * message; only a different code is raised besides.
 */
async function recordPlantError(
  tx: Db,
  order: OrderRow,
  error: NonNullable<PostbackBody['error']>,
  occurredAt: Date,
  statusRaisedError: boolean,
) {
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'plant_error',
    source: 'plant',
    message: error.message,
    data: error.typeNotification ? { typeNotification: error.typeNotification } : null,
    occurredAt,
  });
  const typeNotification = error.typeNotification ?? notificationType.ProcessorError;
  if (statusRaisedError && typeNotification === notificationType.ProcessorError) return;
  await notify(tx, {
    ...(await orderNotificationFields(tx, order, null)),
    typeNotification,
    date: occurredAt,
    errorMessage: error.message,
  });
}

/** 107 LTL Ready, once per order: a plant that says it again changes nothing. */
async function announceLtlReady(tx: Db, order: OrderRow, occurredAt: Date): Promise<boolean> {
  const [already] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, order.accountId),
        eq(notifications.typeNotification, notificationType.LTLReady),
        eq(notifications.orderExternalId, order.externalId ?? ''),
      ),
    )
    .limit(1);
  if (already) return false;
  await notify(tx, {
    ...(await orderNotificationFields(tx, order, null)),
    typeNotification: notificationType.LTLReady,
    date: occurredAt,
  });
  return true;
}

const parentAccounts = alias(accounts, 'parent_accounts');

/** Part 4's displayed status: it reads whether the account's parent must pay before production. */
async function displayStatusOf(db: Db, order: OrderRow): Promise<string> {
  const [parent] = await db
    .select({ bMustPayBeforeProduction: parentAccounts.bMustPayBeforeProduction })
    .from(accounts)
    .innerJoin(parentAccounts, eq(parentAccounts.id, accounts.parentAccountId))
    .where(eq(accounts.id, order.accountId));
  return displayOrderStatus({ ...order, account: { parent: parent ?? null } });
}
