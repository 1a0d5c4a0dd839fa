import type { Order } from '@colophon/contract';
import { formatDateTime, orderStatus, orderType } from '@colophon/domain';
import { Drawer, Group, Stack, Tabs, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { QueryState } from '../../components/feedback/QueryState';
import { Fact, FactGrid } from '../../components/layout/Facts';
import { listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { OrderLink, OrderStatusBadge, OrderTimeline } from '../orders';
import { ordersResource } from './api';
import { MoveOrderForm } from './MoveOrderForm';
import { RecordPaymentButton } from './RecordPaymentButton';
import { ResendButton } from './ResendButton';
import { StatusChangeForm } from './StatusChangeForm';
import type { OrderAdminSearch } from './search';
import { XmlEditor } from './XmlEditor';

const route = getRouteApi('/admin/super/order-admin');

const LIST_INCLUDE = ['account', 'project', 'manufacturer'];
const PANEL_INCLUDE = ['account', 'project', 'manufacturer', 'plant', 'shipments', 'events'];

const orderNumber = (order: Pick<Order, 'id' | 'externalId'>) => order.externalId ?? `Order ${order.id}`;

/**
 * /admin/super/order-admin: find any order (its number, school or project), open it, and act on it
 * from the plant side — its status, its job ticket, a move or a resend, a payment received by hand.
 * Every action says why; the order's timeline and the audit log keep the reason.
 */
export function OrderAdminPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const zone = useSession()?.user.timezone;
  const { orderId, ...list } = search;
  const query = ordersResource.useList({ ...listQuery(list), include: LIST_INCLUDE });
  const setSearch = (patch: Partial<OrderAdminSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  const columns: DataTableColumn<Order>[] = [
    { accessor: 'externalId', title: 'Order', sortable: true, render: orderNumber },
    { accessor: 'account', title: 'School', render: (order) => order.account?.name ?? '—' },
    { accessor: 'project', title: 'Project', render: (order) => order.project?.name ?? '—' },
    {
      accessor: 'displayStatus',
      title: 'Status',
      sortable: true,
      sortKey: 'status',
      render: (order) => <OrderStatusBadge order={order} />,
    },
    { accessor: 'manufacturer', title: 'Manufacturer', render: (order) => order.manufacturer?.name ?? '—' },
    {
      accessor: 'submittedAt',
      title: 'Submitted',
      sortable: true,
      render: (order) => (order.submittedAt ? formatDateTime(order.submittedAt, zone) : '—'),
    },
  ];

  return (
    <>
      <DataTable<Order>
        label="Orders"
        columns={columns}
        query={query}
        search={list}
        onSearchChange={setSearch}
        emptyText="No orders match these filters"
        onRowClick={(order) => setSearch({ orderId: order.id })}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Order number, school or project' },
          { key: 'status', kind: 'select', label: 'Status', options: orderStatus.options() },
        ]}
      />
      <Drawer
        opened={orderId !== undefined}
        onClose={() => setSearch({ orderId: undefined })}
        position="right"
        size="xl"
        title="Order"
      >
        {orderId !== undefined ? <OrderPanel orderId={orderId} /> : null}
      </Drawer>
    </>
  );
}

/** The selected order: its facts, the plant-side actions, and its timeline. */
function OrderPanel({ orderId }: { orderId: number }) {
  const zone = useSession()?.user.timezone;
  const order = ordersResource.useDetail(orderId, { include: PANEL_INCLUDE });
  return (
    <QueryState
      query={order}
      loadingLabel="Loading the order…"
      notFound={{ title: 'Order not found', message: `There is no order ${orderId}.` }}
    >
      {(loaded) => (
        <Stack gap="lg" aria-label={`Order ${orderNumber(loaded)}`} component="section">
          <OrderFacts order={loaded} />
          <RecordPaymentButton order={loaded} />
          <Tabs defaultValue="status" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="status">Change status</Tabs.Tab>
              <Tabs.Tab value="ticket">Job ticket</Tabs.Tab>
              <Tabs.Tab value="move">Move</Tabs.Tab>
              <Tabs.Tab value="resend">Resend</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="status" pt="md">
              <StatusChangeForm key={loaded.status} order={loaded} />
            </Tabs.Panel>
            <Tabs.Panel value="ticket" pt="md">
              <XmlEditor orderId={loaded.id} />
            </Tabs.Panel>
            <Tabs.Panel value="move" pt="md">
              <MoveOrderForm order={loaded} />
            </Tabs.Panel>
            <Tabs.Panel value="resend" pt="md">
              <ResendButton order={loaded} />
            </Tabs.Panel>
          </Tabs>
          <Stack gap="xs" component="section" aria-label="Timeline">
            <Title order={4}>Timeline</Title>
            <OrderTimeline order={loaded} zone={zone} />
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const zone = useSession()?.user.timezone;
  const when = (value: string | null) => (value ? formatDateTime(value, zone) : '—');
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{orderNumber(order)}</Title>
        <Group gap="sm">
          <OrderStatusBadge order={order} />
          <OrderLink id={order.id}>Order page</OrderLink>
        </Group>
      </Group>
      <FactGrid cols={{ base: 2, sm: 3 }}>
        <Fact label="School">{order.account?.name ?? '—'}</Fact>
        <Fact label="Project">{order.project ? `${order.project.name} (${order.project.year})` : '—'}</Fact>
        <Fact label="Status">
          {order.displayStatus}
          {order.displayStatus !== orderStatus.label(order.status) ? ` (${orderStatus.label(order.status)})` : ''}
        </Fact>
        <Fact label="Type">{orderType.label(order.typeOrder)}</Fact>
        <Fact label="Copies">
          {order.copies}
          {order.countExtras > 0 ? ` + ${order.countExtras} extras` : ''}
        </Fact>
        <Fact label="Shipping">
          {order.shippingMethod ?? '—'}
          {order.isExpedited ? ' (expedited)' : ''}
        </Fact>
        <Fact label="Manufacturer">{order.manufacturer?.name ?? '—'}</Fact>
        <Fact label="Plant">{order.plant ? `${order.plant.name} (${order.plant.code})` : '—'}</Fact>
        <Fact label="Ship by">{order.shipBy ?? '—'}</Fact>
        <Fact label="Submitted">{when(order.submittedAt)}</Fact>
        <Fact label="Sent to the plant">
          {order.sentAt ? `${when(order.sentAt)} (${order.sendCount}×)` : 'Not yet'}
        </Fact>
        <Fact label="Shipped">{when(order.shippedAt)}</Fact>
      </FactGrid>
    </Stack>
  );
}
