import { randomUUID } from 'node:crypto';
import type { Db } from '@colophon/db';
import type { ProofAutomationAdapter } from './adapter';
import { recordAutomationSend } from './record';

/**
 * The embedded default: works offline and keeps each send in `proof_automation_sends` with the
 * payload a service would have received and a reference of its own, so the send can be read back.
 */
export function createOfflineProofAutomation(db: Db): ProofAutomationAdapter {
  return {
    name: 'offline',
    async sendProof(request) {
      const reference = `offline-${request.automation}-${randomUUID()}`;
      return recordAutomationSend(db, {
        proofId: request.payload.proof.id,
        automation: request.automation,
        status: 'sent',
        adapter: 'offline',
        externalRef: reference,
        payload: request.payload,
        response: { accepted: true, reference },
        requestedBy: request.userId,
      });
    },
  };
}
