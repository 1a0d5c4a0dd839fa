import { fundRequestListUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/*
 * The fund, summer fund and sales-tax request pages (issue 13): each URL from the list declaration
 * alone (fund-request-lists.ts), so the route table loads none of the contract's schemas.
 */
const presaleRoute = resourceRoute(
  'request-bulk-presale-funds',
  { urlSearch: fundRequestListUrlSearch },
  lazyPage(() => import('./FundRequestPage'), 'BulkPresaleFundRequestPage'),
);
const summerRoute = resourceRoute(
  'request-single-book-funds',
  { urlSearch: fundRequestListUrlSearch },
  lazyPage(() => import('./FundRequestPage'), 'SingleBookFundRequestPage'),
);
const salesTaxRoute = resourceRoute(
  'request-sales-tax',
  { urlSearch: fundRequestListUrlSearch },
  lazyPage(() => import('./FundRequestPage'), 'SalesTaxRequestPage'),
);

export const fundRequestRoutes = [presaleRoute, summerRoute, salesTaxRoute] as const;
