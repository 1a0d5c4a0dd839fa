import type { Account, Preset } from '@colophon/contract';
import { formatDate } from '@colophon/domain';
import { ActionIcon, Anchor, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { specSummary } from '../projects';

export interface PresetRowActions {
  open: (preset: Preset) => void;
  remove: (preset: Preset) => void;
  /** The accounts the caller sees: a preset of another (the studio above a school) is read-only. */
  accounts: ReadonlyMap<number, Pick<Account, 'name' | 'code'>>;
  accountsLoaded: boolean;
}

export const isOwnPreset = (preset: Preset, actions: Pick<PresetRowActions, 'accounts' | 'accountsLoaded'>) =>
  !actions.accountsLoaded || actions.accounts.has(preset.accountId);

/** The presets list's columns, declared once. */
export function presetColumns(zone: string | null | undefined, actions: PresetRowActions): DataTableColumn<Preset>[] {
  return [
    {
      accessor: 'name',
      title: 'Preset',
      sortable: true,
      render: (preset) => (
        <Anchor component="button" type="button" size="sm" ta="start" onClick={() => actions.open(preset)}>
          {preset.name}
        </Anchor>
      ),
    },
    {
      accessor: 'accountId',
      title: 'Account',
      render: (preset) => {
        const account = actions.accounts.get(preset.accountId);
        if (account) {
          return (
            <Stack gap={0}>
              <Text size="sm">{account.name}</Text>
              <Text size="xs" c="dimmed">
                {account.code}
              </Text>
            </Stack>
          );
        }
        return actions.accountsLoaded ? (
          <Text size="sm" c="dimmed">
            The account above yours
          </Text>
        ) : null;
      },
    },
    {
      accessor: 'specification',
      title: 'Specification',
      render: (preset) => {
        const rows = specSummary(preset.specification);
        if (rows.length === 0) return <Text c="dimmed">Nothing filled in</Text>;
        const shown = rows.slice(0, 4).map((row) => `${row.label}: ${row.value}`);
        return (
          <Text size="sm" title={rows.map((row) => `${row.label}: ${row.value}`).join('\n')}>
            {shown.join(' · ')}
            {rows.length > shown.length ? ` · +${rows.length - shown.length} more` : ''}
          </Text>
        );
      },
    },
    {
      accessor: 'createdAt',
      title: 'Created',
      sortable: true,
      noWrap: true,
      render: (preset) => formatDate(preset.createdAt, zone),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      width: 90,
      render: (preset) => {
        const own = isOwnPreset(preset, actions);
        return (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions for ${preset.name}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={own ? <IconEdit size={14} /> : <IconEye size={14} />}
                onClick={() => actions.open(preset)}
              >
                {own ? 'Edit' : 'View'}
              </Menu.Item>
              {own ? (
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.remove(preset)}>
                  Delete
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        );
      },
    },
  ];
}
