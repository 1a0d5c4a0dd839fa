import { walkthroughOperations } from '@colophon/contract';
import { userTours } from '@colophon/db';
import { walkthroughOutcomes } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { callerOf } from '../../plugins/authentication';

type UserTourRow = typeof userTours.$inferSelect;

function toRecord(row: UserTourRow) {
  // The check constraint keeps the column to these two; a stray value reads as ended.
  const outcome = walkthroughOutcomes.find((known) => known === row.outcome) ?? 'ended';
  return { tourId: row.tourId, outcome, updatedAt: row.updatedAt.toISOString() };
}

/**
 * The walkthroughs (guided tours) the signed-in user finished or ended. Every call keys on the
 * caller's own user id: during an impersonation, the impersonated user's records.
 */
export function registerWalkthroughRoutes(app: FastifyInstance) {
  const { db, clock } = app.services;

  implement(app, walkthroughOperations.list, async function listWalkthroughRecords(request) {
    const { user } = callerOf(request);
    const rows = await db.select().from(userTours).where(eq(userTours.userId, user.id)).orderBy(userTours.tourId);
    return { data: rows.map(toRecord) };
  });

  implement(app, walkthroughOperations.record, async function recordWalkthrough(request) {
    const { user } = callerOf(request);
    const { tourId } = request.params;
    const { outcome } = request.body;
    const updatedAt = clock.now();
    const [row] = await db
      .insert(userTours)
      .values({ userId: user.id, tourId, outcome, updatedAt })
      .onConflictDoUpdate({ target: [userTours.userId, userTours.tourId], set: { outcome, updatedAt } })
      .returning();
    if (!row) throw new Error('recording a walkthrough returned nothing');
    return toRecord(row);
  });

  implement(app, walkthroughOperations.reset, async function resetWalkthroughs(request, reply) {
    const { user } = callerOf(request);
    await db.delete(userTours).where(eq(userTours.userId, user.id));
    return reply.status(204).send(null);
  });
}
