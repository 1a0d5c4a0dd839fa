import { formatDate, rosterExportLayout, rosterRole } from '@colophon/domain';
import type { RosterJob } from '@colophon/roster/contract';
import { Anchor, Button, Group, Menu, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { RowActionsMenu, StackedCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { useConfirmedAction } from '../../../components/feedback/useConfirmedAction';
import { useMethodRefusal, userCan } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import { type ListSearch, listQuery } from '../../../lib/list-search';
import { useSession } from '../../../lib/session';
import { rosterCall, useRosterList, useRosterMutation, type Wire } from '../api';
import { ExportPresetCreateDrawer, ExportPresetDrawer, type Preset } from './ExportPresetDrawer';
import { ExportRunPanel } from './ExportRunPanel';
import { RunExportDialog } from './RunExportDialog';
import { type ExportPresetsSearch, exportPresetsSearchSchema } from './search';

const route = getRouteApi('/admin/roster/export-presets');

/**
 * /admin/roster/export-presets: the presets of the caller's schools and districts; roster.manage
 * adds, edits, deletes and runs them ('Run export' queues a roster job, as the roster allows only
 * roster.manage, and the panel above the list follows it to its download).
 */
export function ExportPresetsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const viewer = useSession()?.user;
  const canManage = userCan(viewer, 'roster.manage');
  const postRefusal = useMethodRefusal('POST');
  const { preset: openPresetId, create, job: jobId, ...list } = search;
  const query = useRosterList<Preset>('/export-presets', listQuery(list));
  const setSearch = (patch: Partial<ExportPresetsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  /** The table's change of page, size, sort or filter: a sort the roster does not know is dropped, as in the URL. */
  const setListSearch = ({ sort, ...patch }: Partial<ListSearch>) =>
    setSearch(sort === undefined ? patch : { ...patch, sort: exportPresetsSearchSchema.shape.sort.parse(sort) });

  const run = useRosterMutation<Wire<RosterJob>, { preset: Preset; schoolId: number | undefined }>(
    ['/queue-management/jobs'],
    {
      mutationFn: ({ preset, schoolId }) =>
        rosterCall('post', '/individuals/export-queue-job', { body: { presetId: preset.id, schoolId } }),
    },
  );
  const [askingSchool, setAskingSchool] = useState<Preset | null>(null);
  const runExport = async (preset: Preset, schoolId: number | undefined) => {
    try {
      const job = await run.mutateAsync({ preset, schoolId });
      setAskingSchool(null);
      setSearch({ job: job.id });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Export not started', message: errorMessage(error) });
    }
  };

  const remove = useRosterMutation<unknown, Preset>(['/export-presets'], {
    mutationFn: (preset) => rosterCall('delete', `/export-presets/${preset.id}`),
  });
  const deletion = useConfirmedAction<Preset>({
    title: 'Delete export preset',
    message: (preset) => `${preset.name} will be deleted. Exports already made with it are not affected.`,
    confirmLabel: 'Delete',
    run: (preset) => remove.mutateAsync(preset),
    done: (preset) => ({ title: 'Deleted', message: `${preset.name} is deleted.` }),
    failed: 'Could not delete the export preset',
    onDone: (preset) => (openPresetId === preset.id ? setSearch({ preset: undefined }) : undefined),
  });

  const open = (preset: Preset) => setSearch({ preset: preset.id, create: undefined });
  const columns: DataTableColumn<Preset>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (preset) =>
        canManage ? (
          <Anchor component="button" type="button" size="sm" ta="start" onClick={() => open(preset)}>
            {preset.name}
          </Anchor>
        ) : (
          preset.name
        ),
    },
    {
      accessor: 'ownerName',
      title: 'For',
      render: (preset) => <StackedCell note={preset.schoolId ? 'School' : 'District'}>{preset.ownerName}</StackedCell>,
    },
    {
      accessor: 'roles',
      title: 'Roles',
      render: (preset) => preset.roles.map((role) => rosterRole.label(role)).join(', '),
    },
    { accessor: 'layout', title: 'Layout', render: (preset) => rosterExportLayout.label(preset.layout) },
    { accessor: 'columns', title: 'Columns', render: (preset) => preset.columns.length },
    {
      accessor: 'updatedAt',
      title: 'Changed',
      sortable: true,
      render: (preset) => formatDate(preset.updatedAt, viewer?.timezone),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (preset) =>
        canManage ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} />}
              loading={run.isPending && run.variables?.preset.id === preset.id}
              disabled={postRefusal !== null}
              title={postRefusal ?? undefined}
              // A district's preset asks first which of its schools, if only one.
              onClick={() => (preset.districtId ? setAskingSchool(preset) : void runExport(preset, undefined))}
            >
              Run export
            </Button>
            <RowActionsMenu name={preset.name}>
              <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => open(preset)}>
                Edit
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => deletion.ask(preset)}>
                Delete
              </Menu.Item>
            </RowActionsMenu>
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      {jobId ? <ExportRunPanel jobId={jobId} onClose={() => setSearch({ job: undefined })} /> : null}
      <DataTable<Preset>
        label="Export presets"
        columns={columns}
        query={query}
        search={list}
        onSearchChange={setListSearch}
        emptyText="No export presets yet"
        filters={[{ key: 'search', kind: 'search', placeholder: 'Name' }]}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setSearch({ create: true, preset: undefined })}>
              New export preset
            </Button>
          ) : null
        }
      />
      {deletion.dialog}
      <RunExportDialog
        preset={askingSchool}
        running={run.isPending}
        onRun={(preset, schoolId) => void runExport(preset, schoolId)}
        onClose={() => setAskingSchool(null)}
      />
      {canManage ? (
        <>
          <ExportPresetCreateDrawer
            opened={create === true}
            onClose={() => setSearch({ create: undefined })}
            onCreated={() => setSearch({ create: undefined })}
          />
          <ExportPresetDrawer presetId={openPresetId ?? null} onClose={() => setSearch({ preset: undefined })} />
        </>
      ) : null}
    </Stack>
  );
}
