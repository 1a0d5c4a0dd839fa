import type { User } from '@colophon/contract';
import { userRole } from '@colophon/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { useMethodRefusal, userCan, userChangeRefusalFor } from '../../lib/access';
import { errorMessage } from '../../lib/api-client';
import { startImpersonation } from '../../lib/auth-session';
import { filterQuery, listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { usersResource } from './api';
import { fullName, userColumns } from './columns';
import type { UsersSearch } from './search';
import { UserCreateDrawer } from './UserCreateDrawer';
import { UserDrawer } from './UserDrawer';

const route = getRouteApi('/admin/users');

/** /admin/users: the users the caller may see, with filters in the URL, and their management. */
export function UsersPage(): JSX.Element {
  const search = route.useSearch();
  const navigateRoute = route.useNavigate();
  const navigate = useNavigate();
  const viewer = useSession()?.user;
  const canManage = userCan(viewer, 'users.manage');
  const canImpersonate = userCan(viewer, 'super.impersonate');
  // Impersonating without privilege, PUT and DELETE are refused (part 6): say so on each control.
  const putRefusal = useMethodRefusal('PUT');
  const deleteRefusal = useMethodRefusal('DELETE');
  const refusal = (user: User, change: 'edit' | 'deactivate') =>
    (change === 'edit' ? putRefusal : deleteRefusal) ?? userChangeRefusalFor(viewer, user, change);
  // The domain's rank rule, as the server applies it: only users ranking below, or oneself.
  const mayEdit = (user: User) => refusal(user, 'edit') === null;
  const mayDeactivate = (user: User) => refusal(user, 'deactivate') === null;
  const [toImpersonate, setToImpersonate] = useState<User | null>(null);

  const { user: openUserId, tab, create, ...list } = search;
  const query = usersResource.useList(listQuery(list));
  const [toDeactivate, setToDeactivate] = useState<User[] | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = usersResource.useRemove();
  const update = usersResource.useUpdate();

  const setSearch = (patch: Partial<UsersSearch>) =>
    void navigateRoute({ search: (previous) => ({ ...previous, ...patch }) });

  /** Deactivates (DELETE) or reactivates (PUT isActive) each user, then says how it went. */
  const setActive = async (users: User[], isActive: boolean) => {
    setBusy(true);
    let done = 0;
    const failures: string[] = [];
    for (const user of users) {
      try {
        if (isActive) await update.mutateAsync({ id: user.id, body: { isActive: true } });
        else await remove.mutateAsync(user.id);
        done += 1;
      } catch (error) {
        failures.push(`${fullName(user)}: ${errorMessage(error)}`);
      }
    }
    setBusy(false);
    setToDeactivate(null);
    const verb = isActive ? 'reactivated' : 'deactivated';
    if (done > 0) {
      notifications.show({
        color: 'green',
        title: 'Saved',
        message:
          done === 1 && users.length === 1 ? `${fullName(users[0] as User)} is ${verb}.` : `${done} users ${verb}.`,
      });
    }
    if (failures.length > 0) {
      notifications.show({ color: 'red', title: `Not ${verb}`, message: failures.join('\n'), autoClose: false });
    }
  };

  const impersonate = async (user: User) => {
    try {
      await startImpersonation(user.id);
      notifications.show({ color: 'orange', title: 'Impersonating', message: `You are acting as ${fullName(user)}.` });
      await navigate({ to: '/admin/profile' });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not impersonate', message: errorMessage(error) });
    }
  };

  const columns = userColumns(viewer?.timezone, {
    viewerId: viewer?.id,
    open: (user) => setSearch({ user: user.id, tab: undefined, create: undefined }),
    setActive: canManage
      ? (user, isActive) => (isActive ? void setActive([user], true) : setToDeactivate([user]))
      : undefined,
    refusal,
    // Acting as someone else is asked first, naming them and what it means (issue 9).
    impersonate: canImpersonate ? (user) => setToImpersonate(user) : undefined,
  });

  return (
    <>
      <DataTable<User>
        label="Users"
        columns={columns}
        query={query}
        search={list}
        onSearchChange={setSearch}
        emptyText="No users match these filters"
        onExport={() => usersResource.exportCsv(filterQuery(list))}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Name or e-mail' },
          { key: 'role', kind: 'select', label: 'Role', options: userRole.options() },
          { key: 'isActive', kind: 'boolean', label: 'Status', yes: 'Active', no: 'Inactive' },
        ]}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setSearch({ create: true, user: undefined })}>
              New user
            </Button>
          ) : null
        }
        bulkActions={
          canManage
            ? (selected, clear) => (
                <>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    leftSection={<IconUserOff size={14} />}
                    disabled={!selected.some((user) => user.isActive && mayDeactivate(user))}
                    onClick={() => setToDeactivate(selected.filter((user) => user.isActive && mayDeactivate(user)))}
                  >
                    Deactivate selected
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconUserCheck size={14} />}
                    loading={busy}
                    disabled={!selected.some((user) => !user.isActive && mayEdit(user))}
                    onClick={async () => {
                      await setActive(
                        selected.filter((user) => !user.isActive && mayEdit(user)),
                        true,
                      );
                      clear();
                    }}
                  >
                    Reactivate selected
                  </Button>
                </>
              )
            : undefined
        }
      />

      <ConfirmDialog
        opened={toImpersonate !== null}
        title={`Act as ${toImpersonate ? fullName(toImpersonate) : ''}?`}
        confirmLabel="Impersonate"
        color="orange"
        onClose={() => setToImpersonate(null)}
        onConfirm={() => {
          const user = toImpersonate;
          setToImpersonate(null);
          if (user) void impersonate(user);
        }}
      >
        {toImpersonate
          ? `You will see Colophon as ${fullName(toImpersonate)} (${userRole.label(toImpersonate.role)}, ${toImpersonate.email}) sees it: their pages, accounts and permissions instead of yours. Unless your user is privileged, you can look but not change anything while acting as them. A banner stays at the top until you end impersonation there.`
          : null}
      </ConfirmDialog>

      <ConfirmDialog
        opened={toDeactivate !== null}
        title={toDeactivate?.length === 1 ? 'Deactivate user' : 'Deactivate users'}
        confirmLabel="Deactivate"
        loading={busy}
        onClose={() => setToDeactivate(null)}
        onConfirm={() => void setActive(toDeactivate ?? [], false)}
      >
        {toDeactivate?.length === 1
          ? `${fullName(toDeactivate[0] as User)} will no longer be able to sign in. You can reactivate them later.`
          : `${toDeactivate?.length ?? 0} users will no longer be able to sign in. You can reactivate them later.`}
      </ConfirmDialog>

      {canManage ? (
        <UserCreateDrawer
          opened={create === true}
          onClose={() => setSearch({ create: undefined })}
          onCreated={(user) => setSearch({ create: undefined, user: user.id })}
        />
      ) : null}
      <UserDrawer
        userId={openUserId ?? null}
        tab={tab ?? 'details'}
        canManage={canManage}
        onTabChange={(next) => setSearch({ tab: next === 'details' ? undefined : next })}
        onClose={() => setSearch({ user: undefined, tab: undefined })}
      />
    </>
  );
}
