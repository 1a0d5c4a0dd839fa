import type { Walkthrough, WalkthroughStep } from '@colophon/domain';
import { useCallback } from 'react';
import { useSession } from '../../lib/session';
import { useRecordWalkthrough } from './api';
import { runWalkthrough } from './run';

/**
 * Starts a walkthrough with the steps that are on the page, and remembers for the user that it
 * was finished or ended. Not while impersonating: the tours are the impersonated user's, and a
 * non-privileged impersonator may not write (part 6).
 */
export function useStartWalkthrough() {
  const session = useSession();
  const impersonating = session?.impersonating ?? false;
  const { mutate: record } = useRecordWalkthrough();
  return useCallback(
    async (tour: Pick<Walkthrough, 'id' | 'title'>, steps: readonly WalkthroughStep[]) => {
      const outcome = await runWalkthrough(tour, steps);
      if (outcome && !impersonating) record({ tourId: tour.id, outcome });
      return outcome;
    },
    [impersonating, record],
  );
}
