import type { Order } from '@colophon/contract';
import { formatCalendarDate, formatDateTime, orderType, shippingMethod } from '@colophon/domain';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { ErrorState, QueryState } from '../../components/feedback/QueryState';
import { Fact, FactGrid } from '../../components/layout/Facts';
import { PageCrumbs } from '../../components/layout/PageCrumbs';
import { Section } from '../../components/layout/Section';
import { userCan } from '../../lib/access';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { AccountLink } from '../accounts';
import { ProjectLink } from '../projects';
import { ProofLink } from '../proofs';
import { useOrder, useOrderInvoiceStatus } from './api';
import { copiesText, plantText } from './columns';
import { orderNumber } from './links';
import { OrderFiles } from './OrderFiles';
import { OrderStatusBadge } from './OrderStatusBadge';
import { OrderTimeline } from './OrderTimeline';
import { ShipmentsTable } from './Tracking';

const route = getRouteApi('/admin/orders/$orderId');

function OrderCrumbs({ name }: { name: string }) {
  return (
    <PageCrumbs label="Order breadcrumb" listTo="/admin/orders" listLabel="Order Status" current={name} backChevron />
  );
}

/** /admin/orders/$orderId: one order — its facts, the way it has come (the timeline), shipments and files. */
export function OrderPage(): JSX.Element {
  const { orderId } = route.useParams();
  const query = useOrder(orderId);
  if (orderId <= 0 || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <Stack gap="md">
        <OrderCrumbs name="Not found" />
        <ErrorState
          title="Order not found"
          error={new Error('This order does not exist, or it belongs to an account you do not see.')}
        />
      </Stack>
    );
  }
  return (
    <QueryState query={query} loadingLabel="Loading the order…">
      {(order) => <OrderView order={order} />}
    </QueryState>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Shown while a Production order of a paying branch waits for its invoice to be paid. */
function PaymentNotice({ order }: { order: Order }) {
  const mayWait = order.typeOrder === orderType.Production && Boolean(order.account?.parentMustPayBeforeProduction);
  const invoice = useOrderInvoiceStatus(order, mayWait);
  if (!invoice.data?.waitingForPayment) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconCash size={18} />} title="Waiting for payment" role="status">
      Waiting for payment: the branch office pays before production. The order goes to the plant once its invoice is
      paid.
    </Alert>
  );
}

function OrderView({ order }: { order: Order }) {
  const user = useSession()?.user;
  const zone = user?.timezone;
  const name = orderNumber(order);
  return (
    <Stack gap="md">
      <OrderCrumbs name={name} />
      <Paper withBorder p="md" radius="md" component="section" aria-label="Order summary">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={2} size="h3">
              {name}
            </Title>
            <OrderStatusBadge order={order} />
            <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
              {orderType.label(order.typeOrder)}
            </Badge>
            {order.isExpedited ? (
              <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                Expedited
              </Badge>
            ) : null}
          </Group>
          <Group gap="xs">
            {order.account ? (
              <AccountLink id={order.account.id} name={order.account.name} canOpen={userCan(user, 'accounts.view')} />
            ) : null}
            {order.project ? (
              <>
                <Text size="sm" c="dimmed">
                  ·
                </Text>
                <ProjectLink id={order.project.id}>{`${order.project.name} (${order.project.year})`}</ProjectLink>
              </>
            ) : null}
            {order.proofId ? (
              <>
                <Text size="sm" c="dimmed">
                  ·
                </Text>
                <ProofLink id={order.proofId}>The approved proof</ProofLink>
              </>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <PaymentNotice order={order} />
      <Section title="Details">
        <FactGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Fact label="Copies">{copiesText(order)}</Fact>
          <Fact label="Copies and extras combined">{yesNo(order.bCombineCopies)}</Fact>
          <Fact label="Shipping method">{order.shippingMethod ? shippingMethod.label(order.shippingMethod) : '—'}</Fact>
          <Fact label="Expedited">{yesNo(order.isExpedited)}</Fact>
          <Fact label="Manufacturer">{plantText(order)}</Fact>
          <Fact label="Ship by">{order.shipBy ? formatCalendarDate(order.shipBy) : '—'}</Fact>
          <Fact label="Submitted">{order.submittedAt ? formatDateTime(order.submittedAt, zone) : '—'}</Fact>
          <Fact label="Sent to the plant">{order.sentAt ? formatDateTime(order.sentAt, zone) : 'Not yet'}</Fact>
        </FactGrid>
      </Section>
      <Section title="Timeline" description="From the order to the school's door; the steps ahead are greyed.">
        <OrderTimeline order={order} zone={zone} />
      </Section>
      <Section title="Shipments">
        <ShipmentsTable shipments={order.shipments ?? []} zone={zone} />
      </Section>
      <Section title="Files" description="The job tickets and files sent to the plant.">
        <OrderFiles orderId={order.id} zone={zone} />
      </Section>
    </Stack>
  );
}
