import { shipmentsContract } from '@colophon/contract';
import { shipments } from '@colophon/db';
import { orderStatus, trackingNumberType, trackingUrl } from '@colophon/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { visibleAccountIds } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import type { ResourceContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { visibleOrder } from './visible';

describeConstraint('shipments_order_tracking_key', 'trackingNumber', 'This order already has this tracking number.');

/** Shipments of the orders of the caller's tree (none limit for a super administrator). */
function shipmentScope(context: ResourceContext) {
  const visible = visibleAccountIds(context.auth);
  return visible
    ? inArray(shipments.orderId, sql`(select o.id from orders o where o.account_id in ${visible})`)
    : undefined;
}

/** The body's ISO timestamps as the instants the columns hold. */
function withInstants<Input extends { shippedAt?: string | null; deliveredAt?: string | null }>(input: Input) {
  const instant = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : new Date(value);
  return { ...input, shippedAt: instant(input.shippedAt), deliveredAt: instant(input.deliveredAt) };
}

const iso = (value: Date | null) => value?.toISOString() ?? '';

/**
 * Shipments: the boxes and pallets of an order with their carriers' tracking numbers. Everyone who
 * sees the order sees them (with the carrier's tracking page); the plant side writes them by hand
 * (plants report theirs through postbacks).
 */
export function registerShipmentsResource(app: FastifyInstance) {
  registerResource(app, shipmentsContract, {
    table: shipments,
    scope: shipmentScope,
    hooks: {
      create: async (input, context) => {
        const [row] = await context.db.insert(shipments).values(withInstants(input)).returning();
        if (!row) throw new Error('shipment insert returned nothing');
        return row;
      },
      update: async (existing, input, context) => {
        const [row] = await context.db
          .update(shipments)
          .set({ ...withInstants(input), updatedAt: new Date() })
          .where(eq(shipments.id, existing.id))
          .returning();
        return row;
      },
      async fill(rows) {
        for (const row of rows) row.trackingUrl = trackingUrl(row.carrier, row.trackingNumber);
      },
      async validate(input, context, existing) {
        // The order is a reference in the body: 400 naming it when it is missing or another tenant's.
        if (!existing && input.orderId !== undefined) {
          await visibleOrder(context.db, context.auth, input.orderId).catch(() => {
            throw invalidField('orderId', `Order ${input.orderId} does not exist or is not yours.`);
          });
        }
      },
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Order', value: (row) => row.orderId },
      { header: 'Status', value: (row) => orderStatus.label(row.status) },
      { header: 'Copies of', value: (row) => trackingNumberType.label(row.typeTrackingNumber) },
      { header: 'Carrier', value: (row) => row.carrier },
      { header: 'Shipping method', value: (row) => row.shippingMethod },
      { header: 'Tracking number', value: (row) => row.trackingNumber },
      { header: 'Copies', value: (row) => row.copies },
      { header: 'Shipped', value: (row) => iso(row.shippedAt) },
      { header: 'Delivered', value: (row) => iso(row.deliveredAt) },
    ],
  });
}
