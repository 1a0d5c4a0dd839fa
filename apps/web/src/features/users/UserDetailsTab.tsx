import { type User, userUpdateSchema } from '@colophon/contract';
import { formatDateTime, timeZone } from '@colophon/domain';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../components/form/FormActions';
import { PendingEmail } from '../../components/form/PendingEmail';
import { personDetailsValues } from '../../components/form/personDetails';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSession } from '../../lib/session';
import { usersResource } from './api';

export function UserDetailsTab({ user, canManage }: { user: User; canManage: boolean }) {
  const viewerZone = useSession()?.user.timezone;
  const update = usersResource.useUpdate();
  const schemaForm = useSchemaForm({
    schema: userUpdateSchema,
    method: 'PUT',
    initialValues: personDetailsValues(user),
    submit: (body) => update.mutateAsync({ id: user.id, body }),
    successMessage: (saved) =>
      saved.pendingEmail && saved.pendingEmail !== user.pendingEmail
        ? `The user is saved. A link went to ${saved.pendingEmail}: the e-mail changes once it is opened.`
        : 'The user is saved.',
    onSuccess: (saved) => {
      const values = personDetailsValues(saved);
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
