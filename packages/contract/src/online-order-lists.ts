import { z } from 'zod';
import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/*
 * The filters and sorts of the online orders lists (issue 12), apart from their items: the web's
 * route table derives the Online Orders page's URL from these alone.
 */

/** An online order's status: awaiting the card, paid, failed, partially or fully refunded, canceled. */
export const onlineOrderStatuses = ['pending', 'paid', 'failed', 'partially_refunded', 'refunded', 'canceled'] as const;
export const onlineOrderStatusSchema = z.enum(onlineOrderStatuses);
export type OnlineOrderStatus = z.infer<typeof onlineOrderStatusSchema>;

/**
 * Online Orders: `search` looks in the order number, the parent's name and e-mail and the
 * student's names; `ancestorId` keeps an account and every account below it (a studio's schools).
 */
export const onlineOrderList = defineListDeclaration({
  filters: {
    accountId: filter.ids(),
    ancestorId: filter.id(),
    year: filter.codes({ max: 20 }),
    status: filter.list(onlineOrderStatusSchema, { max: 6 }),
    typePayment: filter.codes({ max: 3 }),
    typeShipping: filter.codes({ max: 4 }),
    storeId: filter.ids(),
    paidFrom: filter.instant(),
    paidTo: filter.instant(),
  },
  searchable: ['orderNumber', 'parentName', 'parentEmail', 'studentFirstName', 'studentLastName'],
  sorts: ['createdAt', 'paidAt', 'orderNumber', 'totalCents', 'status', 'parentName'],
  defaultSort: '-createdAt',
});
export const onlineOrderListUrlSearch = listUrlSearchOf(onlineOrderList);
