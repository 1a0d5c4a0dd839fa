import { type User, userUpdateSchema } from '@colophon/contract';
import { formatDateTime, resolveTimeZone, timeZone } from '@colophon/domain';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../components/form/FormActions';
import { PendingEmail } from '../../components/form/PendingEmail';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSession } from '../../lib/session';
import { usersResource } from './api';

export function UserDetailsTab({ user, canManage }: { user: User; canManage: boolean }) {
  const viewerZone = useSession()?.user.timezone;
  const update = usersResource.useUpdate();
  const initialValues = {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    timezone: resolveTimeZone(user.timezone),
  };
  const schemaForm = useSchemaForm({
    schema: userUpdateSchema,
    method: 'PUT',
    initialValues,
    submit: (body) => update.mutateAsync({ id: user.id, body }),
    successMessage: (saved) =>
      saved.pendingEmail && saved.pendingEmail !== user.pendingEmail
        ? `The user is saved. A link went to ${saved.pendingEmail}: the e-mail changes once it is opened.`
        : 'The user is saved.',
    onSuccess: (saved) => {
      const values = {
        // The address stays the old one until the new one is confirmed.
        email: saved.email,
        firstName: saved.firstName,
        lastName: saved.lastName,
        timezone: resolveTimeZone(saved.timezone),
      };
      form.setValues(values);
      form.resetDirty(values);
    },
  });
  const { form, onSubmit } = schemaForm;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          required
          readOnly={!canManage}
          description={canManage ? 'A new address changes once the link e-mailed to it is opened.' : undefined}
          {...form.getInputProps('email')}
        />
        <PendingEmail pendingEmail={user.pendingEmail} />
        <SimpleGrid cols={2}>
          <TextInput label="First name" required readOnly={!canManage} {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required readOnly={!canManage} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Select
          label="Time zone"
          data={timeZone.options()}
          allowDeselect={false}
          readOnly={!canManage}
          {...form.getInputProps('timezone')}
        />
        <Text size="xs" c="dimmed">
          Created {formatDateTime(user.createdAt, viewerZone)} · Last sign-in{' '}
          {user.lastSignInAt ? formatDateTime(user.lastSignInAt, viewerZone) : 'never'}
        </Text>
      </Stack>
      {canManage ? <FormActions schemaForm={schemaForm} submitLabel="Save user" /> : null}
    </form>
  );
}
