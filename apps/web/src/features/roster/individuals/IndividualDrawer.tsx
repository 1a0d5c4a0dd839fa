import { type RosterGradeCode, rosterGrade, rosterRole } from '@colophon/domain';
import { type Individual, individualCreateSchema, individualUpdateSchema } from '@colophon/roster/contract';
import { Alert, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { QueryState } from '../../../components/feedback/QueryState';
import { GuardedDrawer } from '../../../components/form/DirtyGuard';
import { FormActions } from '../../../components/form/FormActions';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { useMethodRefusal } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import { rosterCall, useRosterMutation, useRosterRecord, type Wire } from '../api';
import { type Person, personName } from './columns';
import { PhotoSection } from './PhotoSection';
import { RosterLookupSelect } from './RosterLookupSelect';

/** What the form holds: every field a person is written with, as text ('' for none). */
interface PersonValues extends Record<string, unknown> {
  givenName: string;
  middleName: string;
  familyName: string;
  preferredName: string;
  grade: RosterGradeCode | null;
  homeroom: string;
  role: string;
  email: string;
  sourcedId: string;
}

// The contract's bodies; a role or school not chosen yet says so in words, not as an enum's complaint.
const chooseRole = z.string().min(1, 'Choose a role').pipe(individualUpdateSchema.shape.role);
const updateFormSchema = individualUpdateSchema.extend({ role: chooseRole });
const createFormSchema = individualCreateSchema.extend({
  role: chooseRole,
  schoolId: z.number().int().positive('Choose a school'),
});

function valuesOf(person: Person | null): PersonValues {
  return {
    givenName: person?.givenName ?? '',
    middleName: person?.middleName ?? '',
    familyName: person?.familyName ?? '',
    preferredName: person?.preferredName ?? '',
    grade: person?.grade ?? null,
    homeroom: person?.homeroom ?? '',
    role: person?.role ?? 'student',
    email: person?.email ?? '',
    sourcedId: person?.sourcedId ?? '',
  };
}

/** A person's drawer: their details to edit (roster.manage) or read, and their portrait. */
export function IndividualDrawer({
  personId,
  canManage,
  onClose,
}: {
  personId: number | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const record = useRosterRecord<Individual>('/individuals', personId);
  const person = record.data ?? null;
  return (
    <GuardedDrawer
      opened={personId !== null}
      onClose={onClose}
      title={person ? personName(person) : 'Person'}
      position="right"
      size="md"
    >
      {personId !== null ? (
        <QueryState query={record} notFound={{ title: 'Not found', message: 'The person was not found.' }}>
          {(person) => (
            <Stack gap="lg">
              <PhotoSection person={person} canManage={canManage} />
              {person.status === 'removed' ? <RemovedNotice person={person} canManage={canManage} /> : null}
              {canManage ? (
                <PersonEditForm key={person.updatedAt} person={person} onCancel={onClose} onSaved={onClose} />
              ) : (
                <PersonFacts person={person} />
              )}
            </Stack>
          )}
        </QueryState>
      ) : null}
    </GuardedDrawer>
  );
}

/**
 * A removed person is kept (a sync may list them again); roster.manage can bring them back by hand:
 * their details written as they are, with status active (the roster's way back).
 */
function RemovedNotice({ person, canManage }: { person: Person; canManage: boolean }) {
  const putRefusal = useMethodRefusal('PUT');
  const restore = useRosterMutation<Wire<Individual>, void>(['/individuals', '/schools'], {
    mutationFn: () =>
      rosterCall('put', `/individuals/${person.id}`, {
        body: { ...updateFormSchema.parse(valuesOf(person)), status: 'active' },
      }),
    onSuccess: (restored) =>
      notifications.show({ color: 'green', title: 'Saved', message: `${personName(restored)} is back in the book.` }),
    onError: (error) => notifications.show({ color: 'red', title: 'Not brought back', message: errorMessage(error) }),
  });
  return (
    <Alert color="gray" title="Removed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">This person is removed from the book. Their details and portrait are kept.</Text>
        {canManage ? (
          <Button
            size="xs"
            variant="light"
            loading={restore.isPending}
            disabled={putRefusal !== null}
            title={putRefusal ?? undefined}
            onClick={() => restore.mutate()}
          >
            Bring back
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

function PersonFacts({ person }: { person: Person }) {
  const facts: [string, string | null][] = [
    ['Grade', person.grade ? rosterGrade.label(person.grade) : null],
    ['Homeroom', person.homeroom],
    ['Role', rosterRole.label(person.role)],
    ['Email', person.email],
    ['Sourced ID', person.sourcedId],
  ];
  return (
    <Stack gap="xs">
      {facts.map(([label, value]) => (
        <Text size="sm" key={label}>
          <Text span fw={500}>
            {label}:
          </Text>{' '}
          {value ?? '—'}
        </Text>
      ))}
    </Stack>
  );
}

function PersonFields({ form }: { form: UseFormReturnType<PersonValues> }) {
  return (
    <>
      <SimpleGrid cols={2}>
        <TextInput label="Given name" required {...form.getInputProps('givenName')} />
        <TextInput label="Family name" required {...form.getInputProps('familyName')} />
        <TextInput label="Middle name" {...form.getInputProps('middleName')} />
        <TextInput label="Preferred name" {...form.getInputProps('preferredName')} />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <Select
          label="Grade"
          placeholder="None"
          clearable
          data={rosterGrade.options()}
          {...form.getInputProps('grade')}
        />
        <TextInput label="Homeroom" {...form.getInputProps('homeroom')} />
      </SimpleGrid>
      <Select label="Role" required allowDeselect={false} data={rosterRole.options()} {...form.getInputProps('role')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
      <TextInput
        label="Sourced ID"
        description="The student information system's id: an import or sync matches the person by it."
        {...form.getInputProps('sourcedId')}
      />
    </>
  );
}

function PersonEditForm({ person, onCancel, onSaved }: { person: Person; onCancel: () => void; onSaved: () => void }) {
  const save = useRosterMutation<Wire<Individual>, z.output<typeof updateFormSchema>>(['/individuals'], {
    mutationFn: (body) => rosterCall('put', `/individuals/${person.id}`, { body }),
  });
  const schemaForm = useSchemaForm({
    schema: updateFormSchema,
    initialValues: valuesOf(person),
    submit: (body) => save.mutateAsync(body),
    successMessage: (saved) => `${personName(saved)} is saved.`,
    onSuccess: onSaved,
    method: 'PUT',
  });
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate>
      <Stack gap="md">
        <PersonFields form={schemaForm.form as unknown as UseFormReturnType<PersonValues>} />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Save person" onCancel={onCancel} />
    </form>
  );
}

/** A new person, by hand, in the school filtered on (or one chosen here). */
export function IndividualCreateDrawer({
  opened,
  schoolId,
  onClose,
  onCreated,
}: {
  opened: boolean;
  schoolId: number | undefined;
  onClose: () => void;
  onCreated: (person: Person) => void;
}) {
  return (
    <GuardedDrawer opened={opened} onClose={onClose} title="New person" position="right" size="md">
      {opened ? <PersonCreateForm schoolId={schoolId} onCancel={onClose} onCreated={onCreated} /> : null}
    </GuardedDrawer>
  );
}

function PersonCreateForm({
  schoolId,
  onCancel,
  onCreated,
}: {
  schoolId: number | undefined;
  onCancel: () => void;
  onCreated: (person: Person) => void;
}) {
  const create = useRosterMutation<Wire<Individual>, z.output<typeof createFormSchema>>(['/individuals'], {
    mutationFn: (body) => rosterCall('post', '/individuals', { body }),
  });
  const schemaForm = useSchemaForm({
    schema: createFormSchema,
    initialValues: { ...valuesOf(null), schoolId: schoolId ?? 0 },
    submit: (body) => create.mutateAsync(body),
    successMessage: (created) => `${personName(created)} is added.`,
    onSuccess: onCreated,
  });
  const { form } = schemaForm;
  const chosenSchool = form.getValues().schoolId;
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate>
      <Stack gap="md">
        <RosterLookupSelect
          path="/schools"
          label="School"
          plural="schools"
          required
          value={chosenSchool > 0 ? chosenSchool : null}
          onChange={(next) => form.setFieldValue('schoolId', next ?? 0)}
          error={form.errors.schoolId}
        />
        <PersonFields form={form as unknown as UseFormReturnType<PersonValues>} />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Add person" onCancel={onCancel} />
    </form>
  );
}
