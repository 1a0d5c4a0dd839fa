import { formatDate } from '@colophon/domain';
import { type District, type districtAccountsSchema, districtCreateSchema } from '@colophon/roster/contract';
import { Anchor, Button, Divider, Menu, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { AppLink } from '../../../components/AppLink';
import { AccountPicker } from '../../../components/account-picker/AccountPicker';
import { RowActionsMenu } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../../components/data-table/DataTable';
import { QueryState } from '../../../components/feedback/QueryState';
import { useConfirmedDelete } from '../../../components/feedback/useConfirmedAction';
import { GuardedDrawer } from '../../../components/form/DirtyGuard';
import { FormActions } from '../../../components/form/FormActions';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { listQuery } from '../../../lib/list-search';
import { useSession } from '../../../lib/session';
import { rosterCall, useRosterList, useRosterMutation, useRosterRecord, type Wire } from '../api';
import { ImportRoster } from '../ImportRoster';
import type { DistrictsSearch } from '../routes';

const route = getRouteApi('/admin/roster/districts');
const PATH = '/districts';

type DistrictRow = Wire<District>;
type DistrictAccounts = z.infer<typeof districtAccountsSchema>;

/** /admin/roster/districts: a studio's districts; create, rename and delete them, see their schools, import a bundle. */
export function DistrictsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const zone = useSession()?.user.timezone;
  const { edit, ...list } = search;
  const query = useRosterList<District>(PATH, listQuery(list));
  const setSearch = (patch: Partial<DistrictsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  const remove = useRosterMutation<unknown, number>([PATH, '/schools'], {
    mutationFn: (id) => rosterCall('delete', `${PATH}/${id}`),
  });
  const confirmDelete = useConfirmedDelete<DistrictRow>('district', (id) => remove.mutateAsync(id), {
    message: (district) =>
      `${district.name} will be deleted. Its ${district.schoolCount} schools stay, without a district.`,
    onDone: () => setSearch({ edit: undefined }),
  });

  const columns: DataTableColumn<DistrictRow>[] = [
    {
      accessor: 'name',
      title: 'District',
      sortable: true,
      render: (district) => (
        <Anchor component="button" type="button" onClick={() => setSearch({ edit: district.id })}>
          {district.name}
        </Anchor>
      ),
    },
    { accessor: 'schoolCount', title: 'Schools', textAlign: 'right' },
    { accessor: 'sourcedId', title: 'OneRoster id', render: (district) => district.sourcedId ?? '—' },
    {
      accessor: 'createdAt',
      title: 'Created',
      sortable: true,
      render: (district) => formatDate(district.createdAt, zone),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (district) => (
        <RowActionsMenu name={district.name}>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setSearch({ edit: district.id })}>
            Rename
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete.ask(district)}>
            Delete
          </Menu.Item>
        </RowActionsMenu>
      ),
    },
  ];

  const close = () => setSearch({ edit: undefined });
  return (
    <>
      <DataTable<DistrictRow>
        label="Districts"
        columns={columns}
        query={query}
        search={list}
        onSearchChange={setSearch}
        emptyText={list.search ? 'No districts match this search' : 'No districts yet: add one to group its schools'}
        filters={[{ key: 'search', kind: 'search', placeholder: 'District name' }]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setSearch({ edit: 'new' })}>
            New district
          </Button>
        }
      />
      <GuardedDrawer
        opened={edit !== undefined}
        onClose={close}
        title={edit === 'new' ? 'New district' : 'District'}
        position="right"
        size="lg"
      >
        {edit === 'new' ? (
          <DistrictForm
            onDone={(district) => setSearch({ edit: district ? district.id : undefined })}
            onCancel={close}
          />
        ) : edit !== undefined ? (
          <DistrictDetail id={edit} onCancel={close} />
        ) : null}
      </GuardedDrawer>
      {confirmDelete.dialog}
    </>
  );
}

function DistrictDetail({ id, onCancel }: { id: number; onCancel: () => void }) {
  const district = useRosterRecord<District>(PATH, id);
  return (
    <QueryState query={district} loadingLabel="Loading the district…">
      {(record) => (
        <Stack gap="lg">
          <DistrictForm district={record} onDone={() => undefined} onCancel={onCancel} />
          <Divider />
          <DistrictSchools id={record.id} />
          <Divider />
          <Stack gap="xs">
            <Title order={3} size="h4">
              Import a roster for the district
            </Title>
            <ImportRoster target={{ districtId: record.id }} />
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}

/** The district's schools and the dashboard accounts they map to (`districts/{id}/accounts`). */
function DistrictSchools({ id }: { id: number }) {
  const accounts = useRosterRecord<DistrictAccounts>(PATH, `${id}/accounts`);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Schools
      </Title>
      <QueryState query={accounts} loadingLabel="Loading the district's schools…">
        {(rows) =>
          rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              No school is linked to this district yet. Link one from the schools page.
            </Text>
          ) : (
            <Table aria-label="District schools">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>OneRoster id</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.schoolId}>
                    <Table.Td>
                      <AppLink href={`/admin/roster/schools?edit=${row.schoolId}`}>{row.accountName}</AppLink>
                    </Table.Td>
                    <Table.Td>{row.sourcedId}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** The contract's create body; an empty OneRoster id is none. Renaming sends the name and id only. */
const districtFormSchema = districtCreateSchema.extend({
  sourcedId: z
    .string()
    .trim()
    .max(255)
    .transform((value) => value || null),
});

/** Create (with its studio) or rename a district. */
function DistrictForm({
  district,
  onDone,
  onCancel,
}: {
  district?: DistrictRow;
  onDone: (district: DistrictRow | null) => void;
  onCancel: () => void;
}) {
  const save = useRosterMutation<DistrictRow, Record<string, unknown>>([PATH], {
    mutationFn: (body) =>
      district ? rosterCall('put', `${PATH}/${district.id}`, { body }) : rosterCall('post', PATH, { body }),
  });
  const schemaForm = useSchemaForm({
    schema: districtFormSchema,
    initialValues: {
      name: district?.name ?? '',
      sourcedId: district?.sourcedId ?? '',
      studioAccountId: district?.studioAccountId ?? 0,
    },
    submit: ({ studioAccountId, ...fields }) => save.mutateAsync(district ? fields : { ...fields, studioAccountId }),
    method: district ? 'PUT' : 'POST',
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: (saved) => onDone(saved),
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        {district ? null : (
          <AccountPicker
            label="Studio"
            required
            value={Number(form.getValues().studioAccountId) || null}
            onChange={(next) => form.setFieldValue('studioAccountId', next ?? 0)}
            error={form.errors.studioAccountId}
          />
        )}
        <TextInput
          label="OneRoster id"
          description="The district's sourcedId in the school information system, when it has one"
          {...form.getInputProps('sourcedId')}
        />
      </Stack>
      <FormActions
        schemaForm={schemaForm}
        submitLabel={district ? 'Save' : 'Create district'}
        onCancel={onCancel}
        sticky={false}
      />
    </form>
  );
}
