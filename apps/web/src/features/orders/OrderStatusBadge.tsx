import type { Order } from '@colophon/contract';
import { type OrderStatusCode, orderStatus } from '@colophon/domain';
import { Badge, type MantineColor } from '@mantine/core';

/**
 * One color per order status code (the derived label varies — Ready for Pickup, Only School Copies
 * Shipped, Waiting for Payment — but the status it derives from picks the color).
 */
const statusColors: Record<OrderStatusCode, MantineColor> = {
  [orderStatus.Error]: 'red',
  [orderStatus.Processing]: 'gray',
  [orderStatus.Waiting]: 'yellow',
  [orderStatus.Submitted]: 'blue',
  [orderStatus.Shipped]: 'teal',
  [orderStatus.Delivered]: 'green',
  [orderStatus.Customizing]: 'violet',
  [orderStatus.Customized]: 'violet',
  [orderStatus.OnlySchoolCopiesDelivered]: 'lime',
  [orderStatus.OnlyStudioCopiesDelivered]: 'lime',
  [orderStatus.BothCopiesDelivered]: 'green',
  [orderStatus.CanceledInManufacturing]: 'red',
  [orderStatus.OnHoldInManufacturing]: 'orange',
  [orderStatus.InProduction]: 'indigo',
  [orderStatus.LostInTransit]: 'red',
};

export const orderStatusColor = (status: number): MantineColor =>
  orderStatus.has(status) ? statusColors[status] : 'gray';

/** The order's derived status (part 4) as the API answers it, colored by its status. */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'displayStatus'> }) {
  return (
    <Badge color={orderStatusColor(order.status)} variant="light" style={{ textTransform: 'none' }}>
      {order.displayStatus}
    </Badge>
  );
}
