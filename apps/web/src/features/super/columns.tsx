import type { AuditEntry, Manufacturer, ManufacturingPlant, OutboxEmail } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from '../../components/data-table/DataTable';

interface EditActions<T> {
  edit: (record: T) => void;
  remove: (record: T) => void;
}

function rowActions<T>(name: string, record: T, actions: EditActions<T>) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={`Delete ${name}`}>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => actions.remove(record)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function plantColumns(zone: string | undefined, actions: EditActions<ManufacturingPlant>) {
  return [
    { accessor: 'code', title: 'Code', sortable: true, width: 90 },
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (plant) => (
        <Anchor component="button" type="button" size="sm" ta="start" onClick={() => actions.edit(plant)}>
          {plant.name}
        </Anchor>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Created',
      sortable: true,
      render: (plant) => formatDateTime(plant.createdAt, zone),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (plant) => rowActions(plant.name, plant, actions),
    },
  ] satisfies DataTableColumn<ManufacturingPlant>[];
}

export function manufacturerColumns(zone: string | undefined, actions: EditActions<Manufacturer>) {
  return [
    { accessor: 'code', title: 'Code', sortable: true, width: 100 },
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (manufacturer) => (
        <Anchor component="button" type="button" size="sm" ta="start" onClick={() => actions.edit(manufacturer)}>
          {manufacturer.name}
        </Anchor>
      ),
    },
    {
      accessor: 'plant',
      title: 'Plant',
      render: (manufacturer) => (manufacturer.plant ? `${manufacturer.plant.name} (${manufacturer.plant.code})` : '—'),
    },
    {
      accessor: 'turnTimeDays',
      title: 'Turn time',
      sortable: true,
      textAlign: 'right',
      render: (manufacturer) => `${manufacturer.turnTimeDays} business days`,
    },
    {
      accessor: 'expeditedTurnTimeDays',
      title: 'Expedited',
      textAlign: 'right',
      render: (manufacturer) =>
        manufacturer.expeditedTurnTimeDays === null
          ? 'Not offered'
          : `${manufacturer.expeditedTurnTimeDays} business days`,
    },
    {
      accessor: 'isActive',
      title: 'Status',
      render: (manufacturer) => (
        <Badge variant="light" color={manufacturer.isActive ? 'green' : 'gray'}>
          {manufacturer.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Created',
      sortable: true,
      render: (manufacturer) => formatDateTime(manufacturer.createdAt, zone),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (manufacturer) => rowActions(manufacturer.name, manufacturer, actions),
    },
  ] satisfies DataTableColumn<Manufacturer>[];
}

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
