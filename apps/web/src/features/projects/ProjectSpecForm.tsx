import { type Project, type ProjectOptions, projectUpdateSchema } from '@colophon/contract';
import { Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { projectsResource } from './api';
import { BookSpecFields } from './BookSpecFields';
import { bookSpecValues, presetPatch, refineBookSpec } from './bookSpecForm';
import { StartFromPreset } from './StartFromPreset';

/** The contract's update body, with the domain's book rules checked before it is sent. */
const formSchema = projectUpdateSchema.superRefine(refineBookSpec());

function formValues(project: Project) {
  return {
    name: project.name,
    year: project.year,
    agreementYear: project.agreementYear as '2025-2026' | '2024-2025' | null,
    ...bookSpecValues(project),
    typeBook: project.typeBook,
  };
}

/** A project's name, year and book specification; read-only for whoever may not change projects. */
export function ProjectSpecForm({
  project,
  options,
  canManage,
}: {
  project: Project;
  options: ProjectOptions;
  canManage: boolean;
}) {
  const update = projectsResource.useUpdate();
  const schemaForm = useSchemaForm({
    schema: formSchema,
    method: 'PUT',
    initialValues: formValues(project),
    submit: (body) => update.mutateAsync({ id: project.id, body }),
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: (saved) => {
      form.setInitialValues(formValues(saved));
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
    },
  });
  const { form, onSubmit } = schemaForm;
  const readOnly = !canManage;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Book specification">
      <Stack gap="md">
        {canManage ? (
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed">
              Fields left open can be filled in later. A preset fills in the fields it gives.
            </Text>
            <StartFromPreset
              onApply={(preset) => {
                form.setValues(presetPatch(preset.specification) as never);
                notifications.show({
                  color: 'blue',
                  title: 'Preset applied',
                  message: `${preset.name} filled in the form. Save the project to keep it.`,
                });
              }}
            />
          </Group>
        ) : null}
        <Fieldset legend="Project">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput label="Name" required readOnly={readOnly} {...form.getInputProps('name')} />
            <Select
              label="Year"
              required
              data={options.years}
              allowDeselect={false}
              readOnly={readOnly}
              value={String(form.getValues().year)}
              onChange={(next) => next && form.setFieldValue('year', Number(next))}
              error={form.errors.year}
            />
            <Select
              label="Agreement year"
              data={options.agreementYears}
              clearable={!readOnly}
              readOnly={readOnly}
              placeholder={readOnly ? undefined : 'None'}
              {...form.getInputProps('agreementYear')}
            />
          </SimpleGrid>
        </Fieldset>
        <BookSpecFields
          form={form}
          options={options}
          currentBookType={project.typeBook}
          bookTypeRequired
          readOnly={readOnly}
        />
      </Stack>
      {/* Discarding asks first and puts the saved specification back; the project's tabs are its
          search, and switching them keeps this form, so only leaving the project asks. */}
      {canManage ? (
        <FormActions
          schemaForm={schemaForm}
          submitLabel="Save project"
          cancelLabel="Discard changes"
          onCancel={() => undefined}
          guardSearch={false}
        />
      ) : null}
    </form>
  );
}
