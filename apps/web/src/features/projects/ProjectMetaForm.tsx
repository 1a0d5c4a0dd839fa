import { type ProjectMeta, projectMetaBodySchema } from '@colophon/contract';
import { NumberInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { QueryState } from '../../components/feedback/QueryState';
import { numberInputProps } from '../../components/form/numberInputProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { projectMetaOptions, useSaveProjectMeta } from './api';
import { ProjectTabForm } from './ProjectTabForm';

/** A text field of the contract where an empty box means 'not said' (null). */
export const textOrNull = <Out,>(field: z.ZodType<Out, string | null>) =>
  z
    .string()
    .transform((text) => text.trim() || null)
    .pipe(field);

const shape = projectMetaBodySchema.shape;
const metaFormSchema = z.object({
  theme: textOrNull(shape.theme.unwrap()),
  coverTitle: textOrNull(shape.coverTitle.unwrap()),
  enrollment: shape.enrollment,
  staffSize: shape.staffSize,
  notes: textOrNull(shape.notes.unwrap()),
});

const metaValues = (meta: ProjectMeta) => ({
  theme: meta.theme ?? '',
  coverTitle: meta.coverTitle ?? '',
  enrollment: meta.enrollment,
  staffSize: meta.staffSize,
  notes: meta.notes ?? '',
});

/** `projects/{id}/project_meta`: what the school says about its book. */
export function ProjectMetaTab({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const query = useQuery(projectMetaOptions(projectId));
  return (
    <QueryState query={query} loadingLabel="Loading the project meta…">
      {(meta) => <ProjectMetaForm projectId={projectId} meta={meta} canManage={canManage} />}
    </QueryState>
  );
}

function ProjectMetaForm({ projectId, meta, canManage }: { projectId: number; meta: ProjectMeta; canManage: boolean }) {
  const save = useSaveProjectMeta(projectId);
  const schemaForm = useSchemaForm({
    schema: metaFormSchema,
    method: 'PUT',
    initialValues: metaValues(meta),
    submit: (body) => save.mutateAsync(body),
    successMessage: 'The project meta is saved.',
    onSuccess: (saved) => {
      form.setInitialValues(metaValues(saved));
      form.resetDirty(metaValues(saved));
    },
  });
  const { form } = schemaForm;
  const readOnly = !canManage;
  return (
    <ProjectTabForm
      schemaForm={schemaForm}
      label="Project meta"
      submitLabel="Save project meta"
      canManage={canManage}
      updatedAt={meta.updatedAt}
      notes={form.getInputProps('notes')}
    >
      <TextInput label="Theme" readOnly={readOnly} {...form.getInputProps('theme')} />
      <TextInput label="Cover title" readOnly={readOnly} {...form.getInputProps('coverTitle')} />
      <NumberInput
        label="Enrollment"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        readOnly={readOnly}
        {...numberInputProps(form, 'enrollment', { nullable: true })}
      />
      <NumberInput
        label="Yearbook staff size"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        readOnly={readOnly}
        {...numberInputProps(form, 'staffSize', { nullable: true })}
      />
    </ProjectTabForm>
  );
}
