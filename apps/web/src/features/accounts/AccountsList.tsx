import type { Account } from '@colophon/contract';
import { accountType, countryOptions } from '@colophon/domain';
import { Button, MultiSelect } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { filterQuery, listQuery } from '../../lib/list-search';
import { accountsResource, useCanSeeBrazil } from './api';
import { BulkSettingsActions } from './BulkSettingsActions';
import { accountColumns } from './columns';
import type { AccountsSearch } from './search';

/** The list's API query: the URL's page, size, sort and list filters, with each account's parent. */
export function accountsListQuery(search: AccountsSearch) {
  const { page, perPage, sort, search: text, type, country, isActive } = search;
  return { ...listQuery({ page, perPage, sort, search: text, type, country, isActive }), include: ['parent'] };
}

/** Every account the caller can reach (`GET accounts`): filters in the URL, CSV export, bulk settings. */
export function AccountsList({
  search,
  onSearchChange,
  canManage,
  canBulkUpdate,
  onEdit,
  onDeactivate,
}: {
  search: AccountsSearch;
  onSearchChange: (patch: Partial<AccountsSearch>) => void;
  canManage: boolean;
  canBulkUpdate: boolean;
  onEdit: (account: Account) => void;
  onDeactivate: (account: Account) => void;
}): JSX.Element {
  const brazil = useCanSeeBrazil();
  const query = accountsResource.useList(accountsListQuery(search));

  return (
    <DataTable<Account>
      label="Accounts"
      columns={accountColumns({
        edit: canManage ? onEdit : undefined,
        deactivate: canManage ? onDeactivate : undefined,
      })}
      query={query}
      search={search}
      onSearchChange={onSearchChange}
      emptyText="No accounts match these filters"
      onExport={() => accountsResource.exportCsv(filterQuery(accountsListQuery(search)))}
      filters={[
        { key: 'search', kind: 'search', placeholder: 'Name or code' },
        { key: 'type', kind: 'select', label: 'Type', options: accountType.options() },
        {
          key: 'country',
          kind: 'custom',
          render: (value, onChange) => {
            const country = (value as string[] | undefined) ?? [];
            return (
              <MultiSelect
                label="Country"
                data={countryOptions(brazil || country.includes('BR'))}
                value={country}
                onChange={(next) => onChange(next.length > 0 ? next : undefined)}
                clearable
                placeholder={country.length ? undefined : 'Any'}
                w={220}
              />
            );
          },
        },
        { key: 'isActive', kind: 'boolean', label: 'Status', yes: 'Active', no: 'Inactive' },
      ]}
      actions={
        canManage ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => onSearchChange({ create: true, edit: undefined })}
          >
            New account
          </Button>
        ) : null
      }
      bulkActions={
        canBulkUpdate ? (selected, clear) => <BulkSettingsActions selected={selected} onDone={clear} /> : undefined
      }
    />
  );
}
