import type { ProofAutomationCode } from '@colophon/domain';

/**
 * The automation services a proof is sent to (`proofs/{automation}/send`): the plant's prepress hot
 * folder, the marketing automation service. One small interface; the offline default keeps every
 * send in `proof_automation_sends`, the signed-webhook adapter posts it to a configured URL.
 */

/** What the service receives: the proof as an event, and a signed link to the file when it takes files. */
export interface ProofAutomationPayload {
  event: 'proof.sent';
  automation: ProofAutomationCode;
  proof: {
    id: number;
    projectId: number;
    projectName: string;
    accountId: number;
    accountName: string;
    year: number;
    typeBook: number;
    round: number;
    kind: string;
    status: number;
    pageCount: number | null;
  };
  /** A link that opens the proof's PDF for a week (absolute), for services that take the file. */
  fileUrl: string | null;
  note: string | null;
  sentBy: { id: number; email: string; name: string };
  sentAt: string;
}

export interface ProofAutomationRequest {
  automation: ProofAutomationCode;
  payload: ProofAutomationPayload;
  userId: number;
}

/** One send (a `proof_automation_sends` row). */
export interface ProofAutomationSendRecord {
  id: number;
  proofId: number;
  automation: string;
  status: 'sent' | 'failed';
  adapter: string;
  externalRef: string | null;
  payload: unknown;
  response: unknown;
  requestedBy: number | null;
  createdAt: Date;
}

export interface ProofAutomationAdapter {
  /** Shown to the caller ('offline' for the embedded default). */
  readonly name: string;
  /** Sends the proof; a failed send is kept (status 'failed') and then thrown as an IntegrationError. */
  sendProof(request: ProofAutomationRequest): Promise<ProofAutomationSendRecord>;
}
