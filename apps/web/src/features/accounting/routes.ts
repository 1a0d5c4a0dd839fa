import { accountingInvoiceListUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/* The accounting sync's page (issue 13): its URL from the list declaration alone (accounting-lists.ts). */
const accountingInvoicesRoute = resourceRoute(
  'super/quickbooks-invoices',
  { urlSearch: accountingInvoiceListUrlSearch },
  lazyPage(() => import('./AccountingInvoicesPage'), 'AccountingInvoicesPage'),
);

export const accountingRoutes = [accountingInvoicesRoute] as const;
