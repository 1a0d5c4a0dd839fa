import { z } from 'zod';
import { searchId } from './list-url';
import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/*
 * The filters and sorts of the online stores' lists (issue 12), apart from their items: the web's
 * route table derives each page's URL from these alone (decisions.md "Route tables read list
 * declarations, not contracts").
 */

/** Stores: one per account and year. `search` looks in the slug and the title. */
export const storeList = defineListDeclaration({
  filters: { accountId: filter.ids(), year: filter.codes({ max: 20 }), isOpen: filter.boolean() },
  searchable: ['slug', 'title'],
  sorts: ['year', 'slug', 'createdAt'],
  defaultSort: '-year',
});
export const storeListUrlSearch = listUrlSearchOf(storeList);

/** A discount year as the URL and the query carry it: '2025-2026'. */
const discountYearFilter = z.string().regex(/^\d{4}-\d{4}$/, 'A school year such as 2025-2026');

/** Store Coupons: filters in the URL (year, active, search in the code and description). */
export const discountList = defineListDeclaration({
  filters: {
    accountId: filter.ids(),
    year: filter.list(discountYearFilter, { max: 20 }),
    isActive: filter.boolean(),
  },
  searchable: ['code', 'description'],
  sorts: ['code', 'year', 'startsOn', 'endsOn', 'timesUsed', 'createdAt'],
  defaultSort: '-createdAt',
});
export const discountListUrlSearch = listUrlSearchOf(discountList);

/** Store Setup (/admin/online-sales/store): the stores list, and the store whose products are shown. */
export const storeSetupUrlSearch = storeListUrlSearch.extend({ storeId: searchId, product: searchId });
