import { type Proof, proofInternalActionCreateSchema } from '@colophon/contract';
import { formatDateTime, internalProofStatus } from '@colophon/domain';
import { Divider, Group, Paper, Select, Stack, Text, Textarea, TextInput, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { z } from 'zod';
import { EmptyState } from '../../../components/feedback/QueryState';
import { FormActions } from '../../../components/form/FormActions';
import { numberSelectProps } from '../../../components/form/selectProps';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { type ProofInternalAction, useProofChildMutations } from '../api';
import { InternalStatusBadge } from '../ProofBadges';
import { VendorActions } from '../VendorActions';

const shape = proofInternalActionCreateSchema.shape;
const actionFormSchema = z.object({
  action: shape.action,
  internalStatus: shape.internalStatus,
  // An empty note is no note.
  note: z
    .string()
    .transform((text) => text.trim() || null)
    .pipe(shape.note.unwrap()),
});

function NewAction({ proofId }: { proofId: number }) {
  const { create } = useProofChildMutations(proofId, 'proof_internal_actions');
  const schemaForm = useSchemaForm({
    schema: actionFormSchema,
    initialValues: { action: '', internalStatus: null as number | null, note: '' },
    submit: (body) => create.mutateAsync(body),
    successMessage: (saved) =>
      saved.internalStatus
        ? `The action is recorded and the internal status is now ${internalProofStatus.label(saved.internalStatus)}.`
        : 'The action is recorded.',
    onSuccess: () => form.reset(),
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New internal action">
      <Stack gap="xs">
        <TextInput
          label="Action"
          placeholder="e.g. studio contacted"
          maxLength={60}
          required
          {...form.getInputProps('action')}
        />
        <Select
          label="Set internal status"
          placeholder="No change"
          clearable
          data={internalProofStatus.options()}
          comboboxProps={{ withinPortal: true }}
          {...numberSelectProps(form, 'internalStatus', { nullable: true })}
        />
        <Textarea label="Note" autosize minRows={1} maxRows={6} {...form.getInputProps('note')} />
      </Stack>
      {/* Turning the proof's pages changes only the search: what is typed stays, so only leaving asks. */}
      <FormActions schemaForm={schemaForm} submitLabel="Record action" size="sm" sticky={false} guardSearch={false} />
    </form>
  );
}

/**
 * The staff's side of the proof: the layout-software actions, a new internal action (which may move
 * the internal status), and the proof's history, newest first (every change to the proof writes one).
 */
export function InternalActionsPanel({
  proof,
  typeSoftware,
  actions,
  zone,
}: {
  proof: Proof;
  typeSoftware: number | null;
  actions: readonly ProofInternalAction[];
  zone: string | undefined;
}) {
  const newestFirst = [...actions].reverse();
  return (
    <Stack gap="md">
      <VendorActions proof={proof} typeSoftware={typeSoftware} />
      <Paper withBorder p="sm">
        <NewAction proofId={proof.id} />
      </Paper>
      <Divider label="History" labelPosition="left" />
      {newestFirst.length === 0 ? (
        <EmptyState>Nothing has happened to this proof yet.</EmptyState>
      ) : (
        <Timeline bulletSize={18} lineWidth={2} aria-label="History">
          {newestFirst.map((entry) => (
            <Timeline.Item key={entry.id} bullet={<IconHistory size={10} />} title={entry.action}>
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  {entry.userName ?? 'Colophon'} · {formatDateTime(entry.createdAt, zone)}
                </Text>
                {entry.internalStatus !== null ? (
                  <Group gap={4}>
                    <Text size="xs">Internal status</Text>
                    <InternalStatusBadge status={entry.internalStatus} />
                  </Group>
                ) : null}
                {entry.note ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {entry.note}
                  </Text>
                ) : null}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
