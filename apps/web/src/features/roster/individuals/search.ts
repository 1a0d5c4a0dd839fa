import { individualSorts } from '@colophon/domain';
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
  // Grade, role and status are read as short words, not against the domain's enumerations (this table is in
  // the login page's first script); the page drops a value the domain does not know.
  grade: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/)
    .optional()
    .catch(undefined),
  homeroom: searchText,
  role: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/)
    .optional()
    .catch(undefined),
  status: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/)
    .optional()
    .catch(undefined),
  person: searchId,
  create: searchBoolean,
});
export type IndividualsSearch = z.infer<typeof individualsSearchSchema>;
