import { defineEnumeration } from './enumeration';
import { type SoftwareTypeCode, softwareType } from './software';

/**
 * How a proof made in an external software is turned back (part 4: "Reject calls exist for two
 * external software kinds"; part 7: `proofs/{software}/{id}/cancel {reason}` for one kind and
 * `proofs/{software}/reject {id}` for the other). The spec withholds which kinds; we chose two of the
 * third-party kinds (3, 4, 5, 7, 10):
 * - 10 Ordering Software H takes `cancel`: an ordering software submits the proof as an order, and
 *   turning it back cancels that submission, with a reason;
 * - 3 Layout Software B takes `reject`: the book is built in the vendor's editor, and rejecting the
 *   proof there reopens the book for edits.
 * Every other code takes neither (its proofs are rejected inside Colophon only).
 */
export type ProofSoftwareCall = 'cancel' | 'reject';

const callBySoftware: Partial<Record<SoftwareTypeCode, ProofSoftwareCall>> = { 3: 'reject', 10: 'cancel' };

/** The call a software kind takes to turn back one of its proofs, or null when it takes none. */
export function proofSoftwareCall(typeSoftware: number | null | undefined): ProofSoftwareCall | null {
  if (typeSoftware === null || typeSoftware === undefined || !softwareType.has(typeSoftware)) return null;
  return callBySoftware[typeSoftware] ?? null;
}

/** The software codes that take a call, with it (for configuration and option lists). */
export const proofSoftwareCalls: readonly { software: SoftwareTypeCode; call: ProofSoftwareCall }[] =
  softwareType.codes.flatMap((software) => {
    const call = callBySoftware[software];
    return call ? [{ software, call }] : [];
  });

/**
 * The path name of a software kind (`layout-software-b`): its label in lower case, words joined by
 * hyphens. A path segment that is a name and never a number cannot be mistaken for a proof id
 * (`proofs/{software}/reject` beside `proofs/{id}/reject`).
 */
export function softwareSlug(code: number): string {
  return softwareType
    .label(code)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The software code a path name stands for, or null. */
export function softwareOfSlug(slug: string): SoftwareTypeCode | null {
  return softwareType.codes.find((code) => softwareSlug(code) === slug) ?? null;
}

/**
 * The automation services a proof can be sent to (`proofs/{automation}/send`); the spec names the
 * call, not the services. The code is the path name.
 * - prepress: the plant's prepress workflow, through its hot folder: it receives the print file;
 * - marketing: the marketing automation service: it receives the proof as an event (campaigns to
 *   the school and its parents), without the file.
 */
export const proofAutomation = defineEnumeration([
  { code: 'prepress', label: 'Prepress Hot Folder' },
  { code: 'marketing', label: 'Marketing Automation' },
] as const);
export type ProofAutomationCode = (typeof proofAutomation.codes)[number];

/** Whether the automation receives the proof's file (a signed link to it), so needs one. */
export function automationSendsFile(automation: ProofAutomationCode): boolean {
  return automation === 'prepress';
}
