import {
  type ManufacturingPlant,
  manufacturingPlantCreateSchema,
  manufacturingPlantsContract,
} from '@colophon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { createResource } from '../../lib/resource';
import { jsonResponse, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { column, ResourcePage } from '.';
import type { resourceSearchSchema } from './route';

/** ResourcePage itself, on the plants' contract, its URL state kept in a test harness instead of a router. */

const plantsResource = createResource(manufacturingPlantsContract);
type Search = z.infer<ReturnType<typeof resourceSearchSchema<typeof manufacturingPlantsContract.urlSearch.shape>>>;

const beltsville: ManufacturingPlant = {
  id: 1,
  code: 'B',
  name: 'Beltsville',
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
};

function PlantsPage({ onSearch }: { onSearch: (search: Search) => void }) {
  const [search, setSearch] = useState<Search>({ code: undefined });
  const route = {
    useSearch: () => search,
    useNavigate: () => async (options: { search: (previous: Search) => Search }) => {
      const next = options.search(search);
      onSearch(next);
      setSearch(next);
    },
  };
  return (
    <ResourcePage
      contract={manufacturingPlantsContract}
      resource={plantsResource}
      route={route}
      label="Plants"
      emptyText="No plants yet"
      columns={[
        column.text('code', 'Code', { sortable: true }),
        column.link('name', 'Name'),
        column.dateTime('createdAt', 'Created'),
        column.remove(),
      ]}
      form={{
        schema: manufacturingPlantCreateSchema,
        fields: [
          { key: 'code', kind: 'text', label: 'Code', required: true, maxLength: 1 },
          { key: 'name', kind: 'text', label: 'Name', required: true },
        ],
        initialValues: (plant) => ({ code: plant?.code ?? '', name: plant?.name ?? '' }),
      }}
    />
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ path: new URL(String(input), 'http://localhost').pathname, body: init?.body }));

beforeEach(() => {
  signInAs(makeUser({ bSuperAdmin: true }));
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (method === 'POST')
      return jsonResponse({ ...beltsville, id: 2, ...JSON.parse(String(init?.body)) }, { status: 201 });
    if (path === '/api/manufacturing_plants')
      return jsonResponse({ data: [beltsville], total: 1, page: 1, perPage: 25 });
    return jsonResponse(beltsville);
  });
  configureApiClient({ fetch: fetchMock });
});
afterEach(() => resetApiClient());

describe('a resource page', () => {
  it('lists the records, with "New <noun>" (from the contract label) for whoever may write the resource', async () => {
    renderWithProviders(<PlantsPage onSearch={vi.fn()} />);
    const table = await screen.findByRole('table', { name: 'Plants' });
    expect(await within(table).findByRole('button', { name: 'Beltsville' })).toBeTruthy();
    expect(within(table).getByText('01/05/2026 6:00 AM')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New manufacturing plant' })).toBeTruthy();
  });

  it('shows no "New <noun>" to a user who may not write it', async () => {
    signInAs(makeUser({ role: 8 }));
    renderWithProviders(<PlantsPage onSearch={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Beltsville' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New manufacturing plant' })).toBeNull();
  });

  it('creates a record through the declared form', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<PlantsPage onSearch={onSearch} />);
    await userEvent.click(await screen.findByRole('button', { name: 'New manufacturing plant' }));
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ edit: 'new' }));
    const drawer = await screen.findByRole('dialog', { name: 'New manufacturing plant' });
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Code' }), 'P');
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Phoenix');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create manufacturing plant' }));
    expect(await screen.findByText('Phoenix is saved.')).toBeTruthy();
    expect(sent('POST')).toEqual([
      { path: '/api/manufacturing_plants', body: JSON.stringify({ code: 'P', name: 'Phoenix' }) },
    ]);
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ edit: undefined })));
  });

  it('opens a record from its name, loaded, and saves it', async () => {
    renderWithProviders(<PlantsPage onSearch={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Beltsville' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit manufacturing plant' });
    const name = await within(drawer).findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Beltsville');
    expect(sent('GET').map((request) => request.path)).toContain('/api/manufacturing_plants/1');
    await userEvent.type(name, ' East');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save manufacturing plant' }));
    await waitFor(() =>
      expect(sent('PUT')).toEqual([
        { path: '/api/manufacturing_plants/1', body: JSON.stringify({ code: 'B', name: 'Beltsville East' }) },
      ]),
    );
  });

  it('asks before it deletes a record', async () => {
    renderWithProviders(<PlantsPage onSearch={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Beltsville' }));
    const question = await screen.findByRole('dialog', { name: 'Delete manufacturing plant' });
    expect(within(question).getByText('Beltsville will be deleted. This cannot be undone.')).toBeTruthy();
    expect(sent('DELETE')).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE').map((request) => request.path)).toEqual(['/api/manufacturing_plants/1']));
    expect(await screen.findByText('Beltsville is deleted.')).toBeTruthy();
  });
});
