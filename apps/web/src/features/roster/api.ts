import type { ListEnvelope } from '@colophon/contract';
import { DEFAULT_ROSTER_BASE, type Filters } from '@colophon/domain';
import {
  keepPreviousData,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { loadRosterBase, type RosterClient, RosterError, rosterClient } from '../../lib/roster';

/**
 * The roster area's data: every page talks to the roster service only through the roster client
 * (its own base URL and session headers, part 8's messages), with react-query keys under `['roster']`
 * so that a change invalidates exactly the roster's lists and records.
 */

/**
 * What a roster answer looks like in the browser: the contract's dates arrive as ISO strings (JSON),
 * so a screen reads `Wire<District>` rather than the service's `District`.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

/** `['roster', path, …]`: one key family per roster path, so a mutation invalidates its path's lists and records. */
export const rosterKeys = {
  all: ['roster'] as const,
  /** Everything read from one path: its lists and its records (`/districts`, `/schools`, `/queue-management/jobs`). */
  path: (path: string) => ['roster', path] as const,
  list: (path: string, query: Filters) => ['roster', path, 'list', query] as const,
  record: (path: string, id: number | string, query?: Filters) =>
    query
      ? (['roster', path, 'record', String(id), query] as const)
      : (['roster', path, 'record', String(id)] as const),
};

/** The roster client the hooks use; tests give one with their own fetch (`setRosterClient`). */
let client: RosterClient = rosterClient;
export function setRosterClient(next: RosterClient): void {
  client = next;
}
export function currentRosterClient(): RosterClient {
  return client;
}

/**
 * A roster refusal in the shape the one form pattern reads: a problem with field errors (a 400
 * naming `name`, `baseUrl` …) becomes an ApiError, so `useSchemaForm` puts each message on its field;
 * any other failure stays the RosterError, whose message is part 8's.
 */
export function asFormError(error: unknown): unknown {
  if (!(error instanceof RosterError) || typeof error.data !== 'object' || error.data === null) return error;
  const problem = error.data as { title?: unknown; errors?: unknown; code?: unknown };
  const errors = Array.isArray(problem.errors)
    ? problem.errors.filter(
        (entry): entry is { path: string; message: string } =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as { path?: unknown }).path === 'string' &&
          typeof (entry as { message?: unknown }).message === 'string',
      )
    : [];
  if (errors.length === 0) return error;
  return new ApiError({
    type: 'about:blank',
    title: typeof problem.title === 'string' ? problem.title : 'Bad Request',
    status: error.statusCode ?? 400,
    detail: error.message,
    ...(typeof problem.code === 'string' ? { code: problem.code } : {}),
    errors,
  });
}

/** Calls the roster and answers its data, failures turned into form errors where they name fields. */
export async function rosterCall<Data>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: { query?: Filters; body?: unknown; signal?: AbortSignal } = {},
): Promise<Data> {
  try {
    const answer = await client[method]<Data>(path, options);
    return answer.data as Data;
  } catch (error) {
    throw asFormError(error);
  }
}

/**
 * A roster list for the one DataTable: `GET path` with `page`, `perPage`, `sort` and filters in the
 * query, answering `{ data, total, page, perPage }`; the previous page stays on screen while the next loads.
 */
export function useRosterList<T>(
  path: string,
  query: Filters,
  options: { enabled?: boolean; refetchInterval?: (data: ListEnvelope<Wire<T>> | undefined) => number | false } = {},
) {
  const { refetchInterval } = options;
  return useQuery<ListEnvelope<Wire<T>>>({
    queryKey: rosterKeys.list(path, query),
    queryFn: ({ signal }) => rosterCall<ListEnvelope<Wire<T>>>('get', path, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: refetchInterval ? (current) => refetchInterval(current.state.data) : false,
  });
}

/** One roster record (`GET path/id`), or any roster read under `path` named by `id`; off while `id` is null. */
export function useRosterRecord<T>(
  path: string,
  id: number | string | null,
  options: {
    query?: Filters;
    /** The record's own path when it is not `path/id` (`/schools/7/data`). */
    url?: string;
    refetchInterval?: (data: Wire<T> | undefined) => number | false;
  } = {},
) {
  const { query, url, refetchInterval } = options;
  return useQuery<Wire<T>>({
    queryKey: rosterKeys.record(path, id ?? 0, query),
    queryFn: ({ signal }) =>
      rosterCall<Wire<T>>('get', url ?? `${path}/${id}`, { ...(query ? { query } : {}), signal }),
    enabled: id !== null && id !== '' && id !== 0,
    refetchInterval: refetchInterval ? (current) => refetchInterval(current.state.data) : false,
  });
}

/**
 * A roster change: `mutationFn` calls the roster (use `rosterCall`), and on success every key in
 * `invalidates` (roster paths, or whole keys) is refetched before the caller's own `onSuccess`.
 * Its error is an ApiError when the roster named fields (a form shows them on the fields), else a
 * RosterError with part 8's message (a 409 "already running" shows as it is).
 */
export function useRosterMutation<TData, TVariables>(
  invalidates: readonly (string | QueryKey)[],
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> & {
    mutationFn: (variables: TVariables) => Promise<TData>;
  },
) {
  const queryClient = useQueryClient();
  const { onSuccess, mutationFn } = options;
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: async (variables) => {
      try {
        return await mutationFn(variables);
      } catch (error) {
        throw asFormError(error);
      }
    },
    onSuccess: async (...args) => {
      await Promise.all(
        invalidates.map((key) =>
          queryClient.invalidateQueries({ queryKey: typeof key === 'string' ? rosterKeys.path(key) : key }),
        ),
      );
      return onSuccess?.(...args);
    },
  });
}

/** A file sent to the roster as multipart (`file` plus the ids it is for): a bundle import, a portrait. */
export function rosterForm(file: File | Blob, fields: Record<string, string | number | undefined> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  // The file last: a multipart reader sees the ids before the (possibly large) file.
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return form;
}

/**
 * A link the roster gives (`/roster/exports/…/download?…`, signed so the browser opens it without
 * the session headers) at the roster's own base: this origin's /roster, or ROSTER_URL's when the
 * roster runs as its own process.
 */
export function rosterDownloadHref(url: string, base: string): string {
  return url.startsWith(`${DEFAULT_ROSTER_BASE}/`) ? `${base}${url.slice(DEFAULT_ROSTER_BASE.length)}` : url;
}

/** `rosterDownloadHref` once the roster's base is known (learnt once per page); undefined until then. */
export function useRosterDownloadHref(url: string | null | undefined): string | undefined {
  const base = useQuery({
    queryKey: [...rosterKeys.all, 'base'],
    queryFn: () => loadRosterBase(),
    staleTime: Infinity,
  });
  return url && base.data ? rosterDownloadHref(url, base.data) : undefined;
}
