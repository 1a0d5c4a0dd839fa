import { type MoneyEvent, type MoneyTimelineSearch, moneyTimelineSorts } from '@colophon/contract';
import { formatCurrency, formatDateTime, type MoneyEventKind, moneyEventKind } from '@colophon/domain';
import { Alert, MultiSelect, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { JSX } from 'react';
import { AppLink } from '../../components/AppLink';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import type { FilterSpec } from '../../components/data-table/filterSpecs';
import { QueryState } from '../../components/feedback/QueryState';
import { Fact, FactGrid } from '../../components/layout/Facts';
import type { ListSearch } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { downloadMoneyTimeline, useMoneySummary, useMoneyTimeline } from './api';
import { recordHref } from './records';

/** The money section's URL state: its filters, page, size and sort (the account page keeps them). */
export type MoneySectionSearch = MoneyTimelineSearch & ListSearch;

type Sort = (typeof moneyTimelineSorts)[number];
const sortOf = (sort: string | undefined): Sort | undefined =>
  (moneyTimelineSorts as readonly string[]).includes(sort ?? '') ? (sort as Sort) : undefined;

const kindOptions = moneyEventKind.options();

const filters: FilterSpec[] = [
  {
    key: 'kind',
    kind: 'custom',
    render: (value, onChange) => (
      <MultiSelect
        label="Event"
        data={kindOptions}
        value={(value as string[] | undefined) ?? []}
        onChange={(next) => onChange(next.length > 0 ? next : undefined)}
        placeholder={(value as string[] | undefined)?.length ? undefined : 'Any'}
        clearable
        w={300}
      />
    ),
  },
  { key: 'from', kind: 'date', label: 'From' },
  { key: 'to', kind: 'date', label: 'To' },
];

/**
 * An account's money (issue 13): its figures, then every money event in one chronological list with
 * the balance after each, filtered by kind and dates, each row linked to its record, and the CSV.
 */
export function MoneyTimelineSection({
  accountId,
  search,
  onSearchChange,
}: {
  accountId: number;
  search: MoneySectionSearch;
  onSearchChange: (patch: Partial<MoneySectionSearch>) => void;
}): JSX.Element {
  const user = useSession()?.user;
  const zone = user?.timezone;
  const range = { from: search.from, to: search.to };
  // A day range the wrong way round asks nothing: the list says so instead of the API's 400.
  const backwards = search.from !== undefined && search.to !== undefined && search.from > search.to;
  const filter = { kind: search.kind as MoneyEventKind[] | undefined, ...range, sort: sortOf(search.sort) };
  const summary = useMoneySummary(accountId, backwards ? {} : range);
  const list = useMoneyTimeline(accountId, {
    ...(backwards ? { ...filter, from: undefined, to: undefined } : filter),
    page: search.page,
    perPage: search.perPage,
  });

  const columns: DataTableColumn<MoneyEvent>[] = [
    {
      accessor: 'at',
      title: 'Date',
      sortable: true,
      noWrap: true,
      render: (row) => formatDateTime(row.at, zone),
    },
    { accessor: 'kind', title: 'Event', render: (row) => moneyEventKind.label(row.kind) },
    {
      accessor: 'label',
      title: 'Description',
      render: (row) => {
        const href = recordHref(row.record, accountId, user);
        return href ? <AppLink href={href}>{row.label}</AppLink> : row.label;
      },
    },
    {
      accessor: 'effectCents',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (row) =>
        row.kind === 'invoice_credit' ? (
          <span title="Paid from the store's money: the balance does not change">
            {formatCurrency(row.amountCents)}{' '}
            <Text span size="xs" c="dimmed">
              (net {formatCurrency(0)})
            </Text>
          </span>
        ) : (
          <Text span size="sm" c={row.effectCents < 0 ? 'red.8' : undefined}>
            {formatCurrency(row.effectCents)}
          </Text>
        ),
    },
    {
      accessor: 'balanceCents',
      title: 'Balance',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatCurrency(row.balanceCents),
    },
  ];

  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
        The balance is what the studio holds for the school (positive) or what the school owes the studio (negative).
        Store sales add to it; card fees, refunds, payouts and invoices take from it; invoice payments add to it. Online
        sales credits applied to an invoice show their amount but leave the balance as it was: the store’s money paid
        the school’s bill.
      </Alert>
      <QueryState query={summary} loadingLabel="Loading the account’s money…">
        {(figures) => (
          <FactGrid cols={{ base: 2, sm: 4 }} aria-label="Money figures">
            <Fact label={search.to ? 'Balance at the end of the range' : 'Balance'}>
              <Text span fw={600} c={figures.balanceCents < 0 ? 'red.8' : undefined}>
                {formatCurrency(figures.balanceCents)}
              </Text>
            </Fact>
            <Fact label="Store sales collected">{formatCurrency(figures.collectedCents)}</Fact>
            <Fact label="Card fees">{formatCurrency(figures.feesCents)}</Fact>
            <Fact label="Online refunds">{formatCurrency(figures.refundsCents)}</Fact>
            <Fact label="Paid out">{formatCurrency(figures.payoutsCents)}</Fact>
            <Fact label="Invoiced">{formatCurrency(figures.invoicedCents)}</Fact>
            <Fact label="Invoices paid">
              {formatCurrency(figures.paidCents)}
              {figures.creditsCents > 0 ? ` (${formatCurrency(figures.creditsCents)} from online sales credits)` : ''}
            </Fact>
            <Fact label="Events">{figures.events}</Fact>
          </FactGrid>
        )}
      </QueryState>
      {backwards ? (
        <Alert color="yellow" title="Dates the wrong way round">
          “From” is after “To”: the list shows every date until one of them changes.
        </Alert>
      ) : null}
      <DataTable<MoneyEvent>
        label="Money timeline"
        columns={columns}
        query={list}
        search={{ ...search, sort: sortOf(search.sort) ?? '-at' }}
        onSearchChange={onSearchChange}
        filters={filters}
        emptyText="No money events match these filters"
        onExport={() => downloadMoneyTimeline(accountId, backwards ? { kind: filter.kind } : filter)}
      />
    </Stack>
  );
}
