import { accountingInvoiceListUrlSearch } from '@colophon/contract';
import { z } from 'zod';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/*
 * The accounting sync's page (issue 13): its URL from the list declaration (accounting-lists.ts), and
 * `quickbooks`, what the API's "Connect QuickBooks" callback says when it sends the browser back.
 */
const accountingInvoicesRoute = resourceRoute(
  'super/quickbooks-invoices',
  {
    urlSearch: accountingInvoiceListUrlSearch.extend({
      quickbooks: z.enum(['connected', 'declined', 'failed']).optional().catch(undefined),
    }),
  },
  lazyPage(() => import('./AccountingInvoicesPage'), 'AccountingInvoicesPage'),
);

export const accountingRoutes = [accountingInvoicesRoute] as const;
