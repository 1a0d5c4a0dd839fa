import type { Account } from '@colophon/contract';
import { isParentAccountType } from '@colophon/domain';
import type { PageTabContent } from '../../components/layout/PageTabs';
import { AccountProfileTab } from './AccountProfileTab';
import { AccountOrdersTab, AccountProofsTab, AccountStoreTab } from './AccountRowsTabs';

type SharedTab = 'profile' | 'proofs' | 'orders' | 'store';

/**
 * The tabs an account's page and My Account both show, the same on each: the account's profile,
 * and its projects' latest proofs, orders and store (with the school column under a studio).
 */
export function sharedAccountTabs(account: Account, canManage: boolean): Record<SharedTab, PageTabContent> {
  const holdsSchools = isParentAccountType(account.type);
  return {
    profile: { label: 'Profile', panel: <AccountProfileTab account={account} canManage={canManage} /> },
    proofs: { label: 'Proofs', panel: <AccountProofsTab accountId={account.id} holdsSchools={holdsSchools} /> },
    orders: { label: 'Orders', panel: <AccountOrdersTab accountId={account.id} holdsSchools={holdsSchools} /> },
    store: { label: 'Store', panel: <AccountStoreTab accountId={account.id} holdsSchools={holdsSchools} /> },
  };
}
