import { PARENT_ACCOUNT_TYPES, years } from '@colophon/domain';
import { Alert, Chip, Group, Select, Stack } from '@mantine/core';
import type { JSX } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { DataTable } from '../../components/data-table/DataTable';
import { ClearFiltersButton, SearchFilter } from '../../components/data-table/FilterBar';
import { listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { type OverviewRow, useOverview } from './api';
import { overviewColumns } from './columns';
import { type AccountsSearch, overviewFilterKeys, overviewFlags } from './search';

const yearOptions = [...years].reverse().map((year) => ({ value: String(year), label: String(year) }));

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
  const setFilter = (patch: Partial<AccountsSearch>) => onSearchChange({ ...patch, page: undefined });
  const filtersActive = overviewFilterKeys.some((key) => key !== 'root' && search[key] !== undefined);
  const checked = overviewFlags.filter((flag) => search[flag.key]).map((flag) => flag.key);

  if (rootId === null) {
    return (
      <Alert color="blue" variant="light" title="No studio to show">
        Your account holds no schools, so there is no overview. Use “All accounts” to see the accounts you can reach.
      </Alert>
    );
  }

  return (
    <DataTable<OverviewRow>
      label="Studio overview"
      columns={overviewColumns(zone)}
      query={query}
      search={search}
      onSearchChange={onSearchChange}
      idAccessor="rowKey"
      emptyText="No schools match these filters"
      filters={
        <Stack gap="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <AccountPicker
              label="Studio or branch office"
              value={rootId}
              onChange={(root) => setFilter({ root: root ?? undefined })}
              filters={{ type: [...PARENT_ACCOUNT_TYPES] }}
              clearable={false}
              // Full width on a phone, where 400 px would be wider than the screen.
              w={{ base: '100%', sm: 400 }}
            />
            <Select
              label="Year"
              placeholder="Any year"
              data={yearOptions}
              value={search.year ? String(search.year) : null}
              onChange={(year) => setFilter({ year: year ? Number(year) : undefined })}
              clearable
              w={130}
            />
            <SearchFilter
              value={search.search}
              onChange={(text) => setFilter({ search: text })}
              placeholder="School name or code"
            />
          </Group>
          <Chip.Group
            multiple
            value={checked}
            onChange={(next) =>
              setFilter(
                Object.fromEntries(overviewFlags.map((flag) => [flag.key, next.includes(flag.key) || undefined])),
              )
            }
          >
            <Group gap={6} wrap="wrap" role="group" aria-label="Overview filters">
              {overviewFlags.map((flag) => (
                <Chip key={flag.key} value={flag.key} size="sm" variant="outline">
                  {flag.label}
                </Chip>
              ))}
              <ClearFiltersButton
                active={filtersActive}
                onClear={() =>
                  setFilter(
                    Object.fromEntries(
                      overviewFilterKeys.filter((key) => key !== 'root').map((key) => [key, undefined]),
                    ),
                  )
                }
              />
            </Group>
          </Chip.Group>
        </Stack>
      }
    />
  );
}
