import { accountType, isParentAccountType, isSuperAdmin } from '@colophon/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { JSX } from 'react';
import { useAccountSearch } from '../../components/account-picker/api';
import { userCan } from '../../lib/access';
import { useSession } from '../../lib/session';
import { AccountDrawer } from './AccountDrawer';
import { AccountsList } from './AccountsList';
import { OverviewTable } from './OverviewTable';
import { type AccountsSearch, listFilterKeys, overviewFilterKeys } from './search';
import { useDeactivateAccount } from './useDeactivateAccount';

const route = getRouteApi('/admin/accounts');

/**
 * The studio account the overview starts from: the user's first immediate account when it holds
 * schools (a studio or branch office); a super administrator without one gets the first studio.
 */
function useDefaultOverviewRoot(enabled: boolean): number | null {
  const session = useSession();
  const first = session?.immediateAccounts[0];
  const firstHoldsSchools = first ? isParentAccountType(first.type) : false;
  const needsStudio = enabled && !firstHoldsSchools && isSuperAdmin(session?.user);
  const studios = useAccountSearch('', { type: [accountType.Studio], depth: [0] }, needsStudio);
  if (first && firstHoldsSchools) return first.id;
  return needsStudio ? (studios.data?.data[0]?.id ?? null) : null;
}

/**
 * /admin/accounts: for studio staff, sales reps and super administrators the studio overview of
 * their schools; for everyone the list of the accounts they can reach. Both keep their state in the URL.
 */
export function AccountsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const navigateTo = useNavigate();
  const session = useSession();
  const user = session?.user;
  const first = session?.immediateAccounts[0];
  const hasOverview = Boolean(
    isSuperAdmin(user) || session?.isStudioUser || (first && isParentAccountType(first.type)),
  );
  const defaultRoot = useDefaultOverviewRoot(hasOverview);
  const view = hasOverview ? (search.view ?? 'overview') : 'all';
  const canManage = userCan(user, 'accounts.manage');
  const canBulkUpdate = userCan(user, 'settings.manage');
  const deactivation = useDeactivateAccount();

  const setSearch = (patch: Partial<AccountsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  const switchView = (next: string) => {
    // Each view has its own page, sort and filters: a switch starts the other view afresh.
    const cleared = Object.fromEntries(
      [...overviewFilterKeys, ...listFilterKeys, 'page', 'perPage', 'sort'].map((key) => [key, undefined]),
    );
    setSearch({ ...cleared, view: next === 'all' ? 'all' : undefined });
  };

  return (
    <Stack gap="md">
      {hasOverview ? (
        <SegmentedControl
          aria-label="View"
          w="fit-content"
          value={view}
          onChange={switchView}
          data={[
            { value: 'overview', label: 'Overview' },
            { value: 'all', label: 'All accounts' },
          ]}
        />
      ) : null}
      {view === 'overview' ? (
        <OverviewTable search={search} rootId={search.root ?? defaultRoot} onSearchChange={setSearch} />
      ) : (
        <AccountsList
          search={search}
          onSearchChange={setSearch}
          canManage={canManage}
          canBulkUpdate={canBulkUpdate}
          onEdit={(account) => setSearch({ edit: account.id, create: undefined })}
          onDeactivate={deactivation.ask}
        />
      )}
      {deactivation.dialog}
      {canManage ? (
        <AccountDrawer
          accountId={search.create ? 'new' : (search.edit ?? null)}
          onClose={() => setSearch({ create: undefined, edit: undefined })}
          onCreated={(account) =>
            void navigateTo({ to: '/admin/accounts/$accountId', params: { accountId: String(account.id) } })
          }
        />
      ) : null}
    </Stack>
  );
}
