import type { User } from '@colophon/contract';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from '../../components/data-table/DataTable';
import { useLocalListSearch } from '../../lib/list-page';
import { type ListSearch, listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { userColumns, usersResource } from '../users';

/** The users linked to an account: the users list (`/api/users?accountId=`); a row opens the user on the Users page. */
export function AccountUsersTab({ accountId }: { accountId: number }) {
  const zone = useSession()?.user.timezone;
  const navigate = useNavigate();
  const list = useLocalListSearch<ListSearch>({ sort: 'lastName' });
  const query = usersResource.useList(listQuery({ ...list.search, accountId }));
  const columns = userColumns(zone, {
    open: (user: User) => void navigate({ to: '/admin/users', search: { user: user.id } }),
  });
  return (
    <DataTable<User>
      label="Account users"
      columns={columns}
      query={query}
      {...list}
      emptyText="No users are linked to this account"
    />
  );
}
