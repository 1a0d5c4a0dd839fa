import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/*
 * The filters and sorts of the fund, summer fund and sales-tax requests' lists (issue 13), apart from
 * their items: the web's route table derives the three pages' URLs from this alone.
 */

/** Requests: by account, store year, status (0 Waiting, 2 Complete) and the day they were made. */
export const fundRequestList = defineListDeclaration({
  filters: {
    accountId: filter.ids(),
    year: filter.codes({ max: 20 }),
    status: filter.codes({ max: 2 }),
    /** Made from this instant (or the start of this London day). */
    createdFrom: filter.instant(),
    /** Made up to this instant (or the end of this London day). */
    createdTo: filter.instant(),
  },
  /** `search` looks in the payment's reference (a check number, an ACH trace). */
  searchable: ['paymentReference'],
  sorts: ['createdAt', 'amountCents', 'status', 'year', 'completedAt'],
  defaultSort: '-createdAt',
});
export const fundRequestListUrlSearch = listUrlSearchOf(fundRequestList);
