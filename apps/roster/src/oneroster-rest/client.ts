import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_BASE_PATHS,
  ONE_ROSTER_COLLECTIONS,
  type OneRosterCollection,
  type OneRosterVersion,
  ROSTER_SCOPES,
  sinceFilter,
} from './collections';
import {
  OneRosterHttpError,
  OneRosterNetworkError,
  OneRosterRepeatedPageError,
  OneRosterResponseError,
  OneRosterTimeoutError,
  serverMessageOf,
} from './errors';
import { type OAuth1SignatureMethod, oauth1AuthorizationHeader, oauth1Parameters, percentEncode } from './oauth1';

/** One record as the information system sent it; the sync maps it, this adapter does not look inside. */
export type OneRosterRecord = Record<string, unknown>;

/** Time for the adapter: token expiry, OAuth 1 timestamps and the waits between retries. Tests move it. */
export interface OneRosterClock {
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: OneRosterClock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export type OneRosterAuth =
  | {
      /** OneRoster 1.1: every request signed with the consumer key and secret (two-legged OAuth 1.0a). */
      kind: 'oauth1';
      consumerKey: string;
      consumerSecret: string;
      signatureMethod?: OAuth1SignatureMethod;
    }
  | {
      /** OneRoster 1.2 (and some 1.1 vendors): an OAuth 2 client-credentials bearer token. */
      kind: 'oauth2';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      /** A vendor's own scope strings; the 1EdTech roster-core and roster-demographics ones by default. */
      scopes?: { core: string; demographics: string };
    };

export interface OneRosterClientOptions {
  /** The information system's origin, with any prefix the vendor mounts OneRoster under. */
  baseUrl: string;
  version: OneRosterVersion;
  auth: OneRosterAuth;
  /** Where the rostering service lives under `baseUrl`; the standard's path by default. */
  basePath?: string;
  fetch?: typeof fetch;
  clock?: OneRosterClock;
  /**
   * Records asked per page. 100 is the standard's default, which every server honours: a server
   * capping a larger limit lower would answer a page that looks short, and the pull would stop early.
   */
  pageSize?: number;
  /** One request's budget, body included. */
  timeoutMs?: number;
  /** Retries of a 429 or 503 before it becomes an error. */
  maxRetries?: number;
  /** A Retry-After longer than this is an error now rather than a wait (the job is retried later). */
  maxRetryWaitMs?: number;
}

export interface PullOptions {
  /** Only records modified after this instant (`dateLastModified>'…'`). */
  since?: Date;
  /** Resume a pull where an earlier one stopped. */
  startOffset?: number;
  signal?: AbortSignal;
}

export interface OneRosterPage {
  collection: OneRosterCollection;
  offset: number;
  records: OneRosterRecord[];
  /** Where the next page starts: offset plus what this page held, whatever `limit` was asked. */
  nextOffset: number;
  /** A short (or empty) page: the collection is done. */
  last: boolean;
}

export interface OneRosterClient {
  readonly version: OneRosterVersion;
  /** Page by page, for a sync that records its progress (`nextOffset`) to resume from. */
  pages(collection: OneRosterCollection, options?: PullOptions): AsyncIterable<OneRosterPage>;
  /** Record by record. */
  pull(collection: OneRosterCollection, options?: PullOptions): AsyncIterable<OneRosterRecord>;
}

const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_MAX_RETRY_WAIT_MS = 120_000;
const FIRST_BACKOFF_MS = 1_000;
const RETRIED_STATUSES = new Set([429, 503]);

export function createOneRosterClient(options: OneRosterClientOptions): OneRosterClient {
  const fetchImpl = options.fetch ?? fetch;
  const clock = options.clock ?? systemClock;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError('pageSize must be a positive integer');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const serviceRoot = `${options.baseUrl.replace(/\/+$/, '')}/${(options.basePath ?? DEFAULT_BASE_PATHS[options.version]).replace(/^\/+|\/+$/g, '')}`;

  /** One HTTP exchange under the timeout; the body is read inside it too. */
  async function exchange(
    url: string,
    init: RequestInit,
    what: string,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; headers: Headers; body: string }> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      // No redirects: an OAuth 1 signature is bound to the URL, and a bearer token must not follow one elsewhere.
      const response = await fetchImpl(url, { ...init, signal: combined, redirect: 'error' });
      const body = await response.text();
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new OneRosterTimeoutError(timeoutMs, what);
      throw new OneRosterNetworkError(what, networkReason(error));
    }
  }

  /** An exchange with the 429/503 retries: Retry-After when the server gives one, else 1 s, 2 s, 4 s … */
  async function withRetries(
    send: () => Promise<{ status: number; headers: Headers; body: string }>,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; headers: Headers; body: string }> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await send();
      if (!RETRIED_STATUSES.has(answer.status) || attempt >= maxRetries) return answer;
      const wait = retryAfterMs(answer.headers.get('retry-after'), clock.now()) ?? FIRST_BACKOFF_MS * 2 ** attempt;
      if (wait > maxRetryWaitMs) return answer;
      await clock.sleep(wait, signal);
    }
  }

  async function getJson(url: string, scope: string, what: string, signal: AbortSignal | undefined): Promise<unknown> {
    const send = async () =>
      exchange(url, { method: 'GET', headers: await authorizationHeaders(url, scope, signal) }, what, signal);
    let answer = await withRetries(send, signal);
    if (answer.status === 401 && tokens) {
      // A token the server stopped accepting before its expiry (revoked, server restarted): one fresh token, once.
      tokens.forget(scope);
      answer = await withRetries(send, signal);
    }
    if (answer.status < 200 || answer.status > 299) {
      throw new OneRosterHttpError(answer.status, serverMessageOf(answer.body), what);
    }
    try {
      return JSON.parse(answer.body);
    } catch {
      throw new OneRosterResponseError(`${what} answered HTTP ${answer.status} with a body that is not JSON`);
    }
  }

  async function authorizationHeaders(
    url: string,
    scope: string,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, string>> {
    const auth = options.auth;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth.kind === 'oauth1') {
      // A fresh nonce and timestamp per attempt: a retried request is a new request to the server.
      const parameters = oauth1Parameters('GET', new URL(url), auth, {
        timestamp: Math.floor(clock.now().getTime() / 1000),
        nonce: randomBytes(16).toString('hex'),
      });
      headers.authorization = oauth1AuthorizationHeader(parameters);
    } else if (tokens) {
      headers.authorization = `Bearer ${await tokens.get(scope, signal)}`;
    }
    return headers;
  }

  class TokenCache {
    readonly #entries = new Map<string, Promise<{ token: string; refreshAt: number }>>();
    constructor(readonly auth: Extract<OneRosterAuth, { kind: 'oauth2' }>) {}

    async get(scope: string, signal: AbortSignal | undefined): Promise<string> {
      const cached = this.#entries.get(scope);
      if (cached) {
        const entry = await cached;
        if (clock.now().getTime() < entry.refreshAt) return entry.token;
        if (this.#entries.get(scope) === cached) this.#entries.delete(scope);
      }
      const pending = this.#entries.get(scope) ?? this.#request(scope, signal);
      this.#entries.set(scope, pending);
      try {
        return (await pending).token;
      } catch (error) {
        if (this.#entries.get(scope) === pending) this.#entries.delete(scope);
        throw error;
      }
    }

    forget(scope: string): void {
      this.#entries.delete(scope);
    }

    async #request(scope: string, signal: AbortSignal | undefined): Promise<{ token: string; refreshAt: number }> {
      const what = 'OneRoster token request';
      const requestedAt = clock.now().getTime();
      // RFC 6749 §2.3.1: the client id and secret are form-encoded before they go into Basic.
      const basic = Buffer.from(
        `${percentEncode(this.auth.clientId)}:${percentEncode(this.auth.clientSecret)}`,
      ).toString('base64');
      const answer = await withRetries(
        () =>
          exchange(
            this.auth.tokenUrl,
            {
              method: 'POST',
              headers: {
                accept: 'application/json',
                authorization: `Basic ${basic}`,
                'content-type': 'application/x-www-form-urlencoded',
              },
              body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
            },
            what,
            signal,
          ),
        signal,
      );
      if (answer.status < 200 || answer.status > 299) {
        throw new OneRosterHttpError(answer.status, serverMessageOf(answer.body), what);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        throw new OneRosterResponseError(`${what} answered HTTP ${answer.status} with a body that is not JSON`);
      }
      const token = isObject(parsed) ? parsed.access_token : undefined;
      if (typeof token !== 'string' || token === '') {
        throw new OneRosterResponseError(`${what} answered without an access_token`);
      }
      const expiresIn = isObject(parsed) && typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600;
      // Refresh a little before the server's expiry (a tenth of the lifetime, at most a minute), so a
      // request never leaves with a token that lapses on the way.
      const lifetimeMs = expiresIn * 1000;
      return { token, refreshAt: requestedAt + lifetimeMs - Math.min(60_000, lifetimeMs / 10) };
    }
  }

  const tokens = options.auth.kind === 'oauth2' ? new TokenCache(options.auth) : null;

  function scopeFor(collection: OneRosterCollection): string {
    const scopes = (options.auth.kind === 'oauth2' ? options.auth.scopes : undefined) ?? ROSTER_SCOPES[options.version];
    return ONE_ROSTER_COLLECTIONS[collection].demographics ? `${scopes.core} ${scopes.demographics}` : scopes.core;
  }

  function pageUrl(collection: OneRosterCollection, offset: number, since: Date | undefined): string {
    // Built by hand with the RFC 3986 encoding the signature uses, so what is sent is what was signed.
    const query: Array<[string, string]> = [
      ['limit', String(pageSize)],
      ['offset', String(offset)],
    ];
    if (since) query.push(['filter', sinceFilter(since)]);
    const search = query.map(([name, value]) => `${name}=${percentEncode(value)}`).join('&');
    return `${serviceRoot}${ONE_ROSTER_COLLECTIONS[collection].path}?${search}`;
  }

  async function* pages(collection: OneRosterCollection, pullOptions: PullOptions = {}): AsyncIterable<OneRosterPage> {
    const { responseKey } = ONE_ROSTER_COLLECTIONS[collection];
    let offset = pullOptions.startOffset ?? 0;
    let previousFingerprint: string | null = null;
    for (;;) {
      const what = `OneRoster ${collection} page at offset ${offset}`;
      const body = await getJson(
        pageUrl(collection, offset, pullOptions.since),
        scopeFor(collection),
        what,
        pullOptions.signal,
      );
      const records = isObject(body) ? body[responseKey] : undefined;
      if (!Array.isArray(records) || !records.every(isObject)) {
        throw new OneRosterResponseError(`${what} has no ${responseKey} array of records`);
      }
      const fingerprint = records.length > 0 ? fingerprintOf(records) : null;
      if (fingerprint !== null && fingerprint === previousFingerprint) {
        throw new OneRosterRepeatedPageError(collection, offset);
      }
      previousFingerprint = fingerprint;
      // A server may send more than `limit`: advance by what came, and stop only on a short page.
      const last = records.length < pageSize;
      const nextOffset = offset + records.length;
      yield { collection, offset, records, nextOffset, last };
      if (last) return;
      offset = nextOffset;
    }
  }

  async function* pull(collection: OneRosterCollection, pullOptions: PullOptions = {}): AsyncIterable<OneRosterRecord> {
    for await (const page of pages(collection, pullOptions)) yield* page.records;
  }

  return { version: options.version, pages, pull };
}

/** Which records a page holds: their sourcedIds, or the records themselves where a vendor sends none. */
function fingerprintOf(records: OneRosterRecord[]): string {
  const hash = createHash('sha256');
  for (const record of records) {
    hash.update(typeof record.sourcedId === 'string' ? record.sourcedId : JSON.stringify(record));
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 §10.2.3), in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

function networkReason(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    // undici says only "fetch failed"; the reason (ECONNREFUSED, a redirect refused …) is in its cause.
    if (cause instanceof Error) {
      return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
    }
    return error.message;
  }
  return 'unknown error';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
