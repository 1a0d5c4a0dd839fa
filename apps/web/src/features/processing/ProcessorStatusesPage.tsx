import type { ProcessorStatus } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { JSX } from 'react';
import { ErrorState } from '../../components/feedback/QueryState';
import { useSession } from '../../lib/session';
import { useProcessorStatuses } from './api';

function workerState(worker: ProcessorStatus) {
  if (worker.stoppedAt) return { label: 'Stopped', color: 'gray' };
  if (worker.stale) return { label: 'Stale', color: 'red' };
  // A live worker without a job is idle, not in trouble: it keeps beating while it waits.
  if (worker.currentJobId === null) return { label: 'Idle', color: 'teal' };
  return { label: 'Running', color: 'green' };
}

/**
 * /admin/super/processing/processor-statuses: the queue workers. Every live worker beats, busy or idle,
 * so one silent for over a minute is stale (crashed or hung), never one merely without work.
 */
export function ProcessorStatusesPage(): JSX.Element {
  const zone = useSession()?.user.timezone;
  const query = useProcessorStatuses();
  const workers = query.data?.data ?? [];
  const stale = workers.filter((worker) => worker.stale).length;

  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="sm">
      {stale > 0 ? (
        <Text size="sm" c="red" role="status">
          {stale === 1 ? '1 worker has' : `${stale} workers have`} not sent a heartbeat for over a minute.
        </Text>
      ) : null}
      <DataTable<ProcessorStatus>
        aria-label="Processor statuses"
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={workers.length === 0 ? 180 : undefined}
        idAccessor="workerId"
        records={workers}
        fetching={query.isFetching}
        noRecordsText={query.isPending ? 'Loading…' : 'No workers have registered'}
        columns={[
          { accessor: 'queue', title: 'Queue' },
          { accessor: 'workerId', title: 'Worker' },
          { accessor: 'host', title: 'Host', render: (worker) => `${worker.host} (pid ${worker.pid})` },
          {
            accessor: 'state',
            title: 'State',
            render: (worker) => {
              const state = workerState(worker);
              return (
                <Badge variant="light" color={state.color} style={{ textTransform: 'none' }}>
                  {state.label}
                </Badge>
              );
            },
          },
          {
            accessor: 'lastHeartbeatAt',
            title: 'Last heartbeat',
            render: (worker) => formatDateTime(worker.lastHeartbeatAt, zone),
          },
          { accessor: 'startedAt', title: 'Started', render: (worker) => formatDateTime(worker.startedAt, zone) },
          { accessor: 'currentJobId', title: 'Current job', render: (worker) => worker.currentJobId ?? '—' },
          { accessor: 'jobsDone', title: 'Done', textAlign: 'right' },
          { accessor: 'jobsFailed', title: 'Failed', textAlign: 'right' },
        ]}
      />
    </Stack>
  );
}
