import { z } from 'zod';
import { idParamsSchema, timestampSchema } from './common';
import { defineOperation } from './operation';

/**
 * How one page number compares with the previous round: `same` (the drawn page is identical),
 * `changed`, `added` (the previous round had no such page) or `removed` (only the previous round has it).
 */
export const proofPageChange = ['same', 'changed', 'added', 'removed'] as const;
export type ProofPageChange = (typeof proofPageChange)[number];

export const proofComparePageSchema = z.object({
  page: z.number().int(),
  change: z.enum(proofPageChange),
});

/** The round a proof is compared with: the one before it, of the same project and kind. */
export const proofPreviousRoundSchema = z.object({
  id: z.number().int(),
  roundNumber: z.number().int(),
  status: z.number().int(),
  processingStatus: z.number().int(),
  pageCount: z.number().int().nullable(),
  createdAt: timestampSchema,
});

/** `GET proofs/{id}/compare`: the proof, page by page, against its previous round. */
export const proofCompareSchema = z.object({
  proofId: z.number().int(),
  /** Null for a first round. */
  previous: proofPreviousRoundSchema.nullable(),
  /** False when either round has no page images (not processed yet, failed, or imported without pages). */
  comparable: z.boolean(),
  /** Why the rounds cannot be compared, in plain words; null when they can. */
  reason: z.string().nullable(),
  /** Every page number of either round, ascending; empty when not comparable. */
  pages: z.array(proofComparePageSchema),
  /** The pages of this proof that differ from the previous round (changed or added). */
  changedPages: z.array(z.number().int()),
  /** Pages only the previous round had (the book got shorter). */
  removedPages: z.array(z.number().int()),
});
export type ProofCompare = z.infer<typeof proofCompareSchema>;

export const compareProof = defineOperation({
  method: 'GET',
  path: '/api/proofs/:id/compare',
  params: idParamsSchema,
  responses: { 200: proofCompareSchema },
  permission: 'proofs.view',
  summary: 'Compare the proof with the previous round of its project, page by page',
  tags: ['proofs'],
});
