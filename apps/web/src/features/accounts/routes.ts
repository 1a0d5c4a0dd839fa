import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { accountDetailSearchSchema, accountsSearchSchema } from './search';

const accountsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'accounts',
  validateSearch: accountsSearchSchema,
  ...pageRoute('/admin/accounts'),
  component: lazyPage(() => import('./AccountsPage'), 'AccountsPage'),
});

/** One account: the Accounts page's entry rule and catalogue entry (its breadcrumb adds the account's name). */
const accountDetailRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'accounts/$accountId',
  validateSearch: accountDetailSearchSchema,
  ...pageRoute('/admin/accounts'),
  component: lazyPage(() => import('./AccountDetailPage'), 'AccountDetailPage'),
});

export const accountRoutes = [accountsRoute, accountDetailRoute] as const;
