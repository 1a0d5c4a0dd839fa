import { Anchor, Button, Drawer, Group, SegmentedControl, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { listQuery } from '../../lib/list-search';
import { listRecords, type RecordFields, recordKinds } from './api';
import { CreateRecordForm } from './CreateRecordForm';
import { RecordPanel } from './RecordPanel';
import { type RecordSearch, recordTypes } from './search';

const route = getRouteApi('/admin/super/records');

/**
 * /admin/super/records (issue 15): the super administrator's record editor. Pick a type (part 3's
 * Account, Project, Proof, Order, User), search its list, open a record: every field, Edit and Delete
 * with a reason, and its history; or create one (New …), which then opens with its history.
 */
export function RecordsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const kind = recordKinds[search.type ?? 'projects'];
  const [creating, setCreating] = useState(false);
  const setSearch = (patch: Partial<RecordSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  const { type: _type, open: _open, ...listSearch } = search;
  const query = useQuery({
    queryKey: ['records', kind.type, 'list', listSearch],
    queryFn: ({ signal }) => listRecords(kind, listQuery(listSearch), signal),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<RecordFields>[] = [
    { accessor: 'id', title: 'ID', render: (record) => record.id },
    {
      accessor: 'title',
      title: kind.label,
      render: (record) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setSearch({ open: record.id })}>
          {kind.title(record)}
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Record type"
          value={kind.type}
          data={recordTypes.map((type) => ({ value: type, label: recordKinds[type].label }))}
          onChange={(value) => void navigate({ search: { type: value as RecordSearch['type'] } as RecordSearch })}
        />
        <Button onClick={() => setCreating(true)}>New {kind.label.toLowerCase()}</Button>
      </Group>
      <DataTable<RecordFields>
        label={`${kind.label} records`}
        columns={columns}
        query={query}
        search={listSearch}
        onSearchChange={setSearch}
        emptyText={`No ${kind.label.toLowerCase()} matches`}
        filters={[{ key: 'search', kind: 'search', placeholder: `Search ${kind.label.toLowerCase()}s` }]}
      />
      <Drawer
        opened={search.open !== undefined}
        onClose={() => setSearch({ open: undefined })}
        position="right"
        size="xl"
        title={`${kind.label} ${search.open ?? ''}`}
      >
        {search.open !== undefined ? (
          <RecordPanel kind={kind} id={search.open} closed={() => setSearch({ open: undefined })} />
        ) : null}
      </Drawer>
      <Drawer
        opened={creating}
        onClose={() => setCreating(false)}
        position="right"
        size="xl"
        title={`New ${kind.label.toLowerCase()}`}
      >
        {creating ? (
          <CreateRecordForm
            kind={kind}
            cancel={() => setCreating(false)}
            created={(record) => {
              setCreating(false);
              setSearch({ open: record.id });
            }}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
