import type { Db } from '@colophon/db';
import type { SignedEndpoints } from '../../config';
import type { ProofSoftwareAdapter } from './adapter';
import { createHttpProofSoftware } from './http';
import { createOfflineProofSoftware } from './offline';

export { IntegrationError } from '../http/signed-http';
export type {
  ProofSoftwareActionRecord,
  ProofSoftwareAdapter,
  ProofSoftwareProof,
  ProofSoftwareRequest,
  ProofSoftwareUser,
} from './adapter';
export { createHttpProofSoftware } from './http';
export { createOfflineProofSoftware } from './offline';

/**
 * The adapter for one software code: the signed HTTP adapter when PROOF_SOFTWARE_ENDPOINTS names a
 * URL for that code (with PROOF_SOFTWARE_SECRET), else the offline default.
 */
export function proofSoftwareAdapterFor(
  services: { db: Db; config: { proofSoftware: SignedEndpoints } },
  software: number,
): ProofSoftwareAdapter {
  const { endpoints, secret, timeoutMs } = services.config.proofSoftware;
  const baseUrl = endpoints[String(software)];
  if (baseUrl && secret) return createHttpProofSoftware(services.db, { software, baseUrl, secret, timeoutMs });
  return createOfflineProofSoftware(services.db);
}
