import { Badge, Drawer, Group, Tabs, Text } from '@mantine/core';
import { QueryState } from '../../components/feedback/QueryState';
import { usersResource } from './api';
import { fullName } from './columns';
import { UserAccountsTab } from './UserAccountsTab';
import { UserDetailsTab } from './UserDetailsTab';
import { UserNotificationsTab } from './UserNotificationsTab';
import { UserPermissionsTab } from './UserPermissionsTab';

export type UserTab = 'details' | 'permissions' | 'notifications' | 'accounts';

/** One user: details, permissions, notification preferences and linked accounts, one tab each. */
export function UserDrawer({
  userId,
  tab,
  canManage,
  onTabChange,
  onClose,
}: {
  userId: number | null;
  tab: UserTab;
  canManage: boolean;
  onTabChange: (tab: UserTab) => void;
  onClose: () => void;
}) {
  const query = usersResource.useDetail(userId);
  const title = query.data ? fullName(query.data) : 'User';
  return (
    <Drawer opened={userId !== null} onClose={onClose} title={title} position="right" size="xl">
      {userId !== null ? (
        <QueryState query={query} loadingLabel="Loading the user…">
          {(user) => (
            <>
              <Group gap="xs" mb="md">
                <Text size="sm" c="dimmed">
                  {user.email}
                </Text>
                <Badge color={user.isActive ? 'green' : 'gray'} variant="light">
                  {user.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Group>
              <Tabs
                key={user.id}
                value={tab}
                onChange={(next) => {
                  if (next === 'details' || next === 'permissions' || next === 'notifications' || next === 'accounts') {
                    onTabChange(next);
                  }
                }}
                keepMounted={false}
              >
                <Tabs.List mb="md">
                  <Tabs.Tab value="details">Details</Tabs.Tab>
                  <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
                  <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
                  <Tabs.Tab value="accounts">Accounts</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="details">
                  <UserDetailsTab user={user} canManage={canManage} />
                </Tabs.Panel>
                <Tabs.Panel value="permissions">
                  <UserPermissionsTab user={user} canManage={canManage} />
                </Tabs.Panel>
                <Tabs.Panel value="notifications">
                  <UserNotificationsTab userId={user.id} canManage={canManage} />
                </Tabs.Panel>
                <Tabs.Panel value="accounts">
                  <UserAccountsTab userId={user.id} canManage={canManage} />
                </Tabs.Panel>
              </Tabs>
            </>
          )}
        </QueryState>
      ) : null}
    </Drawer>
  );
}
