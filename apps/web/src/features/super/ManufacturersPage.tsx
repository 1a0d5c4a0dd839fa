import { type Manufacturer, manufacturerCreateSchema, manufacturersContract } from '@colophon/contract';
import { Button, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { DataTable } from '../../components/data-table/DataTable';
import { QueryState } from '../../components/feedback/QueryState';
import { useConfirmedDelete } from '../../components/feedback/useConfirmedAction';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { FormActions } from '../../components/form/FormActions';
import { numberInputProps } from '../../components/form/numberInputProps';
import { numberSelectProps } from '../../components/form/selectProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { manufacturersResource, plantsResource } from './api';
import { manufacturerColumns } from './columns';

const route = getRouteApi('/admin/super/manufacturers');

function usePlantOptions() {
  const query = plantsResource.useList({ perPage: 100, sort: 'code' });
  const options = (query.data?.data ?? []).map((plant) => ({
    value: String(plant.id),
    label: `${plant.name} (${plant.code})`,
  }));
  return { query, options };
}

/** /admin/super/manufacturers: the printers, the plant each ships from, and their turn times. */
export function ManufacturersPage(): JSX.Element {
  const page = useListPage(route.useSearch(), route.useNavigate(), manufacturersResource, manufacturersContract, {
    include: ['plant'],
  });
  const { edit, list, closeDrawer } = page;
  const zone = useSession()?.user.timezone;
  const plants = usePlantOptions();
  const remove = manufacturersResource.useRemove();
  const deletion = useConfirmedDelete<Manufacturer>('manufacturer', remove.mutateAsync);

  return (
    <>
      <DataTable<Manufacturer>
        label="Manufacturers"
        columns={manufacturerColumns(zone, { edit: (record) => page.openDrawer(record.id), remove: deletion.ask })}
        query={page.query}
        search={list}
        onSearchChange={page.setSearch}
        emptyText="No manufacturers match these filters"
        onExport={page.exportCsv}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Code or name' },
          { key: 'plantId', kind: 'select', label: 'Plant', options: plants.options },
          { key: 'isActive', kind: 'boolean', label: 'Status', yes: 'Active', no: 'Inactive' },
        ]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => page.openDrawer('new')}>
            New manufacturer
          </Button>
        }
      />
      {deletion.dialog}
      <GuardedDrawer
        opened={edit !== undefined}
        onClose={closeDrawer}
        title={edit === 'new' ? 'New manufacturer' : 'Edit manufacturer'}
        position="right"
        size="md"
      >
        {edit === 'new' ? <ManufacturerForm plantOptions={plants.options} onDone={closeDrawer} /> : null}
        {typeof edit === 'number' ? (
          <EditManufacturer id={edit} plantOptions={plants.options} onDone={closeDrawer} />
        ) : null}
      </GuardedDrawer>
    </>
  );
}

function EditManufacturer({
  id,
  plantOptions,
  onDone,
}: {
  id: number;
  plantOptions: { value: string; label: string }[];
  onDone: () => void;
}) {
  const query = manufacturersResource.useDetail(id);
  return (
    <QueryState query={query}>
      {(manufacturer) => <ManufacturerForm manufacturer={manufacturer} plantOptions={plantOptions} onDone={onDone} />}
    </QueryState>
  );
}

/** The contract's body (with its turn-time rule); a plant not chosen yet says so in words. */
const formSchema = manufacturerCreateSchema.safeExtend({
  plantId: z.number().positive('Choose a plant').pipe(z.number().int()),
});

function ManufacturerForm({
  manufacturer,
  plantOptions,
  onDone,
}: {
  manufacturer?: Manufacturer;
  plantOptions: { value: string; label: string }[];
  onDone: () => void;
}) {
  const create = manufacturersResource.useCreate();
  const update = manufacturersResource.useUpdate();
  const schemaForm = useSchemaForm({
    schema: formSchema,
    method: manufacturer ? 'PUT' : 'POST',
    initialValues: {
      code: manufacturer?.code ?? '',
      name: manufacturer?.name ?? '',
      plantId: manufacturer?.plantId ?? Number(plantOptions[0]?.value ?? 0),
      turnTimeDays: manufacturer?.turnTimeDays ?? 10,
      expeditedTurnTimeDays: manufacturer?.expeditedTurnTimeDays ?? null,
      isActive: manufacturer?.isActive ?? true,
    },
    submit: (body) => (manufacturer ? update.mutateAsync({ id: manufacturer.id, body }) : create.mutateAsync(body)),
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: onDone,
  });
  const { form, onSubmit } = schemaForm;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={2}>
          <TextInput label="Code" required maxLength={8} {...form.getInputProps('code')} />
          <TextInput label="Name" required {...form.getInputProps('name')} />
        </SimpleGrid>
        <Select
          label="Plant"
          required
          data={plantOptions}
          allowDeselect={false}
          {...numberSelectProps(form, 'plantId')}
        />
        <SimpleGrid cols={2}>
          <NumberInput
            label="Turn time (business days)"
            required
            min={1}
            max={120}
            allowDecimal={false}
            {...numberInputProps(form, 'turnTimeDays')}
          />
          <NumberInput
            label="Expedited turn time (business days)"
            description="Empty: not offered"
            min={1}
            max={120}
            allowDecimal={false}
            {...numberInputProps(form, 'expeditedTurnTimeDays', { nullable: true })}
          />
        </SimpleGrid>
        <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
      </Stack>
      <FormActions
        schemaForm={schemaForm}
        submitLabel={manufacturer ? 'Save manufacturer' : 'Create manufacturer'}
        onCancel={onDone}
      />
    </form>
  );
}
