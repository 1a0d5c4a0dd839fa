import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

/**
 * Remove one item of a review list after the person confirms: which item is being asked about, and
 * the props of the ConfirmDialog that asks. Success and failure are told in a notification.
 */
export function useConfirmedRemoval<Item extends { id: number }>(
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean },
  removedMessage: (item: Item) => string,
) {
  const [removing, setRemoving] = useState<Item | null>(null);
  const confirm = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notifications.show({ color: 'green', title: 'Removed', message: removedMessage(removing) });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not removed', message: errorMessage(error) });
    } finally {
      setRemoving(null);
    }
  };
  return {
    removing,
    askToRemove: setRemoving,
    dialog: {
      opened: removing !== null,
      loading: remove.isPending,
      onClose: () => setRemoving(null),
      onConfirm: () => void confirm(),
    },
  };
}
