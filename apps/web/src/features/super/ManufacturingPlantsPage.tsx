import { manufacturingPlantCreateSchema, manufacturingPlantsContract } from '@colophon/contract';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { column, ResourcePage } from '../../components/resource-page';
import { plantsResource } from './api';

const route = getRouteApi('/admin/super/manufacturing-plants');

/** /admin/super/manufacturing-plants: the printing plants (B Beltsville, P Phoenix, …). */
export function ManufacturingPlantsPage(): JSX.Element {
  return (
    <ResourcePage
      contract={manufacturingPlantsContract}
      resource={plantsResource}
      route={route}
      label="Manufacturing plants"
      noun="plant"
      emptyText="No plants match these filters"
      filters={[{ key: 'search', kind: 'search' }]}
      columns={[
        column.text('code', 'Code', { sortable: true, width: 90 }),
        column.link('name', 'Name', { sortable: true }),
        column.dateTime('createdAt', 'Created', { sortable: true }),
        column.remove(),
      ]}
      form={{
        schema: manufacturingPlantCreateSchema,
        fields: [
          { key: 'code', kind: 'text', label: 'Code', required: true, maxLength: 1, description: 'One capital letter' },
          { key: 'name', kind: 'text', label: 'Name', required: true },
        ],
        initialValues: (plant) => ({ code: plant?.code ?? '', name: plant?.name ?? '' }),
      }}
    />
  );
}
