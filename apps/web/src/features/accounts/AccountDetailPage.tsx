import type { Account } from '@colophon/contract';
import { accountType } from '@colophon/domain';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingOff, IconEdit, IconRefresh } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { ActiveBadge } from '../../components/data-table/cells';
import { ChangeButton } from '../../components/feedback/ChangeButton';
import { ErrorState, QueryState } from '../../components/feedback/QueryState';
import { PageCrumbs } from '../../components/layout/PageCrumbs';
import { type PageTabContent, PageTabs } from '../../components/layout/PageTabs';
import { userCan } from '../../lib/access';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { MoneyTimelineSection } from '../money-timeline';
import { NotificationsTable } from '../notifications';
import { AccountProjectsTable } from '../projects';
import { AccountDrawer, accountDetailIncludes } from './AccountDrawer';
import { AccountUsersTab } from './AccountUsersTab';
import { accountsResource } from './api';
import { type AccountTab, accountTabs, moneySearchKeys } from './search';
import { sharedAccountTabs } from './sharedTabs';
import { useDeactivateAccount } from './useDeactivateAccount';

const route = getRouteApi('/admin/accounts/$accountId');

/** /admin/accounts/$accountId: one account, with its profile, users, projects, proofs, orders, store and notifications. */
export function AccountDetailPage(): JSX.Element {
  const { accountId: rawId } = route.useParams();
  const accountId = Number(rawId);
  const valid = Number.isInteger(accountId) && accountId > 0;
  const query = accountsResource.useDetail(valid ? accountId : null, { include: accountDetailIncludes });

  if (!valid) {
    return (
      <Stack gap="md">
        <AccountBreadcrumb name="Unknown account" />
        <ErrorState title="No such account" error={new Error(`“${rawId}” is not an account number.`)} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {query.isError ? <AccountBreadcrumb name={`Account ${accountId}`} /> : null}
      <QueryState query={query} loadingLabel="Loading the account…">
        {(account) => <AccountDetail account={account} />}
      </QueryState>
    </Stack>
  );
}

function AccountBreadcrumb({ name }: { name: string }) {
  return <PageCrumbs label="Account breadcrumb" listTo="/admin/accounts" listLabel="Accounts" current={name} />;
}

function AccountDetail({ account }: { account: Account }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const user = useSession()?.user;
  const canManage = userCan(user, 'accounts.manage');
  const update = accountsResource.useUpdate();
  const deactivation = useDeactivateAccount();
  const visibleTabs = accountTabs.filter((tab) => {
    if (tab === 'users') return userCan(user, 'users.view');
    if (tab === 'projects') return userCan(user, 'projects.view');
    if (tab === 'proofs') return userCan(user, 'proofs.view');
    if (tab === 'orders') return userCan(user, 'orders.view');
    if (tab === 'store' || tab === 'money') return userCan(user, 'sales.view');
    return true;
  });
  const tab = search.tab && visibleTabs.includes(search.tab) ? search.tab : 'profile';
  const tabs: Record<AccountTab, PageTabContent> = {
    ...sharedAccountTabs(account, canManage),
    users: { label: 'Users', panel: <AccountUsersTab accountId={account.id} /> },
    projects: { label: 'Projects', panel: <AccountProjectsTable accountId={account.id} /> },
    money: {
      label: 'Money',
      panel: (
        <MoneyTimelineSection
          accountId={account.id}
          search={search}
          onSearchChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }) })}
        />
      ),
    },
    notifications: { label: 'Notifications', panel: <NotificationsTable accountId={account.id} /> },
  };

  const reactivate = async () => {
    try {
      await update.mutateAsync({ id: account.id, body: { isActive: true } });
      notifications.show({ color: 'green', title: 'Saved', message: `${account.name} is active again.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not reactivated', message: errorMessage(error), autoClose: false });
    }
  };

  return (
    <Stack gap="md">
      <AccountBreadcrumb name={account.name} />
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {account.name}
          </Title>
          <Group gap="xs" mt={4}>
            <Text size="sm" c="dimmed">
              {account.code} · {accountType.label(account.type)}
            </Text>
            <ActiveBadge active={account.isActive} />
            {account.parent ? (
              <Badge variant="outline" color="gray">
                Under {account.parent.name}
              </Badge>
            ) : null}
          </Group>
        </div>
        {canManage ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconEdit size={16} />}
              onClick={() => void navigate({ search: (previous) => ({ ...previous, edit: true }) })}
            >
              Edit account
            </Button>
            {account.isActive ? (
              <ChangeButton
                method="DELETE"
                variant="light"
                color="red"
                leftSection={<IconBuildingOff size={16} />}
                onClick={() => deactivation.ask(account)}
              >
                Deactivate
              </ChangeButton>
            ) : (
              <ChangeButton
                method="PUT"
                variant="light"
                leftSection={<IconRefresh size={16} />}
                loading={update.isPending}
                onClick={() => void reactivate()}
              >
                Reactivate
              </ChangeButton>
            )}
          </Group>
        ) : null}
      </Group>

      <PageTabs
        tabs={visibleTabs.map((value) => ({ value, ...tabs[value] }))}
        value={tab}
        onChange={(chosen) =>
          void navigate({
            search: (previous) => ({
              ...previous,
              // The money tab's filters and page belong to it.
              ...Object.fromEntries(moneySearchKeys.map((key) => [key, undefined])),
              tab: chosen === 'profile' ? undefined : chosen,
            }),
          })
        }
      />

      {deactivation.dialog}
      {canManage ? (
        <AccountDrawer
          accountId={search.edit ? account.id : null}
          onClose={() => void navigate({ search: (previous) => ({ ...previous, edit: undefined }) })}
        />
      ) : null}
    </Stack>
  );
}
