import { invoiceListUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/* The invoices' pages (issue 13): their URLs from the list declaration alone (invoice-lists.ts). */

/** /admin/super/invoices — Charge CC: every invoice; charge a stored card, record a payment, refund, void. */
const chargeCcRoute = resourceRoute(
  'super/invoices',
  { urlSearch: invoiceListUrlSearch },
  lazyPage(() => import('./InvoicesPage'), 'ChargeCcPage'),
);

/** /admin/invoices — Invoices: an account's own invoices, to read (a studio's: its schools'). */
const invoicesRoute = resourceRoute(
  'invoices',
  { urlSearch: invoiceListUrlSearch },
  lazyPage(() => import('./InvoicesPage'), 'InvoicesPage'),
);

export const invoiceRoutes = [chargeCcRoute, invoicesRoute] as const;
