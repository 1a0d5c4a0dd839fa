import { Alert, Group, Text } from '@mantine/core';
import { ActiveBadge } from '../../components/data-table/cells';
import { QueryState } from '../../components/feedback/QueryState';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { PageTabs } from '../../components/layout/PageTabs';
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
                  <ActiveBadge active={user.isActive} />
                </Group>
                {editRefusal ? (
                  <Alert color="gray" mb="md" role="note" title="You can only look at this user">
                    {editRefusal}
                  </Alert>
                ) : null}
                <PageTabs
                  key={user.id}
                  tabs={[
                    { value: 'details', label: 'Details', panel: <UserDetailsTab user={user} canManage={canEdit} /> },
                    {
                      value: 'permissions',
                      label: 'Permissions',
                      panel: <UserPermissionsTab user={user} canManage={canChangePermissions} />,
                    },
                    {
                      value: 'notifications',
                      label: 'Notifications',
                      panel: <UserNotificationsTab userId={user.id} canManage={canEdit} />,
                    },
                    {
                      value: 'accounts',
                      label: 'Accounts',
                      panel: <UserAccountsTab userId={user.id} canManage={canEdit} />,
                    },
                  ]}
                  value={tab}
                  onChange={onTabChange}
                />
              </>
            );
          }}
        </QueryState>
      ) : null}
    </GuardedDrawer>
  );
}
