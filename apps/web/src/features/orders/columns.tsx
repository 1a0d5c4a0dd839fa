import type { Order } from '@colophon/contract';
import { formatCalendarDate, formatDate, formatDateTime, orderType, shippingMethod } from '@colophon/domain';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { AccountLink } from '../accounts';
import { ProjectLink } from '../projects';
import { OrderLink, orderNumber } from './links';
import { OrderStatusBadge } from './OrderStatusBadge';

/** "120 + 5 extras": the copies ordered and the extras beside them. */
export const copiesText = (order: Pick<Order, 'copies' | 'countExtras'>) =>
  order.countExtras > 0 ? `${order.copies} + ${order.countExtras} extras` : String(order.copies);

/** "Walsworth · Marceline": the manufacturer and the plant it prints at. */
export const plantText = (order: Pick<Order, 'manufacturer' | 'plant'>) =>
  [order.manufacturer?.name, order.plant?.name].filter(Boolean).join(' · ') || '—';

/** The Order Status columns, declared once; the sortable ones sort on the server. */
export function orderColumns({
  zone,
  canOpenAccounts,
}: {
  zone: string | undefined;
  canOpenAccounts: boolean;
}): DataTableColumn<Order>[] {
  return [
    {
      accessor: 'externalId',
      title: 'Order',
      sortable: true,
      noWrap: true,
      render: (order) => <OrderLink id={order.id}>{orderNumber(order)}</OrderLink>,
    },
    {
      accessor: 'account',
      title: 'School',
      render: (order) =>
        order.account ? <AccountLink id={order.account.id} name={order.account.name} canOpen={canOpenAccounts} /> : '—',
    },
    {
      accessor: 'project',
      title: 'Project',
      render: (order) =>
        order.project ? (
          <Stack gap={0}>
            <ProjectLink id={order.project.id}>{order.project.name}</ProjectLink>
            <Text size="xs" c="dimmed">
              {order.project.year}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'typeOrder',
      title: 'Type',
      sortable: true,
      render: (order) => orderType.label(order.typeOrder),
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      noWrap: true,
      render: (order) => <OrderStatusBadge order={order} />,
    },
    {
      accessor: 'shippingMethod',
      title: 'Shipping',
      render: (order) => (order.shippingMethod ? shippingMethod.label(order.shippingMethod) : '—'),
    },
    { accessor: 'copies', title: 'Copies', textAlign: 'right', noWrap: true, render: copiesText },
    { accessor: 'plant', title: 'Manufacturer', render: plantText },
    {
      accessor: 'submittedAt',
      title: 'Submitted',
      sortable: true,
      noWrap: true,
      // The date; the time on hover.
      render: (order) =>
        order.submittedAt ? (
          <Text size="sm" title={formatDateTime(order.submittedAt, zone)}>
            {formatDate(order.submittedAt, zone)}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'shipBy',
      title: 'Ship by',
      sortable: true,
      noWrap: true,
      render: (order) => (order.shipBy ? formatCalendarDate(order.shipBy) : '—'),
    },
  ];
}
