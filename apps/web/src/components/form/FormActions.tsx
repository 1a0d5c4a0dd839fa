import { Button, Group, type MantineSize, Stack, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { DiscardChangesDialog, useDirtyGuard } from './DirtyGuard';
import classes from './FormActions.module.css';
import { FormError } from './FormError';
import type { SchemaForm } from './useSchemaForm';

/**
 * The bottom of every form (issue 9), in one place: a bar that stays in view, holding the refusal
 * that names no field next to Save, Cancel, and Save itself, disabled with the reason when the
 * session may not send the form's method (impersonating without privilege). It also guards the
 * form's unsaved edits: Cancel, closing the drawer or modal around it (GuardedDrawer, GuardedModal)
 * and leaving the page all ask before they are thrown away.
 */
export function FormActions<Values extends Record<string, unknown>>({
  schemaForm,
  submitLabel = 'Save',
  onCancel,
  cancelLabel = 'Cancel',
  extra,
  sticky = true,
  guardSearch = true,
  size,
  submitIcon,
}: {
  schemaForm: SchemaForm<Values>;
  submitLabel?: string;
  /** Shown as a Cancel button; asks first when there are unsaved edits. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** More buttons at the start of the bar. */
  extra?: ReactNode;
  /** False for a short form inside a larger page whose bar would cover others. */
  sticky?: boolean;
  /**
   * False where the page keeps the form through changes of its search (a proof's page, a project's
   * tab): only leaving for another path asks. True (the default) asks on any navigation, a drawer
   * opened by the search included.
   */
  guardSearch?: boolean;
  /** The buttons' size, for a short form in a narrow panel. */
  size?: MantineSize;
  /** An icon before the submit label. */
  submitIcon?: ReactNode;
}) {
  const { form, submitting, formError, changeRefusal } = schemaForm;
  const dirty = form.isDirty();
  const [askingCancel, setAskingCancel] = useState(false);

  // Inside a drawer or modal: closing it asks about this form's edits, and discarding drops them.
  const container = useDirtyGuard();
  useEffect(
    () => container?.register({ isDirty: () => form.isDirty(), discard: () => form.reset() }),
    [container, form],
  );

  // Leaving the page is guarded where there is a router (the app always has one).
  const router = useRouter({ warn: false });

  const cancel = () => {
    if (form.isDirty()) setAskingCancel(true);
    else onCancel?.();
  };
  const save = (
    <Button
      type="submit"
      size={size}
      leftSection={submitIcon}
      loading={submitting}
      data-disabled={changeRefusal ? true : undefined}
      aria-disabled={changeRefusal ? true : undefined}
      onClick={(event) => {
        if (changeRefusal) event.preventDefault();
      }}
    >
      {submitLabel}
    </Button>
  );

  return (
    <div className={sticky ? classes.bar : classes.inline} data-form-actions>
      <Stack gap="xs">
        <FormError message={formError === changeRefusal ? null : formError} />
        <Group justify="flex-end" gap="sm">
          {changeRefusal ? (
            <Text size="sm" c="dimmed" mr="auto">
              {changeRefusal}
            </Text>
          ) : dirty ? (
            <Text size="sm" c="dimmed" mr="auto" aria-live="polite">
              Unsaved changes
            </Text>
          ) : null}
          {extra}
          {onCancel ? (
            <Button variant="default" size={size} onClick={cancel}>
              {cancelLabel}
            </Button>
          ) : null}
          {changeRefusal ? <Tooltip label={changeRefusal}>{save}</Tooltip> : save}
        </Group>
      </Stack>
      <DiscardChangesDialog
        opened={askingCancel}
        onKeepEditing={() => setAskingCancel(false)}
        onDiscard={() => {
          setAskingCancel(false);
          form.reset();
          onCancel?.();
        }}
      />
      {router ? <NavigationGuard form={form} guardSearch={guardSearch} /> : null}
    </div>
  );
}

/** Leaving the page (a link, back, another route or its search) with unsaved edits asks first. */
function NavigationGuard<Values extends Record<string, unknown>>({
  form,
  guardSearch,
}: {
  form: UseFormReturnType<Values>;
  guardSearch: boolean;
}) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      form.isDirty() && !form.submitting && (guardSearch || current.pathname !== next.pathname),
    enableBeforeUnload: () => form.isDirty(),
    withResolver: true,
  });
  return (
    <DiscardChangesDialog
      opened={blocker.status === 'blocked'}
      onKeepEditing={() => blocker.reset?.()}
      onDiscard={() => {
        form.reset();
        blocker.proceed?.();
      }}
    />
  );
}
