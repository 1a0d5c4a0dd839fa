import { walkthroughOperations } from '@colophon/contract';
import type { WalkthroughOutcome } from '@colophon/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call';

const recordsKey = ['walkthroughs'] as const;

// Stable, so the set is made again only when the answer changes.
function doneIds(answer: { data: readonly { tourId: string }[] }): ReadonlySet<string> {
  return new Set(answer.data.map((record) => record.tourId));
}

/** The ids of the walkthroughs the signed-in user finished or ended (`enabled`: once there is a session). */
export function useDoneWalkthroughs(enabled: boolean) {
  return useQuery({
    queryKey: recordsKey,
    queryFn: ({ signal }) => call(walkthroughOperations.list, undefined, signal),
    select: doneIds,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Remembers a tour's outcome for the signed-in user. */
export function useRecordWalkthrough() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tourId, outcome }: { tourId: string; outcome: WalkthroughOutcome }) =>
      call(walkthroughOperations.record, { params: { tourId }, body: { outcome } }),
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKey }),
  });
}

/** Lets every walkthrough start by itself again. */
export function useResetWalkthroughs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(walkthroughOperations.reset),
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKey }),
  });
}
