import { pricingItemType } from '@colophon/domain';
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

/** A pricing item type of part 7 (`type_items=4`); another code is a 400 naming `type_items`. */
const pricingItemTypeCode = z.coerce
  .number()
  .int()
  .refine((code) => pricingItemType.has(code), {
    message: `Must be one of the pricing item type codes ${pricingItemType.codes.join(', ')}`,
  });

/** The spec's list of the options' prices takes `year, type_items`. */
export const pricingItemList = defineListDeclaration({
  filters: { year: filter.codes({ max: 20 }), type_items: filter.list(pricingItemTypeCode, { max: 10 }) },
  sorts: ['year', 'typeItems', 'code', 'unitCents'],
  defaultSort: 'typeItems',
});

export const shippingPriceList = defineListDeclaration({
  filters: { year: filter.codes({ max: 20 }), typeSize: filter.codes() },
  sorts: ['year', 'typeSize', 'copiesMin', 'perBookCents'],
  defaultSort: 'typeSize',
});

export const directSchoolPricingList = defineListDeclaration({
  filters: { year: filter.codes({ max: 20 }) },
  sorts: ['year', 'designation'],
  defaultSort: '-year',
});

/** The tabs of the price lists' page, each one list (the first is the page without `tab`). */
export const customerPricingPageTabs = [
  'prices',
  'accounts',
  'options',
  'shipping',
  'home',
  'postage',
  'direct',
] as const;
export type CustomerPricingPageTab = (typeof customerPricingPageTabs)[number];

/**
 * Customer Pricing (/admin/super/customer-pricing): the binding prices' list, or another tab's list
 * (`tab=accounts`, `options`, `shipping`, `home`, `postage`, `direct`), in one URL. The sort is a plain string: each tab's list checks its own.
 */
export const customerPricingPageUrlSearch = bindingPriceListUrlSearch.extend({
  tab: z.enum(customerPricingPageTabs).optional().catch(undefined),
  accountId: customerPricingListUrlSearch.shape.accountId,
  type_items: listUrlSearchOf(pricingItemList).shape.type_items,
  type_book: listUrlSearchOf(shipToHomeShippingPriceList).shape.type_book,
  type_size: listUrlSearchOf(shipToHomeShippingPriceList).shape.type_size,
  page_count: listUrlSearchOf(shipToHomeShippingPriceList).shape.page_count,
  sort: z.string().max(40).optional().catch(undefined),
});
