import type { ListEnvelope, OperationDefinition, ResourceContract } from '@colophon/contract';
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
import type { z } from 'zod';
import { type ApiError, downloadFile } from './api-client';
import { call } from './call';

/**
 * The query keys of one resource: `all / lists / list(query) / details / detail(id)`, under `scope`
 * when given (`['processing']`: every queue's keys start `['processing', 'queue_proofs']`).
 */
export function createQueryKeys<const Resource extends string>(resource: Resource, scope: readonly string[] = []) {
  const all = [...scope, resource] as const;
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

interface Fetchers<TRecord, TCreate, TUpdate> {
  list: (query: ListQuery, signal?: AbortSignal) => Promise<ListEnvelope<TRecord>>;
  get: (id: number, query?: ListQuery, signal?: AbortSignal) => Promise<TRecord>;
  create: (body: TCreate) => Promise<TRecord>;
  update: (id: number, body: TUpdate) => Promise<TRecord>;
  remove: (id: number) => Promise<TRecord>;
  exportCsv: (query: ListQuery) => Promise<void>;
}

/** The five operations and the export of a resource's contract, called through `call`. */
function contractFetchers<Contract extends ResourceContract>(
  contract: Contract,
): Fetchers<z.output<Contract['item']>, z.output<Contract['create']>, z.output<Contract['update']>> {
  const { operations } = contract;
  // The contract's item type is the record's; the loose `ResourceContract` cannot carry it through `call`.
  const send = <T>(operation: OperationDefinition, input: object, signal?: AbortSignal) =>
    call(operation, input, signal) as Promise<unknown> as Promise<T>;
  return {
    list: (query, signal) => send(operations.list, { query }, signal),
    get: (id, query, signal) => send(operations.get, { params: { id }, query }, signal),
    create: (body) => send(operations.create, { body }),
    update: (id, body) => send(operations.update, { params: { id }, body }),
    remove: (id) => send(operations.remove, { params: { id } }),
    exportCsv: (query) => downloadFile(operations.export.path, query, `${contract.name}.csv`),
  };
}

/**
 * The generic resource pattern of part 7 on the client: list, get, create, update and delete of
 * `/api/<resource>`, their query options and hooks, and the CSV export of the filtered list, with
 * the path and every type taken from the resource's contract (`createResource(manufacturersContract)`).
 */
export function createResource<Contract extends ResourceContract>(
  contract: Contract,
  options: { keyScope?: readonly string[] } = {},
): Resource<z.output<Contract['item']>, z.output<Contract['create']>, z.output<Contract['update']>> {
  return resourceHooks(contract.name, contractFetchers(contract), options.keyScope);
}

function resourceHooks<TRecord, TCreate, TUpdate>(
  resource: string,
  fetchers: Fetchers<TRecord, TCreate, TUpdate>,
  keyScope: readonly string[] = [],
) {
  const keys = createQueryKeys(resource, keyScope);

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
  typeof resourceHooks<TRecord, TCreate, TUpdate>
>;

/**
 * A resource whose records are named by another field (a coupon by its code, a store by its title):
 * each record answered carries `name` as well, which the list kit (links, drawers, delete questions,
 * 'saved' messages) shows.
 */
export function createNamedResource<Contract extends ResourceContract>(
  contract: Contract,
  nameOf: (record: z.output<Contract['item']>) => string,
) {
  type Named = z.output<Contract['item']> & { name: string };
  const fetchers = contractFetchers(contract);
  const named = (record: z.output<Contract['item']>): Named => Object.assign({}, record, { name: nameOf(record) });
  return resourceHooks<Named, z.output<Contract['create']>, z.output<Contract['update']>>(contract.name, {
    ...fetchers,
    list: async (query, signal) => {
      const page = await fetchers.list(query, signal);
      return { ...page, data: page.data.map(named) };
    },
    get: async (id, query, signal) => named(await fetchers.get(id, query, signal)),
    create: async (body) => named(await fetchers.create(body)),
    update: async (id, body) => named(await fetchers.update(id, body)),
    remove: async (id) => named(await fetchers.remove(id)),
  });
}
