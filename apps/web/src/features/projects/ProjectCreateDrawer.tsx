import { bookTypeSchema, type Project, type ProjectOptions, projectCreateSchema } from '@colophon/contract';
import { years } from '@colophon/domain';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { QueryState } from '../../components/feedback/QueryState';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { projectsResource, usePresetChoices, useProjectOptions } from './api';
import { specSummary } from './specSummary';

/** The contract's create body; an account not chosen yet says so, a book type left open is left out. */
const createFormSchema = projectCreateSchema.extend({
  accountId: z.number().positive('Choose an account').pipe(projectCreateSchema.shape.accountId),
  typeBook: bookTypeSchema.nullable().transform((code) => code ?? undefined),
});

/** This year when the year list has it, else the latest year it has. */
function defaultYear(): number {
  const thisYear = new Date().getFullYear();
  return (years as readonly number[]).includes(thisYear) ? thisYear : (years[years.length - 1] as number);
}

export function ProjectCreateDrawer({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (project: Project) => void;
}) {
  const options = useProjectOptions();
  return (
    <GuardedDrawer opened={opened} onClose={onClose} title="New project" position="right" size="md">
      {opened ? (
        <QueryState query={options} loadingLabel="Loading the options…">
          {(data) => <ProjectCreateForm options={data} onCancel={onClose} onCreated={onCreated} />}
        </QueryState>
      ) : null}
    </GuardedDrawer>
  );
}

function ProjectCreateForm({
  options,
  onCancel,
  onCreated,
}: {
  options: ProjectOptions;
  onCancel: () => void;
  onCreated: (project: Project) => void;
}) {
  const create = projectsResource.useCreate();
  const presets = usePresetChoices();
  const [presetId, setPresetId] = useState<string | null>(null);
  const preset = presets.data?.data.find((candidate) => String(candidate.id) === presetId) ?? null;

  const schemaForm = useSchemaForm({
    schema: createFormSchema,
    initialValues: {
      accountId: 0,
      name: '',
      year: defaultYear(),
      agreementYear: null as '2025-2026' | '2024-2025' | null,
      typeBook: null as number | null,
    },
    submit: (body) => {
      const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      return create.mutateAsync({ ...(preset?.specification ?? {}), ...given } as typeof body);
    },
    successMessage: (project) => `${project.name} is created.`,
    onSuccess: onCreated,
  });
  const { form, onSubmit } = schemaForm;
  const values = form.getValues();
  const filled = preset ? specSummary(preset.specification).map((row) => row.label) : [];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <AccountPicker
          required
          value={values.accountId || null}
          onChange={(next) => form.setFieldValue('accountId', next ?? 0)}
          error={form.errors.accountId}
        />
        <TextInput
          label="Name"
          required
          description="For example: Lincoln High School Yearbook 2025-2026"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={2}>
          <Select
            label="Year"
            required
            data={options.years}
            allowDeselect={false}
            value={String(values.year)}
            onChange={(next) => next && form.setFieldValue('year', Number(next))}
            error={form.errors.year}
          />
          <Select
            label="Agreement year"
            data={options.agreementYears}
            clearable
            placeholder="None"
            {...form.getInputProps('agreementYear')}
          />
        </SimpleGrid>
        <Select
          label="Start from a preset"
          placeholder={presets.isError ? 'Could not load presets' : 'None'}
          data={(presets.data?.data ?? []).map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          value={presetId}
          onChange={(next) => {
            setPresetId(next);
            const chosen = presets.data?.data.find((candidate) => String(candidate.id) === next);
            if (chosen?.specification.typeBook) form.setFieldValue('typeBook', chosen.specification.typeBook);
          }}
          clearable
          searchable
          description={filled.length > 0 ? `Fills in: ${filled.join(', ')}.` : undefined}
        />
        <Select
          label="Book type"
          data={options.bookTypes}
          clearable
          placeholder="The account's default"
          value={values.typeBook === null ? null : String(values.typeBook)}
          onChange={(next) => form.setFieldValue('typeBook', next === null ? null : Number(next))}
          error={form.errors.typeBook}
        />
        <Text size="sm" c="dimmed">
          What is left open takes the account’s defaults for new projects. You can complete the book specification once
          the project is created.
        </Text>
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Create project" onCancel={onCancel} />
    </form>
  );
}
