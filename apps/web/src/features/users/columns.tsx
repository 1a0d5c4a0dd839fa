import type { User } from '@colophon/contract';
import { formatDate, formatDateTime, userRole } from '@colophon/domain';
import { Anchor, Badge, Menu } from '@mantine/core';
import { IconEdit, IconUserCheck, IconUserOff, IconUserShare } from '@tabler/icons-react';
import { ActiveBadge, RowActionsMenu } from '../../components/data-table/cells';
import type { DataTableColumn } from '../../components/data-table/DataTable';

export function fullName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

export interface UserRowActions {
  /** The signed-in user: nobody impersonates themselves. */
  viewerId?: number | undefined;
  open: (user: User) => void;
  setActive?: ((user: User, isActive: boolean) => void) | undefined;
  /** Why the viewer may not change this user this way (the domain's rank rule), null when they may. */
  refusal?: ((user: User, change: 'edit' | 'deactivate') => string | null) | undefined;
  impersonate?: ((user: User) => void) | undefined;
}

/** The users list's columns, declared once: what each shows and which sort key it uses. */
export function userColumns(viewerZone: string | null | undefined, actions: UserRowActions): DataTableColumn<User>[] {
  return [
    {
      accessor: 'lastName',
      title: 'Name',
      sortable: true,
      render: (user) => (
        <Anchor component="button" type="button" size="sm" ta="start" onClick={() => actions.open(user)}>
          {fullName(user)}
        </Anchor>
      ),
    },
    { accessor: 'email', title: 'Email', sortable: true },
    {
      accessor: 'role',
      title: 'Role',
      sortable: true,
      render: (user) => (
        <>
          {userRole.label(user.role)}
          {user.bSuperAdmin ? (
            <Badge ml="xs" size="xs" color="grape" variant="light">
              Super admin
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      accessor: 'isActive',
      title: 'Status',
      noWrap: true,
      width: 100,
      render: (user) => <ActiveBadge active={user.isActive} />,
    },
    {
      accessor: 'mfaMethod',
      title: 'Two-step',
      render: (user) => (user.mfaMethod === 'totp' ? 'App' : user.mfaMethod === 'email' ? 'E-mail' : 'Off'),
    },
    {
      accessor: 'lastSignInAt',
      title: 'Last sign-in',
      sortable: true,
      render: (user) => (user.lastSignInAt ? formatDateTime(user.lastSignInAt, viewerZone) : 'Never'),
    },
    {
      accessor: 'createdAt',
      title: 'Created',
      sortable: true,
      render: (user) => formatDate(user.createdAt, viewerZone),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (user) => {
        // Without a rule to ask, nothing is offered as changeable.
        const refusalOf = (change: 'edit' | 'deactivate') =>
          actions.refusal ? actions.refusal(user, change) : 'You cannot change this user.';
        const editRefusal = refusalOf('edit');
        const deactivateRefusal = refusalOf('deactivate');
        return (
          <RowActionsMenu name={fullName(user)}>
            <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => actions.open(user)}>
              {editRefusal === null ? 'Edit' : 'View'}
            </Menu.Item>
            {actions.setActive ? (
              user.isActive ? (
                <Menu.Item
                  color="red"
                  leftSection={<IconUserOff size={14} />}
                  disabled={deactivateRefusal !== null}
                  title={deactivateRefusal ?? undefined}
                  onClick={() => actions.setActive?.(user, false)}
                >
                  Deactivate
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconUserCheck size={14} />}
                  disabled={editRefusal !== null}
                  title={editRefusal ?? undefined}
                  onClick={() => actions.setActive?.(user, true)}
                >
                  Reactivate
                </Menu.Item>
              )
            ) : null}
            {actions.impersonate && user.isActive && user.id !== actions.viewerId ? (
              <Menu.Item leftSection={<IconUserShare size={14} />} onClick={() => actions.impersonate?.(user)}>
                Impersonate
              </Menu.Item>
            ) : null}
          </RowActionsMenu>
        );
      },
    },
  ];
}
