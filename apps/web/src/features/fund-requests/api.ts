import {
  accountsContract,
  type FundOverviewAnswer,
  type FundRequest,
  type FundRequestComplete,
  type FundRequestCreate,
  fundRequestOperations,
} from '@colophon/contract';
import { type Filters, type FundRequestKind, fundRequestKinds } from '@colophon/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';

/** Each kind's resource (its list key, get, create and CSV export). */
export const fundRequestResourceOf = {
  presale: createResource(fundRequestOperations.presale.contract),
  summer: createResource(fundRequestOperations.summer.contract),
  sales_tax: createResource(fundRequestOperations.sales_tax.contract),
} satisfies Record<FundRequestKind, unknown>;

const overviewKey = (kind: FundRequestKind, accountId: number | null, year: number) =>
  [fundRequestResourceOf[kind].resource, 'overview', { accountId, year }] as const;

/**
 * The three kinds' overviews of one account and year, asked at once (part 7: "the three are called
 * in parallel"): a page shows its own kind in full and what the other two have available.
 */
export function useFundOverviews(accountId: number | null, year: number, enabled = true) {
  const results = useQueries({
    queries: fundRequestKinds.map((kind) => ({
      queryKey: overviewKey(kind, accountId, year),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(
          fundRequestOperations[kind].overview,
          { body: { ...(accountId === null ? {} : { accountId }), year } },
          signal,
        ),
      placeholderData: keepPreviousData,
      enabled,
    })),
  });
  return Object.fromEntries(fundRequestKinds.map((kind, index) => [kind, results[index]])) as Record<
    FundRequestKind,
    (typeof results)[number] & { data?: FundOverviewAnswer }
  >;
}

/**
 * The requests of a kind through `POST …/requested` with the page's filters as the body (part 7),
 * in the shape the list kit reads; the CSV export is the resource's.
 */
export function requestedListOf(kind: FundRequestKind) {
  const resource = fundRequestResourceOf[kind];
  return {
    useList: (query: Filters) =>
      useQuery({
        queryKey: [...resource.keys.all, 'requested', query],
        queryFn: ({ signal }) => call(fundRequestOperations[kind].requested, { body: bodyOf(query) }, signal),
        placeholderData: keepPreviousData,
      }),
    exportCsv: resource.exportCsv,
  };
}

/** The list's query as the POST body: values already typed by the URL schema, empty ones dropped. */
function bodyOf(query: Filters) {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Parameters<typeof call<(typeof fundRequestOperations)['presale']['requested']>>[1]['body'];
}

/** The accounts the person sees, at most two: one means the school the pages are about. */
export function useOnlyAccount() {
  return useQuery({
    queryKey: ['accounts', 'list', { perPage: 2, purpose: 'fund-requests' }],
    queryFn: ({ signal }) => call(accountsContract.operations.list, { query: { perPage: 2 } }, signal),
    select: (answer) => (answer.total === 1 ? (answer.data[0] ?? null) : null),
  });
}

export function useCreateFundRequest(kind: FundRequestKind) {
  const resource = fundRequestResourceOf[kind];
  return useInvalidatingMutation<FundRequest, FundRequestCreate>([resource.keys.all], {
    mutationFn: (body) =>
      call(fundRequestOperations[kind].contract.operations.create, { body }) as Promise<FundRequest>,
  });
}

export function useCompleteFundRequest(kind: FundRequestKind) {
  const resource = fundRequestResourceOf[kind];
  return useInvalidatingMutation<FundRequest, { id: number; body: FundRequestComplete }>([resource.keys.all], {
    mutationFn: ({ id, body }) => call(fundRequestOperations[kind].complete, { params: { id }, body }),
  });
}
