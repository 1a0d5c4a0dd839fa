import { Alert, Anchor, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { callWithReason, type RecordFields, type RecordKind } from './api';
import { creatableFields, createBody, fieldLabel } from './fields';
import { reasonSchema } from './RecordPanel';

/**
 * A new record of any type, driven by the contract's create body: its simple fields (required ones
 * marked, defaults filled), a required reason sent in `x-change-reason`, the server's field errors
 * on their fields. Nested lists the generic form cannot render are named, with their own page.
 */
export function CreateRecordForm({
  kind,
  created,
  cancel,
}: {
  kind: RecordKind;
  created: (record: RecordFields) => void;
  cancel: () => void;
}): JSX.Element {
  const queryClient = useQueryClient();
  const { fields, elsewhere } = creatableFields(kind.create.body);
  const initial: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field.key, field.initial]));
  const schemaForm = useSchemaForm({
    schema: z.object({ reason: reasonSchema }).catchall(z.unknown()),
    method: 'POST',
    initialValues: { ...initial, reason: '' } as Record<string, unknown>,
    submit: async (values) =>
      (await callWithReason(kind.create.call, { body: createBody(fields, values) } as never, values.reason)) as
        | RecordFields
        | undefined,
    successMessage: (record) => `${kind.label} ${record?.id ?? ''} is created.`,
    onSuccess: (record) => {
      void queryClient.invalidateQueries({ queryKey: ['records', kind.type] });
      if (record) created(record);
    },
  });
  const { form, onSubmit } = schemaForm;
  const noun = kind.label.toLowerCase();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`New ${noun}`}>
      <Stack gap="sm">
        {kind.create.note ? <Text size="sm">{kind.create.note}</Text> : null}
        {elsewhere.length > 0 ? (
          <Alert color="blue" title="Entered on their own page">
            {elsewhere.map(fieldLabel).join(', ')} {elsewhere.length === 1 ? 'is' : 'are'} not in this form: enter{' '}
            {elsewhere.length === 1 ? 'it' : 'them'} on the {noun}'s page in{' '}
            {kind.create.elsewhere ? (
              <Anchor component={Link} to={kind.create.elsewhere.to}>
                {kind.create.elsewhere.page}
              </Anchor>
            ) : (
              'its own screen'
            )}{' '}
            once it is created.
          </Alert>
        ) : null}
        {fields.map((field) => {
          const label = fieldLabel(field.key);
          const props = { label, required: field.required };
          if (field.kind === 'switch') {
            return <Switch key={field.key} label={label} {...form.getInputProps(field.key, { type: 'checkbox' })} />;
          }
          if (field.kind === 'number')
            return <NumberInput key={field.key} {...props} {...form.getInputProps(field.key)} />;
          if (field.kind === 'select') {
            return (
              <Select
                key={field.key}
                {...props}
                data={field.options ?? []}
                clearable={!field.required || field.nullable}
                {...form.getInputProps(field.key)}
              />
            );
          }
          return <TextInput key={field.key} {...props} {...form.getInputProps(field.key)} />;
        })}
        <Textarea
          label="Reason for the change"
          description="Kept in the record's history."
          required
          rows={2}
          {...form.getInputProps('reason')}
        />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel={`Create ${noun}`} onCancel={cancel} sticky={false} />
    </form>
  );
}
