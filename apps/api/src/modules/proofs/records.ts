import { proofOperations } from '@colophon/contract';
import { orders, projects, proofInternalActions, proofs } from '@colophon/db';
import { heldRecordMessage } from '@colophon/domain';
import { count, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { AppError, invalidField } from '../../errors';
import { requireChangeReason } from '../../plugins/audit';
import { visibleProof } from './query';

/**
 * The record editor's proof calls (issue 15): `POST /api/proofs`, `PUT /api/proofs/:id` and
 * `DELETE /api/proofs/:id`, for super administrators (`super.records`), each with its reason
 * (`x-change-reason`, kept in the audit row and in the proof's own history).
 */
export async function registerProofRecordRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, proofOperations.create, async function createProofRecord(request, reply) {
    const reason = requireChangeReason(request);
    const context = requestContext(app, request);
    const body = request.body;
    const id = await services.db.transaction(async (tx) => {
      const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, body.projectId));
      if (!project) throw invalidField('projectId', `Project ${body.projectId} was not found.`);
      const [last] = await tx
        .select({ round: max(proofs.roundNumber) })
        .from(proofs)
        .where(eq(proofs.projectId, project.id));
      const [created] = await tx
        .insert(proofs)
        .values({
          projectId: project.id,
          status: body.status,
          internalStatus: body.internalStatus ?? null,
          roundNumber: body.roundNumber ?? (last?.round ?? 0) + 1,
          kind: body.kind,
          pageCount: body.pageCount ?? null,
          rejectReason: body.rejectReason ?? null,
          unlockedForEdits: body.unlockedForEdits ?? false,
          // A row without a file has nothing to process.
          processingStatus: 2,
          uploadedBy: context.auth.user.id,
        })
        .returning({ id: proofs.id });
      if (!created) throw new Error('proof insert returned nothing');
      await tx.insert(proofInternalActions).values({
        proofId: created.id,
        userId: context.auth.user.id,
        action: 'created in the record editor',
        note: reason,
      });
      return created.id;
    });
    return reply.code(201).send((await visibleProof(context, id)).item);
  });

  implement(app, proofOperations.update, async function updateProofRecord(request) {
    const reason = requireChangeReason(request);
    const context = requestContext(app, request);
    const { row } = await visibleProof(context, request.params.id);
    const body = request.body;
    await services.db.transaction(async (tx) => {
      await tx
        .update(proofs)
        .set({
          ...(body.status === undefined ? {} : { status: body.status }),
          ...(body.internalStatus === undefined ? {} : { internalStatus: body.internalStatus }),
          ...(body.roundNumber === undefined ? {} : { roundNumber: body.roundNumber }),
          ...(body.pageCount === undefined ? {} : { pageCount: body.pageCount }),
          ...(body.rejectReason === undefined ? {} : { rejectReason: body.rejectReason }),
          ...(body.unlockedForEdits === undefined ? {} : { unlockedForEdits: body.unlockedForEdits }),
          updatedAt: new Date(),
        })
        .where(eq(proofs.id, row.id));
      await tx.insert(proofInternalActions).values({
        proofId: row.id,
        userId: context.auth.user.id,
        action: 'edited in the record editor',
        internalStatus: body.internalStatus ?? null,
        note: reason,
      });
    });
    return (await visibleProof(context, row.id)).item;
  });

  implement(app, proofOperations.remove, async function deleteProofRecord(request) {
    requireChangeReason(request);
    const context = requestContext(app, request);
    const proof = await visibleProof(context, request.params.id);
    const [placed] = await services.db.select({ total: count() }).from(orders).where(eq(orders.proofId, proof.row.id));
    const held = heldRecordMessage('Proof', proof.row.id, [
      { one: 'order', many: 'orders', count: Number(placed?.total ?? 0) },
    ]);
    if (held) throw new AppError('conflict', `${held} Cancel or move them first.`);
    // Its findings, reviewers, comments and history go with it (on delete cascade).
    await services.db.delete(proofs).where(eq(proofs.id, proof.row.id));
    return proof.item;
  });
}
