import { defineEnumeration } from './enumeration';

/** Proof status (part 3): the customer's review of a proof. */
export const proofStatus = defineEnumeration([
  { code: 1, label: 'Needs Review' },
  { code: 2, label: 'Rejected' },
  { code: 3, label: 'Approved' },
] as const);
export type ProofStatusCode = (typeof proofStatus.codes)[number];

/** Internal proof status (part 3): the plant's own technical review of a proof. */
export const internalProofStatus = defineEnumeration([
  { code: 1, label: 'Awaiting Review' },
  { code: 2, label: 'Rejected' },
  { code: 3, label: 'Approved' },
  { code: 4, label: 'Ignore' },
  { code: 5, label: 'In Progress' },
  { code: 6, label: 'Studio Contacted' },
  { code: 7, label: 'Customer Resubmitting' },
  { code: 8, label: 'Customer Approves as Is' },
] as const);
export type InternalProofStatusCode = (typeof internalProofStatus.codes)[number];
