import { formatDateTime } from '@colophon/domain';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A comment's first line, for the school's comments and the staff notes alike: who wrote it and
 * when, and Edit / Remove for its author (`actions` null for everyone else).
 */
export function CommentHeading({
  marker,
  userName,
  createdAt,
  zone,
  actions,
}: {
  /** Before the name: the comment's number on the page, for instance. */
  marker?: ReactNode;
  userName: string | null;
  createdAt: string;
  zone: string | undefined;
  actions: { what: string; onEdit: () => void; onRemove: () => void } | null;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {marker}
        <Text size="sm" fw={600} truncate>
          {userName ?? 'Former user'}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(createdAt, zone)}
        </Text>
      </Group>
      {actions ? (
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" size="sm" aria-label={`Edit ${actions.what}`} onClick={actions.onEdit}>
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove">
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove ${actions.what}`}
              onClick={actions.onRemove}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
    </Group>
  );
}
