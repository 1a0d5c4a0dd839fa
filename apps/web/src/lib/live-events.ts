import { type LiveEvent, liveEventTopics } from '@colophon/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userCan } from './access';
import { API_BASE } from './api-client';
import { useSession } from './session';

/**
 * The live event stream (GET /api/events, issue 15), one per tab: read with fetch (a bearer token
 * cannot go in EventSource's headers, and never in a URL), reconnecting with a growing wait and
 * resuming from the last event id, so a dropped connection loses nothing. Events come in order of
 * commit; a repeat (resuming re-reads a little) is dropped by id.
 */
export interface LiveEventsOptions {
  token: string;
  onEvent: (event: LiveEvent) => void;
  /** The server could not replay all that was missed: refresh everything shown. */
  onReset: () => void;
  fetch?: typeof fetch;
  /** Waits before reconnecting: 1 s, doubling to 30 s (reset by a stream that delivered). */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

const REMEMBERED_IDS = 2_000;

/** Opens the stream and keeps it open until the returned function is called. */
export function connectLiveEvents(options: LiveEventsOptions): () => void {
  const { token, onEvent, onReset } = options;
  const doFetch = options.fetch ?? fetch;
  const firstRetryMs = options.firstRetryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  let stopped = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: number | null = null;
  let retryMs = firstRetryMs;
  const seen = new Set<number>();

  const deliver = (event: LiveEvent) => {
    if (seen.has(event.id)) return;
    seen.add(event.id);
    if (seen.size > REMEMBERED_IDS) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    if (lastEventId === null || event.id > lastEventId) lastEventId = event.id;
    onEvent(event);
  };

  const handleBlock = (block: string) => {
    let name = 'message';
    let data = '';
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') {
        data = hasData ? `${data}\n${value}` : value;
        hasData = true;
      }
    }
    if (!hasData) return;
    if (name === 'reset') {
      onReset();
      return;
    }
    try {
      const event = JSON.parse(data) as LiveEvent;
      if (typeof event.id === 'number') deliver(event);
    } catch {
      // Not ours to read: skip it.
    }
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => void open(), retryMs);
    retryMs = Math.min(maxRetryMs, retryMs * 2);
  };

  const open = async () => {
    if (stopped) return;
    controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
    if (lastEventId !== null) headers['last-event-id'] = String(lastEventId);
    try {
      const response = await doFetch(`${API_BASE}/events`, { headers, signal: controller.signal });
      // Signed out or not allowed: the rest of the app deals with that; no retry storm.
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        retryMs = firstRetryMs;
        buffer += value.replaceAll('\r\n', '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          handleBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      if (stopped) return;
    }
    scheduleReconnect();
  };

  void open();
  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    controller?.abort();
  };
}

/** What a queue event makes stale: the queue's pages (`['processing', 'queue_proofs', …]`) and the workers'. */
export function queryKeysOf(event: LiveEvent): (readonly string[])[] {
  if (event.topic === 'queue' && event.queue) {
    return [['processing', event.queue], ['processor_statuses']];
  }
  return [];
}

/** Invalidations are gathered for this long, so a burst of changes refetches each list once. */
export const INVALIDATE_AFTER_MS = 200;

/** Marks the queries an event touches stale (active ones refetch), gathered per key over a short window. */
export function createInvalidator(queryClient: QueryClient, delayMs = INVALIDATE_AFTER_MS) {
  const pending = new Map<string, readonly string[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  };
  return {
    add(event: LiveEvent) {
      for (const key of queryKeysOf(event)) pending.set(JSON.stringify(key), key);
      if (pending.size > 0 && !timer) timer = setTimeout(flush, delayMs);
    },
    resetAll() {
      void queryClient.invalidateQueries();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}

/**
 * Keeps this tab's queries fresh from the live stream while someone who may hear a topic is signed in
 * (today: who may see the processing pages). Mounted once, in App.
 */
export function useLiveEvents(): void {
  const session = useSession();
  const queryClient = useQueryClient();
  const token = session?.token ?? null;
  const listens = Object.values(liveEventTopics).some((topic) => userCan(session?.user, topic.permission));
  useEffect(() => {
    if (!token || !listens) return;
    const invalidator = createInvalidator(queryClient);
    const disconnect = connectLiveEvents({
      token,
      onEvent: (event) => invalidator.add(event),
      onReset: () => invalidator.resetAll(),
    });
    return () => {
      disconnect();
      invalidator.cancel();
    };
  }, [token, listens, queryClient]);
}
