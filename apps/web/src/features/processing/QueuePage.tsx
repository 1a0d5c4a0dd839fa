import type { QueueBulkRetry, QueueJob, QueueJobEvent, QueueJobLinks, QueueStatusCounts } from '@colophon/contract';
import { formatDateTime, queueStatus } from '@colophon/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Chip,
  Code,
  Drawer,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp, IconChecks, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { type JSX, useRef } from 'react';
import { AppLink } from '../../components/AppLink';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import type { FilterSpec } from '../../components/data-table/filterSpecs';
import { QueryState } from '../../components/feedback/QueryState';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { filterQuery, listQuery } from '../../lib/list-search';
import { type QueueAction, queueResourceOf } from './api';
import { canAct, jobAge, type ProcessingQueue } from './queues';
import type { QueueSearch } from './search';

const statusColor: Record<number, string> = {
  [queueStatus.Waiting]: 'gray',
  [queueStatus.Processing]: 'blue',
  [queueStatus.Complete]: 'green',
  [queueStatus.Error]: 'red',
  [queueStatus.Attention]: 'orange',
  [queueStatus.Addressed]: 'teal',
};

export function QueueStatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" color={statusColor[status] ?? 'gray'}>
      {queueStatus.label(status)}
    </Badge>
  );
}

const actionText: Record<
  QueueAction,
  { verb: string; title: string; done: string; question: string; color: string; label: (noun: string) => string }
> = {
  retry: {
    verb: 'Retry',
    title: 'Retry',
    done: 'is waiting to run again',
    question: 'will go back to Waiting and run again, its attempts counted from zero.',
    color: 'blue',
    label: (noun) => `Retry ${noun}`,
  },
  addressed: {
    verb: 'Mark addressed',
    title: 'Mark addressed',
    done: 'is marked addressed',
    question: 'will be marked Addressed: someone has dealt with it, and it will not run again.',
    color: 'teal',
    label: (noun) => `Mark ${noun} addressed`,
  },
  cancel: {
    verb: 'Cancel job',
    title: 'Cancel',
    done: 'is cancelled',
    question: 'will not run: it is marked Addressed, with the result "cancelled".',
    color: 'red',
    label: (noun) => `Cancel ${noun}`,
  },
};
const actionIcon: Record<QueueAction, JSX.Element> = {
  retry: <IconArrowBackUp size={16} />,
  addressed: <IconChecks size={16} />,
  cancel: <IconPlayerStop size={16} />,
};
const actions: QueueAction[] = ['retry', 'addressed', 'cancel'];

/** The list's filters as the bulk retry's body (the same meaning on the server). */
export function bulkFilters(search: QueueSearch): QueueBulkRetry {
  const { status, search: text, createdFrom, createdTo, accountId, projectId, orderId, error } = search;
  return {
    ...(status?.length ? { status: status.filter((code) => queueStatus.has(code)) } : {}),
    ...(text ? { search: text } : {}),
    ...(createdFrom ? { createdFrom } : {}),
    ...(createdTo ? { createdTo } : {}),
    ...(accountId ? { accountId } : {}),
    ...(projectId ? { projectId } : {}),
    ...(orderId ? { orderId } : {}),
    ...(error ? { error } : {}),
  };
}

/** The status filter as chips, each with its count (part 3's labels, from the domain). */
export function StatusChips({
  value,
  counts,
  onChange,
}: {
  value: number[] | undefined;
  counts: QueueStatusCounts | undefined;
  onChange: (value: number[] | undefined) => void;
}) {
  const countOf = (status: number) => {
    const row = counts?.counts.find((entry) => entry.status === status);
    if (!row) return undefined;
    return `${row.count.toLocaleString('en-US')}${row.atLeast ? '+' : ''}`;
  };
  return (
    <Chip.Group
      multiple
      value={(value ?? []).map(String)}
      onChange={(next) => onChange(next.length ? next.map(Number).sort() : undefined)}
    >
      <Group gap={6} role="group" aria-label="Status">
        {queueStatus.entries.map(({ code, label }) => (
          <Chip key={code} value={String(code)} size="sm" color={statusColor[code]}>
            {label} {countOf(code) ?? '…'}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/**
 * One processing queue (part 2's processing pages): counts per status as filter chips, its jobs with
 * age, attempts, the worker holding the lease and the error, filters in the URL; a drawer with the
 * payload, result, history and the records the job belongs to; a person's actions (retry, mark
 * addressed, cancel) where the domain's transitions allow them, and the bulk retry of the filtered
 * set, each confirmed first.
 */
export function QueuePage({
  queue,
  search,
  onSearchChange,
  zone,
  now = () => new Date(),
}: {
  queue: ProcessingQueue;
  search: QueueSearch;
  onSearchChange: (patch: Partial<QueueSearch>) => void;
  zone: string | undefined;
  /** The clock the ages are read by (tests pass a fixed one). */
  now?: () => Date;
}): JSX.Element {
  const resource = queueResourceOf(queue.resource);
  const { job, ...list } = search;
  const query = resource.useList(listQuery(list));
  const counts = resource.useCounts();
  const mutations = {
    retry: resource.useAction('retry'),
    addressed: resource.useAction('addressed'),
    cancel: resource.useAction('cancel'),
  };
  const bulkRetry = resource.useBulkRetry();
  /** What the last bulk retry answered, for its message (the confirmed action's `done` sees only its target). */
  const lastBulk = useRef({ retried: 0, capped: false });
  const name = (job: QueueJob) => `${capitalise(queue.noun)} ${job.id}`;
  const action = useConfirmedAction<{ action: QueueAction; job: QueueJob }>({
    title: (pending) => `${actionText[pending.action].title} ${queue.noun} ${pending.job.id}`,
    confirmLabel: (pending) => actionText[pending.action].verb,
    color: (pending) => actionText[pending.action].color,
    message: (pending) => `${name(pending.job)} ${actionText[pending.action].question}`,
    run: (pending) => mutations[pending.action].mutateAsync(pending.job.id),
    done: (pending) => ({
      title: actionText[pending.action].title,
      message: `${name(pending.job)} ${actionText[pending.action].done}.`,
    }),
    failed: (pending) => `Could not ${actionText[pending.action].verb.toLowerCase()}`,
  });
  const bulk = useConfirmedAction<QueueBulkRetry>({
    title: () => `Retry the matching ${queue.noun}s`,
    confirmLabel: () => 'Retry all',
    message: () =>
      `Every ${queue.noun} matching these filters that is in Error, Attention or Addressed (at most 1,000 at once) will go back to Waiting and run again.`,
    run: async (filters) => {
      const answer = await bulkRetry.mutateAsync(filters);
      lastBulk.current = { retried: answer.retried, capped: answer.capped };
    },
    done: () => ({
      title: 'Retry',
      message:
        lastBulk.current.retried === 1
          ? `1 ${queue.noun} is waiting to run again.`
          : `${lastBulk.current.retried} ${queue.noun}s are waiting to run again.${lastBulk.current.capped ? ' More match: retry again for the rest.' : ''}`,
    }),
    failed: () => 'Could not retry',
  });
  const at = now();

  const columns: DataTableColumn<QueueJob>[] = [
    {
      accessor: 'id',
      title: 'Job',
      width: 90,
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => onSearchChange({ job: row.id })}
          aria-label={`Show ${queue.noun} ${row.id}`}
        >
          #{row.id}
        </Anchor>
      ),
    },
    { accessor: 'status', title: 'Status', sortable: true, render: (row) => <QueueStatusBadge status={row.status} /> },
    {
      accessor: 'createdAt',
      title: 'Age',
      sortable: true,
      render: (row) => <span title={formatDateTime(row.createdAt, zone)}>{jobAge(row.createdAt, at)}</span>,
    },
    { accessor: 'updatedAt', title: 'Updated', sortable: true, render: (row) => formatDateTime(row.updatedAt, zone) },
    {
      accessor: 'attempts',
      title: 'Attempts',
      sortable: true,
      textAlign: 'right',
      render: (row) => `${row.attempts} of ${row.maxAttempts}`,
    },
    { accessor: 'lockedBy', title: 'Worker', render: (row) => row.lockedBy ?? '—' },
    {
      accessor: 'lastError',
      title: 'Error',
      render: (row) =>
        row.lastError ? (
          <Text size="sm" lineClamp={2} title={row.lastError}>
            {row.lastError}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {actions
            .filter((name) => canAct(name, row.status))
            .map((name) => (
              <Tooltip key={name} label={actionText[name].title}>
                <ActionIcon
                  variant="subtle"
                  color={actionText[name].color}
                  aria-label={actionText[name].label(`${queue.noun} ${row.id}`)}
                  onClick={() => action.ask({ action: name, job: row })}
                >
                  {actionIcon[name]}
                </ActionIcon>
              </Tooltip>
            ))}
        </Group>
      ),
    },
  ];

  const filters: FilterSpec[] = [
    {
      key: 'status',
      kind: 'custom',
      render: (value, onChange) => (
        <StatusChips value={value as number[] | undefined} counts={counts.data} onChange={onChange} />
      ),
    },
    { key: 'search', kind: 'search', placeholder: 'Payload or error' },
    { key: 'error', kind: 'search', label: 'Error', placeholder: 'Text in the error' },
    { key: 'accountId', kind: 'account', label: 'Account', single: true },
    { key: 'projectId', kind: 'id', label: 'Project ID' },
    { key: 'orderId', kind: 'id', label: 'Order ID' },
    { key: 'createdFrom', kind: 'date', label: 'Created from' },
    { key: 'createdTo', kind: 'date', label: 'Created to' },
  ];

  return (
    <>
      <DataTable<QueueJob>
        label={`${capitalise(queue.noun)}s`}
        columns={columns}
        query={query}
        search={list}
        onSearchChange={onSearchChange}
        emptyText="No jobs match these filters"
        onExport={() => resource.exportCsv(filterQuery(list))}
        filters={filters}
        actions={
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => bulk.ask(bulkFilters(list))}>
            Retry matching
          </Button>
        }
      />
      {action.dialog}
      {bulk.dialog}
      <Drawer
        opened={job !== undefined}
        onClose={() => onSearchChange({ job: undefined })}
        title={job ? `${capitalise(queue.noun)} ${job}` : ''}
        position="right"
        size="lg"
      >
        {job ? <JobDetail resource={queue.resource} id={job} zone={zone} /> : null}
      </Drawer>
    </>
  );
}

function JobLinks({ links }: { links: QueueJobLinks | undefined }) {
  if (!links) return null;
  const items = [
    links.account ? { label: 'Account', href: `/admin/accounts/${links.account.id}`, name: links.account.name } : null,
    links.project ? { label: 'Project', href: `/admin/projects/${links.project.id}`, name: links.project.name } : null,
    links.proof ? { label: 'Proof', href: `/admin/proofs/${links.proof.id}`, name: links.proof.name } : null,
    links.order ? { label: 'Order', href: `/admin/orders/${links.order.id}`, name: links.order.name } : null,
  ].filter((item) => item !== null);
  if (items.length === 0) return <Text size="sm">It names no account, project, proof or order.</Text>;
  return (
    <Group gap="md">
      {items.map((item) => (
        <Text key={item.label} size="sm">
          {item.label}: <AppLink href={item.href}>{item.name}</AppLink>
        </Text>
      ))}
    </Group>
  );
}

function JobHistory({ history, zone }: { history: QueueJobEvent[] | undefined; zone?: string | undefined }) {
  if (!history?.length) return <Text size="sm">No history.</Text>;
  return (
    <Table aria-label="History" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Change</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Why</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{formatDateTime(line.at, zone)}</Table.Td>
            <Table.Td>
              {line.fromStatus === null
                ? `Queued (${queueStatus.label(line.toStatus)})`
                : `${queueStatus.label(line.fromStatus)} → ${queueStatus.label(line.toStatus)}`}{' '}
              <Text span size="xs" c="dimmed">
                {line.transition}
              </Text>
            </Table.Td>
            <Table.Td>{line.userName ?? line.workerId ?? '—'}</Table.Td>
            <Table.Td>{line.reason ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function JobDetail({ resource, id, zone }: { resource: ProcessingQueue['resource']; id: number; zone?: string }) {
  const query = queueResourceOf(resource).useDetail(id, { include: ['history', 'links'] });
  return (
    <QueryState query={query}>
      {(detail) => (
        <Stack gap="sm">
          <Group gap="xs">
            <QueueStatusBadge status={detail.status} />
            <Text size="sm">
              Attempts {detail.attempts} of {detail.maxAttempts}
            </Text>
          </Group>
          <JobLinks links={detail.links} />
          <Text size="sm">Created {formatDateTime(detail.createdAt, zone)}</Text>
          <Text size="sm">Updated {formatDateTime(detail.updatedAt, zone)}</Text>
          {detail.completedAt ? <Text size="sm">Completed {formatDateTime(detail.completedAt, zone)}</Text> : null}
          {detail.lockedBy ? <Text size="sm">Running on {detail.lockedBy}</Text> : null}
          {detail.lastError ? (
            <Text size="sm" c="red">
              {detail.lastError}
            </Text>
          ) : null}
          <Text fw={600} size="sm">
            Payload
          </Text>
          <Code block aria-label="Payload">
            {JSON.stringify(detail.payload ?? null, null, 2)}
          </Code>
          <Text fw={600} size="sm">
            Result
          </Text>
          <Code block aria-label="Result">
            {JSON.stringify(detail.result ?? null, null, 2)}
          </Code>
          <Text fw={600} size="sm">
            History
          </Text>
          <JobHistory history={detail.history} zone={zone} />
        </Stack>
      )}
    </QueryState>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
