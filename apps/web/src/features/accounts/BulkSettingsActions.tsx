import type { Account } from '@colophon/contract';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { errorMessage } from '../../lib/api-client';
import { type BulkSetting, bulkSettings, useBulkUpdate } from './api';

interface Pending {
  setting: BulkSetting;
  value: boolean;
  accounts: Account[];
}

/** The names of the accounts, the first ten and how many more. */
function listNames(accounts: readonly Pick<Account, 'name'>[]): string {
  const names = accounts.slice(0, 10).map((account) => account.name);
  return accounts.length > 10 ? `${names.join(', ')} and ${accounts.length - 10} more` : names.join(', ');
}

const settingKeys = Object.keys(bulkSettings) as BulkSetting[];

function accountsPhrase(accounts: readonly Pick<Account, 'name'>[]): string {
  return accounts.length === 1 ? (accounts[0]?.name ?? '1 account') : `${accounts.length} accounts`;
}

/**
 * The accounts list's bulk actions (part 7): internal review on or off, opting out of internal
 * review, opting in to adviser review notes — each asked for confirmation, then one all-or-nothing call.
 */
export function BulkSettingsActions({ selected, onDone }: { selected: Account[]; onDone: () => void }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const bulkUpdate = useBulkUpdate();

  const apply = async () => {
    if (!pending) return;
    const { setting, value, accounts } = pending;
    const labels = bulkSettings[setting];
    try {
      const result = await bulkUpdate.mutateAsync({
        setting,
        body: { accountIds: accounts.map((account) => account.id), value },
      });
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `${(value ? labels.on : labels.off).done} for ${
          result.updated === 1 ? accountsPhrase(accounts) : `${result.updated} accounts`
        }.`,
      });
      setPending(null);
      onDone();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Nothing was changed',
        message: errorMessage(error),
        autoClose: false,
      });
      setPending(null);
    }
  };

  const labels = pending ? bulkSettings[pending.setting] : null;
  const choice = pending && labels ? (pending.value ? labels.on : labels.off) : null;

  return (
    <>
      {settingKeys.map((setting) => {
        const entry = bulkSettings[setting];
        return (
          <Menu key={setting} position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} />}>
                {entry.name}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{entry.name}</Menu.Label>
              <Menu.Item onClick={() => setPending({ setting, value: true, accounts: selected })}>
                {entry.on.action}
              </Menu.Item>
              <Menu.Item onClick={() => setPending({ setting, value: false, accounts: selected })}>
                {entry.off.action}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        );
      })}
      <ConfirmDialog
        opened={pending !== null}
        title={labels && choice ? `${labels.name}: ${choice.action.toLowerCase()}` : ''}
        confirmLabel={choice ? `${choice.action} for ${pending?.accounts.length ?? 0}` : 'Confirm'}
        color="blue"
        loading={bulkUpdate.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => void apply()}
      >
        {pending && labels && choice
          ? `${choice.action} for ${accountsPhrase(pending.accounts)}${
              pending.accounts.length > 1 ? `: ${listNames(pending.accounts)}` : ''
            }. ${labels.explain} Every account changes, or none does.`
          : null}
      </ConfirmDialog>
    </>
  );
}
