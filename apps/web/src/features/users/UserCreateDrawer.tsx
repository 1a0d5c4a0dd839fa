import { roleCodeSchema, type User, userCreateSchema } from '@colophon/contract';
import { DEFAULT_TIME_ZONE, timeZone, userRole } from '@colophon/domain';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { FormActions } from '../../components/form/FormActions';
import { numberSelectProps } from '../../components/form/selectProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { usersResource } from './api';
import { fullName } from './columns';

/** The contract's create body; a role and an account not chosen yet say so in words. */
const createFormSchema = userCreateSchema.extend({
  role: z.number().positive('Choose a role').pipe(roleCodeSchema),
  accountId: z.number().positive('Choose an account').pipe(userCreateSchema.shape.accountId),
});

export function UserCreateDrawer({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (user: User) => void;
}) {
  return (
    <GuardedDrawer opened={opened} onClose={onClose} title="New user" position="right" size="md">
      {opened ? <UserCreateForm onCancel={onClose} onCreated={onCreated} /> : null}
    </GuardedDrawer>
  );
}

function UserCreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (user: User) => void }) {
  const create = usersResource.useCreate();
  const schemaForm = useSchemaForm({
    schema: createFormSchema,
    initialValues: { email: '', firstName: '', lastName: '', role: 0, timezone: DEFAULT_TIME_ZONE, accountId: 0 },
    submit: (body) => create.mutateAsync(body),
    successMessage: (user) => `${fullName(user)} is added and has been e-mailed a link to set a password.`,
    onSuccess: onCreated,
  });
  const { form, onSubmit } = schemaForm;
  const accountId = form.getValues().accountId;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <SimpleGrid cols={2}>
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Select label="Role" required data={userRole.options()} {...numberSelectProps(form, 'role')} />
        <Select label="Time zone" data={timeZone.options()} allowDeselect={false} {...form.getInputProps('timezone')} />
        <AccountPicker
          required
          value={accountId > 0 ? accountId : null}
          onChange={(next) => form.setFieldValue('accountId', next ?? 0)}
          error={form.errors.accountId}
        />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Create user" onCancel={onCancel} />
    </form>
  );
}
