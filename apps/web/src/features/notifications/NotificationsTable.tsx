import type { Notification } from '@colophon/contract';
import { formatDateTime, notificationType } from '@colophon/domain';
import { Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { type JSX, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { ClearFiltersButton, MultiSelectFilter } from '../../components/data-table/FilterBar';
import { filterQuery, type ListSearch, listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { notificationsResource } from './api';
import { zonedDayEnd, zonedDayStart } from './zonedDay';

interface NotificationsSearch extends ListSearch {
  typeNotification?: number[] | undefined;
  /** YYYY-MM-DD, in the user's zone. */
  from?: string | null | undefined;
  to?: string | null | undefined;
}

function notificationColumns(zone: string | null | undefined, showAccount: boolean): DataTableColumn<Notification>[] {
  const columns: DataTableColumn<Notification>[] = [
    {
      accessor: 'date',
      title: 'Date',
      sortable: true,
      noWrap: true,
      render: (row) => formatDateTime(row.date, zone),
    },
  ];
  if (showAccount) {
    columns.push({
      accessor: 'account',
      title: 'Account',
      render: (row) => (row.account ? `${row.account.name} (${row.account.code})` : String(row.accountId)),
    });
  }
  columns.push(
    {
      accessor: 'typeNotification',
      title: 'Type',
      render: (row) => {
        const known = notificationType.has(row.typeNotification);
        return (
          <Text size="sm" c={known ? undefined : 'dimmed'} title={`Code ${row.typeNotification}`}>
            {notificationType.label(row.typeNotification)}
          </Text>
        );
      },
    },
    { accessor: 'projectName', title: 'Project', render: (row) => row.projectName ?? '—' },
    { accessor: 'orderExternalId', title: 'Order', noWrap: true, render: (row) => row.orderExternalId ?? '—' },
    {
      accessor: 'info',
      title: 'Details',
      render: (row) => {
        const shipping = [row.carrier, row.shippingMethod].filter(Boolean).join(' · ');
        if (!row.info && !shipping && !row.trackingNumber && !row.userName) return '—';
        return (
          <Stack gap={0}>
            {row.info ? <Text size="sm">{row.info}</Text> : null}
            {shipping ? <Text size="sm">{shipping}</Text> : null}
            {row.trackingNumber ? (
              <Text size="xs" c="dimmed">
                Tracking {row.trackingNumber}
              </Text>
            ) : null}
            {row.userName ? (
              <Text size="xs" c="dimmed">
                By {row.userName}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      accessor: 'errorMessage',
      title: 'Error',
      render: (row) =>
        row.errorMessage ? (
          <Text size="sm" c="red">
            {row.errorMessage}
          </Text>
        ) : (
          ''
        ),
    },
  );
  return columns;
}

/**
 * Notifications, newest first: one account's (the account page) or those of every account of the
 * user (the profile). Filters by type and by a date range in the user's zone; dates show in it too.
 * Paging and filters stay in the table (the page's URL belongs to the page around it).
 */
export function NotificationsTable({ accountId }: { accountId?: number }): JSX.Element {
  const zone = useSession()?.user.timezone;
  const [search, setSearch] = useState<NotificationsSearch>({ sort: '-date', perPage: 10 });
  const { from, to, ...rest } = search;
  const filters = {
    ...rest,
    accountId: accountId ? [accountId] : undefined,
    dateFrom: from ? zonedDayStart(from, zone)?.toISOString() : undefined,
    dateTo: to ? zonedDayEnd(to, zone)?.toISOString() : undefined,
    include: accountId ? undefined : ['account'],
  };
  const query = notificationsResource.useList(listQuery(filters));
  const update = (patch: Partial<NotificationsSearch>) => setSearch((previous) => ({ ...previous, ...patch }));
  const setFilter = (patch: Partial<NotificationsSearch>) => update({ ...patch, page: undefined });
  const filtersActive = Boolean(search.typeNotification || from || to);
  // The picker holds a half-chosen range; the list takes it once both ends are chosen (or it is cleared).
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);

  return (
    <DataTable<Notification>
      label="Notifications"
      columns={notificationColumns(zone, !accountId)}
      query={query}
      search={rest}
      onSearchChange={update}
      emptyText={filtersActive ? 'No notifications match these filters' : 'No notifications yet'}
      onExport={() => notificationsResource.exportCsv({ ...filterQuery(filters), include: ['account'] })}
      filters={
        <>
          <MultiSelectFilter
            label="Type"
            options={notificationType.options()}
            value={search.typeNotification}
            onChange={(typeNotification) => setFilter({ typeNotification })}
          />
          <DatePickerInput
            type="range"
            label="Dates"
            placeholder="Any"
            valueFormat="MM/DD/YYYY"
            value={range}
            onChange={(next) => {
              setRange(next);
              const [start, end] = next;
              if ((start && end) || (!start && !end)) setFilter({ from: start, to: end });
            }}
            clearable
            allowSingleDateInRange
            w={240}
          />
          <ClearFiltersButton
            active={filtersActive}
            onClear={() => {
              setRange([null, null]);
              setFilter({ typeNotification: undefined, from: undefined, to: undefined });
            }}
          />
        </>
      }
    />
  );
}
