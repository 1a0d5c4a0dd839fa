import { z } from 'zod';
import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/*
 * The accounting sync's list (issue 13, `/admin/super/quickbooks-invoices`), apart from its item: the
 * web's route table derives the page's URL from this alone (decisions.md "Route tables read list
 * declarations, not contracts").
 */

/** 'pending' (a push is queued), 'synced' or 'failed' (the last push failed: see its error). */
export const accountingSyncStatuses = ['pending', 'synced', 'failed'] as const;
export type AccountingSyncStatus = (typeof accountingSyncStatuses)[number];
export const accountingSyncStatusSchema = z.enum(accountingSyncStatuses);

/** Every invoice's sync row; `search` looks in the accounting system's document number and id. */
export const accountingInvoiceList = defineListDeclaration({
  filters: {
    status: filter.list(accountingSyncStatusSchema, { max: 3 }),
    accountId: filter.ids(),
    invoiceId: filter.ids(),
  },
  searchable: ['docNumber', 'externalId'],
  sorts: ['updatedAt', 'createdAt', 'status', 'syncedAt', 'attempts', 'docNumber'],
  defaultSort: '-updatedAt',
});
export const accountingInvoiceListUrlSearch = listUrlSearchOf(accountingInvoiceList);
