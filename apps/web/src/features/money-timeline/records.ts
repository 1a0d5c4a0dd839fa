import type { MoneyEvent, SessionUser } from '@colophon/contract';
import { serializeFilters } from '@colophon/domain';
import { userCan } from '../../lib/access';

/**
 * Where a row's record opens, or undefined when the viewer may not open that page (a row links only
 * to what one may open): an online order in Online Orders' drawer, an invoice in Charge CC (a super administrator) or the school's Invoices, a payout
 * in its request page's list of the school's requests.
 */
export function recordHref(
  record: MoneyEvent['record'],
  accountId: number,
  user: SessionUser | null | undefined,
): string | undefined {
  const requests = (path: string) => `${path}?${serializeFilters({ accountId: [accountId] })}`;
  switch (record.resource) {
    case 'online_orders':
      return userCan(user, 'sales.view') ? `/admin/online-sales/orders?edit=${record.id}` : undefined;
    case 'invoices':
      if (userCan(user, 'super.invoices')) return `/admin/super/invoices?edit=${record.id}`;
      return userCan(user, 'sales.view') ? `/admin/invoices?edit=${record.id}` : undefined;
    case 'fund_requests':
      return userCan(user, 'funds.request') ? requests('/admin/request-bulk-presale-funds') : undefined;
    case 'summer_fund_requests':
      return userCan(user, 'funds.request') ? requests('/admin/request-single-book-funds') : undefined;
    case 'sales_tax_requests':
      return userCan(user, 'salesTax.request') ? requests('/admin/request-sales-tax') : undefined;
  }
}
