import { changePasswordBodySchema } from '@colophon/contract';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePassword, refreshSession } from '../../lib/auth-session';
import type { StoredSession } from '../../lib/session';
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
  const { form, onSubmit, submitting, formError } = useSchemaForm({
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
  const submit = (
    <Button type="submit" loading={submitting} fullWidth={fullWidth}>
      {submitLabel}
    </Button>
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
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
        {fullWidth ? submit : <Group justify="flex-end">{submit}</Group>}
      </Stack>
    </form>
  );
}
