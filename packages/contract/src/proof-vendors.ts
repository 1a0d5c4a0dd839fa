import { proofAutomation, proofSoftwareCalls, softwareSlug } from '@colophon/domain';
import { z } from 'zod';
import { idParam, idSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import { proofSchema } from './proofs';

/**
 * The proof calls that reach outside systems (part 7): turning a proof back in the external software
 * it was made in, sending it to an automation service, and the cover image of an uploaded file.
 */

/** A software path name (`layout-software-b`): never a number, so it cannot be taken for a proof id. */
export const SOFTWARE_SLUG_PATTERN = '^[a-z][a-z0-9-]*$';

/**
 * The `{software}` path segment: a software path name (`layout-software-b`, see `softwareSlug`).
 * Which software it names, and whether that one takes the call, the route says after the body is
 * checked (400 naming `software`): so `proofs/abc/reject {reason}` — a mistyped proof id — is told
 * about the missing `id` first, not about a software called abc.
 */
const softwareParam = z
  .string()
  .regex(new RegExp(SOFTWARE_SLUG_PATTERN), { error: 'A software path name, such as layout-software-b.' })
  .meta({
    description: `The software's path name: ${proofSoftwareCalls
      .map((entry) => `${softwareSlug(entry.software)} (${entry.call})`)
      .join(', ')}.`,
  });

const reasonSchema = z.string().trim().min(1, 'Say why the proof is turned back.').max(5000);

/** `POST proofs/{software}/{id}/cancel {reason}` */
export const proofSoftwareCancelParamsSchema = z.object({
  software: softwareParam,
  id: idParam,
});
export const proofSoftwareCancelBodySchema = z.object({ reason: reasonSchema });

/** `POST proofs/{software}/reject {id}`; the reason is ours (the spec's body is the id alone). */
export const proofSoftwareRejectParamsSchema = z.object({ software: softwareParam });
export const proofSoftwareRejectBodySchema = z.object({
  id: idSchema,
  reason: reasonSchema.optional(),
});

/** One call carried to a software (`proof_software_actions`). */
export const proofSoftwareActionSchema = z
  .object({
    id: z.number().int(),
    proofId: z.number().int(),
    software: z.number().int(),
    action: z.enum(['cancel', 'reject']),
    reason: z.string().nullable(),
    /** Which adapter carried it: `offline` is the embedded default, `http` the configured service. */
    adapter: z.string(),
    /** The software's own reference for the call. */
    externalRef: z.string().nullable(),
    requestedBy: z.number().int().nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'ProofSoftwareAction' });
export type ProofSoftwareAction = z.infer<typeof proofSoftwareActionSchema>;

/** The proof after the call (rejected, open for edits) and the call as the software took it. */
export const proofSoftwareResultSchema = z.object({ proof: proofSchema, action: proofSoftwareActionSchema });
export type ProofSoftwareResult = z.infer<typeof proofSoftwareResultSchema>;

/** `POST proofs/{automation}/send {id, note?}` */
export const proofAutomationParamsSchema = z.object({
  automation: z.enum(proofAutomation.codes, {
    error: `One of ${proofAutomation.codes.join(', ')}.`,
  }),
});
export const proofAutomationSendBodySchema = z.object({
  id: idSchema,
  note: z.string().trim().max(2000).optional(),
});

/** One send to an automation service (`proof_automation_sends`). */
export const proofAutomationSendSchema = z
  .object({
    id: z.number().int(),
    proofId: z.number().int(),
    automation: z.string(),
    status: z.enum(['sent', 'failed']),
    adapter: z.string(),
    externalRef: z.string().nullable(),
    requestedBy: z.number().int().nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'ProofAutomationSend' });
export type ProofAutomationSend = z.infer<typeof proofAutomationSendSchema>;

/** `POST proof_cover_image {key, bucket}`: an uploaded cover (PDF or image) in this file store. */
export const proofCoverImageBodySchema = z.object({
  key: z.string().trim().min(1).max(300),
  bucket: z.string().trim().min(1).max(255),
});

/** The cover's first page as a WebP image, with a signed URL that opens it. */
export const proofCoverImageSchema = z
  .object({
    key: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** The proofs of that file whose cover image this now is. */
    proofIds: z.array(z.number().int()),
  })
  .meta({ id: 'ProofCoverImage' });
export type ProofCoverImage = z.infer<typeof proofCoverImageSchema>;

const tags = ['proofs'] as const;
/** The software's answer is relayed: 502 when it refuses or cannot be reached, 409 when the proof is not in review. */
const vendorProblems = problemResponses(409, 502);
/**
 * `{software}` is a path name that cannot be a number (find-my-way tries this pattern before the
 * plain `:id` of `proofs/:id/reject`), so `proofs/12/reject` stays Colophon's own rejection and
 * `proofs/layout-software-b/reject` is the software's.
 */
const softwareSegment = `:software(${SOFTWARE_SLUG_PATTERN})`;

/** The proof calls that reach outside systems: `call(proofVendorOperations.cancelInSoftware, …)`. */
export const proofVendorOperations = {
  cancelInSoftware: defineOperation({
    method: 'POST',
    path: `/api/proofs/${softwareSegment}/:id/cancel`,
    params: proofSoftwareCancelParamsSchema,
    body: proofSoftwareCancelBodySchema,
    responses: { 200: proofSoftwareResultSchema, ...vendorProblems },
    permission: 'proofs.approve',
    summary: 'Cancel the proof in the software it was made in, with a reason: the book is unlocked for edits',
    tags,
  }),
  rejectInSoftware: defineOperation({
    method: 'POST',
    path: `/api/proofs/${softwareSegment}/reject`,
    params: proofSoftwareRejectParamsSchema,
    body: proofSoftwareRejectBodySchema,
    responses: { 200: proofSoftwareResultSchema, ...vendorProblems },
    permission: 'proofs.approve',
    summary: 'Reject the proof in the software it was made in: the book is unlocked for edits',
    tags,
  }),
  sendToAutomation: defineOperation({
    method: 'POST',
    path: '/api/proofs/:automation/send',
    params: proofAutomationParamsSchema,
    body: proofAutomationSendBodySchema,
    responses: { 201: proofAutomationSendSchema, ...vendorProblems },
    permission: 'proofs.internal',
    summary: 'Send the proof to an automation service (prepress hot folder, marketing automation)',
    tags,
  }),
  coverImage: defineOperation({
    method: 'POST',
    path: '/api/proof_cover_image',
    body: proofCoverImageBodySchema,
    responses: { 200: proofCoverImageSchema },
    permission: 'proofs.upload',
    summary: "An uploaded cover's first page as a WebP image; set on the proofs made from that file",
    tags,
  }),
};
