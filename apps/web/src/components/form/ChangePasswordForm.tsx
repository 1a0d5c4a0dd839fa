import { changePasswordBodySchema } from '@colophon/contract';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { changePassword, refreshSession } from '../../lib/auth-session';
import type { StoredSession } from '../../lib/session';
import { FormActions } from './FormActions';
import { FormError } from './FormError';
import { withPasswordConfirmation } from './passwordConfirmation';
import { useSchemaForm } from './useSchemaForm';

const schema = withPasswordConfirmation(changePasswordBodySchema, 'newPassword');

/** Current password, new one twice: the profile's change and the forced change at first sign-in. */
export function ChangePasswordForm({
  submitLabel,
  successMessage,
  onChanged,
  fullWidth = false,
}: {
  submitLabel: string;
  successMessage: string;
  onChanged?: (session: StoredSession | null) => void;
  fullWidth?: boolean;
}) {
  const schemaForm = useSchemaForm({
    schema,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: async (body) => {
      await changePassword(body);
      return refreshSession();
    },
    successMessage,
    onSuccess: (session) => {
      form.reset();
      onChanged?.(session);
    },
  });
  const { form, onSubmit, submitting, formError } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {/* The forced change at first sign-in keeps its own full-width button (the sign-in pages stay as they are). */}
        {fullWidth ? <FormError message={formError} /> : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        {fullWidth ? (
          <Button type="submit" loading={submitting} fullWidth>
            {submitLabel}
          </Button>
        ) : null}
      </Stack>
      {/* The profile's password section: one of several, so the bar does not stick over the others. */}
      {fullWidth ? null : <FormActions schemaForm={schemaForm} submitLabel={submitLabel} sticky={false} />}
    </form>
  );
}
