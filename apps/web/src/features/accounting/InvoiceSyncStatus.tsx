import type { AccountingSyncStatus } from '@colophon/contract';
import { formatCurrency, formatDateTime } from '@colophon/domain';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { JSX } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { openAccountingPdf, useInvoiceSync } from './api';

const syncLook: Record<AccountingSyncStatus, { color: string; label: string }> = {
  pending: { color: 'gray', label: 'Sync pending' },
  synced: { color: 'green', label: 'Synced' },
  failed: { color: 'red', label: 'Sync failed' },
};

/** An accounting sync status as a badge: 'Synced', 'Sync pending', 'Sync failed' or 'Not synced'. */
export function SyncStatusBadge({ status }: { status: AccountingSyncStatus | null }): JSX.Element {
  const look = status ? syncLook[status] : { color: 'gray', label: 'Not synced' };
  return (
    <Badge variant="light" color={look.color}>
      {look.label}
    </Badge>
  );
}

/** Opens the PDF through a fresh signed link; a failure is told, not thrown. */
export function AccountingPdfLink({ invoiceId, label = 'PDF' }: { invoiceId: number; label?: string }): JSX.Element {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() =>
        void openAccountingPdf(invoiceId).catch((error) =>
          notifications.show({ color: 'red', title: 'Could not open the PDF', message: errorMessage(error) }),
        )
      }
    >
      {label}
    </Anchor>
  );
}

/**
 * An invoice's accounting sync, for the invoice's own screen: the status, the accounting system's
 * document number and status, each refund's credit as booked, the last error of a failed push, and the
 * PDF once it is in the books.
 * Reads the sync itself (and again while it is pending), so it needs only the invoice's id.
 */
export function InvoiceSyncStatus({ invoiceId }: { invoiceId: number }): JSX.Element {
  const sync = useInvoiceSync(invoiceId);
  const zone = useSession()?.user.timezone;
  const data = sync.data;
  if (!data) {
    return (
      <Text size="sm" c="dimmed">
        {sync.isError ? 'Accounting sync unavailable' : 'Accounting sync…'}
      </Text>
    );
  }
  return (
    <Stack gap={4} aria-label="Accounting sync">
      <Group gap="xs">
        <SyncStatusBadge status={data.status} />
        {data.docNumber ? <Text size="sm">{data.docNumber}</Text> : null}
        {data.docNumber && data.status !== null ? <AccountingPdfLink invoiceId={invoiceId} /> : null}
      </Group>
      {data.externalStatus ? (
        <Text size="sm" c="dimmed">
          {data.provider === 'quickbooks' ? 'QuickBooks' : 'Books'}: {data.externalStatus}
          {data.externalBalanceCents !== null ? `, balance ${formatCurrency(data.externalBalanceCents)}` : ''}
          {data.syncedAt ? ` (${formatDateTime(data.syncedAt, zone)})` : ''}
        </Text>
      ) : null}
      {(data.credits ?? []).map((credit) => (
        <Text key={credit.refundId} size="sm" c="dimmed">
          {data.provider === 'quickbooks' ? 'Refund receipt' : 'Credit'} {credit.docNumber}:{' '}
          {formatCurrency(credit.amountCents)} refunded
        </Text>
      ))}
      {data.status === 'failed' && data.lastError ? (
        <Text size="sm" c="red" lineClamp={3} title={data.lastError}>
          {data.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}
