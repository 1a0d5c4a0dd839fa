import { storedCardListUrlSearch } from '@colophon/contract';
import { resourceRoute } from '../../components/resource-page/route';
import { lazyPage } from '../../lib/chunk-reload';

/** /admin/manage-credit-cards: an account's stored cards (card-lists.ts alone loads here). */
const manageCardsRoute = resourceRoute(
  'manage-credit-cards',
  { urlSearch: storedCardListUrlSearch },
  lazyPage(() => import('./ManageCardsPage'), 'ManageCardsPage'),
);

export const cardRoutes = [manageCardsRoute] as const;
