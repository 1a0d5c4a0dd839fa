import type { OnlineOrder, OnlineOrderStatus } from '@colophon/contract';
import { formatCurrency, formatDate, onlineOrderPayment } from '@colophon/domain';
import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/DataTable';

const statusLook: Record<OnlineOrderStatus, { label: string; color: string }> = {
  pending: { label: 'Awaiting payment', color: 'gray' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  partially_refunded: { label: 'Partially refunded', color: 'orange' },
  refunded: { label: 'Refunded', color: 'grape' },
  canceled: { label: 'Canceled', color: 'gray' },
};
export const onlineOrderStatusOptions = Object.entries(statusLook).map(([value, look]) => ({
  value,
  label: look.label,
}));

export function OnlineOrderStatusBadge({ status }: { status: OnlineOrderStatus }) {
  const look = statusLook[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}

export const studentName = (order: Pick<OnlineOrder, 'studentFirstName' | 'studentLastName'>) =>
  [order.studentFirstName, order.studentLastName].filter(Boolean).join(' ') || '—';

/** "2 × Yearbook, Ad": what the order holds, from its lines when they are included. */
export const itemsSummary = (order: OnlineOrder) =>
  order.items
    ?.map((item) => `${item.quantity > 1 ? `${item.quantity} × ` : ''}${item.productName ?? 'Item'}`)
    .join(', ') ?? '';

/** The Online Orders columns; the sortable ones sort on the server. */
export function onlineOrderColumns(zone: string | undefined): DataTableColumn<OnlineOrder>[] {
  return [
    { accessor: 'orderNumber', title: 'Order', sortable: true, noWrap: true },
    {
      accessor: 'createdAt',
      title: 'Date',
      sortable: true,
      noWrap: true,
      render: (order) => formatDate(order.paidAt ?? order.createdAt, zone),
    },
    {
      accessor: 'parentName',
      title: 'Parent',
      sortable: true,
      render: (order) => (
        <div>
          <Text size="sm">{order.parentName}</Text>
          <Text size="xs" c="dimmed">
            {order.parentEmail}
          </Text>
        </div>
      ),
    },
    { accessor: 'studentLastName', title: 'Student', render: studentName },
    { accessor: 'homeroom', title: 'Homeroom', render: (order) => order.homeroom ?? '—' },
    { accessor: 'items', title: 'Items', render: itemsSummary },
    {
      accessor: 'totalCents',
      title: 'Total',
      sortable: true,
      textAlign: 'right',
      render: (order) => formatCurrency(order.totalCents),
    },
    {
      accessor: 'refundedCents',
      title: 'Refunded',
      textAlign: 'right',
      render: (order) => (order.refundedCents ? formatCurrency(order.refundedCents) : '—'),
    },
    { accessor: 'typePayment', title: 'Payment', render: (order) => onlineOrderPayment.label(order.typePayment) },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      render: (order) => <OnlineOrderStatusBadge status={order.status} />,
    },
  ];
}
