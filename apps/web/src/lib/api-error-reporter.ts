import { CLIENT_ERROR_MAX_BATCH, CLIENT_ERROR_MAX_MESSAGE, firstStackFrame } from '@colophon/domain';
import type { ErrorReport, ErrorReporter } from './error-reporter';
import { sessionStore } from './session';

/*
 * Part 8's reporter when no Sentry DSN is configured (issue 15): reports go to the API's own
 * `POST /api/client_errors`, in batches. It never throws and never reports its own failures (a
 * failed post is dropped and the next one waits longer), so an error in a loop cannot become a
 * loop of reports: the same fault is sent once per `dedupeMs`, and at most `maxPerMinute` reports
 * leave a page in a minute whatever happens.
 */

export const CLIENT_ERRORS_PATH = '/api/client_errors';

type Send = (body: string, token: string | null) => Promise<{ ok: boolean; status: number }>;

export interface ApiErrorReporterOptions {
  send?: Send;
  now?: () => number;
  /** Reports wait this long for others to go with them. */
  flushDelayMs?: number;
  /** The same message and first frame is sent again only after this long. */
  dedupeMs?: number;
  maxPerMinute?: number;
  schedule?: (run: () => void, delayMs: number) => void;
}

const defaultSend: Send = async (body, token) => {
  const response = await fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body,
    // A report sent as the page goes away still leaves.
    keepalive: true,
  });
  return { ok: response.ok, status: response.status };
};

export interface ApiErrorReporter extends ErrorReporter {
  /** Sends what is waiting now (tests, and the page going away). */
  flush(): Promise<void>;
}

export function createApiErrorReporter(options: ApiErrorReporterOptions = {}): ApiErrorReporter {
  const send = options.send ?? defaultSend;
  const now = options.now ?? Date.now;
  const flushDelayMs = options.flushDelayMs ?? 2000;
  const dedupeMs = options.dedupeMs ?? 60_000;
  const maxPerMinute = options.maxPerMinute ?? 30;
  const schedule = options.schedule ?? ((run, delayMs) => void setTimeout(run, delayMs));

  const waiting: ErrorReport[] = [];
  const lastSent = new Map<string, number>();
  let minuteStart = 0;
  let sentThisMinute = 0;
  let scheduled = false;
  /** After a failed post, nothing is sent before this instant (doubling up to five minutes). */
  let pausedUntil = 0;
  let pauseMs = 0;

  async function flush(): Promise<void> {
    scheduled = false;
    if (waiting.length === 0) return;
    const batch = waiting.splice(0, CLIENT_ERROR_MAX_BATCH);
    if (waiting.length > 0) later();
    if (now() < pausedUntil) return;
    try {
      const body = JSON.stringify({
        reports: batch.map((report) => ({
          message: report.message.slice(0, CLIENT_ERROR_MAX_MESSAGE),
          stack: report.stack.slice(0, 5000),
          ...(report.context ? { context: report.context.slice(0, 60) } : {}),
          url: report.url.slice(0, 2000),
        })),
      });
      const result = await send(body, sessionStore.get()?.token ?? null);
      if (result.ok) {
        pauseMs = 0;
        return;
      }
      pause();
    } catch {
      pause();
    }
  }

  function pause() {
    pauseMs = Math.min(Math.max(pauseMs * 2, 30_000), 300_000);
    pausedUntil = now() + pauseMs;
  }

  function later() {
    if (scheduled) return;
    scheduled = true;
    schedule(() => void flush(), flushDelayMs);
  }

  return {
    report(report) {
      try {
        const at = now();
        const key = `${report.message}\n${firstStackFrame(report.stack)}`;
        const previous = lastSent.get(key);
        if (previous !== undefined && at - previous < dedupeMs) return;
        if (at - minuteStart >= 60_000) {
          minuteStart = at;
          sentThisMinute = 0;
        }
        if (sentThisMinute >= maxPerMinute) return;
        sentThisMinute += 1;
        lastSent.set(key, at);
        if (lastSent.size > 500) lastSent.clear();
        waiting.push(report);
        later();
      } catch {
        // A reporter that throws would be reported: it never does.
      }
    },
    flush,
  };
}
