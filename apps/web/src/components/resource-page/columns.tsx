import { type DateInput, formatDate, formatDateTime } from '@colophon/domain';
import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ActiveBadge } from '../data-table/cells';
import type { DataTableColumn } from '../data-table/DataTable';

/**
 * What a column of a resource page may need from the page: the user's zone, the rows on screen (a
 * cell that looks up something for all of them at once), opening a record, deleting it.
 */
export interface ColumnContext<T> {
  zone: string | undefined;
  records: readonly T[];
  open: (record: T) => void;
  remove: (record: T) => void;
}

/** A column as declared: a plain DataTable column, or one built from the page's context. */
export type ResourceColumn<T> = DataTableColumn<T> | ((context: ColumnContext<T>) => DataTableColumn<T>);

type Key<T> = keyof T & string;

/** A field read as an instant; anything else shows as not provided. */
const instant = (value: unknown): DateInput =>
  value instanceof Date || typeof value === 'string' || typeof value === 'number' ? value : null;
type Options = {
  sortable?: boolean;
  width?: number | string;
  textAlign?: 'left' | 'center' | 'right';
  noWrap?: boolean;
};

/** A column of an instant, shown by `format` in the user's zone. */
function instantColumn(format: (value: DateInput, zone: string | undefined) => string) {
  return <T,>(key: Key<T>, title: string, options: Options = {}) =>
    ({ zone }: ColumnContext<T>): DataTableColumn<T> => ({
      accessor: key,
      title,
      ...options,
      render: (record) => format(instant(record[key]), zone),
    });
}

/**
 * The columns that repeat from list to list, one line each
 * (`column.link('name', 'Name', { sortable: true })`, `column.dateTime('createdAt', 'Created')`).
 */
export const column = {
  /** The field as it is. */
  text: <T,>(key: Key<T>, title: string, options: Options = {}): DataTableColumn<T> => ({
    accessor: key,
    title,
    ...options,
  }),

  /** The record's name as the link that opens its drawer. */
  link:
    <T extends { name: string }>(key: Key<T>, title: string, options: Options = {}) =>
    ({ open }: ColumnContext<T>): DataTableColumn<T> => ({
      accessor: key,
      title,
      ...options,
      render: (record) => (
        <Anchor component="button" type="button" size="sm" ta="start" onClick={() => open(record)}>
          {record.name}
        </Anchor>
      ),
    }),

  /** An instant, as a date and time in the user's zone. */
  dateTime: instantColumn(formatDateTime),

  /** An instant, as a date in the user's zone. */
  date: instantColumn(formatDate),

  /** A yes/no field as the Active/Inactive badge. */
  active: <T,>(key: Key<T>, title: string): DataTableColumn<T> => ({
    accessor: key,
    title,
    render: (record) => <ActiveBadge active={Boolean(record[key])} />,
  }),

  /** An enumeration's code as its label (`bookType`, `finish`, …). */
  enumeration: <T,>(
    key: Key<T>,
    title: string,
    enumeration: { label: (code: string | number | null | undefined) => string },
    options: Options = {},
  ): DataTableColumn<T> => ({
    accessor: key,
    title,
    ...options,
    render: (record) => {
      const code = record[key];
      return enumeration.label(typeof code === 'string' || typeof code === 'number' ? code : null);
    },
  }),

  /** The row's delete button; the page asks before it deletes. */
  remove:
    <T extends { name: string }>() =>
    ({ remove }: ColumnContext<T>): DataTableColumn<T> => ({
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (record) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={`Delete ${record.name}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${record.name}`}
              onClick={() => remove(record)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    }),
};

/** The declared columns, given the page's context. */
export function resolveColumns<T>(
  columns: readonly ResourceColumn<T>[],
  context: ColumnContext<T>,
): DataTableColumn<T>[] {
  return columns.map((declared) => (typeof declared === 'function' ? declared(context) : declared));
}
