import type { Preset } from '@colophon/contract';
import { Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/feedback/QueryState';
import { usePresetChoices } from './api';
import { specSummary } from './specSummary';

/**
 * 'Start from a preset': pick one of the saved specifications, see what it fills in, apply it to
 * the form (nothing is saved until the form is).
 */
export function StartFromPreset({ onApply, disabled }: { onApply: (preset: Preset) => void; disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconTemplate size={16} />}
        onClick={() => setOpened(true)}
        disabled={disabled}
      >
        Start from a preset
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Start from a preset" size="lg">
        {opened ? (
          <PresetChooser
            onCancel={() => setOpened(false)}
            onApply={(preset) => {
              onApply(preset);
              setOpened(false);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function PresetChooser({ onApply, onCancel }: { onApply: (preset: Preset) => void; onCancel: () => void }) {
  const query = usePresetChoices();
  const [chosenId, setChosenId] = useState<string | null>(null);
  if (query.isPending) return <LoadingState label="Loading presets…" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const presets = query.data.data;
  if (presets.length === 0) {
    return <EmptyState>There are no presets yet. Save one under Presets to start projects from it.</EmptyState>;
  }
  const chosen = presets.find((preset) => String(preset.id) === chosenId) ?? null;
  const rows = chosen ? specSummary(chosen.specification) : [];
  return (
    <Stack gap="md">
      <Select
        label="Preset"
        placeholder="Choose a preset"
        data={presets.map((preset) => ({ value: String(preset.id), label: preset.name }))}
        value={chosenId}
        onChange={setChosenId}
        searchable
        data-autofocus
      />
      {chosen ? (
        rows.length > 0 ? (
          <>
            <Text size="sm" c="dimmed">
              These fields take the preset’s values; the others keep what the form holds.
            </Text>
            <Table withTableBorder striped fz="sm" aria-label="What the preset fills in">
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Th w="45%">{row.label}</Table.Th>
                    <Table.Td>{row.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : (
          <EmptyState>This preset fills in nothing.</EmptyState>
        )
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!chosen} onClick={() => chosen && onApply(chosen)}>
          Apply preset
        </Button>
      </Group>
    </Stack>
  );
}
