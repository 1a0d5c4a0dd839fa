import { type Db, orderEvents, orders, projects, shipments, users } from '@colophon/db';
import {
  type OrderEventKindCode,
  type OrderEventSourceCode,
  orderStatus,
  orderStatusNotification,
} from '@colophon/domain';
import { desc, eq } from 'drizzle-orm';
import { notify } from '../notifications/notify';

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export interface OrderEventInput {
  orderId: number;
  kind: OrderEventKindCode;
  source: OrderEventSourceCode;
  fromStatus?: number | null;
  toStatus?: number | null;
  message?: string | null;
  userId?: number | null;
  data?: unknown;
  /** When it happened (default: now); a plant's postback gives its own clock. */
  occurredAt?: Date;
}

/** Writes one line of an order's timeline (`order_events`); lines are never changed afterwards. */
export async function recordOrderEvent(tx: Db, input: OrderEventInput): Promise<OrderEventRow> {
  const [row] = await tx
    .insert(orderEvents)
    .values({
      orderId: input.orderId,
      kind: input.kind,
      source: input.source,
      fromStatus: input.fromStatus ?? null,
      toStatus: input.toStatus ?? null,
      message: input.message ?? null,
      userId: input.userId ?? null,
      data: input.data ?? null,
      ...(input.occurredAt ? { createdAt: input.occurredAt } : {}),
    })
    .returning();
  if (!row) throw new Error('order event insert returned nothing');
  return row;
}

export interface StatusChange {
  source: OrderEventSourceCode;
  userId?: number | null;
  /** The reason a person gave, or what the plant said. */
  message?: string | null;
  /** When it happened (default: now). */
  occurredAt?: Date;
}

const DELIVERED: ReadonlySet<number> = new Set([orderStatus.Delivered, orderStatus.BothCopiesDelivered]);

/**
 * Sets an order's status (part 3) inside the caller's transaction: the status itself, `shippedAt` on
 * its first Shipped and `deliveredAt` on its first delivery, one timeline line, and the status's
 * notification (with its queued e-mail). The row is locked first, so two changes at once apply one
 * after the other and each sees the other's outcome. The same status again changes nothing: no
 * line, no notification. Answers whether the status changed.
 */
export async function applyOrderStatus(
  tx: Db,
  order: Pick<OrderRow, 'id'>,
  toStatus: number,
  change: StatusChange,
): Promise<boolean> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
  if (!current) throw new Error(`applyOrderStatus: order ${order.id} does not exist`);
  if (current.status === toStatus) return false;
  const at = change.occurredAt ?? new Date();
  await tx
    .update(orders)
    .set({
      status: toStatus,
      updatedAt: new Date(),
      ...(toStatus === orderStatus.Shipped && !current.shippedAt ? { shippedAt: at } : {}),
      ...(DELIVERED.has(toStatus) && !current.deliveredAt ? { deliveredAt: at } : {}),
    })
    .where(eq(orders.id, current.id));
  await recordOrderEvent(tx, {
    orderId: current.id,
    kind: 'status',
    source: change.source,
    fromStatus: current.status,
    toStatus,
    message: change.message ?? null,
    userId: change.userId ?? null,
    occurredAt: at,
  });
  const typeNotification = orderStatusNotification(toStatus, current.shippingMethod);
  if (typeNotification !== null) {
    await notify(tx, {
      ...(await orderNotificationFields(tx, current, change.userId ?? null)),
      typeNotification,
      date: at,
      ...(toStatus === orderStatus.Error ? { errorMessage: change.message ?? null } : { info: change.message ?? null }),
    });
  }
  return true;
}

/**
 * The fields an order's notifications carry: its account, project, book type, external id, shipping
 * method, the latest shipment's carrier and tracking number when there is one, and who did it.
 */
export async function orderNotificationFields(tx: Db, order: OrderRow, userId: number | null) {
  const [project] = await tx
    .select({ name: projects.name, typeBook: projects.typeBook })
    .from(projects)
    .where(eq(projects.id, order.projectId));
  const [shipment] = await tx
    .select({
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      typeTrackingNumber: shipments.typeTrackingNumber,
    })
    .from(shipments)
    .where(eq(shipments.orderId, order.id))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(1);
  const [user] = userId
    ? await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId))
    : [];
  return {
    accountId: order.accountId,
    projectId: order.projectId,
    projectName: project?.name ?? null,
    typeBook: project?.typeBook ?? null,
    orderExternalId: order.externalId,
    shippingMethod: order.shippingMethod,
    carrier: shipment?.carrier ?? null,
    trackingNumber: shipment?.trackingNumber ?? null,
    typeTrackingNumber: shipment?.typeTrackingNumber ?? null,
    userName: user ? `${user.firstName} ${user.lastName}` : null,
  };
}
