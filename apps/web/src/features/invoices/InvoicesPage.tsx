import { type Invoice, invoicesContract } from '@colophon/contract';
import { formatCurrency, formatDate, invoiceProductType } from '@colophon/domain';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { userCan } from '../../lib/access';
import { errorMessage } from '../../lib/api-client';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { invoiceListIncludes, invoicesResource, useInvoiceFromOrder } from './api';
import { InvoiceDrawer } from './InvoiceDrawer';
import { InvoiceStatusBadge, invoiceStatusOptions } from './status';

function invoiceColumns(zone: string | undefined): DataTableColumn<Invoice>[] {
  return [
    {
      accessor: 'number',
      title: 'Invoice',
      sortable: true,
      noWrap: true,
      render: (invoice) => invoice.number ?? `Draft #${invoice.id}`,
    },
    {
      accessor: 'createdAt',
      title: 'Date',
      sortable: true,
      noWrap: true,
      render: (invoice) => formatDate(invoice.issuedAt ?? invoice.createdAt, zone),
    },
    {
      accessor: 'accountId',
      title: 'Account',
      render: (invoice) => (
        <div>
          <Text size="sm">{invoice.account?.name ?? `Account ${invoice.accountId}`}</Text>
          <Text size="xs" c="dimmed">
            {invoiceProductType.label(invoice.typeProduct)}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      render: (invoice) => <InvoiceStatusBadge invoice={invoice} />,
    },
    {
      accessor: 'totalCents',
      title: 'Total',
      sortable: true,
      textAlign: 'right',
      render: (invoice) => formatCurrency(invoice.totalCents),
    },
    {
      accessor: 'balanceCents',
      title: 'Balance',
      textAlign: 'right',
      render: (invoice) => (invoice.status === 'void' ? '—' : formatCurrency(invoice.balanceCents)),
    },
    { accessor: 'dueOn', title: 'Due', sortable: true, noWrap: true, render: (invoice) => invoice.dueOn ?? '' },
  ];
}

function InvoiceList({ path, manage }: { path: '/admin/super/invoices' | '/admin/invoices'; manage: boolean }) {
  const route = getRouteApi(path);
  const page = useListPage(route.useSearch(), route.useNavigate(), invoicesResource, invoicesContract, {
    include: invoiceListIncludes,
  });
  const zone = useSession()?.user.timezone;
  const [invoicing, setInvoicing] = useState(false);
  return (
    <>
      <DataTable<Invoice>
        actions={
          manage ? (
            <Button leftSection={<IconFileInvoice size={16} />} onClick={() => setInvoicing(true)}>
              Invoice an order
            </Button>
          ) : null
        }
        label="Invoices"
        columns={invoiceColumns(zone)}
        query={page.query}
        search={page.list}
        onSearchChange={(patch) => page.setSearch(patch)}
        onExport={page.exportCsv}
        onRowClick={(invoice) => page.openDrawer(invoice.id)}
        emptyText={page.filtersActive ? 'No invoices match these filters' : 'There are no invoices yet'}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Invoice number or account' },
          { key: 'status', kind: 'select', label: 'Status', options: invoiceStatusOptions },
          { key: 'typeProduct', kind: 'select', label: 'Product', options: invoiceProductType.options() },
          { key: 'accountId', kind: 'account', label: 'Account' },
          { key: 'createdFrom', kind: 'date', label: 'From' },
          { key: 'createdTo', kind: 'date', label: 'To' },
        ]}
      />
      <InvoiceDrawer
        invoiceId={typeof page.edit === 'number' ? page.edit : null}
        zone={zone}
        manage={manage}
        onClose={page.closeDrawer}
      />
      {invoicing ? (
        <InvoiceOrderDialog
          onClose={() => setInvoicing(false)}
          onMade={(invoice) => {
            setInvoicing(false);
            page.openDrawer(invoice.id);
          }}
        />
      ) : null}
    </>
  );
}

/** Invoice an order: a draft priced by its project's quote, opened at once to issue and charge. */
function InvoiceOrderDialog({ onClose, onMade }: { onClose: () => void; onMade: (invoice: Invoice) => void }) {
  const [orderId, setOrderId] = useState<number | string>('');
  const [taxPercent, setTaxPercent] = useState<number | string>(0);
  const [error, setError] = useState<string | undefined>();
  const make = useInvoiceFromOrder();
  const submit = async () => {
    if (typeof orderId !== 'number' || orderId < 1) return setError('Enter the order number');
    try {
      onMade(await make.mutateAsync({ orderId, taxBasisPoints: Math.round(Number(taxPercent) * 100) }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Invoice an order">
      <Stack gap="sm">
        <NumberInput
          label="Order number"
          value={orderId}
          onChange={setOrderId}
          min={1}
          allowDecimal={false}
          error={error}
        />
        <NumberInput
          label="Sales tax (%)"
          value={taxPercent}
          onChange={setTaxPercent}
          min={0}
          max={100}
          decimalScale={2}
        />
        <Text size="xs" c="dimmed">
          The lines are the order's project quote, for the order's copies.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={make.isPending} onClick={() => void submit()}>
            Make the invoice
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /admin/super/invoices — Charge CC: every invoice, filters in the URL, sorted on the server. A row
 * opens the invoice: its lines, payments and balance, its accounting sync; charge the account's
 * stored card, record a payment, refund, void.
 */
export function ChargeCcPage(): JSX.Element {
  const user = useSession()?.user;
  return <InvoiceList path="/admin/super/invoices" manage={userCan(user, 'super.invoices')} />;
}

/** /admin/invoices — Invoices: the invoices of the caller's accounts, to read, with their PDF. */
export function InvoicesPage(): JSX.Element {
  return <InvoiceList path="/admin/invoices" manage={false} />;
}
