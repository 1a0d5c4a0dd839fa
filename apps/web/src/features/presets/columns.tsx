import type { Preset } from '@colophon/contract';
import { Menu, Text } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { RowActionsMenu, StackedCell } from '../../components/data-table/cells';
import { type ColumnContext, column, type ResourceColumn } from '../../components/resource-page';
import { specSummary, useAccountsByIds } from '../projects';

/**
 * The accounts the caller sees among these presets' accounts: a preset of another (the studio above
 * a school) is read-only. Until they are known, every preset counts as the caller's own.
 */
export function usePresetOwnership(presets: readonly Preset[]) {
  const query = useAccountsByIds(presets.map((preset) => preset.accountId));
  const accounts = new Map((query.data?.data ?? []).map((account) => [account.id, account]));
  return {
    accounts,
    loaded: query.isSuccess,
    isOwn: (preset: Preset) => !query.isSuccess || accounts.has(preset.accountId),
  };
}

// The cells ask for the accounts of all the rows on screen: one request, shared.
function AccountCell({ preset, records }: { preset: Preset; records: readonly Preset[] }) {
  const { accounts, loaded } = usePresetOwnership(records);
  const account = accounts.get(preset.accountId);
  if (account) {
    return (
      <StackedCell note={account.code}>
        <Text size="sm">{account.name}</Text>
      </StackedCell>
    );
  }
  return loaded ? (
    <Text size="sm" c="dimmed">
      The account above yours
    </Text>
  ) : null;
}

function SpecificationCell({ preset }: { preset: Preset }) {
  const rows = specSummary(preset.specification);
  if (rows.length === 0) return <Text c="dimmed">Nothing filled in</Text>;
  const shown = rows.slice(0, 4).map((row) => `${row.label}: ${row.value}`);
  return (
    <Text size="sm" title={rows.map((row) => `${row.label}: ${row.value}`).join('\n')}>
      {shown.join(' · ')}
      {rows.length > shown.length ? ` · +${rows.length - shown.length} more` : ''}
    </Text>
  );
}

function ActionsCell({ preset, page }: { preset: Preset; page: ColumnContext<Preset> }) {
  const own = usePresetOwnership(page.records).isOwn(preset);
  return (
    <RowActionsMenu name={preset.name}>
      <Menu.Item leftSection={own ? <IconEdit size={14} /> : <IconEye size={14} />} onClick={() => page.open(preset)}>
        {own ? 'Edit' : 'View'}
      </Menu.Item>
      {own ? (
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => page.remove(preset)}>
          Delete
        </Menu.Item>
      ) : null}
    </RowActionsMenu>
  );
}

/** The presets list's columns, declared once. */
export const presetColumns: ResourceColumn<Preset>[] = [
  column.link('name', 'Preset', { sortable: true }),
  ({ records }) => ({
    accessor: 'accountId',
    title: 'Account',
    render: (preset) => <AccountCell preset={preset} records={records} />,
  }),
  { accessor: 'specification', title: 'Specification', render: (preset) => <SpecificationCell preset={preset} /> },
  column.date('createdAt', 'Created', { sortable: true, noWrap: true }),
  (page) => ({
    accessor: 'actions',
    title: 'Actions',
    textAlign: 'right',
    width: 90,
    render: (preset) => <ActionsCell preset={preset} page={page} />,
  }),
];
