import type { QueueJob } from '@colophon/contract';
import { formatDateTime, queueStatus } from '@colophon/domain';
import { ActionIcon, Anchor, Badge, Code, Drawer, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconChecks } from '@tabler/icons-react';
import type { JSX } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { QueryState } from '../../components/feedback/QueryState';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { filterQuery, listQuery } from '../../lib/list-search';
import { type QueueAction, queueResourceOf } from './api';
import { canMarkAddressed, canRetry, type ProcessingQueue } from './queues';
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

const actionText: Record<QueueAction, { verb: string; title: string; done: string; question: string }> = {
  retry: {
    verb: 'Retry',
    title: 'Retry',
    done: 'is waiting to run again',
    question: 'will go back to Waiting and run again, its attempts counted from zero.',
  },
  addressed: {
    verb: 'Mark addressed',
    title: 'Mark addressed',
    done: 'is marked addressed',
    question: 'will be marked Addressed: someone has dealt with it, and it will not run again.',
  },
};

/**
 * One processing queue (part 2's processing pages): its jobs with a status filter, dates in the
 * user's zone, attempts and the last error; a drawer with the payload and result; and a person's two
 * actions, Retry and Mark addressed, offered only where the job's status allows them.
 */
export function QueuePage({
  queue,
  search,
  onSearchChange,
  zone,
}: {
  queue: ProcessingQueue;
  search: QueueSearch;
  onSearchChange: (patch: Partial<QueueSearch>) => void;
  zone: string | undefined;
}): JSX.Element {
  const resource = queueResourceOf(queue.resource);
  const { job, ...list } = search;
  const query = resource.useList(listQuery(list));
  const retry = resource.useAction('retry');
  const addressed = resource.useAction('addressed');
  const name = (job: QueueJob) => `${capitalise(queue.noun)} ${job.id}`;
  const action = useConfirmedAction<{ action: QueueAction; job: QueueJob }>({
    title: (pending) => `${actionText[pending.action].title} ${queue.noun} ${pending.job.id}`,
    confirmLabel: (pending) => actionText[pending.action].verb,
    color: (pending) => (pending.action === 'addressed' ? 'teal' : 'blue'),
    message: (pending) => `${name(pending.job)} ${actionText[pending.action].question}`,
    run: (pending) => (pending.action === 'retry' ? retry : addressed).mutateAsync(pending.job.id),
    done: (pending) => ({
      title: actionText[pending.action].title,
      message: `${name(pending.job)} ${actionText[pending.action].done}.`,
    }),
    failed: (pending) => `Could not ${actionText[pending.action].verb.toLowerCase()}`,
  });

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
    { accessor: 'createdAt', title: 'Created', sortable: true, render: (row) => formatDateTime(row.createdAt, zone) },
    { accessor: 'updatedAt', title: 'Updated', sortable: true, render: (row) => formatDateTime(row.updatedAt, zone) },
    {
      accessor: 'attempts',
      title: 'Attempts',
      sortable: true,
      textAlign: 'right',
      render: (row) => `${row.attempts} of ${row.maxAttempts}`,
    },
    {
      accessor: 'lastError',
      title: 'Last error',
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
          {canRetry(row.status) ? (
            <Tooltip label="Retry">
              <ActionIcon
                variant="subtle"
                aria-label={`Retry ${queue.noun} ${row.id}`}
                onClick={() => action.ask({ action: 'retry', job: row })}
              >
                <IconArrowBackUp size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canMarkAddressed(row.status) ? (
            <Tooltip label="Mark addressed">
              <ActionIcon
                variant="subtle"
                color="teal"
                aria-label={`Mark ${queue.noun} ${row.id} addressed`}
                onClick={() => action.ask({ action: 'addressed', job: row })}
              >
                <IconChecks size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
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
        filters={[
          { key: 'status', kind: 'select', label: 'Status', options: queueStatus.options() },
          { key: 'search', kind: 'search', placeholder: 'Payload or error' },
          { key: 'createdFrom', kind: 'date', label: 'Created from' },
          { key: 'createdTo', kind: 'date', label: 'Created to' },
        ]}
      />
      {action.dialog}
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

function JobDetail({ resource, id, zone }: { resource: ProcessingQueue['resource']; id: number; zone?: string }) {
  const query = queueResourceOf(resource).useDetail(id);
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
        </Stack>
      )}
    </QueryState>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
