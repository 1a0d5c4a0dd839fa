import { z } from 'zod';
import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/*
 * The invoices' list (issue 13), apart from its item: the web's route table derives the Charge CC
 * and Invoices pages' URLs from this alone (decisions.md "Route tables read list declarations, not
 * contracts").
 */

/** The domain's `invoiceStatus` codes, spelled here so the route table does not load the domain. */
export const invoiceStatusSchema = z.enum(['draft', 'open', 'paid', 'void']);

/**
 * Invoices of the accounts the caller sees. `search` looks in the invoice number and the account's
 * name and code; `createdFrom`/`createdTo` take an instant or a London day.
 */
export const invoiceList = defineListDeclaration({
  filters: {
    status: filter.list(invoiceStatusSchema, { max: 4 }),
    accountId: filter.ids(),
    typeProduct: filter.codes({ max: 6 }),
    createdFrom: filter.instant(),
    createdTo: filter.instant(),
  },
  searchable: ['number'],
  sorts: ['createdAt', 'number', 'status', 'totalCents', 'dueOn', 'issuedAt'],
  defaultSort: '-createdAt',
});
export const invoiceListUrlSearch = listUrlSearchOf(invoiceList);
