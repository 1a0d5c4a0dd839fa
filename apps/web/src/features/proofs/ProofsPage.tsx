import type { ListEnvelope, Proof } from '@colophon/contract';
import { DEFAULT_PER_PAGE } from '@colophon/contract';
import { internalProofStatus, proofStatus, years } from '@colophon/domain';
import { Button, Stack, Tabs, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable, type ListQueryState } from '../../components/data-table/DataTable';
import { userCan } from '../../lib/access';
import { listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { type ShortList, useProofList, useShortList } from './api';
import { proofColumns } from './columns';
import type { ProofsSearch } from './search';

const route = getRouteApi('/admin/proofs');

const yearOptions = [...years].reverse().map((year) => ({ value: String(year), label: String(year) }));

const lists: { value: ShortList | 'all'; label: string; description: string }[] = [
  { value: 'all', label: 'All proofs', description: '' },
  {
    value: 'ready_to_order',
    label: 'Ready to order',
    description: 'Projects whose latest proof is approved and that have no order yet.',
  },
  {
    value: 'resubmission_required',
    label: 'Resubmission required',
    description: 'Projects whose latest proof was rejected or is being sent again.',
  },
];

/**
 * A short list (at most 500 latest proofs, unsorted by the API) shown in the same table: the filters
 * the API does not take are applied here, and the pages are cut here.
 */
function useShortListTable(list: ShortList | null, search: ProofsSearch): ListQueryState<Proof> {
  const singleYear = search.year?.length === 1 ? search.year[0] : undefined;
  const query = useShortList(list, {
    ...(singleYear !== undefined ? { year: singleYear } : {}),
    ...(search.ancestorId ? { parentId: search.ancestorId } : {}),
  });
  const term = search.search?.toLowerCase();
  const kept = (query.data?.data ?? []).filter(
    (proof) =>
      (!search.year || search.year.includes(proof.year)) &&
      (!search.status || search.status.includes(proof.status)) &&
      (!search.internalStatus ||
        (proof.internalStatus !== null && search.internalStatus.includes(proof.internalStatus))) &&
      (!term || proof.projectName.toLowerCase().includes(term) || proof.accountName.toLowerCase().includes(term)),
  );
  const page = search.page ?? 1;
  const perPage = search.perPage ?? DEFAULT_PER_PAGE;
  const data: ListEnvelope<Proof> | undefined = query.data
    ? { data: kept.slice((page - 1) * perPage, page * perPage), total: kept.length, page, perPage }
    : undefined;
  return { ...query, data };
}

/** /admin/proofs: the proofs of the caller's accounts, filters in the URL; a row opens the proof. */
export function ProofsPage(): JSX.Element {
  const search = route.useSearch();
  const navigateRoute = route.useNavigate();
  const navigate = useNavigate();
  const viewer = useSession()?.user;
  const staff = userCan(viewer, 'proofs.internal');
  const canUpload = userCan(viewer, 'proofs.upload');

  const { list: shortList, ...filters } = search;
  // Nobody but staff filters by the plant's review (the API ignores it for the others too).
  const allowed = staff ? filters : { ...filters, internalStatus: undefined };
  const fullQuery = useProofList(listQuery(allowed), !shortList);
  const shortQuery = useShortListTable(shortList ?? null, allowed);
  const query = shortList ? shortQuery : fullQuery;

  const setSearch = (patch: Partial<ProofsSearch>) =>
    void navigateRoute({ search: (previous) => ({ ...previous, ...patch }) });
  const setFilter = (patch: Partial<ProofsSearch>) => setSearch({ ...patch, page: undefined });
  const filtersActive = Boolean(
    filters.search || filters.year || filters.status || allowed.internalStatus || filters.ancestorId,
  );
  const open = (proof: Proof) => void navigate({ to: '/admin/proofs/$proofId', params: { proofId: proof.id } });
  const current = lists.find((entry) => entry.value === (shortList ?? 'all')) ?? lists[0]!;

  return (
    <Stack gap="sm">
      <Tabs
        value={current.value}
        onChange={(next) => {
          const chosen = lists.find((entry) => entry.value === next);
          if (chosen) setFilter({ list: chosen.value === 'all' ? undefined : chosen.value, sort: undefined });
        }}
      >
        <Tabs.List aria-label="Which proofs">
          {lists.map((entry) => (
            <Tabs.Tab key={entry.value} value={entry.value}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current.description ? (
        <Text size="sm" c="dimmed">
          {current.description}
        </Text>
      ) : null}
      <DataTable<Proof>
        label="Proofs"
        columns={proofColumns({ showInternal: staff, zone: viewer?.timezone, sortable: !shortList })}
        query={query}
        search={filters}
        onSearchChange={setSearch}
        onRowClick={open}
        emptyText={
          filtersActive
            ? 'No proofs match these filters'
            : shortList === 'ready_to_order'
              ? 'No project is waiting to be ordered'
              : shortList === 'resubmission_required'
                ? 'No project needs to send its book again'
                : 'There are no proofs yet'
        }
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Project or account' },
          { key: 'year', kind: 'select', label: 'Year', options: yearOptions },
          { key: 'status', kind: 'select', label: 'Status', options: proofStatus.options() },
          {
            key: 'internalStatus',
            kind: 'select',
            label: 'Internal status',
            options: internalProofStatus.options(),
            hidden: !staff,
          },
          { key: 'ancestorId', kind: 'account', single: true },
        ]}
        actions={
          canUpload ? (
            <Button component={Link} to="/admin/upload" leftSection={<IconUpload size={16} />}>
              Upload Proof
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
