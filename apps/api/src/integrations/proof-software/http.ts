import type { Db } from '@colophon/db';
import { softwareType } from '@colophon/domain';
import { referenceOf, signedPost } from '../http/signed-http';
import type { ProofSoftwareAdapter, ProofSoftwareRequest } from './adapter';
import { recordSoftwareAction } from './record';

export interface HttpProofSoftwareOptions {
  software: number;
  /** The software's base URL: calls go to `<base>/proofs/cancel` and `<base>/proofs/reject`. */
  baseUrl: string;
  secret: string;
  timeoutMs: number;
}

/**
 * A software reached over HTTP: a signed JSON POST per call (see signed-http.ts), idempotent per
 * proof and call, and the software's answered `reference` kept with the call. A refusal, a timeout
 * or an unreachable service is an IntegrationError, and then nothing is recorded.
 */
export function createHttpProofSoftware(db: Db, options: HttpProofSoftwareOptions): ProofSoftwareAdapter {
  const service = softwareType.label(options.software);
  const base = options.baseUrl.replace(/\/+$/, '');
  const carry = async (action: 'cancel' | 'reject', request: ProofSoftwareRequest & { reason?: string | null }) => {
    const { proof, user } = request;
    const answer = await signedPost({
      service,
      url: `${base}/proofs/${action}`,
      secret: options.secret,
      timeoutMs: options.timeoutMs,
      // One proof is turned back once: a retried call after a lost answer is the same call.
      idempotencyKey: `colophon-proof-${proof.id}-${action}`,
      body: {
        action,
        software: request.software,
        proof: {
          id: proof.id,
          projectId: proof.projectId,
          accountId: proof.accountId,
          round: proof.roundNumber,
          kind: proof.kind,
        },
        reason: request.reason ?? null,
        requestedBy: { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` },
        requestedAt: new Date().toISOString(),
      },
    });
    return recordSoftwareAction(db, {
      proofId: proof.id,
      software: request.software,
      action,
      reason: request.reason ?? null,
      adapter: 'http',
      externalRef: referenceOf(answer.json),
      requestedBy: user.id,
    });
  };
  return {
    name: 'http',
    cancelProof: (request) => carry('cancel', request),
    rejectProof: (request) => carry('reject', request),
  };
}
