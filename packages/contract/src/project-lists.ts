import { z } from 'zod';
import { defineListDeclaration, type FilterSpec, filter, listUrlSearchOf } from './resource-contract';

/** A bound of the submission-deadline range (`YYYY-MM-DD`, inclusive); the URL drops a stale one. */
const isoDate = z.iso.date();
const deadlineBound = {
  kind: 'one' as const,
  query: isoDate.optional(),
  body: isoDate.optional(),
  url: isoDate.optional().catch(undefined),
} satisfies FilterSpec;

/** The projects list's filters and sorts, apart from the project's schemas (see order-lists.ts). */
export const projectList = defineListDeclaration({
  filters: {
    accountId: filter.ids(),
    /** Projects of this account and of every account below it. */
    ancestorId: filter.id(),
    year: filter.codes({ max: 20 }),
    typeBook: filter.codes({ max: 10 }),
    typeSoftware: filter.codes({ max: 11 }),
    isActive: filter.boolean(),
    deadlineFrom: deadlineBound,
    deadlineTo: deadlineBound,
  },
  searchable: ['name'],
  sorts: ['name', 'year', 'typeBook', 'submissionDeadline', 'inHomeDate', 'createdAt'],
  defaultSort: 'name',
});
export const projectListUrlSearch = listUrlSearchOf(projectList);

/** The presets list (saved specifications). */
export const presetList = defineListDeclaration({
  filters: { accountId: filter.ids() },
  searchable: ['name'],
  sorts: ['name', 'createdAt'],
  defaultSort: 'name',
});
export const presetListUrlSearch = listUrlSearchOf(presetList);
