import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A short table of a record's parts (an account's addresses, a user's linked accounts), named for
 * screen readers; its head row from `columns`, with `withActions` a last column whose head is named
 * "Actions" for screen readers only. The rows are the caller's. With `minWidth`, a narrower screen
 * scrolls it sideways.
 */
export function PlainTable({
  label,
  columns,
  withActions = false,
  minWidth,
  children,
}: {
  label: string;
  columns: readonly string[];
  withActions?: boolean;
  minWidth?: number;
  children: ReactNode;
}) {
  const table = (
    <Table aria-label={label} striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
          {withActions ? <Table.Th aria-label="Actions" /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}
