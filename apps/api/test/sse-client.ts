import type { LiveEvent } from '@colophon/domain';

/** One message of a server-sent event stream (`event:` defaults to 'message'). */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * A reader of GET /api/events over real HTTP (fetch), as a test or a bench holds it: the messages so
 * far, a wait for one that matches, and close. Parses the SSE format (blank-line separated fields).
 */
export interface SseStream {
  status: number;
  contentType: string | null;
  messages: SseMessage[];
  /** The events (`data:` of 'message' messages) so far. */
  events(): LiveEvent[];
  /** Resolves with the first event (past or future) that matches; rejects after `timeoutMs`. */
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  options: { token?: string; lastEventId?: number; onEvent?: (event: LiveEvent, at: number) => void } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  const parseEvent = (message: SseMessage) => JSON.parse(message.data) as LiveEvent;
  const stream: SseStream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    messages,
    events: () => messages.filter((message) => message.event === 'message').map(parseEvent),
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = stream.events().find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms (${messages.length} messages)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => controller.abort(),
  };
  if (!response.body || response.status !== 200) {
    endedResolve();
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { id: undefined, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') message.id = text;
            else if (field === 'event') message.event = text;
            else if (field === 'data') {
              message.data = hasData ? `${message.data}\n${text}` : text;
              hasData = true;
            }
          }
          if (!hasData) continue;
          messages.push(message);
          if (message.event === 'message' && options.onEvent) options.onEvent(parseEvent(message), performance.now());
        }
        notify();
      }
    } catch {
      // aborted by close()
    } finally {
      endedResolve();
    }
  })();
  return stream;
}
