import { randomUUID } from 'node:crypto';
import type { Db } from '@colophon/db';
import type { ProofSoftwareAdapter } from './adapter';
import { recordSoftwareAction } from './record';

/**
 * The embedded default: works offline, keeps every call in `proof_software_actions` with a reference
 * of its own — what a vendor would answer with — so the proof's history shows what the software
 * was told and when.
 */
export function createOfflineProofSoftware(db: Db): ProofSoftwareAdapter {
  const carry = (
    action: 'cancel' | 'reject',
    request: { software: number; proof: { id: number }; user: { id: number }; reason?: string | null },
  ) =>
    recordSoftwareAction(db, {
      proofId: request.proof.id,
      software: request.software,
      action,
      reason: request.reason ?? null,
      adapter: 'offline',
      externalRef: `offline-${request.software}-${action}-${randomUUID()}`,
      requestedBy: request.user.id,
    });
  return {
    name: 'offline',
    cancelProof: (request) => carry('cancel', request),
    rejectProof: (request) => carry('reject', request),
  };
}
