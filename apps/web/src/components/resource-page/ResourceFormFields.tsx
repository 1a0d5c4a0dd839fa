import { Grid, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { AccountPicker } from '../account-picker/AccountPicker';
import { FormActions } from '../form/FormActions';
import { numberInputProps } from '../form/numberInputProps';
import { numberSelectProps } from '../form/selectProps';
import { useSchemaForm } from '../form/useSchemaForm';

type Option = { value: string; label: string };

interface FieldBase<Values> {
  key: keyof Values & string;
  label: string;
  required?: boolean;
  description?: string;
  /** 1: half the form's width, beside the next half-width field; 2 (the default): the whole width. */
  span?: 1 | 2;
}

/** One field of a resource's form, declared; `ResourceFormFields` renders it on the form's value under `key`. */
export type FieldSpec<Values> =
  | (FieldBase<Values> & { kind: 'text' | 'textarea'; maxLength?: number })
  | (FieldBase<Values> & { kind: 'number'; min?: number; max?: number; nullable?: boolean })
  | (FieldBase<Values> & { kind: 'select'; options: Option[] })
  | (FieldBase<Values> & { kind: 'switch' })
  /** An account id, picked among the caller's accounts by name or code. */
  | (FieldBase<Values> & { kind: 'account' });

/**
 * A resource's create/edit form, declared: the schema that checks it (the contract's create body,
 * or one that words a rule for the form), its fields, and its values for a new or an existing record.
 */
export interface ResourceFormDeclaration<T, Values extends Record<string, unknown>, Output> {
  schema: z.ZodType<Output, Values>;
  fields: readonly FieldSpec<Values>[];
  initialValues: (record?: T) => Values;
}

/** The mutations a form needs of its `createResource` object. */
export interface FormResource<T, Create, Update> {
  useCreate: () => { mutateAsync: (body: Create) => Promise<T> };
  useUpdate: () => { mutateAsync: (variables: { id: number; body: Update }) => Promise<T> };
}

function Field<Values extends Record<string, unknown>>({
  form,
  field,
}: {
  form: UseFormReturnType<Values>;
  field: FieldSpec<Values>;
}) {
  const { key, label, required, description } = field;
  const common = { label, required, description };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} maxLength={field.maxLength} {...form.getInputProps(key)} />;
    case 'textarea':
      return <Textarea {...common} maxLength={field.maxLength} autosize minRows={3} {...form.getInputProps(key)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          allowDecimal={false}
          {...numberInputProps(form, key, { nullable: field.nullable })}
        />
      );
    case 'select':
      // Ids and enumeration codes are numbers in the body; a Select holds strings.
      return (
        <Select
          {...common}
          data={field.options}
          allowDeselect={!required}
          {...(typeof form.getValues()[key] === 'number'
            ? numberSelectProps(form, key, { nullable: !required })
            : form.getInputProps(key))}
        />
      );
    case 'switch':
      return <Switch {...common} {...form.getInputProps(key, { type: 'checkbox' })} />;
    case 'account': {
      const value = form.getValues()[key];
      return (
        <AccountPicker
          {...common}
          value={typeof value === 'number' && value > 0 ? value : null}
          onChange={(accountId) => form.setValues({ [key]: accountId ?? 0 } as Partial<Values>)}
          error={form.getInputProps(key).error}
          clearable={!required}
        />
      );
    }
  }
}

/** The declared fields on a two-column grid. */
export function ResourceFormFields<Values extends Record<string, unknown>>({
  form,
  fields,
}: {
  form: UseFormReturnType<Values>;
  fields: readonly FieldSpec<Values>[];
}) {
  return (
    <Grid gap="md">
      {fields.map((field) => (
        <Grid.Col key={field.key} span={field.span === 1 ? 6 : 12}>
          <Field form={form} field={field} />
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** Creates a record, or saves one (PUT), through the declared form: '<name> is saved.', then `onDone`. */
export function ResourceForm<
  T extends { id: number; name: string },
  Values extends Record<string, unknown>,
  Create,
  Update,
  Output extends Create & Update,
>({
  declaration,
  resource,
  noun,
  record,
  onDone,
}: {
  declaration: ResourceFormDeclaration<T, Values, Output>;
  resource: FormResource<T, Create, Update>;
  noun: string;
  record?: T;
  onDone: () => void;
}) {
  const create = resource.useCreate();
  const update = resource.useUpdate();
  const schemaForm = useSchemaForm({
    schema: declaration.schema,
    method: record ? 'PUT' : 'POST',
    initialValues: declaration.initialValues(record),
    submit: (body) => (record ? update.mutateAsync({ id: record.id, body }) : create.mutateAsync(body)),
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: onDone,
  });
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate>
      <ResourceFormFields form={schemaForm.form} fields={declaration.fields} />
      <FormActions schemaForm={schemaForm} submitLabel={record ? `Save ${noun}` : `Create ${noun}`} onCancel={onDone} />
    </form>
  );
}
