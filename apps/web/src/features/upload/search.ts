import { z } from 'zod';
import { searchId } from '../../lib/list-search';

/** The Upload Proof page's URL: the project chosen (so a link from a project opens it ready). */
export const uploadSearchSchema = z.object({
  projectId: searchId,
});
export type UploadSearch = z.infer<typeof uploadSearchSchema>;
