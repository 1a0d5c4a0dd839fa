import type { Order, OrderEvent, Shipment } from '@colophon/contract';
import { formatDateTime, hasShipped, isDelivered, orderEventKind, orderStatus } from '@colophon/domain';
import { Stack, Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TrackingLink } from './Tracking';

type TimelineOrder = Pick<Order, 'sentAt' | 'status' | 'shipments' | 'plant' | 'manufacturer'> & {
  events?: readonly OrderEvent[] | undefined;
};

/** Who wrote a line: the person by name, the plant, or Colophon itself. */
function whoDid(event: OrderEvent, order: TimelineOrder): string {
  if (event.source === 'user') return event.userName ?? 'Someone';
  if (event.source === 'plant') return order.plant?.name ?? order.manufacturer?.name ?? 'The plant';
  return 'Colophon';
}

/** The shipment a shipment line reports, found by the tracking number its data carries. */
function shipmentOf(event: OrderEvent, shipments: readonly Shipment[]): Shipment | undefined {
  const data = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (typeof record.shipmentId === 'number') return shipments.find((shipment) => shipment.id === record.shipmentId);
  if (typeof record.trackingNumber === 'string') {
    return shipments.find((shipment) => shipment.trackingNumber === record.trackingNumber);
  }
  return undefined;
}

/** What a line says under its kind: the status change, the shipment's tracking, the message. */
function eventDetail(event: OrderEvent, shipments: readonly Shipment[]): ReactNode {
  const parts: ReactNode[] = [];
  if (event.toStatus !== null) {
    parts.push(
      <Text key="status" size="sm">
        {event.fromStatus !== null
          ? `${orderStatus.label(event.fromStatus)} → ${orderStatus.label(event.toStatus)}`
          : orderStatus.label(event.toStatus)}
      </Text>,
    );
  }
  const shipment = event.kind === 'shipment' ? shipmentOf(event, shipments) : undefined;
  if (shipment) {
    parts.push(
      <Text key="shipment" size="sm" component="div">
        {shipment.carrier}: <TrackingLink shipment={shipment} />
      </Text>,
    );
  }
  if (event.message) {
    parts.push(
      <Text key="message" size="sm" c="dimmed">
        {event.message}
      </Text>,
    );
  }
  return parts;
}

/** The steps every order goes through that it has not reached yet (greyed at the end of the line). */
function futureSteps(order: TimelineOrder, events: readonly OrderEvent[]): string[] {
  const canceled = order.status === orderStatus.CanceledInManufacturing;
  if (canceled) return [];
  const steps: string[] = [];
  if (!order.sentAt && !events.some((event) => event.kind === 'sent')) steps.push(orderEventKind.label('sent'));
  if (!hasShipped(order.status)) steps.push(orderStatus.label(orderStatus.Shipped));
  if (!isDelivered(order.status)) steps.push(orderStatus.label(orderStatus.Delivered));
  return steps;
}

const bulletOf = (kind: OrderEvent['kind']) =>
  kind === 'shipment' ? <IconTruckDelivery size={12} /> : kind === 'placed' ? <IconPackage size={12} /> : null;

/**
 * The order's timeline, oldest first: placed, sent to the plant, the plant's statuses, shipments
 * with their tracking, delivery; each line with who did it and when. The steps still ahead are
 * listed after it, greyed, so the line reads as the way to the school.
 */
export function OrderTimeline({ order, zone }: { order: TimelineOrder; zone: string | undefined }) {
  const events = order.events ?? [];
  const shipments = order.shipments ?? [];
  const ahead = futureSteps(order, events);
  return (
    <Timeline
      active={events.length - 1}
      bulletSize={22}
      lineWidth={2}
      color="blue"
      role="list"
      aria-label="Order timeline"
    >
      {events.map((event) => (
        <Timeline.Item
          key={event.id}
          role="listitem"
          bullet={bulletOf(event.kind) ?? <IconCircleCheck size={12} />}
          title={orderEventKind.label(event.kind)}
        >
          <Stack gap={2}>
            {eventDetail(event, shipments)}
            <Text size="xs" c="dimmed">
              {whoDid(event, order)} · {formatDateTime(event.createdAt, zone)}
            </Text>
          </Stack>
        </Timeline.Item>
      ))}
      {ahead.map((step) => (
        <Timeline.Item
          key={step}
          role="listitem"
          bullet={<IconCircleDashed size={12} />}
          title={step}
          c="dimmed"
          data-future
        >
          <Text size="xs" c="dimmed">
            Not yet
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
