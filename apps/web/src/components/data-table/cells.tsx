import { ActionIcon, Badge, Menu, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Whether a record is active: green Active, grey Inactive (a list's status column, a record's header). */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** A row's actions, behind one button named after the row ("Actions for Lincoln High"). */
export function RowActionsMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** A cell of two lines: what the row names, and under it, small and dimmed, what tells it apart. */
export function StackedCell({ children, note }: { children: ReactNode; note: ReactNode }) {
  return (
    <Stack gap={0}>
      {children}
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
