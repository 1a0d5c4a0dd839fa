import { proofVendorOperations } from '@colophon/contract';
import {
  automationSendsFile,
  type ProofAutomationCode,
  type ProofSoftwareCall,
  proofAutomation,
  softwareType,
} from '@colophon/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { AppError, invalidField } from '../../errors';
import { type ProofAutomationSendRecord, proofAutomationAdapterFor } from '../../integrations/automation';
import {
  type ProofSoftwareActionRecord,
  type ProofSoftwareRequest,
  proofSoftwareAdapterFor,
} from '../../integrations/proof-software';
import { assertNeedsReview, rejectProof } from './decisions';
import { recordAction, visibleProof } from './query';
import { recordFailedCall, softwareOfProof, softwareTaking } from './vendor-calls';

/** A send's link to the proof's file lives a week: a hot folder may pick it up later. */
const FILE_URL_TTL_SECONDS = 7 * 24 * 3600;

export async function registerProofVendorRoutes(app: FastifyInstance) {
  const { services } = app;
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  /**
   * Turns a proof back in the software it was made in, then here: the software first, so a refusal
   * there (502) leaves the proof as it was; then the same rejection as Colophon's own.
   */
  const turnBack = async (
    request: FastifyRequest,
    reply: FastifyReply,
    call: ProofSoftwareCall,
    slug: string,
    proofId: number,
    reason: string | null,
  ) => {
    const software = softwareTaking(call, slug);
    const context = contextOf(request);
    const proof = await visibleProof(context, proofId);
    const used = await softwareOfProof(services.db, proof);
    if (used !== software) {
      throw invalidField(
        'software',
        `${proof.item.projectName} is built with ${softwareType.label(used)}, not ${softwareType.label(software)}.`,
      );
    }
    assertNeedsReview(proof.row);
    const { user } = context.auth;
    const adapter = proofSoftwareAdapterFor(services, software);
    const asked: ProofSoftwareRequest = {
      software,
      proof: {
        id: proof.row.id,
        projectId: proof.row.projectId,
        accountId: proof.item.accountId,
        roundNumber: proof.row.roundNumber,
        kind: proof.row.kind,
        fileKey: proof.row.fileKey,
      },
      user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    };
    const label = softwareType.label(software);
    let action: ProofSoftwareActionRecord;
    try {
      action =
        call === 'cancel'
          ? await adapter.cancelProof({ ...asked, reason: reason ?? '' })
          : await adapter.rejectProof({ ...asked, reason });
    } catch (error) {
      return recordFailedCall(
        context,
        proof.row.id,
        user.id,
        `${call === 'cancel' ? 'cancel' : 'reject'} in ${label}`,
        error,
      );
    }
    const item = await rejectProof(services, context, proof, {
      reason,
      action: `${call === 'cancel' ? 'cancelled' : 'rejected'} in ${label}`,
      note: [reason, action.externalRef ? `${label} reference ${action.externalRef}` : null].filter(Boolean).join('\n'),
      info: `${call === 'cancel' ? 'Cancelled' : 'Rejected'} in ${label}`,
    });
    return reply.send({ proof: item, action: { ...action, createdAt: action.createdAt.toISOString() } });
  };

  implement(app, proofVendorOperations.cancelInSoftware, async function cancelInSoftware(request, reply) {
    return turnBack(request, reply, 'cancel', request.params.software, request.params.id, request.body.reason);
  });

  implement(app, proofVendorOperations.rejectInSoftware, async function rejectInSoftware(request, reply) {
    return turnBack(request, reply, 'reject', request.params.software, request.body.id, request.body.reason ?? null);
  });

  implement(app, proofVendorOperations.sendToAutomation, async function sendToAutomation(request, reply) {
    const context = contextOf(request);
    const automation: ProofAutomationCode = request.params.automation;
    const { row, item } = await visibleProof(context, request.body.id);
    const label = proofAutomation.label(automation);
    if (automationSendsFile(automation) && !row.fileKey) {
      throw new AppError('conflict', `Proof ${row.id} has no file to send to ${label}.`);
    }
    const { user } = context.auth;
    const fileUrl =
      automationSendsFile(automation) && row.fileKey
        ? new URL(services.files.signedUrl(row.fileKey, FILE_URL_TTL_SECONDS), services.config.publicUrl).toString()
        : null;
    const note = request.body.note ?? null;
    let sent: ProofAutomationSendRecord;
    try {
      sent = await proofAutomationAdapterFor(services, automation).sendProof({
        automation,
        userId: user.id,
        payload: {
          event: 'proof.sent',
          automation,
          proof: {
            id: row.id,
            projectId: row.projectId,
            projectName: item.projectName,
            accountId: item.accountId,
            accountName: item.accountName,
            year: item.year,
            typeBook: item.typeBook,
            round: row.roundNumber,
            kind: row.kind,
            status: row.status,
            pageCount: row.pageCount,
          },
          fileUrl,
          note,
          sentBy: { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` },
          sentAt: new Date().toISOString(),
        },
      });
    } catch (error) {
      return recordFailedCall(context, row.id, user.id, `send to ${label}`, error);
    }
    await recordAction(context, row.id, user.id, `sent to ${label}`, note);
    return reply.status(201).send({
      id: sent.id,
      proofId: sent.proofId,
      automation: sent.automation,
      status: sent.status,
      adapter: sent.adapter,
      externalRef: sent.externalRef,
      requestedBy: sent.requestedBy,
      createdAt: sent.createdAt.toISOString(),
    });
  });
}
