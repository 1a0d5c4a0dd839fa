import '@mantine/charts/styles.css';
import type { ProcessorStatus, ProcessorThroughput } from '@colophon/contract';
import { formatDateTime, PROCESSOR_STALE_AFTER_PULSES, type ProcessorHealth, processorHealth } from '@colophon/domain';
import { BarChart } from '@mantine/charts';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { type JSX, useEffect, useMemo, useState } from 'react';
import { ErrorState } from '../../components/feedback/QueryState';
import { useSession } from '../../lib/session';
import { useProcessorStatuses, useProcessorThroughput } from './api';

const HEALTH: Record<ProcessorHealth, { label: string; color: string }> = {
  stopped: { label: 'Stopped', color: 'gray' },
  stale: { label: 'Stale', color: 'red' },
  busy: { label: 'Busy', color: 'green' },
  idle: { label: 'Idle', color: 'teal' },
};

/** The time the page judges heartbeats at, moving every `everyMs`: a worker turns red without a refetch. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The server's verdict (its clock), or the domain rule at this page's clock, whichever says stale first. */
export function healthOf(worker: ProcessorStatus, now: Date): ProcessorHealth {
  const health = processorHealth(worker, now);
  return worker.stale && health !== 'stopped' ? 'stale' : health;
}

const MINUTE_MS = 60_000;

/** One bar per minute of the hour, stacked by queue (minutes without work are zeros, not gaps). */
export function throughputChartData(throughput: ProcessorThroughput, zone: string | undefined) {
  const queues = [...new Set(throughput.data.map((row) => row.queue))].sort();
  const start = new Date(throughput.from).getTime();
  const label = new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(zone ? { timeZone: zone } : {}),
  });
  const minutes = Array.from({ length: 60 }, (_, index) => {
    const at = start + index * MINUTE_MS;
    return { at, minute: label.format(at), ...Object.fromEntries(queues.map((queue) => [queue, 0])) } as Record<
      string,
      number | string
    >;
  });
  for (const row of throughput.data) {
    const index = Math.round((new Date(row.minute).getTime() - start) / MINUTE_MS);
    const bucket = minutes[index];
    if (bucket) bucket[row.queue] = row.completed;
  }
  return { queues, data: minutes };
}

const QUEUE_COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6'];

function ThroughputChart({ zone }: { zone: string | undefined }) {
  const query = useProcessorThroughput();
  const chart = useMemo(() => (query.data ? throughputChartData(query.data, zone) : null), [query.data, zone]);
  const total = query.data?.data.reduce((sum, row) => sum + row.completed, 0) ?? 0;
  return (
    <Paper withBorder p="md" radius="sm">
      <Title order={3} size="h5" mb={4}>
        Throughput, last hour
      </Title>
      <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
        {query.isPending ? 'Loading…' : `${total} ${total === 1 ? 'job' : 'jobs'} completed, per queue and minute`}
      </Text>
      {chart && chart.queues.length > 0 ? (
        <BarChart
          h={220}
          data={chart.data}
          dataKey="minute"
          type="stacked"
          withLegend
          aria-label="Jobs completed per queue and minute over the last hour"
          series={chart.queues.map((queue, index) => ({
            name: queue,
            label: queue.replace(/^queue_/, ''),
            color: QUEUE_COLORS[index % QUEUE_COLORS.length] ?? 'blue.6',
          }))}
        />
      ) : null}
    </Paper>
  );
}

/**
 * /admin/super/processing/processor-statuses: the queue workers and what the queues got done. Every
 * live worker beats, busy or idle, so one silent for more than 3 of its pulses is stale (red: crashed
 * or hung), never one merely without work. Queue changes refresh the page live.
 */
export function ProcessorStatusesPage(): JSX.Element {
  const zone = useSession()?.user.timezone;
  const query = useProcessorStatuses();
  const now = useNow(5_000);
  const workers = query.data?.data ?? [];
  const stale = workers.filter((worker) => healthOf(worker, now) === 'stale').length;

  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="sm">
      {stale > 0 ? (
        <Text size="sm" c="red" role="status">
          {stale === 1 ? '1 worker has' : `${stale} workers have`} not sent a heartbeat for over{' '}
          {PROCESSOR_STALE_AFTER_PULSES} of its pulses.
        </Text>
      ) : null}
      <DataTable<ProcessorStatus>
        aria-label="Processor statuses"
        // Its columns scroll sideways on narrow screens: the scrolling region is reachable by keyboard (axe).
        scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Processor statuses, scrollable' } }}
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={workers.length === 0 ? 180 : undefined}
        idAccessor="workerId"
        records={workers}
        fetching={query.isFetching}
        noRecordsText={query.isPending ? 'Loading…' : 'No workers have registered'}
        customRowAttributes={(worker) => ({ 'data-health': healthOf(worker, now) })}
        rowBackgroundColor={(worker) =>
          healthOf(worker, now) === 'stale' ? { light: '#fff0f0', dark: 'rgba(224, 49, 49, 0.2)' } : undefined
        }
        columns={[
          { accessor: 'queue', title: 'Queue' },
          { accessor: 'workerId', title: 'Worker' },
          { accessor: 'host', title: 'Host', render: (worker) => `${worker.host} (pid ${worker.pid})` },
          { accessor: 'version', title: 'Version', render: (worker) => worker.version || '—' },
          {
            accessor: 'state',
            title: 'State',
            render: (worker) => {
              const health = HEALTH[healthOf(worker, now)];
              return (
                <Badge variant="light" color={health.color} style={{ textTransform: 'none' }}>
                  {health.label}
                </Badge>
              );
            },
          },
          {
            accessor: 'lastHeartbeatAt',
            title: 'Last heartbeat',
            render: (worker) => formatDateTime(worker.lastHeartbeatAt, zone),
          },
          {
            accessor: 'lastSuccessAt',
            title: 'Last success',
            render: (worker) => (worker.lastSuccessAt ? formatDateTime(worker.lastSuccessAt, zone) : '—'),
          },
          { accessor: 'currentJobId', title: 'Current job', render: (worker) => worker.currentJobId ?? '—' },
          { accessor: 'jobsDone', title: 'Done', textAlign: 'right' },
          { accessor: 'jobsFailed', title: 'Failed', textAlign: 'right' },
          { accessor: 'startedAt', title: 'Started', render: (worker) => formatDateTime(worker.startedAt, zone) },
        ]}
      />
      <ThroughputChart zone={zone ?? undefined} />
    </Stack>
  );
}
