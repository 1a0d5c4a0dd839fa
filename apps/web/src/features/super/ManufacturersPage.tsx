import { manufacturerCreateSchema, manufacturersContract } from '@colophon/contract';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { column, ResourcePage } from '../../components/resource-page';
import { manufacturersResource, plantsResource } from './api';

const route = getRouteApi('/admin/super/manufacturers');

/** The contract's body (with its turn-time rule); a plant not chosen yet says so in words. */
const formSchema = manufacturerCreateSchema.safeExtend({
  plantId: z.number().positive('Choose a plant').pipe(z.number().int()),
});

const businessDays = (days: number | null) => (days === null ? 'Not offered' : `${days} business days`);
const turnTime = { kind: 'number', min: 1, max: 120, span: 1 } as const;

/** /admin/super/manufacturers: the printers, the plant each ships from, and their turn times. */
export function ManufacturersPage(): JSX.Element {
  const plants = plantsResource.useList({ perPage: 100, sort: 'code' });
  const plantOptions = (plants.data?.data ?? []).map((plant) => ({
    value: String(plant.id),
    label: `${plant.name} (${plant.code})`,
  }));
  return (
    <ResourcePage
      contract={manufacturersContract}
      resource={manufacturersResource}
      route={route}
      label="Manufacturers"
      include={['plant']}
      emptyText="No manufacturers match these filters"
      filters={[
        { key: 'search', kind: 'search', placeholder: 'Code or name' },
        { key: 'plantId', kind: 'select', label: 'Plant', options: plantOptions },
        { key: 'isActive', kind: 'boolean', label: 'Status', yes: 'Active', no: 'Inactive' },
      ]}
      columns={[
        column.text('code', 'Code', { sortable: true, width: 100 }),
        column.link('name', 'Name', { sortable: true }),
        { accessor: 'plant', title: 'Plant', render: ({ plant }) => (plant ? `${plant.name} (${plant.code})` : '—') },
        {
          accessor: 'turnTimeDays',
          title: 'Turn time',
          sortable: true,
          textAlign: 'right',
          render: (m) => businessDays(m.turnTimeDays),
        },
        {
          accessor: 'expeditedTurnTimeDays',
          title: 'Expedited',
          textAlign: 'right',
          render: (m) => businessDays(m.expeditedTurnTimeDays),
        },
        column.active('isActive', 'Status'),
        column.dateTime('createdAt', 'Created', { sortable: true }),
        column.remove(),
      ]}
      form={{
        schema: formSchema,
        fields: [
          { key: 'code', kind: 'text', label: 'Code', required: true, maxLength: 8, span: 1 },
          { key: 'name', kind: 'text', label: 'Name', required: true, span: 1 },
          { key: 'plantId', kind: 'select', label: 'Plant', required: true, options: plantOptions },
          { key: 'turnTimeDays', ...turnTime, label: 'Turn time (business days)', required: true },
          {
            key: 'expeditedTurnTimeDays',
            ...turnTime,
            label: 'Expedited turn time (business days)',
            description: 'Empty: not offered',
            nullable: true,
          },
          { key: 'isActive', kind: 'switch', label: 'Active' },
        ],
        initialValues: (manufacturer) => ({
          code: manufacturer?.code ?? '',
          name: manufacturer?.name ?? '',
          plantId: manufacturer?.plantId ?? Number(plantOptions[0]?.value ?? 0),
          turnTimeDays: manufacturer?.turnTimeDays ?? 10,
          expeditedTurnTimeDays: manufacturer?.expeditedTurnTimeDays ?? null,
          isActive: manufacturer?.isActive ?? true,
        }),
      }}
    />
  );
}
