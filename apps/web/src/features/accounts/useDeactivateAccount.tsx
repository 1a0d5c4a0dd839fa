import type { Account } from '@colophon/contract';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { errorMessage } from '../../lib/api-client';
import { accountsResource } from './api';

/** Deactivating an account (DELETE keeps its history): a confirmation, then the outcome or the reason it was refused. */
export function useDeactivateAccount(onDeactivated?: (account: Account) => void) {
  const [target, setTarget] = useState<Account | null>(null);
  const remove = accountsResource.useRemove();

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notifications.show({ color: 'green', title: 'Saved', message: `${target.name} is deactivated.` });
      onDeactivated?.(target);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `${target.name} was not deactivated`,
        message: errorMessage(error),
        autoClose: false,
      });
    } finally {
      setTarget(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title="Deactivate account"
      confirmLabel="Deactivate"
      loading={remove.isPending}
      onClose={() => setTarget(null)}
      onConfirm={() => void confirm()}
    >
      {`${target?.name ?? 'The account'} will be hidden from lists and its users will no longer work on it. Its history is kept, and it can be reactivated by editing it.`}
    </ConfirmDialog>
  );

  return { ask: setTarget, dialog };
}
