import type { ListEnvelope, UpcomingSubmission } from '@colophon/contract';
import { accountType, PARENT_ACCOUNT_TYPES } from '@colophon/domain';
import { Select, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { useAccountSearch } from '../../components/account-picker/api';
import { DataTable, type ListQueryState } from '../../components/data-table/DataTable';
import { EmptyState } from '../../components/feedback/QueryState';
import { userCan } from '../../lib/access';
import { useSession } from '../../lib/session';
import { UPCOMING_DEFAULT_LIMIT, useUpcomingSubmissions } from './api';
import { upcomingColumns } from './columns';
import { DeadlineLegend } from './DeadlineBadge';
import type { SubmissionStatusSearch } from './search';

const route = getRouteApi('/admin/submission_status');

/** Studios (9) and sales-rep or branch offices (10): the accounts that hold schools. */
const HOLDING_ACCOUNT_TYPES = [...PARENT_ACCOUNT_TYPES];

/**
 * /admin/submission_status: the submissions still to come across the user's account tree, soonest
 * first, each deadline coloured by the domain's warning, each project one click away.
 */
export function SubmissionStatusPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const accountId = search.accountId ?? session?.immediateAccounts[0]?.id ?? null;
  const limit = search.limit ?? UPCOMING_DEFAULT_LIMIT;
  const query = useUpcomingSubmissions(accountId ? { accountId, limit, parentId: search.parentId } : null);
  const branches = useAccountSearch('', accountId ? { type: HOLDING_ACCOUNT_TYPES, ancestorId: accountId } : {});
  const branchOptions = accountId
    ? (branches.data?.data ?? []).map((account) => ({
        value: String(account.id),
        label: `${account.name} (${account.code}) · ${accountType.label(account.type)}`,
      }))
    : [];

  const setSearch = (patch: Partial<SubmissionStatusSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  // The API answers a plain list (no total): shown as one page of the one table.
  const rows = query.data?.data ?? [];
  const listState: ListQueryState<UpcomingSubmission> = {
    data: query.data
      ? ({ data: rows, total: rows.length, page: 1, perPage: limit } as ListEnvelope<UpcomingSubmission>)
      : undefined,
    error: query.error,
    isError: query.isError,
    isFetching: query.isFetching,
    isPending: query.isPending,
    refetch: query.refetch,
  };

  if (!accountId) {
    return (
      <Stack gap="md">
        <AccountPicker
          label="Account"
          value={null}
          onChange={(next) => setSearch({ accountId: next ?? undefined })}
          w={{ base: '100%', sm: 360 }}
        />
        <EmptyState>Choose an account to see its upcoming submissions.</EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <DeadlineLegend />
      <DataTable<UpcomingSubmission>
        label="Upcoming submissions"
        idAccessor="projectId"
        columns={upcomingColumns({ linkProjects: userCan(session?.user, 'projects.view') })}
        query={listState}
        search={{ perPage: limit }}
        onSearchChange={(patch) => {
          if (patch.perPage) setSearch({ limit: patch.perPage === UPCOMING_DEFAULT_LIMIT ? undefined : patch.perPage });
        }}
        emptyText="No submissions are coming up: every active project has submitted, or none has a deadline."
        filters={
          <>
            <AccountPicker
              label="Account"
              description="Deadlines of this account and every account below it"
              required
              value={accountId}
              onChange={(next) => setSearch({ accountId: next ?? undefined, parentId: undefined })}
              w={{ base: '100%', sm: 420 }}
            />
            {branchOptions.length > 0 ? (
              <Select
                label="Schools under"
                description="Only the schools directly under one studio or office"
                placeholder="Any"
                data={branchOptions}
                value={search.parentId ? String(search.parentId) : null}
                onChange={(next) => setSearch({ parentId: next ? Number(next) : undefined })}
                clearable
                searchable
                w={{ base: '100%', sm: 340 }}
              />
            ) : null}
          </>
        }
      />
      {rows.length > 0 && rows.length >= limit ? (
        <Text size="sm" c="dimmed">
          {`Showing the ${limit} soonest deadlines. Choose more rows per page to see further ahead.`}
        </Text>
      ) : null}
    </Stack>
  );
}
