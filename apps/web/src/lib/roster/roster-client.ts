import { type Filters, normalizeRosterResponse, ROSTER_UNEXPECTED_MESSAGE, serializeFilters } from '@colophon/domain';
import { sessionStore } from '../session';
import { loadRosterBase } from './roster-base';
import { RosterError, rosterFailure } from './roster-error';

/**
 * The dashboard's client of the roster service (part 7 "Roster service", part 8). The roster has its
 * own base URL and its own session headers: `POST {base}/session` with the dashboard's bearer token
 * answers `{ headers }`, which every other roster call carries. This client
 * - opens that session on first use, one opening in flight whatever the number of callers;
 * - keeps its headers for the dashboard session they were opened with, and forgets them when that
 *   session changes (impersonation) or ends (sign-out);
 * - on a 401 reopens the session once and retries the call once (the roster session ended first);
 * - turns every failure into a `RosterError` by part 8's messages, and an empty answer into
 *   `{ status: 204, data: null }`;
 * - lets an abort through untouched, as fetch raised it, so callers tell a cancel from a failure.
 */

export interface RosterRequestOptions {
  query?: Filters | undefined;
  /** JSON, or a FormData / Blob / URLSearchParams sent as it is (a portrait upload, a bundle). */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** `'blob'` reads a successful answer as bytes (a portrait), which text would garble; failures read as usual. */
  read?: 'json' | 'blob' | undefined;
}

export interface RosterResponse<Data> {
  status: number;
  /** Null when the roster answered nothing (then the status is 204). */
  data: Data | null;
}

export interface RosterClient {
  get<Data = unknown>(path: string, options?: RosterRequestOptions): Promise<RosterResponse<Data>>;
  post<Data = unknown>(path: string, options?: RosterRequestOptions): Promise<RosterResponse<Data>>;
  put<Data = unknown>(path: string, options?: RosterRequestOptions): Promise<RosterResponse<Data>>;
  delete<Data = unknown>(path: string, options?: RosterRequestOptions): Promise<RosterResponse<Data>>;
}

export interface RosterClientOptions {
  /** The browser boundary; tests pass their own. */
  fetch?: typeof fetch;
  /** Where the roster is; by default learnt from the API once per page load. */
  loadBase?: () => Promise<string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The roster headers of one dashboard session, named by that session's bearer token. */
interface RosterSession {
  dashboardToken: string;
  headers: Record<string, string>;
}

/** Never leaves the browser: without a dashboard session there is nothing to open a roster session with. */
const NOT_SIGNED_IN = 'Sign in to use the roster';

export function createRosterClient(options: RosterClientOptions = {}): RosterClient {
  const send: typeof fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
  const loadBase = options.loadBase ?? loadRosterBase;
  let base: Promise<string> | null = null;
  let session: RosterSession | null = null;
  let opening: { dashboardToken: string; promise: Promise<RosterSession> } | null = null;
  let watching = false;

  /** Sign-out, or another token (impersonation started or ended): the roster headers are someone else's. */
  function watchDashboardSession(): void {
    if (watching) return;
    watching = true;
    sessionStore.subscribe(() => {
      const dashboardToken = sessionStore.get()?.token;
      if (session && session.dashboardToken !== dashboardToken) session = null;
      if (opening && opening.dashboardToken !== dashboardToken) opening = null;
    });
  }

  function rosterBase(): Promise<string> {
    base ??= loadBase().catch((error: unknown) => {
      base = null; // the next call asks again
      // A fetch that threw never got an answer; an answer that was an error is the "otherwise" case.
      throw rosterFailure(error instanceof TypeError ? { requestSent: true } : {}, error);
    });
    return base;
  }

  async function exchange(
    url: string,
    init: RequestInit,
    read: 'json' | 'blob' = 'json',
  ): Promise<RosterResponse<unknown>> {
    let response: Response;
    try {
      response = await send(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw rosterFailure({ requestSent: true }, error);
    }
    if (read === 'blob' && response.ok) {
      try {
        const blob = await response.blob();
        return blob.size === 0 ? { status: 204, data: null } : { status: response.status, data: blob };
      } catch (error) {
        if (init.signal?.aborted) throw error;
        throw rosterFailure({ requestSent: true }, error);
      }
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw rosterFailure({ requestSent: true }, error);
    }
    const json = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
    if (!response.ok) {
      throw rosterFailure({ response: { status: response.status, data: parseErrorBody(text, json) } }, response);
    }
    if (!json || text === '') return normalizeRosterResponse(response.status, text);
    try {
      return normalizeRosterResponse(response.status, JSON.parse(text) as unknown);
    } catch (error) {
      throw rosterFailure({}, error);
    }
  }

  async function openSession(dashboardToken: string, rosterBaseUrl: string): Promise<RosterSession> {
    const answer = await exchange(`${rosterBaseUrl}/session`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${dashboardToken}` },
    });
    const headers = sessionHeaders(answer.data);
    if (!headers)
      throw new RosterError({ statusCode: 500, message: ROSTER_UNEXPECTED_MESSAGE, data: answer.data }, null);
    return { dashboardToken, headers };
  }

  /** The roster session of this dashboard session: kept, being opened (joined), or opened now. */
  function rosterSession(dashboardToken: string, rosterBaseUrl: string): Promise<RosterSession> {
    if (session?.dashboardToken === dashboardToken) return Promise.resolve(session);
    if (opening?.dashboardToken === dashboardToken) return opening.promise;
    const promise: Promise<RosterSession> = openSession(dashboardToken, rosterBaseUrl).then(
      (opened) => {
        if (opening?.promise === promise) {
          opening = null;
          session = opened;
        }
        return opened;
      },
      (error: unknown) => {
        if (opening?.promise === promise) opening = null;
        throw error;
      },
    );
    opening = { dashboardToken, promise };
    return promise;
  }

  async function request<Data>(
    method: Method,
    path: string,
    { query, body, signal, read }: RosterRequestOptions = {},
  ): Promise<RosterResponse<Data>> {
    signal?.throwIfAborted();
    watchDashboardSession();
    const encoded = encodeBody(body);
    const rosterBaseUrl = await whileNotAborted(rosterBase(), signal);
    const search = serializeFilters(query);
    const url = `${rosterBaseUrl}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
    for (let attempt = 1; ; attempt += 1) {
      const dashboardToken = sessionStore.get()?.token;
      if (!dashboardToken) throw new RosterError({ statusCode: 401, message: NOT_SIGNED_IN, data: null }, null);
      const current = await whileNotAborted(rosterSession(dashboardToken, rosterBaseUrl), signal);
      try {
        const answer = await exchange(
          url,
          {
            method,
            headers: { Accept: read === 'blob' ? '*/*' : 'application/json', ...encoded.headers, ...current.headers },
            body: encoded.body,
            signal: signal ?? null,
          },
          read,
        );
        return answer as RosterResponse<Data>;
      } catch (error) {
        const sessionRefused = error instanceof RosterError && error.statusCode === 401;
        if (!sessionRefused || attempt > 1 || signal?.aborted) throw error;
        // Only these headers were refused: a session another call opened meanwhile is kept.
        if (session === current) session = null;
      }
    }
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** The dashboard's roster client: one roster session per dashboard session, for the whole page. */
export const rosterClient = createRosterClient();

function encodeBody(body: unknown): { body: BodyInit | null; headers: Record<string, string> } {
  if (body === undefined) return { body: null, headers: {} };
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return { body, headers: {} };
  let json: string;
  try {
    json = JSON.stringify(body);
  } catch (error) {
    // Nothing was sent: part 8's "otherwise".
    throw rosterFailure({}, error);
  }
  return { body: json, headers: { 'Content-Type': 'application/json' } };
}

/** An error body as data: JSON when it says so and is, else its text (part 8's plain-text body). */
function parseErrorBody(text: string, json: boolean): unknown {
  if (!json || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `{ headers: { 'X-Roster-Session': '…' } }`: string values only, at least one. */
function sessionHeaders(data: unknown): Record<string, string> | null {
  if (typeof data !== 'object' || data === null) return null;
  const headers = (data as { headers?: unknown }).headers;
  if (typeof headers !== 'object' || headers === null) return null;
  const entries = Object.entries(headers);
  if (entries.length === 0 || !entries.every(([, value]) => typeof value === 'string')) return null;
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * A shared step (learning the base, opening the session) awaited by one caller: that caller's abort
 * rejects it at once with the signal's own reason, while the step goes on for the others.
 */
function whileNotAborted<T>(shared: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return shared;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
