import { formatByteSize } from '@colophon/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { InlineMessage } from '../../components/feedback/InlineMessage';

/**
 * Where a PDF is chosen: dropped on the box, or picked with the button (the keyboard's way). The
 * checks of the chosen file are the caller's (it shows `error`).
 */
export function FileDropZone({
  label,
  description,
  file,
  error,
  notice,
  disabled,
  onChoose,
}: {
  label: string;
  description: string;
  file: File | null;
  error: string | null;
  notice?: string | null;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChoose(dropped);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="group"
      aria-labelledby={`${id}-label`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: error ? 'var(--mantine-color-red-6)' : over ? 'var(--mantine-color-blue-6)' : undefined,
        background: over ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600} id={`${id}-label`}>
              {label}
            </Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <IconFileTypePdf size={32} aria-hidden stroke={1.5} />
        </Group>
        {file ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatByteSize(file.size)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Drop a PDF here, or choose one.
          </Text>
        )}
        <InlineMessage message={error} />
        <InlineMessage message={notice} tone="notice" />
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} />}
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            {file ? 'Choose another PDF' : 'Choose PDF'}
          </Button>
          {file ? (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} />}
              onClick={() => onChoose(null)}
              disabled={disabled}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          aria-label={`${label} file`}
          hidden
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            // The same file chosen twice still fires a change next time.
            event.currentTarget.value = '';
            if (chosen) onChoose(chosen);
          }}
        />
      </Stack>
    </Paper>
  );
}
