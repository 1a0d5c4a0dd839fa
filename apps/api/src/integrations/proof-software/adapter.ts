import type { ProofSoftwareCall } from '@colophon/domain';

/**
 * The external software a proof was made in (part 4: "Reject calls exist for two external software
 * kinds"), behind one small interface: tell the software that the proof is turned back, so the book
 * opens for edits there too. The vendors are withheld by the spec; the offline default keeps the
 * calls in `proof_software_actions`, and the signed HTTP adapter carries them to a configured service.
 */
export interface ProofSoftwareProof {
  id: number;
  projectId: number;
  accountId: number;
  roundNumber: number;
  kind: string;
  fileKey: string | null;
}

export interface ProofSoftwareUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export interface ProofSoftwareRequest {
  software: number;
  proof: ProofSoftwareProof;
  user: ProofSoftwareUser;
}

/** One call as the software took it (a `proof_software_actions` row). */
export interface ProofSoftwareActionRecord {
  id: number;
  proofId: number;
  software: number;
  action: ProofSoftwareCall;
  reason: string | null;
  adapter: string;
  externalRef: string | null;
  requestedBy: number | null;
  createdAt: Date;
}

export interface ProofSoftwareAdapter {
  /** Shown to the caller ('offline' for the embedded default). */
  readonly name: string;
  /** `proofs/{software}/{id}/cancel {reason}`: the software cancels its submission of the proof. */
  cancelProof(request: ProofSoftwareRequest & { reason: string }): Promise<ProofSoftwareActionRecord>;
  /** `proofs/{software}/reject {id}`: the software marks the proof rejected and reopens the book. */
  rejectProof(request: ProofSoftwareRequest & { reason?: string | null }): Promise<ProofSoftwareActionRecord>;
}
