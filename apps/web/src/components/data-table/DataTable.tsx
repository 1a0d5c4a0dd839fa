import type { ListEnvelope } from '@colophon/contract';
import { DEFAULT_PER_PAGE } from '@colophon/contract';
import { walkthroughTargets } from '@colophon/domain';
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconRefresh } from '@tabler/icons-react';
import { type DataTableColumn, type DataTableSortStatus, DataTable as MantineDataTable } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { formatSort, type ListSearch, PER_PAGE_OPTIONS, parseSort } from '../../lib/list-search';
import { type FilterSpec, isFilterSpecs, SpecFilters } from './filterSpecs';

export type { DataTableColumn } from 'mantine-datatable';
export type { FilterSpec } from './filterSpecs';

/** The part of a list query the table reads (a TanStack `useQuery` result fits). */
export interface ListQueryState<T> {
  data: ListEnvelope<T> | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

export interface DataTableProps<T> {
  /** The accessible name of the table (`getByRole('table', { name })`). */
  label: string;
  columns: DataTableColumn<T>[];
  query: ListQueryState<T>;
  /** The list's page, size and sort, as read from the URL. */
  search: ListSearch;
  /** Writes a change of page, size, sort (or a filter) back to the URL. */
  onSearchChange: (patch: Partial<ListSearch>) => void;
  /** Shown when the list is empty, e.g. 'No users match these filters'. */
  emptyText: string;
  /**
   * The list's filters, declared (`[{ key: 'search', kind: 'search' }, { key: 'isActive', kind: 'boolean',
   * label: 'Active' }]`): the table renders their widgets and "Clear filters", reads their values from
   * `search` and writes them through `onSearchChange` (back to page 1). Hand-made inputs still fit.
   */
  filters?: readonly FilterSpec[] | ReactNode;
  /** Buttons beside the filters, e.g. 'New user'. */
  actions?: ReactNode;
  /** Downloads the whole filtered list as CSV (the resource's /export endpoint). */
  onExport?: () => Promise<void>;
  /** When given, rows can be selected and these actions act on the selection. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  idAccessor?: keyof T & string;
  onRowClick?: (record: T) => void;
}

/**
 * The one table of every list: server-side paging and sorting kept in the URL, a filter bar,
 * CSV export of the whole filtered set, bulk selection, and loading, empty and error states.
 */
export function DataTable<T>({
  label,
  columns,
  query,
  search,
  onSearchChange,
  emptyText,
  filters,
  actions,
  onExport,
  bulkActions,
  idAccessor,
  onRowClick,
}: DataTableProps<T>) {
  // A selection belongs to the rows on screen: a new page, sort or filter starts a new one.
  const selectionKey = JSON.stringify(search);
  const [selection, setSelection] = useState<{ key: string; rows: T[] }>({ key: selectionKey, rows: [] });
  const selected = selection.key === selectionKey ? selection.rows : [];
  const setSelected = (rows: T[]) => setSelection({ key: selectionKey, rows });
  const [exporting, setExporting] = useState(false);
  const page = search.page ?? 1;
  const perPage = search.perPage ?? DEFAULT_PER_PAGE;
  const sort = parseSort(search.sort);
  const sortKeyOf = (column: DataTableColumn<T>) => column.sortKey ?? String(column.accessor);
  const sortedColumn = sort ? columns.find((column) => sortKeyOf(column) === sort.key) : undefined;
  const sortStatus: DataTableSortStatus<T> = {
    columnAccessor: sortedColumn?.accessor ?? '',
    direction: sort?.direction ?? 'asc',
  };
  const records = query.data?.data ?? [];
  const filterBar = isFilterSpecs(filters) ? (
    <SpecFilters
      specs={filters}
      values={search as Record<string, unknown>}
      onFilter={(patch) => onSearchChange({ ...patch, page: undefined })}
    />
  ) : (
    (filters as ReactNode)
  );
  const total = query.data?.total ?? 0;

  const exportCsv = async () => {
    if (!onExport) return;
    setExporting(true);
    try {
      await onExport();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const retry = (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconRefresh size={14} />}
      onClick={() => void query.refetch()}
    >
      Retry
    </Button>
  );

  const selectionProps = bulkActions
    ? {
        selectedRecords: selected,
        onSelectedRecordsChange: setSelected,
        allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all rows on this page' },
        getRecordSelectionCheckboxProps: (_record: T, index: number) => ({ 'aria-label': `Select row ${index + 1}` }),
      }
    : {};

  return (
    <Stack gap="sm" data-tour={walkthroughTargets.list}>
      {filters || actions || onExport ? (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {filterBar}
          </Group>
          <Group gap="sm">
            {onExport ? (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={exporting}
                onClick={() => void exportCsv()}
              >
                Export CSV
              </Button>
            ) : null}
            {actions}
          </Group>
        </Group>
      ) : null}

      {bulkActions && selected.length > 0 ? (
        <Paper withBorder p="xs" role="region" aria-label="Bulk actions">
          <Group justify="space-between">
            <Text size="sm">{selected.length} selected</Text>
            <Group gap="xs">
              {bulkActions(selected, () => setSelected([]))}
              <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                Clear selection
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}

      {query.isError && query.data ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title="Could not refresh the list">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(query.error)}</Text>
            {retry}
          </Group>
        </Alert>
      ) : null}

      {query.isError && !query.data ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title="Could not load the list">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(query.error)}</Text>
            {retry}
          </Stack>
        </Alert>
      ) : (
        <Box>
          <MantineDataTable<T>
            aria-label={label}
            withTableBorder
            borderRadius="sm"
            striped
            highlightOnHover
            minHeight={records.length === 0 ? 180 : undefined}
            columns={columns}
            records={records}
            idAccessor={idAccessor ?? 'id'}
            fetching={query.isFetching}
            loadingText="Loading…"
            noRecordsText={query.isPending ? 'Loading…' : emptyText}
            totalRecords={total}
            page={page}
            recordsPerPage={perPage}
            recordsPerPageOptions={PER_PAGE_OPTIONS}
            recordsPerPageLabel="Rows per page"
            onPageChange={(next) => onSearchChange({ page: next === 1 ? undefined : next })}
            onRecordsPerPageChange={(next) => onSearchChange({ perPage: next, page: undefined })}
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              const column = columns.find((candidate) => candidate.accessor === status.columnAccessor);
              const key = column ? sortKeyOf(column) : String(status.columnAccessor);
              onSearchChange({ sort: formatSort(key, status.direction), page: undefined });
            }}
            onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
            {...selectionProps}
          />
        </Box>
      )}
    </Stack>
  );
}
