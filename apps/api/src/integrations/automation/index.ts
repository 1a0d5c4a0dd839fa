import type { Db } from '@colophon/db';
import type { ProofAutomationCode } from '@colophon/domain';
import type { SignedEndpoints } from '../../config';
import type { ProofAutomationAdapter } from './adapter';
import { createOfflineProofAutomation } from './offline';
import { createWebhookProofAutomation } from './webhook';

export type {
  ProofAutomationAdapter,
  ProofAutomationPayload,
  ProofAutomationRequest,
  ProofAutomationSendRecord,
} from './adapter';
export { createOfflineProofAutomation } from './offline';
export { createWebhookProofAutomation } from './webhook';

/**
 * The adapter for one automation: the signed webhook when PROOF_AUTOMATION_ENDPOINTS names a URL for
 * it (with PROOF_AUTOMATION_SECRET), else the offline default.
 */
export function proofAutomationAdapterFor(
  services: { db: Db; config: { proofAutomation: SignedEndpoints } },
  automation: ProofAutomationCode,
): ProofAutomationAdapter {
  const { endpoints, secret, timeoutMs } = services.config.proofAutomation;
  const url = endpoints[automation];
  if (url && secret) return createWebhookProofAutomation(services.db, { url, secret, timeoutMs });
  return createOfflineProofAutomation(services.db);
}
