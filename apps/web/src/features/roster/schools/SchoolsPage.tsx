import { formatDateTime, rosterSyncActive, rosterSyncStatus, rosterSyncTone } from '@colophon/domain';
import type { District, mappingSchema, RosterJob, SchoolData, schoolSchema } from '@colophon/roster/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconPlus, IconRefresh } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { z } from 'zod';
import { AppLink } from '../../../components/AppLink';
import { AccountPicker } from '../../../components/account-picker/AccountPicker';
import { StackedCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { QueryState } from '../../../components/feedback/QueryState';
import { GuardedDrawer } from '../../../components/form/DirtyGuard';
import { FormActions } from '../../../components/form/FormActions';
import { FormError } from '../../../components/form/FormError';
import { numberSelectProps } from '../../../components/form/selectProps';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { userCan } from '../../../lib/access';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { listQuery } from '../../../lib/list-search';
import { useSession } from '../../../lib/session';
import { rosterCall, useRosterList, useRosterMutation, useRosterRecord, type Wire } from '../api';
import { ImportRoster } from '../ImportRoster';
import type { SchoolsSearch } from '../routes';

const route = getRouteApi('/admin/roster/schools');
const PATH = '/schools';
/** A district picker lists them all: a studio has a handful, never more than a page of 200. */
const ALL_DISTRICTS = { perPage: 200, sort: 'name' };
/** While a sync waits or runs its school's state is read again this often. */
const SYNC_POLL_MS = 2_000;

type School = Wire<z.infer<typeof schoolSchema>>;
type Mapping = z.infer<typeof mappingSchema>;

/** The districts as select options, by name. */
function useDistrictOptions() {
  const districts = useRosterList<District>('/districts', ALL_DISTRICTS);
  const options = (districts.data?.data ?? []).map((district) => ({
    value: String(district.id),
    label: district.name,
  }));
  const nameOf = (id: number | null) =>
    id === null ? null : (districts.data?.data.find((district) => district.id === id)?.name ?? `District ${id}`);
  return { options, nameOf };
}

function SyncBadge({ status }: { status: string }) {
  return (
    <Badge color={rosterSyncTone(status)} variant="light">
      {rosterSyncStatus.label(status)}
    </Badge>
  );
}

const countsText = (counts: School['syncCounts']) =>
  `${counts.added} added · ${counts.changed} changed · ${counts.removed} removed`;

/** /admin/roster/schools: the roster's schools with their sync state; sync, import, map and link them. */
export function SchoolsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const viewer = useSession()?.user;
  const zone = viewer?.timezone;
  const canManage = userCan(viewer, 'roster.manage');
  const { edit, ...list } = search;
  // A page with a sync waiting or running is read again until it ends.
  const query = useRosterList<z.infer<typeof schoolSchema>>(PATH, listQuery(list), {
    refetchInterval: (page) =>
      page?.data.some((school) => rosterSyncActive(school.syncStatus)) ? SYNC_POLL_MS : false,
  });
  const districts = useDistrictOptions();
  const setSearch = (patch: Partial<SchoolsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  const columns: DataTableColumn<School>[] = [
    {
      accessor: 'name',
      title: 'School',
      sortable: true,
      render: (school) => (
        <StackedCell note={school.accountName}>
          <Anchor component="button" type="button" onClick={() => setSearch({ edit: school.id })}>
            {school.name}
          </Anchor>
        </StackedCell>
      ),
    },
    { accessor: 'districtId', title: 'District', render: (school) => districts.nameOf(school.districtId) ?? '—' },
    {
      accessor: 'syncStatus',
      title: 'Sync',
      render: (school) => (
        <StackedCell note={school.syncError ?? countsText(school.syncCounts)}>
          <SyncBadge status={school.syncStatus} />
        </StackedCell>
      ),
    },
    {
      accessor: 'lastSyncAt',
      title: 'Last sync',
      sortable: true,
      render: (school) => (school.lastSyncAt ? formatDateTime(school.lastSyncAt, zone) : 'Never'),
    },
  ];

  const close = () => setSearch({ edit: undefined });
  return (
    <>
      <DataTable<School>
        label="Schools"
        columns={columns}
        query={query}
        search={list}
        onSearchChange={setSearch}
        emptyText={
          list.search || list.districtId
            ? 'No schools match these filters'
            : 'No roster schools yet: map a roster org to a dashboard account'
        }
        filters={[
          { key: 'search', kind: 'search', placeholder: 'School name' },
          { key: 'districtId', kind: 'select', label: 'District', options: districts.options, single: true },
        ]}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setSearch({ edit: 'new' })}>
              Map a school
            </Button>
          ) : null
        }
      />
      <GuardedDrawer
        opened={edit !== undefined}
        onClose={close}
        title={edit === 'new' ? 'Map a roster school' : 'School'}
        position="right"
        size="xl"
      >
        {edit === 'new' ? (
          <MappingForm onCancel={close} onDone={(schoolId) => setSearch({ edit: schoolId })} />
        ) : edit !== undefined ? (
          <SchoolDetail id={edit} canManage={canManage} />
        ) : null}
      </GuardedDrawer>
    </>
  );
}

/** A school's roster at a glance (`schools/{id}/data`), its sync, its district and its import. */
function SchoolDetail({ id, canManage }: { id: number; canManage: boolean }) {
  const zone = useSession()?.user.timezone;
  const data = useRosterRecord<SchoolData>(PATH, id, {
    url: `${PATH}/${id}/data`,
    refetchInterval: (current) => (current && rosterSyncActive(current.school.syncStatus) ? SYNC_POLL_MS : false),
  });
  return (
    <QueryState
      query={data}
      loadingLabel="Loading the school…"
      notFound={{ title: 'School not found', message: 'This school is not in your roster.' }}
    >
      {(glance) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {glance.school.name}
            </Title>
            <Text size="sm" c="dimmed">
              {glance.school.accountName} · OneRoster id {glance.school.sourcedId}
            </Text>
          </Stack>
          <SyncSection glance={glance} canManage={canManage} zone={zone} />
          <Divider />
          <PeopleSection glance={glance} />
          <Divider />
          <DistrictSection school={glance.school} canManage={canManage} />
          {canManage ? (
            <>
              <Divider />
              <Stack gap="xs">
                <Title order={3} size="h4">
                  Import a roster
                </Title>
                <ImportRoster target={{ schoolId: glance.school.id }} />
              </Stack>
            </>
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}

function SyncSection({
  glance,
  canManage,
  zone,
}: {
  glance: Wire<SchoolData>;
  canManage: boolean;
  zone: string | undefined;
}) {
  const { school } = glance;
  const [refusal, setRefusal] = useState<string | null>(null);
  const sync = useRosterMutation<Wire<RosterJob>, void>([PATH, '/queue-management/jobs'], {
    mutationFn: () => rosterCall('post', `${PATH}/${school.id}/sync`, { body: {} }),
    onSuccess: (job) =>
      notifications.show({ color: 'green', title: 'Sync queued', message: `Job ${job.id} pulls the school's roster.` }),
  });
  const active = rosterSyncActive(school.syncStatus);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Sync
        </Title>
        {canManage ? (
          <Button
            leftSection={<IconRefresh size={16} />}
            loading={sync.isPending}
            disabled={active}
            onClick={() => {
              setRefusal(null);
              // A 409 (one already waits or runs) and a school without configuration say so here.
              sync.mutate(undefined, { onError: (error) => setRefusal(errorMessage(error)) });
            }}
          >
            Sync now
          </Button>
        ) : null}
      </Group>
      <FormError message={refusal} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Group gap="xs">
          <Text size="sm">Status:</Text>
          <SyncBadge status={school.syncStatus} />
        </Group>
        <Text size="sm">Last sync: {school.lastSyncAt ? formatDateTime(school.lastSyncAt, zone) : 'never'}</Text>
        <Text size="sm">Last result: {countsText(school.syncCounts)}</Text>
        <Text size="sm">
          Schedule: {glance.syncSchedule} · configuration:{' '}
          {glance.configurationSource === 'none' ? 'none yet' : `the ${glance.configurationSource}'s`}
        </Text>
      </SimpleGrid>
      {school.syncError ? (
        <Alert color="red" variant="light" title="The last sync failed">
          {school.syncError}
        </Alert>
      ) : null}
      {glance.configurationSource === 'none' ? (
        <Text size="sm">
          <AppLink href={`/admin/roster/configurations?schoolId=${school.id}`}>
            Set up the school's OneRoster configuration
          </AppLink>
        </Text>
      ) : null}
      {glance.lastJob ? (
        <Text size="sm">
          Newest job:{' '}
          <AppLink href={`/admin/roster/jobs?edit=${glance.lastJob.id}`}>
            {glance.lastJob.kindLabel} {glance.lastJob.id} — {glance.lastJob.statusLabel}
          </AppLink>
        </Text>
      ) : null}
    </Stack>
  );
}

function PeopleSection({ glance }: { glance: Wire<SchoolData> }) {
  const { people, homerooms } = glance;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        People
      </Title>
      <Text size="sm">
        {people.total} active, {people.removed} removed ·{' '}
        {people.byRole.map((role) => `${role.count} ${role.label.toLowerCase()}`).join(', ')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Table aria-label="People by grade">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Grade</Table.Th>
              <Table.Th ta="right">People</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.byGrade.map((row) => (
              <Table.Tr key={row.grade ?? 'none'}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table aria-label="Students by homeroom">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Homeroom</Table.Th>
              <Table.Th ta="right">Students</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {homerooms.data.map((row) => (
              <Table.Tr key={row.homeroom}>
                <Table.Td>{row.homeroom}</Table.Td>
                <Table.Td ta="right">{row.students}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
      {homerooms.total > homerooms.data.length ? (
        <Text size="xs" c="dimmed">
          The first {homerooms.data.length} of {homerooms.total} homerooms.
        </Text>
      ) : null}
    </Stack>
  );
}

/** Link the school to one of the studio's districts, or take it out of its district. */
function DistrictSection({ school, canManage }: { school: School; canManage: boolean }) {
  const districts = useDistrictOptions();
  const [districtId, setDistrictId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const link = useRosterMutation<School, number | null>([PATH, '/districts'], {
    mutationFn: (next) =>
      next === null
        ? rosterCall('post', `${PATH}/${school.id}/unlink-district`)
        : rosterCall('post', `${PATH}/${school.id}/link-district`, { body: { districtId: next } }),
    onSuccess: (saved) => {
      setDistrictId(null);
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: saved.districtId === null ? `${saved.name} has no district now.` : `${saved.name} is linked.`,
      });
    },
  });
  const change = (next: number | null) => {
    setRefusal(null);
    link.mutate(next, { onError: (error) => setRefusal(errorMessage(error)) });
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        District
      </Title>
      <Text size="sm">{districts.nameOf(school.districtId) ?? 'Not in a district'}</Text>
      {canManage ? (
        <Group align="flex-end">
          <Select
            label="Link to district"
            placeholder="Choose a district"
            data={districts.options.filter((option) => option.value !== String(school.districtId))}
            value={districtId}
            onChange={setDistrictId}
            searchable
          />
          <Button
            variant="light"
            leftSection={<IconLink size={16} />}
            disabled={districtId === null}
            loading={link.isPending && link.variables !== null}
            onClick={() => change(Number(districtId))}
          >
            Link
          </Button>
          {school.districtId !== null ? (
            <Button
              variant="subtle"
              color="red"
              loading={link.isPending && link.variables === null}
              onClick={() => change(null)}
            >
              Unlink district
            </Button>
          ) : null}
        </Group>
      ) : null}
      <FormError message={refusal} />
    </Stack>
  );
}

/** One roster org mapped to a dashboard account (`PUT /mapping` with one row). */
const mappingFormSchema = z.object({
  sourcedId: z.string().trim().min(1, 'Enter the org sourcedId').max(255),
  name: z.string().trim().min(1, 'Enter a name').max(200),
  accountId: z.number().int().positive('Choose an account'),
  districtId: z.number().int().positive().nullable(),
});

/** The roster names a refused row's field `mappings.0.accountId`: this form's one row calls it `accountId`. */
function asOneRowError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError({
    type: 'about:blank',
    title: error.title,
    status: error.status,
    detail: error.detail,
    errors: error.errors.map((fieldError) => ({ ...fieldError, path: fieldError.path.replace(/^mappings\.0\./, '') })),
  });
}

function MappingForm({ onCancel, onDone }: { onCancel: () => void; onDone: (schoolId: number) => void }) {
  const districts = useDistrictOptions();
  const save = useRosterMutation<Mapping, z.infer<typeof mappingFormSchema>>([PATH, '/districts'], {
    mutationFn: (row) => rosterCall('put', '/mapping', { body: { mappings: [row] } }),
  });
  const schemaForm = useSchemaForm({
    schema: mappingFormSchema,
    initialValues: { sourcedId: '', name: '', accountId: 0, districtId: null as number | null },
    method: 'PUT',
    submit: async (body) => {
      try {
        const mapped = await save.mutateAsync(body);
        return mapped.find((row) => row.sourcedId === body.sourcedId) ?? null;
      } catch (error) {
        throw asOneRowError(error);
      }
    },
    successMessage: (row) => (row ? `${row.name} is mapped to ${row.accountName}.` : 'Saved.'),
    onSuccess: (row) => {
      if (row) onDone(row.schoolId);
    },
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          A school of the roster (an org of the school information system, named by its sourcedId) and the dashboard
          account its people belong to. An account has one roster school.
        </Text>
        <TextInput label="Org sourcedId" required {...form.getInputProps('sourcedId')} />
        <TextInput label="School name" required {...form.getInputProps('name')} />
        <AccountPicker
          label="Dashboard account"
          required
          value={form.getValues().accountId || null}
          onChange={(next) => form.setFieldValue('accountId', next ?? 0)}
          error={form.errors.accountId}
        />
        <Select label="District" clearable data={districts.options} {...numberSelectProps(form, 'districtId')} />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Map school" onCancel={onCancel} sticky={false} />
    </form>
  );
}
