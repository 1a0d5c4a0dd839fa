import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { errorMessage } from '../../lib/api-client';

/** Asks before deleting a record, deletes it, and says how it went. */
export function useDeleteRecord<T extends { id: number; name: string }>(
  noun: string,
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean },
) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notifications.show({ color: 'green', title: 'Deleted', message: `${target.name} is deleted.` });
    } catch (error) {
      notifications.show({ color: 'red', title: `Could not delete the ${noun}`, message: errorMessage(error) });
    } finally {
      setTarget(null);
    }
  };
  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title={`Delete ${noun}`}
      confirmLabel="Delete"
      loading={remove.isPending}
      onClose={() => setTarget(null)}
      onConfirm={() => void confirm()}
    >
      {`${target?.name ?? ''} will be deleted. This cannot be undone.`}
    </ConfirmDialog>
  );
  return { ask: setTarget, dialog };
}
