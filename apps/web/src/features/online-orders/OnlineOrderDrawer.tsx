import type { OnlineOrder } from '@colophon/contract';
import { formatCurrency, formatDateTime, onlineOrderPayment, onlineOrderShipping } from '@colophon/domain';
import { Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../components/feedback/QueryState';
import { errorMessage } from '../../lib/api-client';
import { openReceipt, useOnlineOrder } from './api';
import { OnlineOrderStatusBadge, studentName } from './columns';
import { RefundDialog, type RefundMode } from './RefundDialog';

/** One online order: its parent and student, lines, payments and refunds, receipt and refunds. */
export function OnlineOrderDrawer({
  orderId,
  zone,
  canRefund,
  onClose,
}: {
  orderId: number | null;
  zone: string | undefined;
  canRefund: boolean;
  onClose: () => void;
}) {
  const query = useOnlineOrder(orderId);
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={query.data ? `Order ${query.data.orderNumber}` : 'Order'}
    >
      {orderId === null ? null : (
        <QueryState
          query={query}
          notFound={{ title: 'Order not found', message: 'This order does not exist or is not yours.' }}
        >
          {(order) => <OrderDetails order={order} zone={zone} canRefund={canRefund} />}
        </QueryState>
      )}
    </Drawer>
  );
}

function OrderDetails({
  order,
  zone,
  canRefund,
}: {
  order: OnlineOrder;
  zone: string | undefined;
  canRefund: boolean;
}) {
  const [refund, setRefund] = useState<RefundMode | null>(null);
  const [opening, setOpening] = useState(false);
  const printReceipt = async () => {
    setOpening(true);
    try {
      await openReceipt(order.id);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not open the receipt', message: errorMessage(error) });
    } finally {
      setOpening(false);
    }
  };
  const refundable = canRefund && order.refundableCents > 0;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <OnlineOrderStatusBadge status={order.status} />
        <Text size="sm" c="dimmed">
          {order.store?.title ?? ''} · {onlineOrderPayment.label(order.typePayment)}
          {order.checkNumber ? ` (check ${order.checkNumber})` : ''} · {onlineOrderShipping.label(order.typeShipping)}
        </Text>
      </Group>
      <Group grow align="flex-start">
        <div>
          <Text size="xs" c="dimmed">
            Parent
          </Text>
          <Text size="sm">{order.parentName}</Text>
          <Text size="sm">{order.parentEmail}</Text>
          {order.parentPhone ? <Text size="sm">{order.parentPhone}</Text> : null}
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Student
          </Text>
          <Text size="sm">{studentName(order)}</Text>
          {order.homeroom ? <Text size="sm">Homeroom {order.homeroom}</Text> : null}
          {order.grade ? <Text size="sm">Grade {order.grade}</Text> : null}
        </div>
      </Group>

      <Title order={4}>Lines</Title>
      <Table aria-label="Order lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(order.items ?? []).map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                {item.productName ?? 'Item'}
                {item.personalizationName ? (
                  <Text size="xs" c="dimmed">
                    Personalized: {item.personalizationName}
                  </Text>
                ) : null}
                {item.isDonated ? (
                  <Text size="xs" c="dimmed">
                    Donated book
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{formatCurrency(item.unitPriceCents)}</Table.Td>
              <Table.Td ta="right">
                {formatCurrency(item.totalCents)}
                {item.refundedCents ? (
                  <Text size="xs" c="orange" data-testid={`line-refunded-${item.id}`}>
                    Refunded {formatCurrency(item.refundedCents)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        <Text size="sm">Subtotal {formatCurrency(order.subtotalCents)}</Text>
        {order.discountCents ? <Text size="sm">Discount -{formatCurrency(order.discountCents)}</Text> : null}
        {order.shippingCents ? <Text size="sm">Shipping {formatCurrency(order.shippingCents)}</Text> : null}
        {order.taxCents ? <Text size="sm">Tax {formatCurrency(order.taxCents)}</Text> : null}
        {order.feeCents ? <Text size="sm">Fee {formatCurrency(order.feeCents)}</Text> : null}
        <Text fw={600}>Total {formatCurrency(order.totalCents)}</Text>
        {order.refundedCents ? (
          <Text size="sm" c="orange" data-testid="refunded-amount">
            Refunded {formatCurrency(order.refundedCents)}
          </Text>
        ) : null}
      </Stack>

      <Title order={4}>Payments and refunds</Title>
      <Table aria-label="Payments and refunds">
        <Table.Tbody>
          {(order.payments ?? []).map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{formatDateTime(payment.createdAt, zone)}</Table.Td>
              <Table.Td>{payment.kind === 'refund' ? 'Refund' : 'Payment'}</Table.Td>
              <Table.Td>{payment.reason ?? payment.provider}</Table.Td>
              <Table.Td>{payment.status === 'succeeded' ? '' : payment.status}</Table.Td>
              <Table.Td ta="right">
                {payment.kind === 'refund' ? '-' : ''}
                {formatCurrency(payment.amountCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconPrinter size={16} />} loading={opening} onClick={printReceipt}>
          Receipt
        </Button>
        {refundable ? (
          <>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => setRefund('partial')}
            >
              Partial refund
            </Button>
            <Button color="red" leftSection={<IconReceiptRefund size={16} />} onClick={() => setRefund('full')}>
              Refund
            </Button>
          </>
        ) : null}
      </Group>
      {refund ? <RefundDialog order={order} mode={refund} onClose={() => setRefund(null)} /> : null}
    </Stack>
  );
}
