import type { Problem } from '@colophon/contract';
import {
  type Filters,
  INVALID_METHOD_MESSAGE,
  INVALID_STATE_MESSAGE,
  isMethodAllowedDuringImpersonation,
  permissionHashMatches,
  serializeFilters,
  shouldReloadForVersion,
} from '@colophon/domain';
import { sessionStore } from './session';

/**
 * The one fetch wrapper of the web app. Every call to the main API goes through `apiRequest`, which
 * - adds the bearer token of the stored session;
 * - cancels the request when the stored permission hash no longer matches the user (part 8) or when
 *   an impersonator uses a method other than GET or POST (part 6);
 * - serialises filters the spec's way (`key[]=a&key[]=b`, `include=a,b`, empty values dropped);
 * - reloads the page when the API's `X-Dashboard-Version` differs from this build (part 7);
 * - on 401 clears the session and sends the visitor to /login?redirect=<current path>;
 * - turns every problem+json answer into a typed `ApiError` carrying the field errors.
 */

export const API_BASE = '/api';
export const VERSION_HEADER = 'X-Dashboard-Version';
const VERSION_RELOAD_KEY = 'colophon.versionReload';

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  readonly errors: FieldError[];
  /** True when the client refused to send the request at all (parts 6 and 8). */
  readonly cancelled: boolean;

  constructor(problem: Problem, options: { cancelled?: boolean } = {}) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.code = problem.code;
    this.errors = (problem.errors ?? []).map((error) => ({
      path: normaliseFieldPath(error.path),
      message: error.message,
    }));
    this.cancelled = options.cancelled ?? false;
  }

  /** The first message per field, keyed by the form path (`email`, `preferences.0.email`). */
  get fieldErrors(): Record<string, string> {
    const byField: Record<string, string> = {};
    for (const error of this.errors) if (error.path && !(error.path in byField)) byField[error.path] = error.message;
    return byField;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A reason a person can read, for any error a call can end in. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail || error.title;
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}

/** `/body/email`, `body.email` and `email` all name the form field `email`. */
function normaliseFieldPath(path: string): string {
  return path
    .replace(/^\//, '')
    .replaceAll('/', '.')
    .replace(/^(body|query|params)\./, '');
}

function cancelledError(message: string): ApiError {
  return new ApiError({ type: 'about:blank', title: message, status: 403, detail: message }, { cancelled: true });
}

export interface ApiClientConfig {
  fetch: typeof fetch;
  reload: () => void;
  /** Where to send the visitor (full path with search) when the API says the session is gone. */
  navigate: (to: string) => void;
  currentPath: () => string;
}

const defaultConfig: ApiClientConfig = {
  fetch: (...args) => globalThis.fetch(...args),
  reload: () => window.location.reload(),
  navigate: (to) => window.location.assign(to),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
};

let config: ApiClientConfig = { ...defaultConfig };

export function configureApiClient(patch: Partial<ApiClientConfig>): void {
  config = { ...config, ...patch };
}

export function resetApiClient(): void {
  config = { ...defaultConfig };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: Filters | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

/** Parts 6 and 8: the checks made before anything leaves the browser. */
function assertMayRequest(method: HttpMethod): void {
  const session = sessionStore.get();
  if (!session) return;
  if (!permissionHashMatches(session.permissionHash, session.user.id, session.user.userPermission)) {
    throw cancelledError(INVALID_STATE_MESSAGE);
  }
  // The privileged ids live in the server's configuration; the session says whether ours is one.
  const privilegedUserIds =
    session.originalUserMayUseAllMethods && session.originalUser ? [session.originalUser.id] : [];
  if (
    session.impersonating &&
    !isMethodAllowedDuringImpersonation(method, session.originalUser?.id, privilegedUserIds)
  ) {
    throw cancelledError(INVALID_METHOD_MESSAGE);
  }
}

/** Part 7: a different dashboard version on the server reloads the page (once per version). */
function checkVersion(response: Response): void {
  const serverVersion = response.headers.get(VERSION_HEADER);
  if (!serverVersion || !shouldReloadForVersion(serverVersion)) return;
  try {
    if (sessionStorage.getItem(VERSION_RELOAD_KEY) === serverVersion) return;
    sessionStorage.setItem(VERSION_RELOAD_KEY, serverVersion);
  } catch {
    // Without session storage, reload anyway: the new build carries the new version.
  }
  config.reload();
}

function handleUnauthorized(): void {
  sessionStore.clear();
  const current = config.currentPath();
  if (current.startsWith('/login')) return;
  config.navigate(`/login?redirect=${encodeURIComponent(current)}`);
}

export function buildUrl(path: string, query?: Filters): string {
  const search = serializeFilters(query);
  const url = path.startsWith('/api/') ? path : `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  return search ? `${url}?${search}` : url;
}

async function readProblem(response: Response): Promise<Problem> {
  const fallback: Problem = {
    type: 'about:blank',
    title: response.statusText || `Request failed with status ${response.status}`,
    status: response.status,
  };
  const text = await response.text().catch(() => '');
  if (!text) return fallback;
  try {
    const body = JSON.parse(text) as Partial<Problem>;
    return {
      ...fallback,
      ...body,
      status: typeof body.status === 'number' ? body.status : response.status,
    };
  } catch {
    return { ...fallback, detail: text.slice(0, 500) };
  }
}

/** Sends a request and returns the raw response once it is known to be a success. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  assertMayRequest(method);
  const session = sessionStore.get();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (session?.token) headers.Authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await config.fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: body ?? null,
    signal: options.signal ?? null,
  });
  checkVersion(response);
  if (response.ok) return response;
  const problem = await readProblem(response);
  // Only the current session's refusal signs out: a request still under a token just replaced
  // (impersonation started or ended) may come back 401 and must not end the new session.
  if (response.status === 401 && session?.token && sessionStore.get()?.token === session.token) handleUnauthorized();
  throw new ApiError(problem);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  // A 202 may carry what was queued (an order move answers its job); an empty one reads as nothing.
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function fileNameFrom(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Downloads a file the API serves (CSV exports) with the bearer token, then saves it. */
export async function downloadFile(path: string, query: Filters | undefined, fallbackName: string): Promise<void> {
  const response = await apiFetch(path, { query, headers: { Accept: 'text/csv, */*' } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
