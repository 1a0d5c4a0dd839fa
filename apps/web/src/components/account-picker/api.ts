import { accountsContract } from '@colophon/contract';
import type { Filters } from '@colophon/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createQueryKeys } from '../../lib/resource';

/** Same keys as the accounts feature's resource, so its mutations refresh every picker too. */
const accountKeys = createQueryKeys('accounts');

/** Active accounts of the caller's tree matching a search, for pickers (first 50 by name). */
export function useAccountSearch(search: string, filters: Filters = {}, enabled = true) {
  return useQuery({
    queryKey: accountKeys.list({ search, picker: true, ...filters }),
    queryFn: ({ signal }) =>
      call(
        accountsContract.operations.list,
        { query: { search: search || undefined, perPage: 50, sort: 'name', isActive: 'true', ...filters } },
        signal,
      ),
    staleTime: 60_000,
    enabled,
  });
}

/** One account by id (a picker's label when the URL or a saved record names the account). */
export function useAccountById(accountId: number | null | undefined) {
  return useQuery({
    queryKey: accountKeys.detail(accountId ?? 0),
    queryFn: accountId
      ? ({ signal }) => call(accountsContract.operations.get, { params: { id: accountId }, query: {} }, signal)
      : skipToken,
    staleTime: 5 * 60_000,
  });
}
