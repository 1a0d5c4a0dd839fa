import type { AuditEntry } from '@colophon/contract';
import { CHANGE_REASON_MAX_LENGTH, formatDateTime } from '@colophon/domain';
import {
  Alert,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type JSX, useState } from 'react';
import { z } from 'zod';
import { QueryState } from '../../components/feedback/QueryState';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { callWithReason, getRecord, type RecordFields, type RecordKind, recordHistoryResource } from './api';
import { changedBody, displayValue, editableFields, fieldLabel, formValue } from './fields';

export const reasonSchema = z
  .string()
  .trim()
  .min(1, 'Say why you make this change.')
  .max(CHANGE_REASON_MAX_LENGTH, `At most ${CHANGE_REASON_MAX_LENGTH} characters.`);

/** Every field of the item's schema, in its order, with the record's value (a generic view). */
function FieldView({ kind, record }: { kind: RecordKind; record: RecordFields }): JSX.Element {
  const keys = Object.keys(kind.item.shape);
  return (
    <Table aria-label={`${kind.label} fields`} withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {keys.map((key) => {
          const value = displayValue(record[key]);
          return (
            <Table.Tr key={key}>
              <Table.Th w="35%" scope="row">
                {fieldLabel(key)}
              </Table.Th>
              <Table.Td>{value.includes('\n') ? <Code block>{value}</Code> : <Text size="sm">{value}</Text>}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The record's audit rows, newest first: who changed it, how, and why. */
function History({ kind, id }: { kind: RecordKind; id: number }): JSX.Element {
  const zone = useSession()?.user.timezone;
  const history = recordHistoryResource.useList({
    resource: kind.auditResource,
    resourceId: String(id),
    perPage: 20,
    sort: '-createdAt',
  });
  return (
    <QueryState
      query={history}
      loadingLabel="Loading history"
      isEmpty={(page) => page.data.length === 0}
      empty={<Text size="sm">No change was recorded.</Text>}
    >
      {(page) => (
        <Table aria-label="History">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.map((entry: AuditEntry) => {
              const detail = entry.detail as { reason?: unknown } | null;
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.createdAt, zone)}</Table.Td>
                  <Table.Td>{entry.actorName ?? entry.actorEmail ?? 'System'}</Table.Td>
                  <Table.Td>{entry.actionLabel}</Table.Td>
                  <Table.Td>{typeof detail?.reason === 'string' ? detail.reason : '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

/** The one form: the update body's simple fields and the reason; only what changed is sent. */
function EditForm({ kind, record, done }: { kind: RecordKind; record: RecordFields; done: () => void }): JSX.Element {
  const queryClient = useQueryClient();
  const fields = editableFields(kind.update);
  const initial: Record<string, unknown> = Object.fromEntries(
    fields.map((field) => [field.key, formValue(field, record[field.key])]),
  );
  const schemaForm = useSchemaForm({
    schema: z.object({ reason: reasonSchema }).catchall(z.unknown()),
    method: 'PUT',
    initialValues: { ...initial, reason: '' } as Record<string, unknown>,
    submit: async (values) =>
      callWithReason(
        kind.updateCall,
        { params: { id: record.id }, body: changedBody(fields, initial, values) } as never,
        values.reason,
      ),
    successMessage: `${kind.label} ${record.id} is saved.`,
    onSuccess: () => {
      void queryClient.invalidateQueries();
      done();
    },
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${kind.label.toLowerCase()}`}>
      <Stack gap="sm">
        {fields.map((field) => {
          const label = fieldLabel(field.key);
          if (field.kind === 'switch') {
            return <Switch key={field.key} label={label} {...form.getInputProps(field.key, { type: 'checkbox' })} />;
          }
          if (field.kind === 'number')
            return <NumberInput key={field.key} label={label} {...form.getInputProps(field.key)} />;
          if (field.kind === 'select') {
            return (
              <Select
                key={field.key}
                label={label}
                data={field.options ?? []}
                clearable={field.nullable}
                {...form.getInputProps(field.key)}
              />
            );
          }
          return <TextInput key={field.key} label={label} {...form.getInputProps(field.key)} />;
        })}
        <Textarea
          label="Reason for the change"
          description="Kept in the record's history."
          required
          rows={2}
          {...form.getInputProps('reason')}
        />
      </Stack>
      <FormActions
        schemaForm={schemaForm}
        submitLabel={`Save ${kind.label.toLowerCase()}`}
        onCancel={done}
        sticky={false}
      />
    </form>
  );
}

/** Delete with a reason; a refusal (409: what holds the record) is shown as the API words it. */
function DeleteDialog({
  kind,
  record,
  close,
  deleted,
}: {
  kind: RecordKind;
  record: RecordFields;
  close: () => void;
  deleted: () => void;
}): JSX.Element {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = kind.remove;
  const run = async () => {
    const checked = reasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Say why you make this change.');
      return;
    }
    if (!remove) return;
    setBusy(true);
    setError(null);
    try {
      await callWithReason(remove, { params: { id: record.id } } as never, checked.data);
      void queryClient.invalidateQueries();
      deleted();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={close} title={`Delete ${kind.label.toLowerCase()} ${record.id}`}>
      <Stack gap="sm">
        <Text size="sm">{kind.title(record)}</Text>
        <Textarea
          label="Reason for the delete"
          required
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {error ? (
          <Alert color="red" role="alert" title="Not deleted">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void run()}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One record: all its fields, Edit, Delete, and its history. */
export function RecordPanel({ kind, id, closed }: { kind: RecordKind; id: number; closed: () => void }): JSX.Element {
  const record = useQuery({
    queryKey: ['records', kind.type, id],
    queryFn: ({ signal }) => getRecord(kind, id, signal),
  });
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  return (
    <QueryState query={record} loadingLabel={`Loading ${kind.label.toLowerCase()}`}>
      {(data) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3}>{kind.title(data)}</Title>
            {mode === 'view' ? (
              <Group gap="xs">
                <Button onClick={() => setMode('edit')}>Edit</Button>
                {kind.remove ? (
                  <Button color="red" variant="light" onClick={() => setMode('delete')}>
                    Delete
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Group>
          {mode === 'edit' ? (
            <EditForm kind={kind} record={data} done={() => setMode('view')} />
          ) : (
            <FieldView kind={kind} record={data} />
          )}
          {mode === 'delete' ? (
            <DeleteDialog kind={kind} record={data} close={() => setMode('view')} deleted={closed} />
          ) : null}
          <Title order={4}>History</Title>
          <History kind={kind} id={data.id} />
        </Stack>
      )}
    </QueryState>
  );
}
