import type { ClientErrorGroup } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Anchor, Badge, Code, Modal, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { QueryState } from '../../components/feedback/QueryState';
import { listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { clientErrorsResource, useClientErrorReports } from './api';
import type { ClientErrorSearch } from './search';

const route = getRouteApi('/admin/super/client-errors');

function columns(
  zone: string | undefined,
  open: (group: ClientErrorGroup) => void,
): DataTableColumn<ClientErrorGroup>[] {
  return [
    {
      accessor: 'message',
      title: 'Message',
      render: (group) => (
        <Stack gap={0}>
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => open(group)}>
            {group.message}
          </Anchor>
          {group.firstFrame ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {group.firstFrame}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'count',
      title: 'Count',
      sortable: true,
      textAlign: 'right',
      render: (group) => <Badge variant="light">{group.count}</Badge>,
    },
    {
      accessor: 'lastSeenAt',
      title: 'Last seen',
      sortable: true,
      render: (group) => formatDateTime(group.lastSeenAt, zone),
    },
    {
      accessor: 'firstSeenAt',
      title: 'First seen',
      sortable: true,
      render: (group) => formatDateTime(group.firstSeenAt, zone),
    },
    {
      accessor: 'lastUserEmail',
      title: 'Last user',
      render: (group) =>
        group.lastUserName ?? group.lastUserEmail ?? (group.lastUserId ? `User ${group.lastUserId}` : 'Not signed in'),
    },
  ];
}

function GroupReports({ group, zone }: { group: ClientErrorGroup; zone: string | undefined }): JSX.Element {
  const reports = useClientErrorReports(group.id);
  return (
    <QueryState
      query={reports}
      loadingLabel="Loading reports"
      isEmpty={(data) => data.data.length === 0}
      empty={<Text size="sm">No reports kept.</Text>}
    >
      {(data) => (
        <Stack gap="md">
          {data.data.map((report) => (
            <Stack key={report.id} gap={4} aria-label={`Report ${report.id}`} role="group">
              <Text size="sm" fw={500}>
                {formatDateTime(report.createdAt, zone)} ·{' '}
                {report.userName || report.userEmail
                  ? `${report.userName ?? ''}${report.userEmail ? ` <${report.userEmail}>` : ''}`.trim()
                  : 'Not signed in'}
                {report.context ? ` · ${report.context}` : ''}
              </Text>
              {report.url ? (
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {report.url}
                </Text>
              ) : null}
              <Code block>{[report.message, report.stack].filter(Boolean).join('\n')}</Code>
            </Stack>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

/**
 * /admin/super/client-errors (part 8, issue 15): the interface errors the web reported, one row per
 * group (message and where it was thrown) with its count, newest first; a group opens on its latest
 * reports: who, on which page, the first five lines of the stack.
 */
export function ClientErrorsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const zone = useSession()?.user.timezone;
  const query = clientErrorsResource.useList(listQuery(search));
  const [open, setOpen] = useState<ClientErrorGroup | null>(null);
  const setSearch = (patch: Partial<ClientErrorSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  return (
    <>
      <DataTable<ClientErrorGroup>
        label="Client errors"
        columns={columns(zone, setOpen)}
        query={query}
        search={search}
        onSearchChange={setSearch}
        emptyText="No interface errors were reported"
        filters={[{ key: 'search', kind: 'search', placeholder: 'Search messages' }]}
        onExport={() => clientErrorsResource.exportCsv(listQuery(search))}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${open.message} (${open.count})` : ''}
        size="xl"
      >
        {open ? <GroupReports group={open} zone={zone} /> : null}
      </Modal>
    </>
  );
}
