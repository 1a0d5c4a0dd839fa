import {
  type FundRequest,
  type fundRequestListUrlSearch,
  fundRequestOperations,
  fundRequestResources,
} from '@colophon/contract';
import {
  type FundRequestKind,
  formatCurrency,
  formatDate,
  fundRequestKinds,
  requestStatus,
  studioPayment,
  years,
} from '@colophon/domain';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import type { z } from 'zod';
import { AppLink } from '../../components/AppLink';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { Fact, FactGrid } from '../../components/layout/Facts';
import { userCan } from '../../lib/access';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { requestedListOf, useFundOverviews, useOnlyAccount } from './api';
import { CompleteDrawer } from './CompleteDrawer';
import { RequestForm } from './RequestForm';

type FundRequestsSearch = z.output<typeof fundRequestListUrlSearch> & { edit?: number | 'new' | undefined };

/** Each kind's page. */
export const fundRequestPagePaths = {
  presale: '/admin/request-bulk-presale-funds',
  summer: '/admin/request-single-book-funds',
  sales_tax: '/admin/request-sales-tax',
} as const satisfies Record<FundRequestKind, string>;

const presaleRoute = getRouteApi('/admin/request-bulk-presale-funds');
const summerRoute = getRouteApi('/admin/request-single-book-funds');
const salesTaxRoute = getRouteApi('/admin/request-sales-tax');

const lists = {
  presale: requestedListOf('presale'),
  summer: requestedListOf('summer'),
  sales_tax: requestedListOf('sales_tax'),
};

/** The latest store year the app knows: what the pages show first. */
const LATEST_YEAR = years[years.length - 1] ?? 2026;
const yearOptions = [...years].reverse().map((year) => ({ value: String(year), label: String(year) }));

/** /admin/request-bulk-presale-funds: Bulk Presale Fund Request. */
export function BulkPresaleFundRequestPage(): JSX.Element {
  const page = useListPage(
    presaleRoute.useSearch(),
    presaleRoute.useNavigate(),
    lists.presale,
    fundRequestOperations.presale.contract,
  );
  return <FundRequestScreen kind="presale" page={page} />;
}

/** /admin/request-single-book-funds: Single Book Fund Request (the summer single books). */
export function SingleBookFundRequestPage(): JSX.Element {
  const page = useListPage(
    summerRoute.useSearch(),
    summerRoute.useNavigate(),
    lists.summer,
    fundRequestOperations.summer.contract,
  );
  return <FundRequestScreen kind="summer" page={page} />;
}

/** /admin/request-sales-tax: Sales Tax Request. */
export function SalesTaxRequestPage(): JSX.Element {
  const page = useListPage(
    salesTaxRoute.useSearch(),
    salesTaxRoute.useNavigate(),
    lists.sales_tax,
    fundRequestOperations.sales_tax.contract,
  );
  return <FundRequestScreen kind="sales_tax" page={page} />;
}

type ListPage = ReturnType<typeof useListPage<FundRequestsSearch, FundRequest>>;

/**
 * One kind's page: the school and year, what its store collected and what is available (the three
 * kinds' overviews asked at once), the request form, and the requests with their status. A super
 * administrator sees every school's requests and completes the waiting ones.
 */
function FundRequestScreen({ kind, page }: { kind: FundRequestKind; page: ListPage }): JSX.Element {
  const user = useSession()?.user;
  const mayComplete = userCan(user, 'super.invoices');
  const canRequest = userCan(user, permissionOf(kind));
  const only = useOnlyAccount();
  const chosenAccount = page.list.accountId?.length === 1 ? (page.list.accountId[0] ?? null) : null;
  const accountId = chosenAccount ?? only.data?.id ?? null;
  const year = page.list.year?.length === 1 ? (page.list.year[0] ?? LATEST_YEAR) : LATEST_YEAR;
  // Asked once the person's own school is known, so a school's page never first asks for every account.
  const overviews = useFundOverviews(accountId, year, chosenAccount !== null || !only.isPending);
  const overview = overviews[kind];
  const completing =
    typeof page.edit === 'number' ? (page.query.data?.data.find((row) => row.id === page.edit) ?? null) : null;
  const { title } = fundRequestResources[kind];

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <AccountPicker
          label="School"
          value={accountId}
          onChange={(id) => page.setFilter({ accountId: id ? [id] : undefined })}
          placeholder={only.data ? only.data.name : 'Every school'}
          w={320}
        />
        <Select
          label="Store year"
          data={yearOptions}
          value={String(year)}
          allowDeselect={false}
          onChange={(value) => value && page.setFilter({ year: [Number(value)] })}
          w={140}
        />
      </Group>

      <Paper withBorder p="md" aria-label={`${title}: overview`} component="section">
        <Title order={2} size="h4" mb="sm">
          {accountId === null ? `Every school’s store, ${year}` : `The store’s money, ${year}`}
        </Title>
        {overview.isError ? (
          <Text c="red" size="sm" role="alert">
            The figures could not be loaded.
          </Text>
        ) : (
          <FactGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Fact label={kind === 'sales_tax' ? 'Tax collected' : 'Collected'}>
              {money(overview.data?.collectedCents)}
            </Fact>
            <Fact label="Refunds">{money(overview.data?.refundedCents)}</Fact>
            <Fact label="Fees">{money(overview.data?.feesCents)}</Fact>
            <Fact label="Paid out">{money(overview.data?.paidOutCents)}</Fact>
            <Fact label="Waiting">{money(overview.data?.waitingCents)}</Fact>
            <Fact label="Available">
              <Text fw={700} span>
                {money(overview.data?.availableCents)}
              </Text>
            </Fact>
          </FactGrid>
        )}
        <Group gap="lg" mt="sm">
          {fundRequestKinds
            .filter((other) => other !== kind)
            .map((other) => (
              <Text key={other} size="sm" c="dimmed">
                {userCan(user, permissionOf(other)) ? (
                  <AppLink href={fundRequestPagePaths[other]}>{fundRequestResources[other].title}</AppLink>
                ) : (
                  fundRequestResources[other].title
                )}
                : {money(overviews[other].data?.availableCents)} available
              </Text>
            ))}
        </Group>
      </Paper>

      {canRequest ? (
        <Paper withBorder p="md" component="section" aria-label="New request">
          <Title order={2} size="h4" mb="sm">
            New request
          </Title>
          {accountId === null ? (
            <Text size="sm">Choose a school to request its funds.</Text>
          ) : overview.data ? (
            <RequestForm
              key={`${accountId}-${year}`}
              kind={kind}
              accountId={accountId}
              year={year}
              availableCents={overview.data.availableCents}
            />
          ) : null}
        </Paper>
      ) : null}

      <DataTable<FundRequest>
        label={`${title}s`}
        columns={columnsOf(user?.timezone, mayComplete ? (row) => page.openDrawer(row.id) : null)}
        query={page.query}
        search={page.list}
        onSearchChange={(patch) => page.setSearch(patch as Partial<FundRequestsSearch>)}
        onExport={page.exportCsv}
        emptyText={page.filtersActive ? 'No requests match these filters' : 'No requests yet'}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Payment reference' },
          { key: 'status', kind: 'select', label: 'Status', options: requestStatus.options() },
          { key: 'createdFrom', kind: 'date', label: 'Requested from' },
          { key: 'createdTo', kind: 'date', label: 'Requested to' },
        ]}
      />
      <CompleteDrawer kind={kind} request={completing} onClose={page.closeDrawer} />
    </Stack>
  );
}

/** The right that opens a kind's page and makes its requests (the page catalogue's). */
const permissionOf = (kind: FundRequestKind) => (kind === 'sales_tax' ? 'salesTax.request' : 'funds.request');

const money = (cents: number | undefined) => (cents === undefined ? '…' : formatCurrency(cents));

function columnsOf(
  zone: string | undefined,
  complete: ((row: FundRequest) => void) | null,
): DataTableColumn<FundRequest>[] {
  const columns: DataTableColumn<FundRequest>[] = [
    {
      accessor: 'createdAt',
      title: 'Requested',
      sortable: true,
      noWrap: true,
      render: (row) => formatDate(row.createdAt, zone),
    },
    { accessor: 'accountName', title: 'School' },
    { accessor: 'year', title: 'Year', sortable: true },
    {
      accessor: 'amountCents',
      title: 'Amount',
      sortable: true,
      textAlign: 'right',
      render: (row) => formatCurrency(row.amountCents),
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      render: (row) => (
        <Badge color={row.status === requestStatus.Complete ? 'green' : 'yellow'} variant="light">
          {requestStatus.label(row.status)}
        </Badge>
      ),
    },
    {
      accessor: 'paymentMethod',
      title: 'Paid by',
      render: (row) => (row.paymentMethod ? studioPayment.label(row.paymentMethod) : ''),
    },
    { accessor: 'paymentReference', title: 'Reference' },
    {
      accessor: 'completedAt',
      title: 'Completed',
      sortable: true,
      noWrap: true,
      render: (row) => (row.completedAt ? formatDate(row.completedAt, zone) : ''),
    },
  ];
  if (complete) {
    columns.push({
      accessor: 'actions',
      title: '',
      render: (row) =>
        row.status === requestStatus.Waiting ? (
          <Button size="xs" variant="light" onClick={() => complete(row)} aria-label={`Complete request ${row.id}`}>
            Complete
          </Button>
        ) : null,
    });
  }
  return columns;
}
