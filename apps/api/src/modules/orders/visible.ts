import { type Db, orders } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { accountVisible, type Viewer } from '../../access/scope';
import { notFound } from '../../errors';

/**
 * The order a call acts on, if the caller sees its account (decisions.md "Tenancy in the new
 * routes"): another tenant's order answers 404 exactly like one that does not exist.
 */
export async function visibleOrder(db: Db, viewer: Viewer, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), accountVisible(viewer, orders.accountId)));
  if (!order) throw notFound('Order');
  return order;
}
