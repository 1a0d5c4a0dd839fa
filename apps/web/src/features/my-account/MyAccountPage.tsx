import type { Account } from '@colophon/contract';
import { accountType } from '@colophon/domain';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { QueryState } from '../../components/feedback/QueryState';
import { type PageTabContent, PageTabs } from '../../components/layout/PageTabs';
import { userCan } from '../../lib/access';
import { useSession } from '../../lib/session';
import {
  AccountLink,
  AccountSalesTab,
  accountDetailIncludes,
  accountsResource,
  sharedAccountTabs,
  useFirstAccountId,
} from '../accounts';
import { type MyAccountTab, myAccountTabs } from './search';

const route = getRouteApi('/admin/my-account');

/** /admin/my-account: the signed-in user's own account (the first they are linked to), its profile, proofs, orders, sales and store. */
export function MyAccountPage(): JSX.Element {
  const accountId = useFirstAccountId();
  const query = accountsResource.useDetail(accountId, { include: accountDetailIncludes });
  if (accountId === null) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="No account">
        You are not linked to an account yet. Ask your studio or school administrator to link you to one.
      </Alert>
    );
  }
  return (
    <QueryState query={query} loadingLabel="Loading your account…">
      {(account) => <MyAccount account={account} />}
    </QueryState>
  );
}

function MyAccount({ account }: { account: Account }) {
  const { tab: chosen } = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const user = session?.user;
  const others = (session?.immediateAccounts.length ?? 1) - 1;
  const visible = myAccountTabs.filter((tab) => {
    if (tab === 'proofs') return userCan(user, 'proofs.view');
    if (tab === 'orders') return userCan(user, 'orders.view');
    if (tab === 'sales' || tab === 'store') return userCan(user, 'sales.view');
    return true;
  });
  const tab = chosen && visible.includes(chosen) ? chosen : 'profile';
  const tabs: Record<MyAccountTab, PageTabContent> = {
    ...sharedAccountTabs(account, userCan(user, 'accounts.manage')),
    sales: { label: 'Sales', panel: <AccountSalesTab /> },
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {account.name}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {account.code} · {accountType.label(account.type)}
          </Text>
          {userCan(user, 'accounts.view') ? (
            <Text size="sm">
              · <AccountLink id={account.id} name="Open in Accounts" />
            </Text>
          ) : null}
        </Group>
        {others > 0 ? (
          <Text size="xs" c="dimmed" mt={4}>
            You are linked to {others} more account{others === 1 ? '' : 's'}; this page shows the first.
          </Text>
        ) : null}
      </div>
      <PageTabs
        tabs={visible.map((value) => ({ value, ...tabs[value] }))}
        value={tab}
        onChange={(found) => void navigate({ search: { tab: found === 'profile' ? undefined : found } })}
      />
    </Stack>
  );
}
