import {
  exportMoneyTimeline,
  listMoneyTimeline,
  type MoneyTimelineQuery,
  moneyTimelineSummary,
  operationPath,
} from '@colophon/contract';
import type { MoneyEventKind } from '@colophon/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../lib/api-client';
import { call } from '../../lib/call';

const moneyKey = (accountId: number) => ['money_timeline', accountId] as const;

/** A page of the account's money timeline, the previous page kept on screen while the next loads. */
export function useMoneyTimeline(accountId: number, query: MoneyTimelineQuery) {
  return useQuery({
    queryKey: [...moneyKey(accountId), 'list', query],
    queryFn: ({ signal }) => call(listMoneyTimeline, { params: { id: accountId }, query }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The account's figures over the range, with the balance at its end. */
export function useMoneySummary(accountId: number, range: { from?: string | undefined; to?: string | undefined }) {
  return useQuery({
    queryKey: [...moneyKey(accountId), 'summary', range],
    queryFn: ({ signal }) => call(moneyTimelineSummary, { params: { id: accountId }, query: range }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The whole filtered timeline as CSV (the list's rows, every page). */
export function downloadMoneyTimeline(
  accountId: number,
  query: {
    kind?: MoneyEventKind[] | undefined;
    from?: string | undefined;
    to?: string | undefined;
    sort?: string | undefined;
  },
) {
  return downloadFile(
    operationPath(exportMoneyTimeline.path, { id: accountId }),
    query,
    `money-timeline-${accountId}.csv`,
  );
}
