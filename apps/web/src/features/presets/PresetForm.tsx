import { bookSpecificationSchema, type Preset, type ProjectOptions, presetCreateSchema } from '@colophon/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSession } from '../../lib/session';
import { BookSpecFields, type BookSpecValues, bookSpecValues, filledSpec, refineBookSpec } from '../projects';
import { presetsResource } from './api';

/**
 * The contract's preset body. The specification is the book-spec form's values with the open
 * fields left out (a preset says nothing about them), then checked by the domain's rules.
 */
const presetFormSchema = z
  .object({
    accountId: z.number().positive('Choose an account').pipe(presetCreateSchema.shape.accountId),
    name: presetCreateSchema.shape.name,
    specification: z
      .custom<BookSpecValues>((value) => typeof value === 'object' && value !== null)
      .transform(filledSpec)
      .pipe(bookSpecificationSchema),
  })
  .superRefine(refineBookSpec(['specification']));

/** Create or change one preset: a name, its account, and the book-spec form of Project Records. */
export function PresetForm({
  preset,
  options,
  readOnly = false,
  onDone,
}: {
  preset?: Preset;
  options: ProjectOptions;
  readOnly?: boolean;
  onDone: () => void;
}) {
  const session = useSession();
  const create = presetsResource.useCreate();
  const update = presetsResource.useUpdate();
  const schemaForm = useSchemaForm({
    schema: presetFormSchema,
    method: preset ? 'PUT' : 'POST',
    initialValues: {
      accountId: preset?.accountId ?? session?.immediateAccounts[0]?.id ?? 0,
      name: preset?.name ?? '',
      specification: bookSpecValues(preset?.specification),
    },
    submit: (body) =>
      preset
        ? update.mutateAsync({ id: preset.id, body: { name: body.name, specification: body.specification } })
        : create.mutateAsync(body),
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: onDone,
  });
  const { form, onSubmit } = schemaForm;
  const values = form.getValues();

  return (
    <form onSubmit={onSubmit} noValidate aria-label={preset ? `Preset ${preset.name}` : 'New preset'}>
      <Stack gap="md">
        {readOnly ? (
          <Alert color="blue" variant="light">
            This preset belongs to the account above yours: you can start projects from it, and its owners change it.
          </Alert>
        ) : null}
        <TextInput label="Name" required readOnly={readOnly} {...form.getInputProps('name')} />
        {readOnly ? null : (
          <AccountPicker
            required
            readOnly={Boolean(preset)}
            description={preset ? 'A preset stays with the account it was saved for.' : undefined}
            value={values.accountId || null}
            onChange={(next) => form.setFieldValue('accountId', next ?? 0)}
            error={form.errors.accountId}
          />
        )}
        <BookSpecFields form={form} prefix="specification." options={options} readOnly={readOnly} />
      </Stack>
      {readOnly ? (
        // Nothing here can be changed, so there is nothing to save or to lose.
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      ) : (
        <FormActions schemaForm={schemaForm} submitLabel={preset ? 'Save preset' : 'Create preset'} onCancel={onDone} />
      )}
    </form>
  );
}
