import { getUpcomingSubmissions } from '@colophon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createQueryKeys } from '../../lib/resource';

/** The default of `GET projects/upcoming/submissions/{id}` (spec part 9). */
export const UPCOMING_DEFAULT_LIMIT = 50;

const upcomingKeys = createQueryKeys('upcoming_submissions');

export interface UpcomingQuery {
  accountId: number;
  limit: number;
  parentId?: number | undefined;
}

/** `GET projects/upcoming/submissions/{id}?limit&parentId`: the tree's coming deadlines, soonest first. */
export const upcomingSubmissionsOptions = ({ accountId, limit, parentId }: UpcomingQuery) =>
  queryOptions({
    queryKey: upcomingKeys.list({ accountId, limit, parentId }),
    queryFn: ({ signal }) =>
      call(getUpcomingSubmissions, { params: { id: accountId }, query: { limit, parentId } }, signal),
    placeholderData: keepPreviousData,
  });

export const useUpcomingSubmissions = (query: UpcomingQuery | null) =>
  useQuery({
    ...upcomingSubmissionsOptions(query ?? { accountId: 0, limit: UPCOMING_DEFAULT_LIMIT }),
    enabled: query !== null,
  });
