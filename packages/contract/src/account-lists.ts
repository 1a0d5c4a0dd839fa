import { z } from 'zod';
import { queryList } from './common';
import { searchNumberList } from './list-url';
import { defineListDeclaration, type FilterSpec, filter, listUrlSearchOf } from './resource-contract';

/** A depth of the tree: 0 (top), 1 (child) or 2 (grandchild). */
const depthSchema = z.number().int().min(0).max(2);
const depthFilter = {
  kind: 'list' as const,
  query: queryList(z.coerce.number().int().min(0).max(2)).optional(),
  body: z.array(depthSchema).max(3).optional(),
  url: searchNumberList,
} satisfies FilterSpec;

/** The accounts list's filters and sorts, apart from the account's schemas (see order-lists.ts). */
export const accountList = defineListDeclaration({
  filters: {
    type: filter.codes({ max: 20 }),
    typeSoftware: filter.codes({ max: 20 }),
    typeWhereCreated: filter.codes({ max: 2 }),
    country: filter.list(z.string().length(2), { max: 3 }),
    parentAccountId: filter.id(),
    /** Accounts anywhere below this one (children and grandchildren). */
    ancestorId: filter.id(),
    depth: depthFilter,
    isActive: filter.boolean(),
    excludeStoreOnly: filter.boolean(),
  },
  searchable: ['name', 'code'],
  sorts: ['name', 'code', 'type', 'country', 'createdAt'],
  defaultSort: 'name',
});
export const accountListUrlSearch = listUrlSearchOf(accountList);
