import { canApplyQueueTransition, formatDateTime, queueStatus, rosterJobActive, rosterJobKind } from '@colophon/domain';
import type { RosterJob, RosterJobSummary, schoolSchema } from '@colophon/roster/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import type { z } from 'zod';
import { StackedCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { QueryState } from '../../../components/feedback/QueryState';
import { FormError } from '../../../components/form/FormError';
import { userCan } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import { listQuery } from '../../../lib/list-search';
import { useSession } from '../../../lib/session';
import {
  rosterCall,
  useRosterDownloadHref,
  useRosterList,
  useRosterMutation,
  useRosterRecord,
  type Wire,
} from '../api';
import type { RosterJobsSearch } from '../routes';

const route = getRouteApi('/admin/roster/jobs');
const PATH = '/queue-management/jobs';
/** While a job on screen waits or runs, it is read again this often (and only then). */
export const ROSTER_JOB_POLL_MS = 2_000;

type JobRow = Wire<RosterJobSummary>;
type Job = Wire<RosterJob>;

const statusTone = (status: number) =>
  status === 2 ? 'green' : status === 3 || status === 4 ? 'red' : status === 5 ? 'gray' : 'blue';

function StatusBadge({ job }: { job: Pick<JobRow, 'status' | 'statusLabel'> }) {
  return (
    <Badge color={statusTone(job.status)} variant="light">
      {job.statusLabel}
    </Badge>
  );
}

const countsText = (counts: JobRow['counts']) =>
  `${counts.added} added · ${counts.changed} changed · ${counts.removed} removed · ${counts.skipped} skipped`;

/** /admin/roster/jobs: every roster job (imports, syncs, exports), its progress and faults; retry or cancel one. */
export function RosterJobsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const viewer = useSession()?.user;
  const zone = viewer?.timezone;
  const canManage = userCan(viewer, 'roster.manage');
  const { edit, ...searched } = search;
  // The route reads kind and status loosely (its table is in the login page's first script): a value
  // the domain does not know is dropped here, as a stale filter is everywhere.
  const list = {
    ...searched,
    kind: searched.kind !== undefined && rosterJobKind.has(searched.kind) ? searched.kind : undefined,
    status: searched.status !== undefined && queueStatus.has(searched.status) ? searched.status : undefined,
  };
  const query = useRosterList<RosterJobSummary>(PATH, listQuery(list), {
    refetchInterval: (page) => (page?.data.some((job) => rosterJobActive(job.status)) ? ROSTER_JOB_POLL_MS : false),
  });
  const schools = useRosterList<z.infer<typeof schoolSchema>>('/schools', { perPage: 200, sort: 'name' });
  const schoolName = (id: number | null) =>
    id === null ? '—' : (schools.data?.data.find((school) => school.id === id)?.name ?? `School ${id}`);
  const setSearch = (patch: Partial<RosterJobsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  const columns: DataTableColumn<JobRow>[] = [
    {
      accessor: 'id',
      title: 'Job',
      render: (job) => (
        <StackedCell note={formatDateTime(job.createdAt, zone)}>
          <Anchor component="button" type="button" onClick={() => setSearch({ edit: job.id })}>
            {job.kindLabel} {job.id}
          </Anchor>
        </StackedCell>
      ),
    },
    { accessor: 'schoolId', title: 'School', render: (job) => schoolName(job.schoolId) },
    { accessor: 'status', title: 'Status', render: (job) => <StatusBadge job={job} /> },
    {
      accessor: 'progress',
      title: 'Progress',
      render: (job) => (
        <Progress
          value={job.progress}
          aria-label={`Progress of job ${job.id}: ${job.progress}%`}
          animated={rosterJobActive(job.status)}
          w={120}
        />
      ),
    },
    { accessor: 'counts', title: 'People', render: (job) => countsText(job.counts) },
    {
      accessor: 'error',
      title: 'Error',
      render: (job) =>
        job.error ?? (job.faultCount > 0 ? `${job.faultCount} fault${job.faultCount === 1 ? '' : 's'}` : ''),
    },
  ];

  return (
    <>
      <DataTable<JobRow>
        label="Roster jobs"
        columns={columns}
        query={query}
        search={list}
        onSearchChange={setSearch}
        emptyText={
          list.kind || list.status !== undefined || list.schoolId ? 'No jobs match these filters' : 'No roster jobs yet'
        }
        filters={[
          {
            key: 'kind',
            // A 'select' filter writes numbers; a job's kind is a word (import, sync, export).
            kind: 'custom',
            render: (value, onChange) => (
              <Select
                label="Kind"
                placeholder="Any"
                clearable
                w={140}
                data={rosterJobKind.options()}
                value={(value as string | undefined) ?? null}
                onChange={(next) => onChange(next ?? undefined)}
              />
            ),
          },
          { key: 'status', kind: 'select', label: 'Status', options: queueStatus.options(), single: true },
          {
            key: 'schoolId',
            kind: 'select',
            label: 'School',
            single: true,
            options: (schools.data?.data ?? []).map((school) => ({ value: String(school.id), label: school.name })),
          },
        ]}
      />
      <Drawer
        opened={typeof edit === 'number'}
        onClose={() => setSearch({ edit: undefined })}
        title="Roster job"
        position="right"
        size="xl"
      >
        {typeof edit === 'number' ? (
          <JobDetail id={edit} canManage={canManage} zone={zone} schoolName={schoolName} />
        ) : null}
      </Drawer>
    </>
  );
}

/** One job: its status and counts, faults by file and line, Retry and Cancel, and a finished export's download. */
export function JobDetail({
  id,
  canManage,
  zone,
  schoolName,
}: {
  id: number;
  canManage: boolean;
  zone: string | undefined;
  schoolName: (id: number | null) => string;
}) {
  const job = useRosterRecord<RosterJob>(PATH, id, {
    refetchInterval: (current) => (current && rosterJobActive(current.status) ? ROSTER_JOB_POLL_MS : false),
  });
  const downloadHref = useRosterDownloadHref(job.data?.download?.url);
  const [refusal, setRefusal] = useState<string | null>(null);
  const move = useRosterMutation<Job, 'retry' | 'cancel'>([PATH], {
    mutationFn: (action) => rosterCall('post', `${PATH}/${id}/${action}`),
    onSuccess: (moved, action) =>
      notifications.show({
        color: 'green',
        title: action === 'retry' ? 'Job retried' : 'Job cancelled',
        message: `Job ${moved.id} is ${moved.statusLabel.toLowerCase()}.`,
      }),
  });
  const act = (action: 'retry' | 'cancel') => {
    setRefusal(null);
    // A job that moved meanwhile is refused 409: the roster's message says why.
    move.mutate(action, { onError: (error) => setRefusal(errorMessage(error)) });
  };
  return (
    <QueryState
      query={job}
      loadingLabel="Loading the job…"
      notFound={{ title: 'Job not found', message: 'This job is not one of your roster jobs.' }}
    >
      {(record) => (
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {record.kindLabel} {record.id}
            </Title>
            <StatusBadge job={record} />
          </Group>
          <Progress
            value={record.progress}
            aria-label={`Progress: ${record.progress}%`}
            animated={rosterJobActive(record.status)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Text size="sm">School: {schoolName(record.schoolId)}</Text>
            <Text size="sm">
              Attempts: {record.attempts} of {record.maxAttempts}
            </Text>
            <Text size="sm">Queued: {formatDateTime(record.createdAt, zone)}</Text>
            <Text size="sm">Finished: {record.completedAt ? formatDateTime(record.completedAt, zone) : '—'}</Text>
            <Text size="sm">{countsText(record.counts)}</Text>
          </SimpleGrid>
          {record.error ? (
            <Alert color="red" variant="light" title="Error">
              {record.error}
            </Alert>
          ) : null}
          {record.download ? (
            <Group gap="sm">
              <Button
                component="a"
                href={downloadHref}
                disabled={!downloadHref}
                leftSection={<IconDownload size={16} />}
                download
              >
                Download
              </Button>
              <Text size="xs" c="dimmed">
                The link works until {formatDateTime(record.download.expiresAt, zone)}.
              </Text>
            </Group>
          ) : null}
          {canManage ? (
            <Group gap="sm">
              {canApplyQueueTransition('retry', record.status) ? (
                <Button
                  variant="light"
                  leftSection={<IconRefresh size={16} />}
                  loading={move.isPending && move.variables === 'retry'}
                  onClick={() => act('retry')}
                >
                  Retry
                </Button>
              ) : null}
              {canApplyQueueTransition('cancel', record.status) ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconPlayerStop size={16} />}
                  loading={move.isPending && move.variables === 'cancel'}
                  onClick={() => act('cancel')}
                >
                  Cancel job
                </Button>
              ) : null}
            </Group>
          ) : null}
          <FormError message={refusal} />
          <Stack gap="xs">
            <Title order={3} size="h4">
              Faults
            </Title>
            {record.faults.total === 0 ? (
              <Text size="sm" c="dimmed">
                No faults.
              </Text>
            ) : (
              <>
                <Table aria-label="Faults by file and line">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>File</Table.Th>
                      <Table.Th ta="right">Line</Table.Th>
                      <Table.Th>Field</Table.Th>
                      <Table.Th>Fault</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {record.faults.items.map((fault, index) => (
                      // A file and line may hold several faults: the position keeps them apart.
                      // biome-ignore lint/suspicious/noArrayIndexKey: faults have no id; their order is fixed
                      <Table.Tr key={`${fault.file}:${fault.line}:${index}`}>
                        <Table.Td>{fault.file}</Table.Td>
                        <Table.Td ta="right">{fault.line}</Table.Td>
                        <Table.Td>{fault.field ?? ''}</Table.Td>
                        <Table.Td>{fault.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {record.faults.total > record.faults.items.length ? (
                  <Text size="xs" c="dimmed">
                    The first {record.faults.items.length} of {record.faults.total} faults.
                  </Text>
                ) : null}
              </>
            )}
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}
