import { z } from 'zod';
import { defineListDeclaration, type FilterSpec, filter, listUrlSearchOf } from './resource-contract';

/*
 * The filters and sorts of the price lists (issue 13), apart from their items: the route table
 * derives each page's URL from these alone (decisions.md "Route tables read list declarations").
 */

const designationCode = z.string().regex(/^[A-S]$/, 'A designation from A to S');

/** A page count the ship-to-home list matches against its brackets (`page_count=40`). */
const pageCountFilter = {
  kind: 'one',
  query: z.coerce.number().int().min(1).max(2000).optional(),
  body: z.number().int().min(1).max(2000).optional(),
  url: z.coerce.number().int().min(1).max(2000).optional().catch(undefined),
} satisfies FilterSpec;

export const customerPricingList = defineListDeclaration({
  filters: { accountId: filter.ids(), year: filter.codes({ max: 20 }), designation: filter.list(designationCode) },
  sorts: ['year', 'designation', 'createdAt'],
  defaultSort: '-year',
});
export const customerPricingListUrlSearch = listUrlSearchOf(customerPricingList);

export const bindingPriceList = defineListDeclaration({
  filters: {
    designation: filter.list(designationCode),
    year: filter.codes({ max: 20 }),
    typeBook: filter.codes(),
    typeSize: filter.codes(),
  },
  sorts: ['designation', 'year', 'typeBook', 'typeSize', 'pageMin', 'perBookCents'],
  defaultSort: 'designation',
});
export const bindingPriceListUrlSearch = listUrlSearchOf(bindingPriceList);

export const pricingAdjustmentList = defineListDeclaration({
  filters: { accountId: filter.ids(), year: filter.codes({ max: 20 }), typeAdjustment: filter.codes() },
  searchable: ['reason'],
  sorts: ['year', 'typeAdjustment', 'createdAt'],
  defaultSort: '-createdAt',
});
export const pricingAdjustmentListUrlSearch = listUrlSearchOf(pricingAdjustmentList);

export const shipToHomePriceList = defineListDeclaration({
  filters: { year: filter.codes({ max: 20 }) },
  sorts: ['year', 'product', 'cents'],
  defaultSort: '-year',
});

/** The spec's list of ship-to-home postage takes `year, type_book, page_count, type_size`. */
export const shipToHomeShippingPriceList = defineListDeclaration({
  filters: {
    year: filter.codes({ max: 20 }),
    type_book: filter.codes(),
    page_count: pageCountFilter,
    type_size: filter.codes(),
  },
  sorts: ['year', 'typeBook', 'typeSize', 'pageMin', 'cents'],
  defaultSort: '-year',
});

/**
 * Customer Pricing (/admin/super/customer-pricing): the binding prices' list, or (`tab=accounts`) the
 * accounts' designations, in one URL. The sort is a plain string: each tab's list checks its own.
 */
export const customerPricingPageUrlSearch = bindingPriceListUrlSearch.extend({
  tab: z.enum(['prices', 'accounts']).optional().catch(undefined),
  accountId: customerPricingListUrlSearch.shape.accountId,
  sort: z.string().max(40).optional().catch(undefined),
});
