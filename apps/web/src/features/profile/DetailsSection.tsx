import { profileUpdateSchema, type SessionUser } from '@colophon/contract';
import { timeZone } from '@colophon/domain';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../components/form/FormActions';
import { PendingEmail } from '../../components/form/PendingEmail';
import { personDetailsValues } from '../../components/form/personDetails';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Section } from '../../components/layout/Section';
import { refreshSession } from '../../lib/auth-session';
import { profileApi } from './api';

export function DetailsSection({ user }: { user: SessionUser }) {
  const schemaForm = useSchemaForm({
    schema: profileUpdateSchema,
    method: 'PUT',
    initialValues: personDetailsValues(user),
    submit: async (body) => {
      const updated = await profileApi.update(body);
      await refreshSession();
      return updated;
    },
    successMessage: (updated) =>
      updated.pendingEmail && updated.pendingEmail !== user.pendingEmail
        ? `Your details are saved. We sent a link to ${updated.pendingEmail}: your e-mail changes once you open it.`
        : 'Your details are saved.',
    onSuccess: (updated) => {
      const saved = personDetailsValues(updated);
      form.setValues(saved);
      form.resetDirty(saved);
    },
  });
  const { form, onSubmit } = schemaForm;

  return (
    <Section title="Your details" description="Dates are shown in your time zone.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Select
            label="Time zone"
            data={timeZone.options()}
            allowDeselect={false}
            {...form.getInputProps('timezone')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            description="A new address changes once you open the link we e-mail to it; you are then signed out everywhere."
            {...form.getInputProps('email')}
          />
          <PendingEmail pendingEmail={user.pendingEmail} />
        </Stack>
        {/* One of the profile's sections: a bar stuck to the page would cover the others. */}
        <FormActions schemaForm={schemaForm} submitLabel="Save details" sticky={false} />
      </form>
    </Section>
  );
}
