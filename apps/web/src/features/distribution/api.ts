import {
  type DistributionMark,
  getDistributionCounts,
  getSalesForecast,
  listNotCollected,
  searchDistribution,
  syncDistributionMarks,
} from '@colophon/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';

export interface StoreKey {
  accountId: number;
  year: number;
}

export const distributionKeys = {
  all: ['distribution'] as const,
  search: (store: StoreKey, search: string) => ['distribution', 'search', store, search] as const,
  notCollected: (store: StoreKey) => ['distribution', 'not-collected', store] as const,
  counts: (store: StoreKey) => ['distribution', 'counts', store] as const,
};

export function useDistributionSearch(store: StoreKey | null, search: string) {
  return useQuery({
    queryKey: distributionKeys.search(store ?? { accountId: 0, year: 0 }, search),
    queryFn: ({ signal }) => call(searchDistribution, { query: { ...(store as StoreKey), search } }, signal),
    enabled: store !== null && search.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useNotCollected(store: StoreKey | null, enabled: boolean) {
  return useQuery({
    queryKey: distributionKeys.notCollected(store ?? { accountId: 0, year: 0 }),
    queryFn: ({ signal }) => call(listNotCollected, { query: store as StoreKey }, signal),
    enabled: store !== null && enabled,
  });
}

/** Items handed out and still to hand out; refreshed after every sync. */
export function useDistributionCounts(store: StoreKey | null) {
  return useQuery({
    queryKey: distributionKeys.counts(store ?? { accountId: 0, year: 0 }),
    queryFn: ({ signal }) => call(getDistributionCounts, { query: store as StoreKey }, signal),
    enabled: store !== null,
  });
}

export const sendMarks = (marks: DistributionMark[]) => call(syncDistributionMarks, { body: { marks } });

export function useSalesForecast(accountId: number | null | undefined, year: number | null | undefined) {
  return useQuery({
    queryKey: ['forecast', accountId, year],
    queryFn: ({ signal }) =>
      call(getSalesForecast, { query: { accountId: accountId as number, year: year as number } }, signal),
    enabled: Boolean(accountId && year),
    retry: false,
  });
}
