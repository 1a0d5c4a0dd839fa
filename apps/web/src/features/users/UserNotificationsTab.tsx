import { userNotificationsBodySchema } from '@colophon/contract';
import { notificationType } from '@colophon/domain';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/feedback/QueryState';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { type UserNotifications, userNotificationsOptions, useSaveUserNotifications } from './api';

export function UserNotificationsTab({ userId, canManage }: { userId: number; canManage: boolean }) {
  const query = useQuery(userNotificationsOptions(userId));
  return (
    <QueryState query={query} loadingLabel="Loading notification preferences…">
      {(data) => <NotificationsForm key={JSON.stringify(data)} data={data} canManage={canManage} />}
    </QueryState>
  );
}

/** Every notification type of the domain, with whether the user gets it by e-mail. */
function NotificationsForm({ data, canManage }: { data: UserNotifications; canManage: boolean }) {
  const save = useSaveUserNotifications(data.userId);
  const stored = new Map(data.preferences.map((preference) => [preference.typeNotification, preference.email]));
  const schemaForm = useSchemaForm({
    schema: userNotificationsBodySchema,
    method: 'PUT',
    initialValues: {
      preferences: notificationType.entries.map((entry) => ({
        typeNotification: entry.code,
        email: stored.get(entry.code) ?? false,
      })),
    },
    submit: (body) => save.mutateAsync(body.preferences),
    successMessage: 'Notification preferences are saved.',
  });
  const { form, onSubmit } = schemaForm;
  const preferences = form.getValues().preferences;
  const setAll = (email: boolean) =>
    form.setFieldValue(
      'preferences',
      preferences.map((preference) => ({ ...preference, email })),
    );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            E-mail me when…
          </Text>
          {canManage ? (
            <Group gap="xs">
              <Button size="xs" variant="subtle" onClick={() => setAll(true)}>
                Select all
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setAll(false)}>
                Clear all
              </Button>
            </Group>
          ) : null}
        </Group>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={!canManage}>
          <VisuallyHidden component="legend">E-mail notifications</VisuallyHidden>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {preferences.map((preference, index) => (
              <Checkbox
                key={preference.typeNotification}
                label={notificationType.label(preference.typeNotification)}
                {...form.getInputProps(`preferences.${index}.email`, { type: 'checkbox' })}
              />
            ))}
          </SimpleGrid>
        </fieldset>
      </Stack>
      {canManage ? <FormActions schemaForm={schemaForm} submitLabel="Save preferences" /> : null}
    </form>
  );
}
