import { z } from 'zod';
import { listSearchSchema, searchBoolean, searchId, searchNumberList, searchText } from '../../lib/list-search';

/** The Proofs list's URL: page, size, sort and its filters (in the API's own syntax). */
export const proofsSearchSchema = listSearchSchema.extend({
  search: searchText,
  year: searchNumberList,
  status: searchNumberList,
  internalStatus: searchNumberList,
  /** Proofs of this account and of every account below it. */
  ancestorId: searchId,
  projectId: searchId,
  /** A quick list instead of every proof: projects ready to order, or whose book must be sent again. */
  list: z.enum(['ready_to_order', 'resubmission_required']).optional().catch(undefined),
});
export type ProofsSearch = z.infer<typeof proofsSearchSchema>;

/** One proof's URL: the page open in the flipbook, how it is laid out, and the comparison. */
export const proofSearchSchema = z.object({
  page: z.coerce.number().int().positive().optional().catch(undefined),
  view: z.enum(['spread', 'single']).optional().catch(undefined),
  compare: searchBoolean,
});
export type ProofSearch = z.infer<typeof proofSearchSchema>;
