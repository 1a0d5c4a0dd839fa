import { z } from 'zod';
import { searchId } from '../../lib/list-search';

/** The submission-status URL: whose tree, which sub-studio or branch office, how many rows. */
export const submissionStatusSearchSchema = z.object({
  accountId: searchId,
  parentId: searchId,
  limit: z.coerce.number().int().min(1).max(500).optional().catch(undefined),
});
export type SubmissionStatusSearch = z.infer<typeof submissionStatusSearchSchema>;
