import { PARENT_ACCOUNT_TYPES, years } from '@colophon/domain';
import { Alert } from '@mantine/core';
import type { JSX } from 'react';
import { DataTable, type FilterSpec } from '../../components/data-table/DataTable';
import { listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { type OverviewRow, useOverview } from './api';
import { overviewColumns } from './columns';
import { type AccountsSearch, overviewFlags } from './search';

const yearOptions = [...years].reverse().map((year) => ({ value: String(year), label: String(year) }));

/** The overview's filters: the studio is always chosen, so "Clear filters" keeps it. */
const overviewFilters: FilterSpec[] = [
  {
    key: 'root',
    kind: 'account',
    label: 'Studio or branch office',
    single: true,
    accountTypes: PARENT_ACCOUNT_TYPES,
    clearable: false,
    keep: true,
    // Full width on a phone, where 400 px would be wider than the screen.
    w: { base: '100%', sm: 400 },
  },
  { key: 'year', kind: 'select', label: 'Year', single: true, placeholder: 'Any year', options: yearOptions, w: 130 },
  { key: 'search', kind: 'search', placeholder: 'School name or code' },
  { key: 'overviewFlags', kind: 'flags', label: 'Overview filters', flags: overviewFlags },
];

/** The overview's API query: the URL's page, size, sort and filters, without the page's other keys. */
export function overviewQuery(search: AccountsSearch) {
  const { page, perPage, sort, year, search: text } = search;
  const flags = Object.fromEntries(overviewFlags.map((flag) => [flag.key, search[flag.key]]));
  return listQuery({ page, perPage, sort, year, search: text, ...flags });
}

/**
 * The studio's overview of its schools (`account_summary_overview`): every filter of part 7 as a
 * control kept in the URL, server paging and sort, each row linking to the school's page.
 */
export function OverviewTable({
  search,
  rootId,
  onSearchChange,
}: {
  search: AccountsSearch;
  /** The studio or branch office whose schools are shown. */
  rootId: number | null;
  onSearchChange: (patch: Partial<AccountsSearch>) => void;
}): JSX.Element {
  const zone = useSession()?.user.timezone;
  const query = useOverview(rootId, overviewQuery(search));

  if (rootId === null) {
    return (
      <Alert color="blue" variant="light" title="No studio to show">
        Your account holds no schools, so there is no overview. Use “All accounts” to see the accounts you can reach.
      </Alert>
    );
  }

  // The picker shows the studio in use: the user's first one while the URL names none.
  const shown: AccountsSearch = { ...search, root: rootId };
  return (
    <DataTable<OverviewRow>
      label="Studio overview"
      columns={overviewColumns(zone)}
      query={query}
      search={shown}
      onSearchChange={onSearchChange}
      idAccessor="rowKey"
      emptyText="No schools match these filters"
      filters={overviewFilters}
    />
  );
}
