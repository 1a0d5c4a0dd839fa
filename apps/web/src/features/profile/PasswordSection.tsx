import { changePasswordBodySchema } from '@colophon/contract';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { FormError } from '../../components/form/FormError';
import { withPasswordConfirmation } from '../../components/form/passwordConfirmation';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Section } from '../../components/layout/Section';
import { changePassword } from '../../lib/auth-session';

const schema = withPasswordConfirmation(changePasswordBodySchema, 'newPassword');

export function PasswordSection() {
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: changePassword,
    successMessage: 'Your password is changed.',
    onSuccess: () => form.reset(),
  });
  return (
    <Section title="Password" description="Use at least 10 characters.">
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
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
