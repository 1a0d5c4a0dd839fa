import type { Shipment } from '@colophon/contract';
import { formatDateTime, orderStatus, shippingMethod, trackingNumberType } from '@colophon/domain';
import { Anchor, Group, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { PlainTable } from '../../components/data-table/PlainTable';

/**
 * A tracking number: the carrier's tracking page in a new tab when we know the carrier (the page is
 * another site's, so it gets no hold on this one: noopener), else the number as text.
 */
export function TrackingLink({ shipment }: { shipment: Pick<Shipment, 'trackingNumber' | 'trackingUrl' | 'carrier'> }) {
  if (!shipment.trackingUrl) {
    return (
      <Text span size="sm" ff="monospace">
        {shipment.trackingNumber}
      </Text>
    );
  }
  return (
    <Anchor
      href={shipment.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      ff="monospace"
      aria-label={`Track ${shipment.trackingNumber} with ${shipment.carrier} (opens a new tab)`}
    >
      <Group gap={4} component="span" wrap="nowrap">
        {shipment.trackingNumber}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

/** The order's shipments: carrier, method, whose copies, copies, the tracking number, status and dates. */
export function ShipmentsTable({ shipments, zone }: { shipments: readonly Shipment[]; zone: string | undefined }) {
  if (shipments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing has shipped yet.
      </Text>
    );
  }
  return (
    <PlainTable
      label="Shipments"
      columns={['Carrier', 'Method', 'Copies of', 'Copies', 'Tracking number', 'Status', 'Shipped', 'Delivered']}
      minWidth={720}
    >
      {shipments.map((shipment) => (
        <Table.Tr key={shipment.id}>
          <Table.Td>{shipment.carrier}</Table.Td>
          <Table.Td>{shipment.shippingMethod ? shippingMethod.label(shipment.shippingMethod) : '—'}</Table.Td>
          <Table.Td>{trackingNumberType.label(shipment.typeTrackingNumber)}</Table.Td>
          <Table.Td ta="right">{shipment.copies ?? '—'}</Table.Td>
          <Table.Td>
            <TrackingLink shipment={shipment} />
          </Table.Td>
          <Table.Td>{orderStatus.label(shipment.status)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(shipment.shippedAt ?? shipment.createdAt, zone)}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {shipment.deliveredAt ? formatDateTime(shipment.deliveredAt, zone) : '—'}
          </Table.Td>
        </Table.Tr>
      ))}
    </PlainTable>
  );
}
