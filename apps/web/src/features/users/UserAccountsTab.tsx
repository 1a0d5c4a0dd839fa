import { accountType } from '@colophon/domain';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { PlainTable } from '../../components/data-table/PlainTable';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState, QueryState } from '../../components/feedback/QueryState';
import { FormError } from '../../components/form/FormError';
import { errorMessage } from '../../lib/api-client';
import { type UserAccount, useLinkAccount, userAccountsOptions, useUnlinkAccount } from './api';

/** The accounts a user works on: link another one, unlink one. */
export function UserAccountsTab({ userId, canManage }: { userId: number; canManage: boolean }) {
  const query = useQuery(userAccountsOptions(userId));
  const link = useLinkAccount();
  const unlink = useUnlinkAccount();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [toUnlink, setToUnlink] = useState<UserAccount | null>(null);

  const linkAccount = async () => {
    if (!accountId) {
      setLinkError('Choose an account to link.');
      return;
    }
    setLinkError(null);
    try {
      const linked = await link.mutateAsync({ userId, accountId });
      setAccountId(null);
      notifications.show({ color: 'green', title: 'Saved', message: `${linked.account.name} is linked.` });
    } catch (error) {
      setLinkError(errorMessage(error));
    }
  };

  const unlinkAccount = async () => {
    if (!toUnlink) return;
    try {
      await unlink.mutateAsync(toUnlink.id);
      notifications.show({ color: 'green', title: 'Saved', message: `${toUnlink.account.name} is unlinked.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not unlink', message: errorMessage(error) });
    } finally {
      setToUnlink(null);
    }
  };

  return (
    <Stack gap="md">
      <QueryState query={query} loadingLabel="Loading linked accounts…">
        {(envelope) =>
          envelope.data.length === 0 ? (
            <EmptyState>No accounts are linked to this user.</EmptyState>
          ) : (
            <PlainTable label="Linked accounts" columns={['Account', 'Code', 'Type']} withActions={canManage}>
              {envelope.data.map((link) => (
                <Table.Tr key={link.id}>
                  <Table.Td>{link.account.name}</Table.Td>
                  <Table.Td>{link.account.code}</Table.Td>
                  <Table.Td>{accountType.label(link.account.type)}</Table.Td>
                  {canManage ? (
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconUnlink size={14} />}
                        onClick={() => setToUnlink(link)}
                        aria-label={`Unlink ${link.account.name}`}
                      >
                        Unlink
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </PlainTable>
          )
        }
      </QueryState>

      {canManage ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Link an account
          </Text>
          <FormError message={linkError} />
          <Group align="flex-end" gap="sm">
            <div style={{ flex: 1 }}>
              <AccountPicker
                label="Account to link"
                value={accountId}
                onChange={setAccountId}
                excludeIds={query.data?.data.map((link) => link.accountId) ?? []}
              />
            </div>
            <Button leftSection={<IconLink size={16} />} loading={link.isPending} onClick={() => void linkAccount()}>
              Link account
            </Button>
          </Group>
        </Stack>
      ) : null}

      <ConfirmDialog
        opened={toUnlink !== null}
        title="Unlink account"
        confirmLabel="Unlink"
        loading={unlink.isPending}
        onClose={() => setToUnlink(null)}
        onConfirm={() => void unlinkAccount()}
      >
        {`The user will no longer see ${toUnlink?.account.name ?? 'this account'} and what belongs to it.`}
      </ConfirmDialog>
    </Stack>
  );
}
