import { type SalesListReportName, type SalesRow, salesListReports } from '@colophon/contract';
import { formatCurrency } from '@colophon/domain';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { errorMessage } from '../../lib/api-client';
import type { ListSearch } from '../../lib/list-search';
import { exportReport, openDistributionPrint, type SalesReportQuery, useSalesReport } from './api';

/** The table's columns from the contract's report declaration: cents shown as money, sorts where the API sorts. */
export function reportColumns(name: SalesListReportName): DataTableColumn<SalesRow>[] {
  const report = salesListReports[name];
  const sorts = report.sorts as readonly string[];
  return report.columns.map((column) => ({
    accessor: column[0],
    title: column[1],
    sortable: sorts.includes(column[0]),
    ...(column[2] === 'cents'
      ? { textAlign: 'right' as const, render: (row: SalesRow) => formatCurrency(row[column[0]] as number | null) }
      : {}),
  }));
}

/** One list report: paged and sorted on the server, exported whole as CSV or XLSX; the distribution list prints. */
export function ReportTable({
  name,
  filter,
  search,
  onSearchChange,
}: {
  name: SalesListReportName;
  filter: { year?: number; accountId?: number };
  search: ListSearch;
  onSearchChange: (patch: Partial<ListSearch>) => void;
}) {
  const query: SalesReportQuery = {
    ...filter,
    page: search.page ?? 1,
    perPage: search.perPage ?? 25,
    sort: search.sort,
  };
  const report = useSalesReport(name, query);
  const [busy, setBusy] = useState<'xlsx' | 'print' | null>(null);
  const run = async (what: 'xlsx' | 'print', action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not prepare the file', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const label = salesListReports[name].label;
  return (
    <DataTable<SalesRow>
      label={label}
      columns={reportColumns(name)}
      query={report}
      search={search}
      onSearchChange={onSearchChange}
      emptyText="No paid sales match these filters"
      idAccessor="id"
      onExport={() => exportReport(name, 'csv', { ...filter, sort: search.sort })}
      actions={
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={busy === 'xlsx'}
            onClick={() => void run('xlsx', () => exportReport(name, 'xlsx', { ...filter, sort: search.sort }))}
          >
            Export XLSX
          </Button>
          {name === 'distribution_list' ? (
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={busy === 'print'}
              onClick={() => void run('print', () => openDistributionPrint(filter))}
            >
              Print pick list
            </Button>
          ) : null}
        </Group>
      }
    />
  );
}
