import { Drawer, type DrawerProps, Modal, type ModalProps } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../feedback/ConfirmDialog';

/** A form inside a drawer or modal, as its container sees it: whether it holds unsaved edits, and how to drop them. */
export interface GuardedForm {
  isDirty: () => boolean;
  discard: () => void;
}

interface DirtyGuard {
  /** Registers a form; returns its unregistration. */
  register: (form: GuardedForm) => () => void;
}

const DirtyGuardContext = createContext<DirtyGuard | null>(null);

/** The drawer or modal around a form (null outside one): FormActions registers its form with it. */
export function useDirtyGuard(): DirtyGuard | null {
  return useContext(DirtyGuardContext);
}

/** The one question asked before unsaved edits are thrown away (issue 9): Escape, close, Cancel, leaving. */
export function DiscardChangesDialog({
  opened,
  onDiscard,
  onKeepEditing,
}: {
  opened: boolean;
  onDiscard: () => void;
  onKeepEditing: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Discard unsaved changes?"
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      onConfirm={onDiscard}
      onClose={onKeepEditing}
    >
      You have changes that are not saved. Discarding them cannot be undone.
    </ConfirmDialog>
  );
}

/**
 * Closing a container (Escape, the close button, a click outside) while one of its forms holds
 * unsaved edits asks first; discarding resets the forms, so the navigation a close may cause is
 * not asked about twice.
 */
function useGuardedClose(onClose: () => void) {
  const forms = useRef(new Set<GuardedForm>());
  const [asking, setAsking] = useState(false);
  const guard = useMemo<DirtyGuard>(
    () => ({
      register: (form) => {
        forms.current.add(form);
        return () => forms.current.delete(form);
      },
    }),
    [],
  );
  const requestClose = useCallback(() => {
    if ([...forms.current].some((form) => form.isDirty())) setAsking(true);
    else onClose();
  }, [onClose]);
  const dialog = (
    <DiscardChangesDialog
      opened={asking}
      onKeepEditing={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        for (const form of forms.current) form.discard();
        onClose();
      }}
    />
  );
  return { guard, requestClose, dialog };
}

/** Mantine's Drawer that asks before throwing away unsaved edits of the forms inside it. */
export function GuardedDrawer({ onClose, children, ...props }: DrawerProps & { children?: ReactNode }) {
  const { guard, requestClose, dialog } = useGuardedClose(onClose);
  return (
    <DirtyGuardContext.Provider value={guard}>
      <Drawer {...props} onClose={requestClose}>
        {children}
      </Drawer>
      {dialog}
    </DirtyGuardContext.Provider>
  );
}

/** Mantine's Modal that asks before throwing away unsaved edits of the forms inside it. */
export function GuardedModal({ onClose, children, ...props }: ModalProps & { children?: ReactNode }) {
  const { guard, requestClose, dialog } = useGuardedClose(onClose);
  return (
    <DirtyGuardContext.Provider value={guard}>
      <Modal {...props} onClose={requestClose}>
        {children}
      </Modal>
      {dialog}
    </DirtyGuardContext.Provider>
  );
}
