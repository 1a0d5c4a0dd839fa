import { Alert, Badge, Group, Tabs, Text } from '@mantine/core';
import { QueryState } from '../../components/feedback/QueryState';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { userChangeRefusalFor, viewerMayChangeUser } from '../../lib/access';
import { useSession } from '../../lib/session';
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
  const viewer = useSession()?.user;
  const query = usersResource.useDetail(userId, { include: ['pendingEmail'] });
  const title = query.data ? fullName(query.data) : 'User';
  return (
    <GuardedDrawer opened={userId !== null} onClose={onClose} title={title} position="right" size="xl">
      {userId !== null ? (
        <QueryState query={query} loadingLabel="Loading the user…">
          {(user) => {
            // What the viewer may change of this user: the domain's rank rule, as the server applies it.
            const editRefusal = canManage ? userChangeRefusalFor(viewer, user, 'edit') : null;
            const canEdit = canManage && editRefusal === null;
            const canChangePermissions = canManage && viewerMayChangeUser(viewer, user, 'permissions');
            return (
              <>
                <Group gap="xs" mb="md">
                  <Text size="sm" c="dimmed">
                    {user.email}
                  </Text>
                  <Badge color={user.isActive ? 'green' : 'gray'} variant="light">
                    {user.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </Group>
                {editRefusal ? (
                  <Alert color="gray" mb="md" role="note" title="You can only look at this user">
                    {editRefusal}
                  </Alert>
                ) : null}
                <Tabs
                  key={user.id}
                  value={tab}
                  onChange={(next) => {
                    if (
                      next === 'details' ||
                      next === 'permissions' ||
                      next === 'notifications' ||
                      next === 'accounts'
                    ) {
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
                    <UserDetailsTab user={user} canManage={canEdit} />
                  </Tabs.Panel>
                  <Tabs.Panel value="permissions">
                    <UserPermissionsTab user={user} canManage={canChangePermissions} />
                  </Tabs.Panel>
                  <Tabs.Panel value="notifications">
                    <UserNotificationsTab userId={user.id} canManage={canEdit} />
                  </Tabs.Panel>
                  <Tabs.Panel value="accounts">
                    <UserAccountsTab userId={user.id} canManage={canEdit} />
                  </Tabs.Panel>
                </Tabs>
              </>
            );
          }}
        </QueryState>
      ) : null}
    </GuardedDrawer>
  );
}
