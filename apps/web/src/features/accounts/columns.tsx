import type { Account } from '@colophon/contract';
import {
  accountType,
  country,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  proofStatus,
  softwareType,
  whereCreated,
} from '@colophon/domain';
import { Anchor, type AnchorProps, Badge, Menu, Text } from '@mantine/core';
import { IconBuildingOff, IconEdit } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { ActiveBadge, RowActionsMenu, StackedCell } from '../../components/data-table/cells';
import type { DataTableColumn } from '../../components/data-table/DataTable';

import type { OverviewRow } from './api';

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Anchor component="a" ref={ref} {...props} />
));

/** A Mantine anchor that is a typed router link (real href, keyboard and new-tab friendly). */
export const AnchorLink = createLink(AnchorBase);

/** A link to an account's detail page. */
/**
 * An account's name, linked to its page; `canOpen` false (the API says the viewer may not read it,
 * e.g. a school user's studio) shows the name as text, so nobody is offered a link to a 404.
 */
export function AccountLink({ id, name, canOpen = true }: { id: number; name: string; canOpen?: boolean }) {
  if (!canOpen) {
    return (
      <Text span size="sm">
        {name}
      </Text>
    );
  }
  return (
    <AnchorLink to="/admin/accounts/$accountId" params={{ accountId: String(id) }} size="sm">
      {name}
    </AnchorLink>
  );
}

const proofColors: Record<number, string> = {
  [proofStatus.NeedsReview]: 'yellow',
  [proofStatus.Rejected]: 'red',
  [proofStatus.Approved]: 'green',
};

/** Needs Review yellow, Rejected red, Approved green. */
export function proofStatusColor(status: number): string {
  return proofColors[status] ?? 'gray';
}

/** The studio overview's columns (part 7): the school, its project, proof, order, store, notification, dates. */
export function overviewColumns(zone: string | null | undefined): DataTableColumn<OverviewRow>[] {
  return [
    {
      accessor: 'accountName',
      title: 'School',
      sortable: true,
      render: (row) => (
        <StackedCell
          note={
            <>
              {row.accountCode}
              {row.parentAccountName ? ` · ${row.parentAccountName}` : ''}
              {row.isActive ? '' : ' · Inactive'}
            </>
          }
        >
          <AccountLink id={row.accountId} name={row.accountName} />
        </StackedCell>
      ),
    },
    {
      accessor: 'project',
      title: 'Project',
      sortable: true,
      sortKey: 'projectName',
      render: (row) =>
        row.project ? (
          <StackedCell
            note={
              <>
                {row.project.year}
                {row.project.isActive ? '' : ' · Inactive'}
              </>
            }
          >
            <Text size="sm">{row.project.name}</Text>
          </StackedCell>
        ) : (
          <Text size="sm" c="dimmed">
            No project
          </Text>
        ),
    },
    {
      accessor: 'latestProof',
      title: 'Latest proof',
      sortable: true,
      sortKey: 'proofStatus',
      noWrap: true,
      width: 140,
      render: (row) =>
        row.latestProof ? (
          <Badge variant="light" color={proofStatusColor(row.latestProof.status)}>
            {row.latestProof.statusLabel}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            No proof
          </Text>
        ),
    },
    {
      accessor: 'latestOrder',
      title: 'Order status',
      sortable: true,
      sortKey: 'orderStatus',
      render: (row) =>
        row.latestOrder ? (
          row.latestOrder.displayStatus
        ) : (
          <Text size="sm" c="dimmed">
            No order
          </Text>
        ),
    },
    {
      accessor: 'storeOpen',
      title: 'Store',
      noWrap: true,
      width: 110,
      render: (row) => (
        <Badge variant="light" color={row.storeOpen ? 'green' : 'gray'}>
          {row.storeOpen ? 'Open' : 'Closed'}
        </Badge>
      ),
    },
    {
      accessor: 'lastNotification',
      title: 'Last notification',
      sortable: true,
      sortKey: 'lastNotificationAt',
      render: (row) =>
        row.lastNotification ? (
          <StackedCell note={formatDateTime(row.lastNotification.date, zone)}>
            <Text size="sm">{row.lastNotification.label}</Text>
          </StackedCell>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    {
      accessor: 'submissionDeadline',
      title: 'Deadline',
      sortable: true,
      noWrap: true,
      render: (row) => formatCalendarDate(row.submissionDeadline),
    },
    {
      accessor: 'submittedAt',
      title: 'Submitted',
      sortable: true,
      noWrap: true,
      render: (row) => (row.submittedAt ? formatDate(row.submittedAt, zone) : 'Not submitted'),
    },
  ];
}

export interface AccountRowActions {
  edit?: ((account: Account) => void) | undefined;
  deactivate?: ((account: Account) => void) | undefined;
}

/** The accounts list's columns, declared once. */
export function accountColumns(actions: AccountRowActions): DataTableColumn<Account>[] {
  return [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (account) => <AccountLink id={account.id} name={account.name} />,
    },
    { accessor: 'code', title: 'Code', sortable: true, noWrap: true },
    { accessor: 'type', title: 'Type', sortable: true, render: (account) => accountType.label(account.type) },
    { accessor: 'typeSoftware', title: 'Software', render: (account) => softwareType.label(account.typeSoftware) },
    {
      accessor: 'typeWhereCreated',
      title: 'Created at',
      render: (account) => whereCreated.label(account.typeWhereCreated),
    },
    { accessor: 'country', title: 'Country', sortable: true, render: (account) => country.label(account.country) },
    {
      accessor: 'parent',
      title: 'Parent',
      render: (account) =>
        account.parent ? (
          <AccountLink id={account.parent.id} name={account.parent.name} canOpen={account.parent.canOpen} />
        ) : (
          <Text size="sm" c="dimmed">
            Top level
          </Text>
        ),
    },
    {
      accessor: 'isActive',
      title: 'Status',
      noWrap: true,
      width: 110,
      render: (account) => <ActiveBadge active={account.isActive} />,
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (account) => (
        <RowActionsMenu name={account.name}>
          {actions.edit ? (
            <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => actions.edit?.(account)}>
              Edit
            </Menu.Item>
          ) : null}
          {actions.deactivate && account.isActive ? (
            <Menu.Item
              color="red"
              leftSection={<IconBuildingOff size={14} />}
              onClick={() => actions.deactivate?.(account)}
            >
              Deactivate
            </Menu.Item>
          ) : null}
        </RowActionsMenu>
      ),
    },
  ];
}
