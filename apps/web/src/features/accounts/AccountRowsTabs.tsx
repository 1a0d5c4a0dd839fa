import { formatCalendarDate, formatDate, internalProofStatus, orderType } from '@colophon/domain';
import { Alert, Badge, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { useLocalListSearch } from '../../lib/list-page';
import { type ListSearch, listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';

import { type OverviewRow, useOverview } from './api';
import { AccountLink, proofStatusColor } from './columns';

/**
 * The proofs, orders and store tabs show what the API has today: the overview's row per project of
 * the account (and of the accounts below it), with the latest proof, the latest order and whether
 * the store is open. Full proof, order and store lists arrive with their own screens.
 */
function AccountRowsTable({
  accountId,
  holdsSchools,
  about,
  label,
  emptyText,
  columns,
}: {
  accountId: number;
  holdsSchools: boolean;
  about: ReactNode;
  label: string;
  emptyText: string;
  columns: DataTableColumn<OverviewRow>[];
}) {
  const list = useLocalListSearch<ListSearch>({ sort: 'projectName' });
  const query = useOverview(accountId, listQuery({ ...list.search, showInactive: true, hasProject: true }));
  return (
    <Stack gap="sm">
      <WhatIsShown>{about}</WhatIsShown>
      <DataTable<OverviewRow>
        label={label}
        // A studio's or branch office's tab lists its schools' projects: then the school column shows.
        columns={holdsSchools ? [schoolColumn, ...columns] : columns}
        idAccessor="rowKey"
        emptyText={emptyText}
        query={query}
        {...list}
      />
    </Stack>
  );
}

function WhatIsShown({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
      {children}
    </Alert>
  );
}

const schoolColumn: DataTableColumn<OverviewRow> = {
  accessor: 'accountName',
  title: 'School',
  sortable: true,
  render: (row) => <AccountLink id={row.accountId} name={row.accountName} />,
};

const projectColumn: DataTableColumn<OverviewRow> = {
  accessor: 'project',
  title: 'Project',
  sortable: true,
  sortKey: 'projectName',
  render: (row) => (row.project ? `${row.project.name} (${row.project.year})` : '—'),
};

const none = (text: string) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

const below = (holdsSchools: boolean) => (holdsSchools ? ' of the schools below this account' : '');

export function AccountProofsTab({ accountId, holdsSchools }: { accountId: number; holdsSchools: boolean }) {
  const zone = useSession()?.user.timezone;
  return (
    <AccountRowsTable
      accountId={accountId}
      holdsSchools={holdsSchools}
      about={
        <>
          The latest proof of each project{below(holdsSchools)}. Every round, with its reviewers and comments, is on the
          Proofs page.
        </>
      }
      label="Latest proofs"
      emptyText="No projects, so no proofs yet"
      columns={[
        projectColumn,
        {
          accessor: 'latestProof',
          title: 'Latest proof',
          sortable: true,
          sortKey: 'proofStatus',
          noWrap: true,
          width: 150,
          render: (row) =>
            row.latestProof ? (
              <Badge variant="light" color={proofStatusColor(row.latestProof.status)}>
                {row.latestProof.statusLabel}
              </Badge>
            ) : (
              none('No proof yet')
            ),
        },
        {
          accessor: 'internalStatus',
          title: 'Internal review',
          render: (row) =>
            row.latestProof?.internalStatus ? internalProofStatus.label(row.latestProof.internalStatus) : '—',
        },
        {
          accessor: 'proofCreatedAt',
          title: 'Uploaded',
          render: (row) => (row.latestProof ? formatDate(row.latestProof.createdAt, zone) : '—'),
        },
      ]}
    />
  );
}

export function AccountOrdersTab({ accountId, holdsSchools }: { accountId: number; holdsSchools: boolean }) {
  const zone = useSession()?.user.timezone;
  return (
    <AccountRowsTable
      accountId={accountId}
      holdsSchools={holdsSchools}
      about={<>The latest order of each project{below(holdsSchools)}, with its status as displayed to schools.</>}
      label="Latest orders"
      emptyText="No projects, so no orders yet"
      columns={[
        projectColumn,
        {
          accessor: 'latestOrder',
          title: 'Latest order',
          sortable: true,
          sortKey: 'orderStatus',
          render: (row) => (row.latestOrder ? row.latestOrder.displayStatus : none('No order yet')),
        },
        {
          accessor: 'orderType',
          title: 'Order type',
          render: (row) => (row.latestOrder ? orderType.label(row.latestOrder.typeOrder) : '—'),
        },
        {
          accessor: 'submissionDeadline',
          title: 'Deadline',
          sortable: true,
          render: (row) => formatCalendarDate(row.submissionDeadline),
        },
        {
          accessor: 'submittedAt',
          title: 'Submitted',
          sortable: true,
          render: (row) => (row.submittedAt ? formatDate(row.submittedAt, zone) : none('Not submitted')),
        },
      ]}
    />
  );
}

export function AccountStoreTab({ accountId, holdsSchools }: { accountId: number; holdsSchools: boolean }) {
  return (
    <AccountRowsTable
      accountId={accountId}
      holdsSchools={holdsSchools}
      about={
        <>
          Whether the online store is open for each project’s year{below(holdsSchools)}. Your studio sets up the store’s
          products and prices and opens or closes it.
        </>
      }
      label="Store status"
      emptyText="No projects, so no store yet"
      columns={[
        projectColumn,
        {
          accessor: 'year',
          title: 'Year',
          render: (row) => row.project?.year ?? '—',
        },
        {
          accessor: 'storeOpen',
          title: 'Online store',
          width: 120,
          render: (row) => (
            <Badge variant="light" color={row.storeOpen ? 'green' : 'gray'}>
              {row.storeOpen ? 'Open' : 'Closed'}
            </Badge>
          ),
        },
      ]}
    />
  );
}

/** My Account's sales tab: the dashboard has no sales figures yet; it says what will be here, in the school's words. */
export function AccountSalesTab() {
  return (
    <WhatIsShown>
      What families buy in your online store (books and ads), what you have earned and any refunds will be shown here in
      a coming update of Colophon. Until then the Store tab shows whether each project’s store is open.
    </WhatIsShown>
  );
}
