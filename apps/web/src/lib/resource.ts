import type { ListEnvelope } from '@colophon/contract';
import type { Filters } from '@colophon/domain';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiError, api, downloadFile } from './api-client';

/** The query keys of one resource: `all / lists / list(query) / details / detail(id)`. */
export function createQueryKeys<const Resource extends string>(resource: Resource) {
  const all = [resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (query: object) => [...all, 'list', query] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number | string) => [...all, 'detail', id] as const,
  };
}
export type QueryKeys = ReturnType<typeof createQueryKeys>;

/**
 * A mutation that invalidates its resource (`keys.all`, and any extra keys) on success, before
 * the caller's own `onSuccess` runs: passing an `onSuccess` never loses the invalidation.
 */
export function useInvalidatingMutation<TData, TVariables>(
  invalidates: readonly QueryKey[],
  options: UseMutationOptions<TData, ApiError, TVariables>,
) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation<TData, ApiError, TVariables>({
    ...options,
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return onSuccess?.(...args);
    },
  });
}

export type MutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, ApiError, TVariables>,
  'mutationFn' | 'mutationKey'
>;

export type ListQuery = Filters;

/**
 * The generic resource pattern of part 7 on the client: list, get, create, update and delete of
 * `/api/<resource>`, their query options and hooks, and the CSV export of the filtered list.
 */
export function createResource<TRecord, TCreate, TUpdate = Partial<TCreate>>(resource: string) {
  const keys = createQueryKeys(resource);
  const path = `/${resource}`;

  const fetchers = {
    list: (query: ListQuery, signal?: AbortSignal) => api.get<ListEnvelope<TRecord>>(path, query, signal),
    get: (id: number, query?: ListQuery, signal?: AbortSignal) => api.get<TRecord>(`${path}/${id}`, query, signal),
    create: (body: TCreate) => api.post<TRecord>(path, body),
    update: (id: number, body: TUpdate) => api.put<TRecord>(`${path}/${id}`, body),
    remove: (id: number) => api.delete<TRecord>(`${path}/${id}`),
    exportCsv: (query: ListQuery) => downloadFile(`${path}/export`, query, `${resource}.csv`),
  };

  const listOptions = (query: ListQuery) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => fetchers.list(query, signal),
      placeholderData: keepPreviousData,
    });
  const detailOptions = (id: number, query?: ListQuery) =>
    queryOptions({
      queryKey: query ? [...keys.detail(id), query] : keys.detail(id),
      queryFn: ({ signal }) => fetchers.get(id, query, signal),
    });

  return {
    resource,
    keys,
    ...fetchers,
    listOptions,
    detailOptions,
    useList: (query: ListQuery) => useQuery(listOptions(query)),
    useDetail: (id: number | null, query?: ListQuery) =>
      useQuery({ ...detailOptions(id ?? 0, query), enabled: id !== null && id > 0 }),
    useCreate: (options: MutationOptions<TRecord, TCreate> = {}) =>
      useInvalidatingMutation<TRecord, TCreate>([keys.all], { ...options, mutationFn: fetchers.create }),
    useUpdate: (options: MutationOptions<TRecord, { id: number; body: TUpdate }> = {}) =>
      useInvalidatingMutation<TRecord, { id: number; body: TUpdate }>([keys.all], {
        ...options,
        mutationFn: ({ id, body }) => fetchers.update(id, body),
      }),
    useRemove: (options: MutationOptions<TRecord, number> = {}) =>
      useInvalidatingMutation<TRecord, number>([keys.all], { ...options, mutationFn: fetchers.remove }),
  };
}
export type Resource<TRecord, TCreate, TUpdate = Partial<TCreate>> = ReturnType<
  typeof createResource<TRecord, TCreate, TUpdate>
>;
