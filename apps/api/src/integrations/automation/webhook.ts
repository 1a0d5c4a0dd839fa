import type { Db } from '@colophon/db';
import { proofAutomation } from '@colophon/domain';
import { IntegrationError, referenceOf, signedPost } from '../http/signed-http';
import type { ProofAutomationAdapter } from './adapter';
import { recordAutomationSend } from './record';

export interface WebhookAutomationOptions {
  /** The service's webhook: the payload is POSTed there as signed JSON. */
  url: string;
  secret: string;
  timeoutMs: number;
}

/**
 * An automation service reached by a signed webhook (see signed-http.ts). Each send is its own event
 * (the idempotency key is the send's, so a person may send a proof again on purpose); what the
 * service answered, or why it failed, is kept with the send.
 */
export function createWebhookProofAutomation(db: Db, options: WebhookAutomationOptions): ProofAutomationAdapter {
  return {
    name: 'webhook',
    async sendProof(request) {
      const service = proofAutomation.label(request.automation);
      const common = {
        proofId: request.payload.proof.id,
        automation: request.automation,
        adapter: 'webhook',
        payload: request.payload,
        requestedBy: request.userId,
      };
      try {
        const answer = await signedPost({
          service,
          url: options.url,
          secret: options.secret,
          timeoutMs: options.timeoutMs,
          idempotencyKey: `colophon-proof-${request.payload.proof.id}-${request.automation}-${request.payload.sentAt}`,
          body: request.payload,
        });
        return await recordAutomationSend(db, {
          ...common,
          status: 'sent',
          externalRef: referenceOf(answer.json),
          response: answer.json,
        });
      } catch (error) {
        if (error instanceof IntegrationError) {
          await recordAutomationSend(db, {
            ...common,
            status: 'failed',
            externalRef: null,
            response: { error: error.message },
          });
        }
        throw error;
      }
    },
  };
}
