import { MAX_MARKS_PER_SYNC } from '@colophon/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { distributionKeys, sendMarks } from './api';
import { enqueueMark, type QueuedMark, readQueue, removeMarks, toSend } from './markQueue';

/** The longest wait between two tries while the network is gone or the server does not answer. */
const MAX_RETRY_MS = 30_000;

export type SyncState = 'idle' | 'syncing' | 'synced' | 'refused';

/** A refusal that no retry will change (bad input, another tenant's item): not the network. */
function refusedForGood(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/**
 * The phone's marks: queued in localStorage, sent at once when online, replayed when the network
 * comes back (the `online` event, and retries with a growing wait), the page's queries refreshed
 * after each answer.
 */
export function useMarkSync() {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedMark[]>(() => readQueue(localStorage));
  const [online, setOnline] = useState(() => navigator.onLine);
  const [state, setState] = useState<SyncState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useRef(false);
  const attempts = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(retryTimer.current);
    const batch = readQueue(localStorage).slice(0, MAX_MARKS_PER_SYNC);
    if (sending.current || batch.length === 0 || !navigator.onLine) return;
    sending.current = true;
    setState('syncing');
    let again = false;
    try {
      const answer = await sendMarks(toSend(batch));
      removeMarks(
        localStorage,
        answer.results.map((result) => result.clientMarkId),
      );
      attempts.current = 0;
      setProblem(null);
      setState('synced');
      again = readQueue(localStorage).length > 0;
      await queryClient.invalidateQueries({ queryKey: distributionKeys.all });
    } catch (error) {
      if (refusedForGood(error)) {
        // Kept, they would block every later mark: dropped, and the reason shown.
        removeMarks(
          localStorage,
          batch.map((mark) => mark.clientMarkId),
        );
        setProblem(errorMessage(error));
        setState('refused');
      } else {
        attempts.current += 1;
        setState('idle');
        retryTimer.current = setTimeout(
          () => void flush(),
          Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.min(attempts.current, 5)),
        );
      }
    } finally {
      sending.current = false;
      setQueue(readQueue(localStorage));
    }
    if (again) await flush();
  }, [queryClient]);

  useEffect(() => {
    const wentOnline = () => {
      setOnline(true);
      attempts.current = 0;
      void flush();
    };
    const wentOffline = () => setOnline(false);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    void flush();
    return () => {
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
      clearTimeout(retryTimer.current);
    };
  }, [flush]);

  const mark = useCallback(
    (itemId: number, handedOut: boolean, serverHandedOut: boolean) => {
      enqueueMark(localStorage, { itemId, handedOut, serverHandedOut }, new Date());
      setQueue(readQueue(localStorage));
      setState('idle');
      void flush();
    },
    [flush],
  );

  return { queue, online, state, problem, mark };
}
