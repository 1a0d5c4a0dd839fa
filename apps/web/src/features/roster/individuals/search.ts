import { rosterGrade, rosterPersonStatus, rosterRole } from '@colophon/domain';
import { individualSorts } from '@colophon/roster/contract';
import { z } from 'zod';
import { listSearchSchema, searchBoolean, searchId, searchText } from '../../../lib/list-search';

/**
 * The individuals list's URL (bookmarkable, forgiving like every list's): the roster's own filters
 * and sorts, `person` opening a person's drawer and `create` a new one. A stale value is dropped.
 */
export const individualsSearchSchema = listSearchSchema.extend({
  sort: z.enum(individualSorts).optional().catch(undefined),
  search: searchText,
  schoolId: searchId,
  // One grade: the roster reads a repeated `grade=`, not the `grade[]=` a list is sent as.
  grade: z.enum(rosterGrade.codes).optional().catch(undefined),
  homeroom: searchText,
  role: z.enum(rosterRole.codes).optional().catch(undefined),
  status: z.enum(rosterPersonStatus.codes).optional().catch(undefined),
  person: searchId,
  create: searchBoolean,
});
export type IndividualsSearch = z.infer<typeof individualsSearchSchema>;
