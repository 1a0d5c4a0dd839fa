import type { AuditEntry, OutboxEmail } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { ActionIcon, Anchor, Badge, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { DataTableColumn } from '../../components/data-table/DataTable';

/** Who did it: the person's name, else their e-mail or id; "System" for a row without a person. */
export function auditActor(entry: AuditEntry): string {
  return entry.actorName ?? entry.actorEmail ?? (entry.actorUserId ? `User ${entry.actorUserId}` : 'System');
}

export function auditColumns(zone: string | undefined, view: (entry: AuditEntry) => void) {
  return [
    { accessor: 'createdAt', title: 'When', sortable: true, render: (entry) => formatDateTime(entry.createdAt, zone) },
    {
      accessor: 'actorEmail',
      title: 'Who',
      render: (entry) => (
        <>
          <Text size="sm">{auditActor(entry)}</Text>
          {entry.actorEmail ? (
            <Text size="xs" c="dimmed">
              {entry.actorEmail}
            </Text>
          ) : null}
          {entry.asUserId ? (
            <Text size="xs" c="dimmed">
              acting as {entry.asName ?? entry.asEmail ?? `user ${entry.asUserId}`}
            </Text>
          ) : null}
        </>
      ),
    },
    { accessor: 'actionLabel', title: 'Action' },
    {
      accessor: 'resource',
      title: 'Record',
      render: (entry) => (entry.resourceId ? `${entry.resource} #${entry.resourceId}` : entry.resource),
    },
    { accessor: 'ip', title: 'From', render: (entry) => entry.ip ?? '—' },
    {
      accessor: 'view',
      title: 'Detail',
      textAlign: 'right',
      render: (entry) => (
        <ActionIcon variant="subtle" aria-label={`Show detail of entry ${entry.id}`} onClick={() => view(entry)}>
          <IconEye size={16} />
        </ActionIcon>
      ),
    },
  ] satisfies DataTableColumn<AuditEntry>[];
}

export function outboxColumns(zone: string | undefined, view: (email: OutboxEmail) => void) {
  return [
    {
      accessor: 'createdAt',
      title: 'Queued',
      sortable: true,
      render: (email) => formatDateTime(email.createdAt, zone),
    },
    { accessor: 'toAddress', title: 'To' },
    {
      accessor: 'subject',
      title: 'Subject',
      render: (email) => (
        <Anchor component="button" type="button" size="sm" ta="start" onClick={() => view(email)}>
          {email.subject}
        </Anchor>
      ),
    },
    { accessor: 'transport', title: 'Transport' },
    {
      accessor: 'sentAt',
      title: 'Status',
      render: (email) =>
        email.error ? (
          <Badge color="red" variant="light">
            Failed
          </Badge>
        ) : email.sentAt ? (
          <Badge color="green" variant="light">
            Sent {formatDateTime(email.sentAt, zone)}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Waiting
          </Badge>
        ),
    },
  ] satisfies DataTableColumn<OutboxEmail>[];
}
