import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/*
 * The stored cards' list (issue 13), apart from its item: the web's route table derives the page's
 * URL from this alone (decisions.md "Route tables read list declarations, not contracts").
 */

/** Stored cards of the accounts the caller sees; a super administrator picks the account. */
export const storedCardList = defineListDeclaration({
  filters: { accountId: filter.ids() },
  sorts: ['createdAt', 'brand', 'expYear', 'isDefault'],
  defaultSort: '-createdAt',
});
export const storedCardListUrlSearch = listUrlSearchOf(storedCardList);
