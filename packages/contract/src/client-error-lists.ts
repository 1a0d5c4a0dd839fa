import { defineListDeclaration, listUrlSearchOf } from './resource-contract';

/** The client error groups' list (the super page): filters and sorts apart from the item (see order-lists.ts). */
export const clientErrorList = defineListDeclaration({
  filters: {},
  sorts: ['lastSeenAt', 'firstSeenAt', 'count'],
  defaultSort: '-lastSeenAt',
  searchable: ['message'],
});
export const clientErrorListUrlSearch = listUrlSearchOf(clientErrorList);
