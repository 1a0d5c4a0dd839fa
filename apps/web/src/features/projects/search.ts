import { z } from 'zod';
import { listSearchSchema, searchBoolean, searchId, searchNumberList, searchText } from '../../lib/list-search';

/** The Project Records list's URL: page, size, sort and its filters (in the API's own syntax). */
export const projectsSearchSchema = listSearchSchema.extend({
  search: searchText,
  year: searchNumberList,
  typeBook: searchNumberList,
  typeSoftware: searchNumberList,
  /** Projects of this account and of every account below it. */
  ancestorId: searchId,
  isActive: searchBoolean,
  create: searchBoolean,
});
export type ProjectsSearch = z.infer<typeof projectsSearchSchema>;

export const projectTabs = ['specification', 'meta', 'sales', 'proofs'] as const;
export type ProjectTab = (typeof projectTabs)[number];

/** One project's URL: which of its tabs is open, and the Proofs tab's page, size and sort. */
export const projectSearchSchema = listSearchSchema.extend({
  tab: z.enum(projectTabs).optional().catch(undefined),
});
export type ProjectSearch = z.infer<typeof projectSearchSchema>;
