import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/*
 * The filters and sorts of the orders lists (issue 11), apart from their items: the web's route
 * table derives each page's URL from these alone, so the login page does not load the orders' schemas.
 */

/** A bound of the submitted range: an instant or a London date. */
const submittedBound = filter.instant();

/** Order Status: `search` looks in the order's external id and its account's and project's names. */
export const orderList = defineListDeclaration({
  filters: {
    status: filter.codes({ max: 15 }),
    typeOrder: filter.codes({ max: 5 }),
    accountId: filter.ids(),
    /** Orders of this account and of every account below it. */
    ancestorId: filter.id(),
    projectId: filter.id(),
    manufacturerId: filter.ids(),
    plantId: filter.ids(),
    year: filter.codes({ max: 20 }),
    submittedFrom: submittedBound,
    submittedTo: submittedBound,
  },
  searchable: ['externalId'],
  sorts: ['createdAt', 'submittedAt', 'status', 'externalId', 'shipBy', 'typeOrder'],
  defaultSort: '-createdAt',
});
export const orderListUrlSearch = listUrlSearchOf(orderList);

export const personalizationUploadList = defineListDeclaration({
  filters: { orderId: filter.ids() },
  searchable: ['filename'],
  sorts: ['createdAt', 'filename', 'rowCount'],
  defaultSort: '-createdAt',
});
export const personalizationUploadListUrlSearch = listUrlSearchOf(personalizationUploadList);
