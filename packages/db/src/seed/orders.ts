import { addBusinessDays, londonDate, orderStatus } from '@colophon/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../create-db';
import { invoices, manufacturers, orderEvents, orders, projects, shipments } from '../schema/index';

type NewEvent = typeof orderEvents.$inferInsert;
type NewShipment = typeof shipments.$inferInsert;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The carrier of a shipping method, and a tracking number that looks like that carrier's. */
function carrierOf(method: string | null): { carrier: string; number: (seed: number) => string } | null {
  switch (method) {
    case 'UG':
    case 'GC':
      // UPS: 1Z, a six-character shipper number, a service code and eight digits.
      return {
        carrier: 'UPS',
        number: (seed) =>
          `1Z${(0x5a3e91 + seed).toString(36).toUpperCase().padStart(6, '0').slice(-6)}03${String(seed * 7919)
            .padStart(8, '0')
            .slice(-8)}`,
      };
    case 'FG':
      return {
        carrier: 'FedEx',
        number: (seed) =>
          String(7_794_000_000_00 + seed * 10_007)
            .padStart(12, '0')
            .slice(-12),
      };
    case 'FC':
    case 'PR':
    case 'PA':
      return {
        carrier: 'USPS',
        number: (seed) =>
          `94001118992238${String(seed * 613)
            .padStart(8, '0')
            .slice(-8)}`,
      };
    case 'LTL':
      return { carrier: 'Estes Express', number: (seed) => `PRO-${String(40_000_000 + seed * 37)}` };
    default:
      return null;
  }
}

/** The statuses an order went through at the plant to reach its status (after Submitted and its sending). */
function plantPath(status: number): number[] {
  const shipped = [orderStatus.InProduction, orderStatus.Shipped];
  switch (status) {
    case orderStatus.Customizing:
      return [orderStatus.Customizing];
    case orderStatus.Customized:
      return [orderStatus.Customizing, orderStatus.Customized];
    case orderStatus.InProduction:
      return [orderStatus.InProduction];
    case orderStatus.OnHoldInManufacturing:
      return [orderStatus.InProduction, orderStatus.OnHoldInManufacturing];
    case orderStatus.CanceledInManufacturing:
      return [orderStatus.CanceledInManufacturing];
    case orderStatus.Shipped:
      return shipped;
    case orderStatus.Delivered:
    case orderStatus.OnlySchoolCopiesDelivered:
    case orderStatus.OnlyStudioCopiesDelivered:
    case orderStatus.BothCopiesDelivered:
    case orderStatus.LostInTransit:
      return [...shipped, status];
    default:
      return [];
  }
}

/** Statuses of orders not yet at the plant (still being built, or waiting). */
const BEFORE_PLANT: ReadonlySet<number> = new Set([orderStatus.Processing, orderStatus.Waiting]);
const DELIVERED: ReadonlySet<number> = new Set([
  orderStatus.Delivered,
  orderStatus.OnlySchoolCopiesDelivered,
  orderStatus.OnlyStudioCopiesDelivered,
  orderStatus.BothCopiesDelivered,
]);

/**
 * The demo's orders made whole (issue 11): the external id from the order's own id, the manufacturer
 * and plant (the account's relationship, else one of the manufacturers in turn), copies, ship-by,
 * when each was sent, shipped and delivered; shipments with real-looking tracking numbers (the
 * order's school and studio tracking become those numbers); a timeline that tells how each order
 * reached its status; and the open invoice of the order that waits for payment.
 */
export async function completeDemoOrders(db: Db, now: number, waitingOrderId: number | null): Promise<void> {
  await db.execute(sql`
    update orders set external_id = 'ORD-' || lpad((p.year % 100)::text, 2, '0') || '-' || lpad(orders.id::text, 5, '0')
    from projects p where p.id = orders.project_id`);
  const all = await db.select().from(orders).orderBy(asc(orders.id));
  const makers = await db
    .select()
    .from(manufacturers)
    .where(eq(manufacturers.isActive, true))
    .orderBy(asc(manufacturers.id));
  const related = new Map(
    (
      await rowsOf<{ account_id: number; manufacturer_id: number }>(
        db.execute(sql`
        select distinct on (a.id) a.id as account_id, r.manufacturer_id
        from accounts a
        join account_manufacturer_relationships r
          on r.account_id in (a.id, a.parent_account_id, (select p.parent_account_id from accounts p where p.id = a.parent_account_id))
        order by a.id, r.id`),
      )
    ).map((row) => [Number(row.account_id), Number(row.manufacturer_id)]),
  );
  const projectCopies = new Map(
    (await db.select({ id: projects.id, copies: projects.copies }).from(projects)).map((row) => [row.id, row.copies]),
  );
  const events: NewEvent[] = [];
  const shipmentValues: NewShipment[] = [];
  for (const [index, order] of all.entries()) {
    const maker =
      makers.find((candidate) => candidate.id === related.get(order.accountId)) ?? makers[index % makers.length];
    const waitingForPayment = order.id === waitingOrderId;
    const placedAt = order.submittedAt ?? order.createdAt;
    const atPlant = !waitingForPayment && !BEFORE_PLANT.has(order.status) && order.submittedAt !== null;
    const sentAt = atPlant ? new Date(placedAt.getTime() + HOUR) : null;
    const path = atPlant ? plantPath(order.status) : [];
    // The plant's steps are spread between the sending and now (a day apart at most).
    const stepAt = (step: number) =>
      new Date(
        Math.min(
          now - HOUR,
          (sentAt?.getTime() ?? placedAt.getTime()) +
            (step + 1) * Math.min(DAY, (now - placedAt.getTime()) / (path.length + 2)),
        ),
      );
    const shippedStep = path.indexOf(orderStatus.Shipped);
    const shippedAt = shippedStep >= 0 ? stepAt(shippedStep) : null;
    const deliveredAt = DELIVERED.has(order.status) ? stepAt(path.length - 1) : null;
    const copies = projectCopies.get(order.projectId) ?? 80 + (index % 7) * 20;

    const carrier = carrierOf(order.shippingMethod);
    const tracked = (value: string | null, seed: number) => (value && carrier ? carrier.number(seed) : value);
    const schoolTracking = tracked(order.schoolTracking, order.id * 2);
    const studioTracking = tracked(order.studioTracking, order.id * 2 + 1);
    await db
      .update(orders)
      .set({
        manufacturerId: maker?.id ?? null,
        plantId: maker?.plantId ?? null,
        copies,
        shipBy:
          maker && order.submittedAt ? addBusinessDays(londonDate(order.submittedAt), maker.turnTimeDays).date : null,
        sentAt,
        sendCount: sentAt ? 1 : 0,
        shippedAt,
        deliveredAt,
        schoolTracking,
        studioTracking,
      })
      .where(eq(orders.id, order.id));

    events.push({
      orderId: order.id,
      kind: 'placed',
      source: 'user',
      toStatus: orderStatus.Submitted,
      createdAt: placedAt,
    });
    if (waitingForPayment) {
      events.push({
        orderId: order.id,
        kind: 'waiting_payment',
        source: 'system',
        createdAt: new Date(placedAt.getTime() + 1000),
      });
      await db
        .insert(invoices)
        .values({ accountId: order.accountId, orderId: order.id, status: 'open', createdAt: placedAt });
    }
    if (order.status === orderStatus.Error) {
      events.push({
        orderId: order.id,
        kind: 'plant_error',
        source: 'plant',
        fromStatus: orderStatus.Submitted,
        toStatus: orderStatus.Error,
        message: 'The cover file is missing its bleed.',
        createdAt: new Date(placedAt.getTime() + 2 * HOUR),
      });
    }
    if (sentAt)
      events.push({
        orderId: order.id,
        kind: 'sent',
        source: 'system',
        createdAt: sentAt,
        data: { plantId: maker?.plantId ?? null },
      });
    let from: number = orderStatus.Submitted;
    for (const [step, status] of path.entries()) {
      const at = stepAt(step);
      events.push({
        orderId: order.id,
        kind: 'status',
        source: 'plant',
        fromStatus: from,
        toStatus: status,
        createdAt: at,
      });
      from = status;
      if (status !== orderStatus.Shipped || !carrier) continue;
      for (const [typeTrackingNumber, trackingNumber] of [
        [1, schoolTracking],
        [2, studioTracking],
      ] as const) {
        if (!trackingNumber) continue;
        shipmentValues.push({
          orderId: order.id,
          status:
            order.status === orderStatus.LostInTransit
              ? orderStatus.LostInTransit
              : deliveredAt
                ? orderStatus.Delivered
                : orderStatus.Shipped,
          typeTrackingNumber,
          carrier: carrier.carrier,
          shippingMethod: order.shippingMethod,
          trackingNumber,
          copies: typeTrackingNumber === 1 ? copies : order.countExtras || null,
          shippedAt: at,
          deliveredAt,
          createdAt: at,
        });
        events.push({
          orderId: order.id,
          kind: 'shipment',
          source: 'plant',
          message: `${carrier.carrier} ${trackingNumber}`,
          data: { carrier: carrier.carrier, trackingNumber, typeTrackingNumber },
          createdAt: new Date(at.getTime() + 1000),
        });
      }
    }
  }
  for (let start = 0; start < events.length; start += 1000)
    await db.insert(orderEvents).values(events.slice(start, start + 1000));
  if (shipmentValues.length) await db.insert(shipments).values(shipmentValues);
}
