import type { ListEnvelope } from '@colophon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { ListSearch } from '../../lib/list-search';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn, type FilterSpec, type ListQueryState } from './DataTable';

interface Row {
  id: number;
  name: string;
  email: string;
}

const columns: DataTableColumn<Row>[] = [
  { accessor: 'name', title: 'Name', sortable: true, sortKey: 'lastName' },
  { accessor: 'email', title: 'Email', sortable: true },
];

function rows(count: number, offset = 0): Row[] {
  return Array.from({ length: count }, (_, index) => ({
    id: offset + index + 1,
    name: `Person ${offset + index + 1}`,
    email: `person${offset + index + 1}@school.test`,
  }));
}

function loaded(data: Row[], total = data.length, page = 1, perPage = 25): ListQueryState<Row> {
  const envelope: ListEnvelope<Row> = { data, total, page, perPage };
  return { data: envelope, error: null, isError: false, isFetching: false, isPending: false, refetch: vi.fn() };
}

function setup(props: { query: ListQueryState<Row>; search?: ListSearch; withExport?: boolean; withBulk?: boolean }) {
  const onSearchChange = vi.fn();
  const onExport = vi.fn(async () => {});
  const bulk = vi.fn();
  renderWithProviders(
    <DataTable<Row>
      label="People"
      columns={columns}
      query={props.query}
      search={props.search ?? {}}
      onSearchChange={onSearchChange}
      emptyText="No users match these filters"
      onExport={props.withExport ? onExport : undefined}
      bulkActions={
        props.withBulk
          ? (selected) => (
              <button type="button" onClick={() => bulk(selected.map((row) => row.id))}>
                Archive selected
              </button>
            )
          : undefined
      }
    />,
  );
  return { onSearchChange, onExport, bulk };
}

describe('DataTable', () => {
  it('shows the records in a table named by its label', () => {
    setup({ query: loaded(rows(3)) });
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByText('Person 2')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('asks for the next page through onSearchChange (server-side paging)', async () => {
    const { onSearchChange } = setup({ query: loaded(rows(25), 60) });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onSearchChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('drops page 1 from the URL when going back to the first page', async () => {
    const { onSearchChange } = setup({ query: loaded(rows(25, 25), 60, 2), search: { page: 2 } });
    await userEvent.click(screen.getByRole('button', { name: '1' }));
    expect(onSearchChange).toHaveBeenCalledWith({ page: undefined });
  });

  it('sorts by the column sort key, ascending first, and back to page 1', async () => {
    const { onSearchChange } = setup({ query: loaded(rows(3)), search: { page: 3 } });
    await userEvent.click(screen.getByText('Name'));
    expect(onSearchChange).toHaveBeenCalledWith({ sort: 'lastName', page: undefined });
  });

  it('reverses the current sort when its column is clicked again', async () => {
    const { onSearchChange } = setup({ query: loaded(rows(3)), search: { sort: 'email' } });
    await userEvent.click(screen.getByText('Email'));
    expect(onSearchChange).toHaveBeenCalledWith({ sort: '-email', page: undefined });
  });

  it('says so when no record matches', () => {
    setup({ query: loaded([]) });
    expect(screen.getByText('No users match these filters')).toBeTruthy();
  });

  it('does not claim emptiness while the first page is loading', () => {
    setup({
      query: { data: undefined, error: null, isError: false, isFetching: true, isPending: true, refetch: vi.fn() },
    });
    expect(screen.queryByText('No users match these filters')).toBeNull();
  });

  it('shows the reason of a failed load and retries on request', async () => {
    const refetch = vi.fn();
    setup({
      query: {
        data: undefined,
        error: new ApiError({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'You may not list users' }),
        isError: true,
        isFetching: false,
        isPending: false,
        refetch,
      },
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('You may not list users')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('exports the filtered list as CSV from the Export CSV button', async () => {
    const { onExport } = setup({ query: loaded(rows(2)), withExport: true });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('offers the bulk actions for the selected rows', async () => {
    const { bulk } = setup({ query: loaded(rows(3)), withBulk: true });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    const region = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(region).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(region).getByRole('button', { name: 'Archive selected' }));
    expect(bulk).toHaveBeenCalledWith([1, 3]);
  });
});

describe('DataTable declared filters', () => {
  /** A table of the declared `filters`, on the URL's `search`; answers what the table writes back. */
  function renderFilters(filters: FilterSpec[], search: Record<string, unknown> = {}) {
    const onSearchChange = vi.fn();
    renderWithProviders(
      <DataTable<Row>
        label="People"
        columns={columns}
        query={loaded(rows(1))}
        search={search as ListSearch}
        onSearchChange={onSearchChange}
        emptyText="No users match these filters"
        filters={filters}
      />,
    );
    return onSearchChange;
  }

  it('renders each declared filter from the URL, writes a change back to page 1, and clears them all at once', async () => {
    const onSearchChange = renderFilters(
      [
        { key: 'search', kind: 'search' },
        { key: 'role', kind: 'select', label: 'Role', options: [{ value: '2', label: 'Adviser' }] },
        { key: 'isActive', kind: 'boolean', label: 'Active' },
        { key: 'secret', kind: 'select', label: 'Hidden', options: [], hidden: true },
      ],
      { page: 3, isActive: true, role: [2] },
    );
    expect(screen.getByLabelText('Search')).toBeTruthy();
    expect(screen.getAllByLabelText('Active')[0]).toHaveProperty('value', 'Yes');
    expect(screen.queryByLabelText('Hidden')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({
      search: undefined,
      role: undefined,
      isActive: undefined,
      secret: undefined,
      page: undefined,
    });
  });

  it('offers no "Clear filters" while no declared filter is set', () => {
    renderFilters([{ key: 'search', kind: 'search' }]);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows flags as chips in one named group, each checked flag a key set to true, page 1', async () => {
    const onSearchChange = renderFilters(
      [
        {
          key: 'flags',
          kind: 'flags',
          label: 'Quick filters',
          flags: [
            { key: 'noProof', label: 'No proof' },
            { key: 'noOrder', label: 'No order' },
          ],
        },
      ],
      { page: 2, noProof: true },
    );
    const group = screen.getByRole('group', { name: 'Quick filters' });
    expect((within(group).getByRole('checkbox', { name: 'No proof' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(group).getByRole('checkbox', { name: 'No order' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ noProof: true, noOrder: true, page: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ noProof: undefined, noOrder: undefined, page: undefined });
  });

  /** A filter that always holds a value, which "Clear filters" leaves alone. */
  const keptPlant: FilterSpec = {
    key: 'plant',
    kind: 'select',
    label: 'Plant',
    single: true,
    options: [{ value: '3', label: 'Dallas' }],
    keep: true,
  };

  it('writes a single select as one number, and "Clear filters" keeps a kept filter', async () => {
    const years = [
      { value: '2026', label: '2026' },
      { value: '2025', label: '2025' },
    ];
    const onSearchChange = renderFilters(
      [
        keptPlant,
        { key: 'year', kind: 'select', label: 'Year', single: true, placeholder: 'Any year', options: years },
      ],
      { year: 2025, plant: 3 },
    );
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveProperty('value', '2025');
    await userEvent.click(screen.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(screen.getByRole('option', { name: '2026' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ year: 2026, page: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ year: undefined, page: undefined });
  });

  it('offers no "Clear filters" while only a kept filter is set', () => {
    renderFilters([keptPlant], { plant: 3 });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('narrows an account filter to its account types, and one not clearable keeps the picker’s own prompt', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ data: [], total: 0, page: 1, perPage: 50 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      renderFilters([
        {
          key: 'root',
          kind: 'account',
          label: 'Studio or branch office',
          single: true,
          accountTypes: [9, 10],
          clearable: false,
        },
      ]);
      const picker = screen.getByRole('combobox', { name: 'Studio or branch office' });
      expect(picker.getAttribute('placeholder')).toBe('Search by name or code');
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
      expect(url.searchParams.getAll('type[]')).toEqual(['9', '10']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
