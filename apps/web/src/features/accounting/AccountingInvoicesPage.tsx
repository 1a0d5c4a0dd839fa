import { type AccountingInvoiceRow, type AccountingSyncStatus, accountingSyncStatuses } from '@colophon/contract';
import { formatCurrency, formatDateTime } from '@colophon/domain';
import { ActionIcon, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useEffect } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { filterQuery, listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { accountingInvoicesResource, useRetryAccountingInvoice } from './api';
import { AccountingPdfLink, SyncStatusBadge } from './InvoiceSyncStatus';
import { QuickBooksConnectionPanel, quickBooksReturnMessages } from './QuickBooksConnectionPanel';

const route = getRouteApi('/admin/super/quickbooks-invoices');

const statusLabels: Record<AccountingSyncStatus, string> = { pending: 'Pending', synced: 'Synced', failed: 'Failed' };
const invoiceName = (row: AccountingInvoiceRow) => row.invoice.number ?? `Invoice ${row.invoiceId}`;

/**
 * /admin/super/quickbooks-invoices: every invoice's push to the accounting system (QuickBooks, or the
 * embedded books), its status, the accounting system's number and balance, the last error; Retry
 * queues a push again, PDF opens the invoice as the books render it. Above: the QuickBooks connection.
 */
export function AccountingInvoicesPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const zone = useSession()?.user.timezone;
  const { edit: _edit, quickbooks: returned, ...list } = search;
  const query = accountingInvoicesResource.useList(listQuery(list));
  const retry = useRetryAccountingInvoice();
  const setSearch = (patch: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  // Back from Intuit: say how the connection went, once, and take the word off the URL.
  useEffect(() => {
    if (!returned) return;
    const { color, title, message } = quickBooksReturnMessages[returned];
    notifications.show({ color, title, message });
    void navigate({ search: (previous) => ({ ...previous, quickbooks: undefined }), replace: true });
  }, [returned, navigate]);
  const action = useConfirmedAction<AccountingInvoiceRow>({
    title: (row) => `Push ${invoiceName(row)} again`,
    confirmLabel: () => 'Retry',
    color: () => 'blue',
    message: (row) => `${invoiceName(row)} will be pushed to the accounting system again, as it stands now.`,
    run: (row) => retry.mutateAsync(row.id),
    done: (row) => ({ title: 'Retry', message: `${invoiceName(row)} is waiting to be pushed.` }),
    failed: () => 'Could not retry',
  });

  const columns: DataTableColumn<AccountingInvoiceRow>[] = [
    { accessor: 'invoiceId', title: 'Invoice', render: (row) => invoiceName(row) },
    {
      accessor: 'account',
      title: 'Account',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.account.name}</Text>
          <Text size="xs" c="dimmed">
            {row.account.code}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'amounts',
      title: 'Total / balance',
      textAlign: 'right',
      render: (row) => `${formatCurrency(row.invoice.totalCents)} / ${formatCurrency(row.invoice.balanceCents)}`,
    },
    { accessor: 'status', title: 'Sync', sortable: true, render: (row) => <SyncStatusBadge status={row.status} /> },
    { accessor: 'docNumber', title: 'Document', sortable: true, render: (row) => row.docNumber ?? '—' },
    {
      accessor: 'externalStatus',
      title: 'In the books',
      render: (row) =>
        row.externalStatus
          ? `${row.externalStatus}${row.externalBalanceCents !== null ? `, ${formatCurrency(row.externalBalanceCents)} due` : ''}`
          : '—',
    },
    { accessor: 'attempts', title: 'Attempts', sortable: true, textAlign: 'right' },
    {
      accessor: 'lastError',
      title: 'Last error',
      render: (row) =>
        row.lastError ? (
          <Text size="sm" lineClamp={2} title={row.lastError}>
            {row.lastError}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'syncedAt',
      title: 'Synced',
      sortable: true,
      render: (row) => (row.syncedAt ? formatDateTime(row.syncedAt, zone) : '—'),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (row) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {row.externalId ? <AccountingPdfLink invoiceId={row.invoiceId} /> : null}
          {row.status !== 'pending' ? (
            <Tooltip label="Retry">
              <ActionIcon variant="subtle" aria-label={`Retry ${invoiceName(row)}`} onClick={() => action.ask(row)}>
                <IconArrowBackUp size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <QuickBooksConnectionPanel />
      <DataTable<AccountingInvoiceRow>
        label="Accounting invoices"
        columns={columns}
        query={query}
        search={list}
        onSearchChange={(patch) => setSearch(patch as Partial<typeof search>)}
        emptyText="No invoices match these filters"
        onExport={() => accountingInvoicesResource.exportCsv(filterQuery(list))}
        filters={[
          {
            key: 'status',
            kind: 'custom',
            render: (value, onChange) => (
              <Select
                label="Sync"
                placeholder="Any"
                clearable
                w={160}
                data={accountingSyncStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
                value={(value as string[] | undefined)?.[0] ?? null}
                onChange={(next) => onChange(next ? [next] : undefined)}
              />
            ),
          },
          { key: 'search', kind: 'search', placeholder: 'Document number' },
          { key: 'accountId', kind: 'account', label: 'Account' },
        ]}
      />
      {action.dialog}
    </>
  );
}
