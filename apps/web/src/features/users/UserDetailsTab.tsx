import { type User, userUpdateSchema } from '@colophon/contract';
import { formatDateTime, resolveTimeZone, timeZone } from '@colophon/domain';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FormError } from '../../components/form/FormError';
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
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: userUpdateSchema,
    initialValues,
    submit: (body) => update.mutateAsync({ id: user.id, body }),
    successMessage: 'The user is saved.',
    onSuccess: (saved) =>
      form.resetDirty({
        email: saved.email,
        firstName: saved.firstName,
        lastName: saved.lastName,
        timezone: resolveTimeZone(saved.timezone),
      }),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput label="Email" type="email" required readOnly={!canManage} {...form.getInputProps('email')} />
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
        {canManage ? (
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} disabled={!form.isDirty()}>
              Save user
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
