import type { Permission } from '@colophon/domain';
import { z } from 'zod';
import {
  bigIdParam,
  bigIdParamsSchema,
  DEFAULT_PER_PAGE,
  idParam,
  idParamsSchema,
  idSchema,
  instantOrDateSchema,
  listEnvelopeSchema,
  listQuerySchema,
  MAX_PER_PAGE,
  queryBoolean,
  queryList,
  smallintParam,
  smallintSchema,
} from './common';
import { listSearchSchema, searchBoolean, searchId, searchList, searchNumberList, searchText } from './list-url';
import { defineOperation, type OperationDefinition } from './operation';

/**
 * One list filter, declared once, in its three forms: the API's GET query (strict, from a query
 * string), the POST-search body (strict, JSON) and the web app's URL (forgiving: a stale value is
 * dropped, never an error). `kind` tells the API's default condition: `in (…)` or `=`.
 */
export interface FilterSpec<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Url extends z.ZodType = z.ZodType,
> {
  kind: 'list' | 'one' | 'text';
  query: Query;
  body: Body;
  url: Url;
}

const spec = <Query extends z.ZodType, Body extends z.ZodType, Url extends z.ZodType>(
  kind: FilterSpec['kind'],
  query: Query,
  body: Body,
  url: Url,
): FilterSpec<Query, Body, Url> => ({ kind, query, body, url });

/** The filter kinds of part 7: `key[]=a&key[]=b` lists, one value, a yes/no, the search text. */
export const filter = {
  /** Any of these values (`code[]=B&code[]=P`); `item` parses one value from a query string. */
  list: <T extends z.ZodType>(item: T, options: { max?: number } = {}) =>
    spec(
      'list',
      queryList(item).optional(),
      z
        .array(item)
        .max(options.max ?? 100)
        .optional(),
      searchList(item),
    ),
  /** Any of these ids (`plantId[]=1&plantId[]=2`). */
  ids: (options: { max?: number } = {}) =>
    spec(
      'list',
      queryList(idParam).optional(),
      z
        .array(idSchema)
        .max(options.max ?? 5000)
        .optional(),
      searchNumberList,
    ),
  /** Any of these enumeration codes (`type[]=2&type[]=3`). */
  codes: (options: { max?: number } = {}) =>
    spec(
      'list',
      queryList(smallintParam).optional(),
      z
        .array(smallintSchema)
        .max(options.max ?? 50)
        .optional(),
      searchNumberList,
    ),
  /** Exactly this id (`parentAccountId=7`). */
  id: () => spec('one', idParam.optional(), idSchema.optional(), searchId),
  /** Yes or no (`isActive=true`, `isActive=1`). */
  boolean: () => spec('one', queryBoolean.optional(), z.boolean().optional(), searchBoolean),
  /** The text search of a `searchable` resource, or a text filter read another way (`filterBy`: a prefix). */
  text: (options: { max?: number } = {}) =>
    spec(
      'text',
      z
        .string()
        .trim()
        .max(options.max ?? 100)
        .optional(),
      z
        .string()
        .trim()
        .max(options.max ?? 100)
        .optional(),
      searchText,
    ),
  /** An instant or a bare London date (`createdFrom=2026-11-24`); the API reads it with `filterBy`. */
  instant: () =>
    spec(
      'one',
      instantOrDateSchema.optional(),
      instantOrDateSchema.optional(),
      instantOrDateSchema.optional().catch(undefined),
    ),
};
type TextFilter = ReturnType<typeof filter.text>;

type Filters = Record<string, FilterSpec>;
/** The declared filters, with `search` first when the resource is searchable. */
type AllFilters<F extends Filters, Searchable extends readonly string[]> = Searchable extends readonly []
  ? F
  : { search: TextFilter } & F;
type FormOf<F extends Filters, Form extends keyof FilterSpec> = { [K in keyof F]: F[K][Form] };

export type ResourceOperationName = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface ResourceParent {
  name: string;
  param: string;
  itemParam?: string;
}

export interface ResourceContractDefinition<
  Name extends string,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  F extends Filters,
  SortKey extends string,
  Searchable extends readonly string[],
  ListAll extends boolean = false,
> {
  /** The URL segment under /api and the OpenAPI tag: `manufacturing_plants`. */
  name: Name;
  /** 'Manufacturer': messages say 'Manufacturer 7 was not found.' */
  label: string;
  item: Item;
  create?: Create;
  update?: Update;
  filters: F;
  /** The sortable fields; `sort=field` or `sort=-field`, the id breaking ties. */
  sorts: readonly [SortKey, ...SortKey[]];
  defaultSort: SortKey | `-${SortKey}`;
  /** The item's fields the `search` text looks in (adds the `search` filter). */
  searchable?: Searchable;
  /** The names `include=` accepts (the POST-search body checks them; the API fills them). */
  includes?: readonly string[];
  /**
   * A resource under another (`/api/accounts/:accountId/addresses`): the parent's name, its id
   * parameter, and the child's own id parameter (default `id`; `childId` when the parent's is `id`).
   */
  parent?: ResourceParent;
  /** The list answers every row of the parent as `{ data }`, unpaged and without filters (a proof's comments). */
  listAll?: ListAll;
  /** Reading needs `read` (none: any signed-in user); writing needs `write`. */
  permission: { read?: Permission; write: Permission };
  /** The generic operations it offers (default: all five). */
  offers?: readonly ResourceOperationName[];
  /** Rows keyed by bigserial take ids up to 2^53 − 1 (queue rows, notifications). */
  bigIds?: boolean;
}

/** A list's filters, sorts and search, declared apart from its item (see `listUrlSearchOf`). */
export function defineListDeclaration<
  const F extends Filters,
  const SortKey extends string,
  const Searchable extends readonly string[] = readonly [],
>(list: {
  filters: F;
  sorts: readonly [SortKey, ...SortKey[]];
  defaultSort: SortKey | `-${SortKey}`;
  searchable?: Searchable;
}) {
  return list;
}

/**
 * A list's URL search for the web app (page, size, sort and every filter, forgiving stale values),
 * from its filters and sorts alone: a route table reads it without loading the item's schemas.
 */
export function listUrlSearchOf<
  const F extends Filters,
  const SortKey extends string,
  const Searchable extends readonly string[] = readonly [],
>(list: { filters: F; sorts: readonly [SortKey, ...SortKey[]]; searchable?: Searchable }) {
  const filters = {
    ...(list.searchable?.length ? { search: filter.text() } : {}),
    ...list.filters,
  } as AllFilters<F, Searchable>;
  const url = Object.fromEntries(Object.entries(filters as Filters).map(([key, value]) => [key, value.url])) as FormOf<
    AllFilters<F, Searchable>,
    'url'
  >;
  const sortValues: string[] = list.sorts.flatMap((key) => [key, `-${key}`]);
  // A sort the list does not offer (a stale bookmark) is dropped; the URL keeps it a plain string.
  const urlSort = z
    .string()
    .refine((value) => sortValues.includes(value))
    .optional()
    .catch(undefined);
  return listSearchSchema.extend({ sort: urlSort, ...url });
}

/**
 * A resource's contract, declared once: its item, bodies, filters, sorts and permissions. Derived
 * from it: the GET list query, the POST-search body, the web app's forgiving URL schema, the sort
 * enumeration, and the five operations that the API registers and the web app calls.
 */
export function defineResourceContract<
  const Name extends string,
  Item extends z.ZodType,
  const F extends Filters,
  const SortKey extends string,
  Create extends z.ZodType = z.ZodNever,
  Update extends z.ZodType = z.ZodNever,
  const Searchable extends readonly string[] = readonly [],
  const ListAll extends boolean = false,
>(definition: ResourceContractDefinition<Name, Item, Create, Update, F, SortKey, Searchable, ListAll>) {
  const { name, sorts, permission } = definition;
  const filters = {
    ...(definition.searchable?.length ? { search: filter.text() } : {}),
    ...definition.filters,
  } as AllFilters<F, Searchable>;
  const entries = Object.entries(filters as Filters);
  const form = <Form extends keyof FilterSpec>(which: Form) =>
    Object.fromEntries(entries.map(([key, value]) => [key, value[which]])) as FormOf<AllFilters<F, Searchable>, Form>;

  const sortValues = sorts.flatMap((key) => [key, `-${key}`]) as [SortKey | `-${SortKey}`, ...`-${SortKey}`[]];
  const sort = z.enum(sortValues);
  const listQuery = listQuerySchema(sorts).extend(form('query'));
  const searchBody = z.object({
    page: z.number().int().min(1).default(1),
    perPage: z.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: sort.optional(),
    include: z
      .array(definition.includes?.length ? z.enum(definition.includes as [string, ...string[]]) : z.string().max(40))
      .max(definition.includes?.length || 20)
      .optional(),
    ...form('body'),
  });
  const urlSearch = listUrlSearchOf<F, SortKey, Searchable>(definition);

  const base = definition.parent
    ? `/api/${definition.parent.name}/:${definition.parent.param}/${name}`
    : `/api/${name}`;
  const path = base as `/api/${string}`;
  const itemParam = definition.parent?.itemParam ?? 'id';
  const itemPath = `${base}/:${itemParam}` as `/api/${string}`;
  const ownId = definition.bigIds ? bigIdParam : idParam;
  const parentParams = definition.parent ? z.object({ [definition.parent.param]: idParam }) : undefined;
  const params = definition.parent
    ? z.object({ [definition.parent.param]: idParam, [itemParam]: ownId })
    : definition.bigIds
      ? bigIdParamsSchema
      : idParamsSchema;
  type ListResponse = ListAll extends true
    ? z.ZodObject<{ data: z.ZodArray<Item> }>
    : ReturnType<typeof listEnvelopeSchema<Item>>;
  const listResponse = (
    definition.listAll ? z.object({ data: z.array(definition.item) }) : listEnvelopeSchema(definition.item)
  ) as ListResponse;
  const include = z.object({ include: queryList(z.string().max(40)).optional() });
  const { item } = definition;
  const create = (definition.create ?? z.never()) as Create;
  const update = (definition.update ?? z.never()) as Update;
  const tags = [name];
  const operations = {
    list: defineOperation({
      method: 'GET',
      path,
      ...(parentParams ? { params: parentParams } : {}),
      ...(definition.listAll ? {} : { query: listQuery }),
      responses: { 200: listResponse },
      permission: permission.read,
      tags,
    }),
    export: defineOperation({
      method: 'GET',
      path: `${path}/export`,
      ...(parentParams ? { params: parentParams } : {}),
      query: listQuery,
      responses: { 200: z.string() },
      permission: permission.read,
      tags,
    }),
    get: defineOperation({
      method: 'GET',
      path: itemPath,
      params,
      query: include,
      responses: { 200: item },
      permission: permission.read,
      tags,
    }),
    create: defineOperation({
      method: 'POST',
      path,
      ...(parentParams ? { params: parentParams } : {}),
      body: create,
      responses: { 201: item },
      permission: permission.write,
      tags,
    }),
    update: defineOperation({
      method: 'PUT',
      path: itemPath,
      params,
      body: update,
      responses: { 200: item },
      permission: permission.write,
      tags,
    }),
    remove: defineOperation({
      method: 'DELETE',
      path: itemPath,
      params,
      responses: { 200: item, 204: z.null() },
      permission: permission.write,
      tags,
    }),
  };

  return {
    ...definition,
    create,
    update,
    filters,
    searchable: (definition.searchable ?? []) as Searchable,
    operations,
    /** The strict GET query of the list and the export. */
    listQuery,
    /** The same search as a JSON body (`POST …/search`), for filter sets too long for a URL. */
    searchBody,
    /** The web app's URL search schema: page, size, sort and every filter, forgiving stale values. */
    urlSearch,
    /** `code`, `-code`, …: the sort values the list accepts. */
    sort,
  };
}

/** Any resource contract: what `registerResource` and `createResource` take. */
export interface ResourceContract {
  name: string;
  label: string;
  item: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  filters: Record<string, FilterSpec>;
  sorts: readonly [string, ...string[]];
  defaultSort: string;
  searchable: readonly string[];
  includes?: readonly string[] | undefined;
  parent?: ResourceParent | undefined;
  listAll?: boolean | undefined;
  permission: { read?: Permission; write: Permission };
  offers?: readonly ResourceOperationName[] | undefined;
  bigIds?: boolean | undefined;
  listQuery: z.ZodType;
  searchBody: z.ZodType;
  urlSearch: z.ZodType;
  operations: Record<'list' | 'export' | 'get' | 'create' | 'update' | 'remove', OperationDefinition>;
}

/** The list's search body as `defineResourceContract` derives it, `search` included (a searchable resource). */
interface SearchBodyShape extends z.ZodRawShape {
  page: z.ZodType;
  perPage: z.ZodType;
  sort: z.ZodType;
  include: z.ZodType;
  search: z.ZodType;
}

/**
 * A resource's POST search (`POST accounts/get/get_accounts_post`): the list's search as a JSON body
 * and `ids` too (hundreds of ids, too many for a URL), answering the list's envelope.
 */
export function defineSearchOperation<
  Shape extends SearchBodyShape,
  Item extends z.ZodType,
  const Path extends `/api/${string}`,
>(
  contract: { name: string; item: Item; searchBody: z.ZodObject<Shape>; permission: { read?: Permission } },
  path: Path,
  summary: string,
) {
  const { page, perPage, sort, include, search, ...filters } = contract.searchBody.shape;
  const ids = z.array(idSchema).max(5000).optional();
  // TypeScript widens the keys taken apart from a generic shape; put back together, they are these.
  const body = z.object({ page, perPage, sort, include, search, ids, ...filters }) as z.ZodObject<
    Shape & { ids: typeof ids }
  >;
  return defineOperation({
    method: 'POST',
    path,
    body,
    responses: { 200: listEnvelopeSchema(contract.item) },
    permission: contract.permission.read,
    summary,
    tags: [contract.name],
  });
}
