import type { LiveEvent } from '@colophon/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { connectLiveEvents, createInvalidator, queryKeysOf } from './live-events';

const queueEvent = (id: number, queue = 'queue_proofs'): LiveEvent => ({
  id,
  topic: 'queue',
  accountId: null,
  queue,
  jobId: id * 10,
  status: 3,
  from: 1,
});
const message = (event: LiveEvent) => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;

/** A fetch whose every call answers the next scripted stream (its chunks, then the end). */
function scriptedFetch(streams: { status?: number; chunks: string[] }[]) {
  const calls: { headers: Record<string, string> }[] = [];
  const fake = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ headers: { ...(init?.headers as Record<string, string>) } });
    const script = streams.shift() ?? { chunks: [] };
    if (script.status && script.status !== 200) return new Response(null, { status: script.status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of script.chunks) controller.enqueue(new TextEncoder().encode(chunk));
        if (streams.length > 0) controller.close();
        // The last scripted stream stays open (until the test disconnects).
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fake as unknown as typeof fetch, calls };
}

describe('connectLiveEvents', () => {
  it('delivers events, drops repeats, and resumes from the last id after a drop', async () => {
    const { fetch, calls } = scriptedFetch([
      // Split mid-message, with a heartbeat comment, as the network may cut it.
      {
        chunks: [
          `retry: 2000\n: open\n\n${message(queueEvent(1)).slice(0, 10)}`,
          `${message(queueEvent(1)).slice(10)}`,
          message(queueEvent(2)),
        ],
      },
      // The resumed stream repeats 2 (the server re-reads a little) and goes on.
      { chunks: [': heartbeat\n\n', message(queueEvent(2)), message(queueEvent(3))] },
    ]);
    const received: number[] = [];
    const disconnect = connectLiveEvents({
      token: 'tok',
      fetch,
      firstRetryMs: 1,
      onEvent: (event) => received.push(event.id),
      onReset: () => undefined,
    });
    await vi.waitFor(() => expect(received).toEqual([1, 2, 3]));
    disconnect();
    expect(calls[0]?.headers.authorization).toBe('Bearer tok');
    expect(calls[0]?.headers['last-event-id']).toBeUndefined();
    expect(calls[1]?.headers['last-event-id']).toBe('2');
  });

  it('refreshes everything on a reset and stops on 401 without retrying', async () => {
    const { fetch, calls } = scriptedFetch([{ chunks: ['event: reset\ndata: {}\n\n'] }, { status: 401, chunks: [] }]);
    const onReset = vi.fn();
    const disconnect = connectLiveEvents({ token: 'tok', fetch, firstRetryMs: 1, onEvent: () => undefined, onReset });
    await vi.waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    disconnect();
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['signed out (401)', 401],
    ['no longer allowed (403)', 403],
  ])('after the server ends a stream, reconnects once and stops for good when %s', async (_, status) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // The server ends the stream (its session ended or its role changed); the reopening is refused.
      const { fetch, calls } = scriptedFetch([
        { chunks: ['retry: 2000\n: open\n\n'] },
        { status, chunks: [] },
        { chunks: [message(queueEvent(9))] },
      ]);
      const onEvent = vi.fn();
      const disconnect = connectLiveEvents({ token: 'tok', fetch, onEvent, onReset: () => undefined });
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      await vi.runAllTimersAsync();
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      await vi.runAllTimersAsync();
      // No reconnect is pending and none was made: no loop against a refusal.
      expect(vi.getTimerCount()).toBe(0);
      expect(calls).toHaveLength(2);
      expect(onEvent).not.toHaveBeenCalled();
      disconnect();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('invalidation', () => {
  it.each([
    ['a queue event', queueEvent(1, 'queue_epubs'), [['processing', 'queue_epubs'], ['processor_statuses']]],
    [
      'a bulk queue event',
      { id: 2, topic: 'queue', accountId: null, queue: 'queue_moves', count: 50 },
      [['processing', 'queue_moves'], ['processor_statuses']],
    ],
    ['an unknown topic', { id: 3, topic: 'other', accountId: null }, []],
  ] as const)('%s marks its keys stale', (_, event, keys) => {
    expect(queryKeysOf(event)).toEqual(keys);
  });

  it('refetches each touched list once for a burst of changes', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const invalidator = createInvalidator(queryClient, 5);
    for (let id = 1; id <= 50; id++) invalidator.add(queueEvent(id));
    invalidator.add(queueEvent(51, 'queue_uploads'));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['processing', 'queue_proofs'],
      ['processor_statuses'],
      ['processing', 'queue_uploads'],
    ]);
  });
});
