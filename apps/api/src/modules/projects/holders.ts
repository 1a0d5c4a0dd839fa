import { orders, proofs } from '@colophon/db';
import { heldRecordMessage } from '@colophon/domain';
import { count, eq } from 'drizzle-orm';
import type { ResourceContext } from '../../engine/resource';
import { AppError } from '../../errors';

/**
 * A project is closed (DELETE deactivates it) only while nothing hangs from it: its orders and proofs
 * would be left under a project no list shows (issue 15). 409 saying what holds it, counted from the
 * indexes that lead with the project.
 */
export async function refuseHeldProject(context: Pick<ResourceContext, 'db'>, projectId: number): Promise<void> {
  const [[placed], [proofRows]] = await Promise.all([
    context.db.select({ total: count() }).from(orders).where(eq(orders.projectId, projectId)),
    context.db.select({ total: count() }).from(proofs).where(eq(proofs.projectId, projectId)),
  ]);
  const held = heldRecordMessage('Project', projectId, [
    { one: 'order', many: 'orders', count: Number(placed?.total ?? 0) },
    { one: 'proof', many: 'proofs', count: Number(proofRows?.total ?? 0) },
  ]);
  if (held) throw new AppError('conflict', held);
}
