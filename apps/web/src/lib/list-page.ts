import type { ListEnvelope, ListSearch } from '@colophon/contract';
import type { Filters } from '@colophon/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { clearedFilters, filterQuery, filtersActive, listQuery } from './list-search';

type Edit = number | 'new' | undefined;

/** The route's navigate (`route.useNavigate()`), writing the search from the previous one. */
type Navigate<Search> = (options: { search: (previous: Search) => Search }) => Promise<void>;

/** What it needs of its resource (`createResource(presetsContract)`) and of its contract. */
interface ListResource<Item> {
  useList: (query: Filters) => UseQueryResult<ListEnvelope<Item>>;
  exportCsv: (query: Filters) => Promise<void>;
}

/**
 * The URL state of a resource's list page (`useListPage(route.useSearch(), route.useNavigate(), …)`): the list's search (page, size, sort and the
 * contract's filters) apart from the drawer's `edit`; `setSearch` for a change of page or sort and
 * `setFilter` for a filter (back to page 1); whether any filter is set, and clearing them all; the
 * page's query and the CSV export of the filtered set; opening and closing the record's drawer.
 */
export function useListPage<Search extends ListSearch & { edit?: Edit }, Item>(
  search: Search,
  navigate: Navigate<NoInfer<Search>>,
  resource: ListResource<Item>,
  contract: { filters: object },
  options: { include?: string[] } = {},
) {
  const { edit, ...list } = search;
  const setSearch = (patch: Partial<Search>) => void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  const setFilter = (patch: Partial<Search>) => setSearch({ ...patch, page: undefined });
  // The export names the same related records as the page, so its "Account" column reads as the table does.
  const includeQuery = options.include ? { include: options.include } : {};
  const query = resource.useList({ ...listQuery(list), ...includeQuery });
  return {
    edit,
    list,
    query,
    setSearch,
    setFilter,
    filtersActive: filtersActive(contract, list),
    clearFilters: () => setFilter(clearedFilters(contract) as Partial<Search>),
    exportCsv: () => resource.exportCsv({ ...filterQuery(list), ...includeQuery }),
    openDrawer: (next: number | 'new') => setSearch({ edit: next } as Partial<Search>),
    closeDrawer: () => setSearch({ edit: undefined } as Partial<Search>),
  };
}

/**
 * The search of a list inside another page (an account's tab): kept in the component, not the URL,
 * which is the page's. Spread into the `DataTable` as its `search` and `onSearchChange`.
 */
export function useLocalListSearch<Search extends ListSearch>(initial: Search) {
  const [search, setSearch] = useState<Search>(initial);
  const onSearchChange = (patch: Partial<Search>) => setSearch((previous) => ({ ...previous, ...patch }));
  return { search, onSearchChange };
}
