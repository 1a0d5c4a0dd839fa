import { formatDateTime } from '@colophon/domain';
import { SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { FormActions } from '../../components/form/FormActions';
import type { SchemaForm } from '../../components/form/useSchemaForm';
import { useSession } from '../../lib/session';

/**
 * A project's side form on its own tab (project meta, sales side): its fields in a grid, then the
 * notes, when it was last saved and Save for those who may change it; read-only for the others.
 */
export function ProjectTabForm<Values extends Record<string, unknown>>({
  schemaForm,
  label,
  submitLabel,
  canManage,
  updatedAt,
  notes,
  children,
}: {
  schemaForm: SchemaForm<Values>;
  label: string;
  submitLabel: string;
  canManage: boolean;
  updatedAt: string | null;
  notes: GetInputPropsReturnType;
  children: ReactNode;
}) {
  const zone = useSession()?.user.timezone;
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate aria-label={label}>
      <Stack gap="md" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
        <Textarea label="Notes" autosize minRows={3} maxRows={10} readOnly={!canManage} {...notes} />
        <Text size="xs" c="dimmed">
          {updatedAt ? `Last saved ${formatDateTime(updatedAt, zone)}` : 'Not saved yet'}
        </Text>
        {/* The project's tabs are its search: switching them keeps this form, so only leaving asks. */}
        {canManage ? <FormActions schemaForm={schemaForm} submitLabel={submitLabel} guardSearch={false} /> : null}
      </Stack>
    </form>
  );
}
