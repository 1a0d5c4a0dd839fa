import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { ConfirmDialog } from './ConfirmDialog';

type Of<T, V> = V | ((target: T) => V);
const resolve = <T, V>(value: Of<T, V>, target: T): V =>
  typeof value === 'function' ? (value as (target: T) => V)(target) : value;

export interface ConfirmedAction<T> {
  /** The dialog's title, e.g. 'Delete preset'. */
  title: Of<T, string>;
  /** What will happen, e.g. `${preset.name} will be deleted.` */
  message: (target: T) => ReactNode;
  confirmLabel: Of<T, string>;
  color?: Of<T, string>;
  /** The action itself (a mutation's `mutateAsync`). */
  run: (target: T) => Promise<unknown>;
  /** The notification once done; none when left out. */
  done?: (target: T) => { title: string; message: string };
  /** The title of the notification when refused (its message is the API's reason). */
  failed: Of<T, string>;
  /** Keep the refusal on screen until closed. */
  keepFailure?: boolean;
  /** After a success (e.g. close the record's drawer). */
  onDone?: (target: T) => void;
}

/**
 * An action that asks first: `ask(target)` opens the question, `dialog` is the question to render.
 * On "yes" it runs, tells how it went in a notification, and closes.
 */
export function useConfirmedAction<T>(action: ConfirmedAction<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setRunning(true);
    try {
      await action.run(target);
      const done = action.done?.(target);
      if (done) notifications.show({ color: 'green', ...done });
      action.onDone?.(target);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: resolve(action.failed, target),
        message: errorMessage(error),
        ...(action.keepFailure ? { autoClose: false } : {}),
      });
    } finally {
      setRunning(false);
      setTarget(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title={target === null ? '' : resolve(action.title, target)}
      confirmLabel={target === null ? 'OK' : resolve(action.confirmLabel, target)}
      color={target === null || action.color === undefined ? undefined : resolve(action.color, target)}
      loading={running}
      onClose={() => setTarget(null)}
      onConfirm={() => void confirm()}
    >
      {target === null ? null : action.message(target)}
    </ConfirmDialog>
  );

  return { ask: (next: T) => setTarget(() => next), target, dialog };
}

/** Deleting a named record: 'Delete <noun>', 'Delete', and 'Deleted' or 'Could not delete the <noun>'. */
export function useConfirmedDelete<T extends { id: number; name: string }>(
  noun: string,
  remove: (id: number) => Promise<unknown>,
  options: { message?: (record: T) => string; onDone?: (record: T) => void } = {},
) {
  return useConfirmedAction<T>({
    title: `Delete ${noun}`,
    confirmLabel: 'Delete',
    message: options.message ?? ((record) => `${record.name} will be deleted. This cannot be undone.`),
    run: (record) => remove(record.id),
    done: (record) => ({ title: 'Deleted', message: `${record.name} is deleted.` }),
    failed: `Could not delete the ${noun}`,
    onDone: options.onDone,
  });
}
