import { walkthroughsOf, walkthroughToStart } from '@colophon/domain';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSession } from '../../lib/session';
import { useDoneWalkthroughs } from './api';
import { useWalkthroughAutostart } from './preference';
import { isWalkthroughTargetPresent, waitForTargets } from './targets';
import { useStartWalkthrough } from './useStartWalkthrough';

/** How long a page's content may take to show a tour's targets before the tour starts with those present. */
const TARGETS_WAIT_MS = 2_000;

/**
 * Says on the document which page's walkthroughs were looked at (`data-walkthroughs-checked` on
 * <html>): from then on a tour has started or none will, a condition a test can wait for.
 */
function markChecked(pathname: string) {
  document.documentElement.dataset.walkthroughsChecked = pathname;
}

/**
 * Starts, once by itself, the first walkthrough of the page the user has neither finished nor
 * ended, when at least one of its targets is on the page (steps without theirs are skipped). One
 * a visit; none while impersonating, or when the browser's preference says off (help menu).
 */
export function WalkthroughAutostart(): null {
  const session = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const routeLoading = useRouterState({ select: (state) => state.isLoading });
  const [autostart] = useWalkthroughAutostart();
  const enabled = Boolean(session) && !session?.impersonating && autostart;
  const done = useDoneWalkthroughs(enabled);
  const start = useStartWalkthrough();
  const startedOn = useRef<string | null>(null);
  const doneIds = done.data;

  useEffect(() => {
    if (startedOn.current !== pathname) startedOn.current = null;
    if (!enabled || routeLoading || !doneIds || startedOn.current === pathname) return;
    const pending = walkthroughsOf(pathname).filter((tour) => !doneIds.has(tour.id));
    if (pending.length === 0) {
      markChecked(pathname);
      return;
    }
    const controller = new AbortController();
    const targets = pending.flatMap((tour) => tour.steps.map((step) => step.target));
    void waitForTargets(targets, TARGETS_WAIT_MS, controller.signal).then(() => {
      if (controller.signal.aborted) return;
      const next = walkthroughToStart(pathname, doneIds, isWalkthroughTargetPresent);
      markChecked(pathname);
      if (!next) return;
      startedOn.current = pathname;
      void start(next.tour, next.steps);
    });
    return () => controller.abort();
  }, [enabled, routeLoading, pathname, doneIds, start]);

  return null;
}
