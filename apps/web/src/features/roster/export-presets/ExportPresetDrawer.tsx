import {
  DEFAULT_ROSTER_FILE_NAME_TEMPLATE,
  type RosterExportColumnCode,
  type RosterExportLayoutCode,
  type RosterExportSortCode,
  type RosterGradeCode,
  type RosterRoleCode,
  rosterExportColumn,
  rosterExportLayout,
  rosterExportSort,
  rosterGrade,
  rosterRole,
} from '@colophon/domain';
import { type ExportPreset, exportPresetUpdateSchema } from '@colophon/roster/contract';
import { MultiSelect, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { QueryState } from '../../../components/feedback/QueryState';
import { GuardedDrawer } from '../../../components/form/DirtyGuard';
import { FormActions } from '../../../components/form/FormActions';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { rosterCall, useRosterMutation, useRosterRecord, type Wire } from '../api';
import { RosterLookupSelect } from '../individuals';
import { ColumnsField } from './ColumnsField';

export type Preset = Wire<ExportPreset>;

/** What a preset is made for: one school, or every school of a district. */
const ownerSchema = z.object({
  ownerKind: z.enum(['school', 'district']),
  ownerId: z.number().int().positive('Choose the school or district'),
});
/**
 * A new preset: its owner as the form holds it (a kind and an id) turned into the contract's
 * `schoolId` or `districtId`, and the fields checked by the contract's rules (the domain's).
 */
const createFormSchema = z
  .intersection(ownerSchema, exportPresetUpdateSchema)
  .transform(({ ownerKind, ownerId, ...preset }) =>
    ownerKind === 'school' ? { ...preset, schoolId: ownerId } : { ...preset, districtId: ownerId },
  );

interface PresetValues extends Record<string, unknown> {
  name: string;
  roles: RosterRoleCode[];
  grades: RosterGradeCode[];
  columns: RosterExportColumnCode[];
  layout: RosterExportLayoutCode;
  fileNameTemplate: string;
  sortOrder: RosterExportSortCode;
  headerRow: boolean;
}

function valuesOf(preset: Preset | null): PresetValues {
  return {
    name: preset?.name ?? '',
    roles: preset?.roles ?? ['student'],
    grades: preset?.grades ?? [],
    columns: preset?.columns ?? ['givenName', 'familyName', 'grade', 'homeroom'],
    layout: preset?.layout ?? 'csv',
    fileNameTemplate: preset?.fileNameTemplate ?? DEFAULT_ROSTER_FILE_NAME_TEMPLATE,
    sortOrder: preset?.sortOrder ?? 'familyName',
    headerRow: preset?.headerRow ?? true,
  };
}

/** The first message on a field or on one of its items (`columns.2`). */
function errorOf(form: UseFormReturnType<PresetValues>, field: string): string | undefined {
  const own = form.errors[field];
  if (own) return String(own);
  const item = Object.entries(form.errors).find(([path]) => path.startsWith(`${field}.`));
  return item ? String(item[1]) : undefined;
}

function PresetFields({ form }: { form: UseFormReturnType<PresetValues> }) {
  const values = form.getValues();
  return (
    <>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <MultiSelect label="Roles" required data={rosterRole.options()} {...form.getInputProps('roles')} />
      <MultiSelect
        label="Grades"
        description="None chosen: every grade, and people without one."
        data={rosterGrade.options()}
        clearable
        {...form.getInputProps('grades')}
      />
      <ColumnsField
        value={values.columns}
        onChange={(next) =>
          form.setFieldValue(
            'columns',
            next.filter((code) => rosterExportColumn.has(code)),
          )
        }
        error={errorOf(form, 'columns')}
      />
      <Select
        label="Layout"
        required
        allowDeselect={false}
        data={rosterExportLayout.options()}
        {...form.getInputProps('layout')}
      />
      <TextInput
        label="Image file names"
        description="Column keys in braces, e.g. {familyName}_{givenName}_{sourcedId}; each portrait is named so in the export."
        {...form.getInputProps('fileNameTemplate')}
      />
      <Select
        label="Sort order"
        allowDeselect={false}
        data={rosterExportSort.options()}
        {...form.getInputProps('sortOrder')}
      />
      <Switch label="Header row" {...form.getInputProps('headerRow', { type: 'checkbox' })} />
    </>
  );
}

/** A preset's drawer: its fields to edit (roster.manage). */
export function ExportPresetDrawer({ presetId, onClose }: { presetId: number | null; onClose: () => void }) {
  const record = useRosterRecord<ExportPreset>('/export-presets', presetId);
  return (
    <GuardedDrawer
      opened={presetId !== null}
      onClose={onClose}
      title={record.data ? `Export preset: ${record.data.name}` : 'Export preset'}
      position="right"
      size="md"
    >
      {presetId !== null ? (
        <QueryState query={record} notFound={{ title: 'Not found', message: 'The export preset was not found.' }}>
          {(preset) => <PresetEditForm key={preset.updatedAt} preset={preset} onDone={onClose} />}
        </QueryState>
      ) : null}
    </GuardedDrawer>
  );
}

function PresetEditForm({ preset, onDone }: { preset: Preset; onDone: () => void }) {
  const save = useRosterMutation<Preset, z.output<typeof exportPresetUpdateSchema>>(['/export-presets'], {
    mutationFn: (body) => rosterCall('put', `/export-presets/${preset.id}`, { body }),
  });
  const schemaForm = useSchemaForm({
    schema: exportPresetUpdateSchema,
    initialValues: valuesOf(preset),
    submit: (body) => save.mutateAsync(body),
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: onDone,
    method: 'PUT',
  });
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label={preset.schoolId ? 'School' : 'District'} value={preset.ownerName} readOnly />
        <PresetFields form={schemaForm.form as unknown as UseFormReturnType<PresetValues>} />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Save preset" onCancel={onDone} />
    </form>
  );
}

export function ExportPresetCreateDrawer({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (preset: Preset) => void;
}) {
  return (
    <GuardedDrawer opened={opened} onClose={onClose} title="New export preset" position="right" size="md">
      {opened ? <PresetCreateForm onCancel={onClose} onCreated={onCreated} /> : null}
    </GuardedDrawer>
  );
}

function PresetCreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (preset: Preset) => void }) {
  const create = useRosterMutation<Preset, z.output<typeof createFormSchema>>(['/export-presets'], {
    mutationFn: (body) => rosterCall('post', '/export-presets', { body }),
  });
  const schemaForm = useSchemaForm({
    schema: createFormSchema,
    initialValues: { ownerKind: 'school' as 'school' | 'district', ownerId: 0, ...valuesOf(null) },
    submit: (body) => create.mutateAsync(body),
    successMessage: (created) => `${created.name} is added.`,
    onSuccess: onCreated,
  });
  const { form } = schemaForm;
  const { ownerKind, ownerId } = form.getValues();
  // The roster names the owner's field `schoolId` (or `districtId`): shown on the one picker.
  const ownerError = form.errors.ownerId ?? form.errors.schoolId ?? form.errors.districtId;
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          aria-label="Made for"
          data={[
            { value: 'school', label: 'A school' },
            { value: 'district', label: 'A district' },
          ]}
          value={ownerKind}
          onChange={(next) => {
            form.setFieldValue('ownerKind', next === 'district' ? 'district' : 'school');
            form.setFieldValue('ownerId', 0);
          }}
        />
        <RosterLookupSelect
          key={ownerKind}
          path={ownerKind === 'school' ? '/export-presets/lookups/schools' : '/export-presets/lookups/districts'}
          label={ownerKind === 'school' ? 'School' : 'District'}
          plural={ownerKind === 'school' ? 'schools' : 'districts'}
          required
          value={ownerId > 0 ? ownerId : null}
          onChange={(next) => form.setFieldValue('ownerId', next ?? 0)}
          error={ownerError ? String(ownerError) : undefined}
        />
        <PresetFields form={form as unknown as UseFormReturnType<PresetValues>} />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Create preset" onCancel={onCancel} />
    </form>
  );
}
