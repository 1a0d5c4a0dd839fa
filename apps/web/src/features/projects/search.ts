import { projectListUrlSearch } from '@colophon/contract';
import { z } from 'zod';
import { listSearchSchema, searchBoolean } from '../../lib/list-search';

/** The Project Records list's URL (filters from the contract); `create` opens the new-project drawer. */
export const projectsSearchSchema = projectListUrlSearch.extend({ create: searchBoolean });
export type ProjectsSearch = z.infer<typeof projectsSearchSchema>;

export const projectTabs = ['specification', 'meta', 'sales', 'proofs', 'wip'] as const;
export type ProjectTab = (typeof projectTabs)[number];

/** One project's URL: which of its tabs is open, and the Proofs tab's page, size and sort. */
export const projectSearchSchema = listSearchSchema.extend({
  tab: z.enum(projectTabs).optional().catch(undefined),
});
export type ProjectSearch = z.infer<typeof projectSearchSchema>;
