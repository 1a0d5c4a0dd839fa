import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A form's list of repeated groups of fields (an account's addresses, its contacts): a titled head
 * with Add (up to `max`), a line when there are none, and each item in a bordered group named for
 * screen readers ("Address 2"), its first fields beside its remove button ("Remove address 2").
 */
export function FieldList({
  title,
  itemName,
  addLabel,
  emptyText,
  count,
  max,
  onAdd,
  onRemove,
  head,
  children,
}: {
  title: string;
  itemName: string;
  addLabel: string;
  emptyText: string;
  count: number;
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The item's first fields, on the line of its remove button. */
  head: (index: number) => ReactNode;
  /** The item's other fields. */
  children: (index: number) => ReactNode;
}) {
  const items = Array.from({ length: count }, (_item, index) => index);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd} disabled={count >= max}>
          {addLabel}
        </Button>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : null}
      {items.map((index) => (
        // The items have no id until saved: their place is their key.
        <Paper key={index} withBorder p="sm" role="group" aria-label={`${itemName} ${index + 1}`}>
          <Stack gap="xs">
            <Group justify="space-between" align="flex-end" wrap="nowrap">
              {head(index)}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${itemName.toLowerCase()} ${index + 1}`}
                onClick={() => onRemove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {children(index)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
