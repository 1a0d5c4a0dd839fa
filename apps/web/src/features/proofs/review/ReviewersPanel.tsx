import { proofStatus } from '@colophon/domain';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/feedback/QueryState';
import { useConfirmedAction } from '../../../components/feedback/useConfirmedAction';
import { errorMessage } from '../../../lib/api-client';
import { type ProofReviewer, useProofChildMutations, useReviewerCandidates } from '../api';

/** A reviewer's own verdict is a proof status; none yet is "Undecided". */
const UNDECIDED = 'undecided';
const verdictOptions = [{ value: UNDECIDED, label: 'Undecided' }, ...proofStatus.options()];

function AddReviewer({ proofId, excludeIds }: { proofId: number; excludeIds: readonly number[] }) {
  const { create } = useProofChildMutations(proofId, 'proof_reviewers');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = useReviewerCandidates(debounced, true);
  const options = (candidates.data?.data ?? [])
    .filter((user) => !excludeIds.includes(user.id))
    .map((user) => ({ value: String(user.id), label: `${user.firstName} ${user.lastName} (${user.email})` }));

  const add = async () => {
    if (!chosen) {
      setError('Choose the person to add.');
      return;
    }
    setError(null);
    try {
      const added = await create.mutateAsync({ userId: Number(chosen) });
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `${added.userName ?? 'The reviewer'} is a reviewer.`,
      });
      setChosen(null);
      setSearch('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        label="Add a reviewer"
        placeholder="Search by name or e-mail"
        searchable
        clearable
        data={options}
        value={chosen}
        onChange={setChosen}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: every }) => every}
        nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'Nobody found'}
        error={error}
        style={{ flex: 1 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Button leftSection={<IconUserPlus size={16} />} loading={create.isPending} onClick={() => void add()}>
        Add
      </Button>
    </Group>
  );
}

/**
 * The people asked to review the proof, each with their own verdict. Anyone who may comment sets a
 * verdict or removes a reviewer; adding one needs the user list (`users.view`).
 */
export function ReviewersPanel({
  proofId,
  reviewers,
  canWrite,
  canPickUsers,
}: {
  proofId: number;
  reviewers: readonly ProofReviewer[];
  canWrite: boolean;
  canPickUsers: boolean;
}) {
  const { update, remove } = useProofChildMutations(proofId, 'proof_reviewers');
  const removal = useConfirmedAction<ProofReviewer>({
    title: 'Remove reviewer',
    confirmLabel: 'Remove',
    message: (reviewer) => `${reviewer.userName ?? 'This person'} will no longer be asked to review this proof.`,
    run: (reviewer) => remove.mutateAsync(reviewer.id),
    done: (reviewer) => ({
      title: 'Removed',
      message: `${reviewer.userName ?? 'The reviewer'} is no longer a reviewer.`,
    }),
    failed: 'Not removed',
  });

  const setVerdict = async (reviewer: ProofReviewer, value: string | null) => {
    const status = value === null || value === UNDECIDED ? null : Number(value);
    try {
      await update.mutateAsync({ childId: reviewer.id, body: { status } });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Verdict not saved', message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="md">
      {reviewers.length === 0 ? <EmptyState>No reviewers yet.</EmptyState> : null}
      <Stack gap="xs" component="ul" aria-label="Reviewers" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {reviewers.map((reviewer) => {
          const name = reviewer.userName ?? 'Former user';
          return (
            <Paper key={reviewer.id} component="li" withBorder p="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} truncate>
                  {name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Select
                    aria-label={`Verdict of ${name}`}
                    size="xs"
                    w={150}
                    data={verdictOptions}
                    value={reviewer.status === null ? UNDECIDED : String(reviewer.status)}
                    onChange={(value) => void setVerdict(reviewer, value)}
                    allowDeselect={false}
                    readOnly={!canWrite}
                    comboboxProps={{ withinPortal: true }}
                  />
                  {canWrite ? (
                    <Tooltip label="Remove reviewer">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove reviewer ${name}`}
                        onClick={() => removal.ask(reviewer)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Group>
              {reviewer.note ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {reviewer.note}
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
      {canWrite && canPickUsers ? (
        <AddReviewer proofId={proofId} excludeIds={reviewers.map((reviewer) => reviewer.userId)} />
      ) : null}
      {removal.dialog}
    </Stack>
  );
}
