import {
  type ManufacturingPlant,
  manufacturingPlantCreateSchema,
  manufacturingPlantsContract,
} from '@colophon/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { QueryState } from '../../components/feedback/QueryState';
import { useConfirmedDelete } from '../../components/feedback/useConfirmedAction';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { plantsResource } from './api';
import { plantColumns } from './columns';

const route = getRouteApi('/admin/super/manufacturing-plants');

/** /admin/super/manufacturing-plants: the printing plants (B Beltsville, P Phoenix, …). */
export function ManufacturingPlantsPage(): JSX.Element {
  const page = useListPage(route.useSearch(), route.useNavigate(), plantsResource, manufacturingPlantsContract);
  const { edit, list, closeDrawer } = page;
  const zone = useSession()?.user.timezone;
  const remove = plantsResource.useRemove();
  const deletion = useConfirmedDelete<ManufacturingPlant>('plant', remove.mutateAsync);

  return (
    <>
      <DataTable<ManufacturingPlant>
        label="Manufacturing plants"
        columns={plantColumns(zone, { edit: (plant) => page.openDrawer(plant.id), remove: deletion.ask })}
        query={page.query}
        search={list}
        onSearchChange={page.setSearch}
        emptyText="No plants match these filters"
        onExport={page.exportCsv}
        filters={[{ key: 'search', kind: 'search' }]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => page.openDrawer('new')}>
            New plant
          </Button>
        }
      />
      {deletion.dialog}
      <GuardedDrawer
        opened={edit !== undefined}
        onClose={closeDrawer}
        title={edit === 'new' ? 'New plant' : 'Edit plant'}
        position="right"
      >
        {edit === 'new' ? <PlantForm onDone={closeDrawer} /> : null}
        {typeof edit === 'number' ? <EditPlant id={edit} onDone={closeDrawer} /> : null}
      </GuardedDrawer>
    </>
  );
}

function EditPlant({ id, onDone }: { id: number; onDone: () => void }) {
  const query = plantsResource.useDetail(id);
  return <QueryState query={query}>{(plant) => <PlantForm plant={plant} onDone={onDone} />}</QueryState>;
}

function PlantForm({ plant, onDone }: { plant?: ManufacturingPlant; onDone: () => void }) {
  const create = plantsResource.useCreate();
  const update = plantsResource.useUpdate();
  const schemaForm = useSchemaForm({
    schema: manufacturingPlantCreateSchema,
    method: plant ? 'PUT' : 'POST',
    initialValues: { code: plant?.code ?? '', name: plant?.name ?? '' },
    submit: (body) => (plant ? update.mutateAsync({ id: plant.id, body }) : create.mutateAsync(body)),
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: onDone,
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Code"
          required
          maxLength={1}
          description="One capital letter"
          {...form.getInputProps('code')}
        />
        <TextInput label="Name" required {...form.getInputProps('name')} />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel={plant ? 'Save plant' : 'Create plant'} onCancel={onDone} />
    </form>
  );
}
