import {
  type OperationDefinition,
  type OperationOutput,
  problemResponses,
  type ResourceContract,
} from '@colophon/contract';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  type ResourceChange,
  type ResourceContext,
  type ResourceDefinition,
  type ResourceParentDefinition,
  registerResource as registerDefinition,
} from './resource';
import { textSearch } from './search';

type TableWithId = PgTable & { id: AnyPgColumn };
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;
type CsvValue = string | number | boolean | null | undefined;

/**
 * A row as a resource's code sees it: the table's columns (`$inferSelect`), plus the item's other
 * fields, which `include=` fills (`plant` of a manufacturer).
 */
export type ResourceRow<Table extends TableWithId, Contract extends ResourceContract> = Table['$inferSelect'] &
  Partial<Omit<Output<Contract['item']>, keyof Table['$inferSelect']>>;

type ListQueryOf<Contract extends ResourceContract> = Output<Contract['listQuery']>;
type FilterKey<Contract extends ResourceContract> = keyof Contract['filters'] & keyof ListQueryOf<Contract>;

/** What the API adds to a resource's contract: its table, its tenant limit and what is special about it. */
export interface ResourceImplementation<
  Contract extends ResourceContract,
  Table extends TableWithId,
  Row = ResourceRow<Table, Contract>,
  Create = Output<Contract['create']>,
  Update = Output<Contract['update']>,
> {
  table: Table;
  /** The tenant limit: a condition that keeps the caller to their own rows (none: every row). */
  scope?: (context: ResourceContext) => SQL | undefined;
  /**
   * A nested resource (the contract's `parent`): the child's column holding the parent's id, and the
   * parent's visibility, checked first (throw the parent's 404). Hooks read the id with `parentIdOf`.
   */
  parent?: Pick<ResourceParentDefinition, 'column' | 'visible'>;
  /** A sort key that is not the column of the same name. */
  sortBy?: Partial<Record<Contract['sorts'][number], AnyPgColumn | SQL>>;
  /**
   * A filter that is not "the column of the same name is one of / equals the value"; `search`
   * defaults to the contract's `searchable` columns.
   */
  filterBy?: {
    [Key in FilterKey<Contract>]?: (
      value: NonNullable<ListQueryOf<Contract>[Key]>,
      query: ListQueryOf<Contract>,
    ) => SQL | undefined;
  };
  hooks?: {
    /** Extra related data for `include=<name>`, filled in for a page of rows at once. */
    includes?: Record<string, (rows: Row[], context: ResourceContext) => Promise<void>>;
    /** The item's fields that are not columns, filled in for every row answered (the author's name). */
    fill?: (rows: Row[], context: ResourceContext) => Promise<void>;
    /** Who may change or remove this row (its author…): throw `forbidden`; before an update and a delete. */
    authorize?: (existing: Row, context: ResourceContext) => void;
    /** After a create, an update or a delete (a history line). */
    changed?: (change: ResourceChange, row: Row, context: ResourceContext) => Promise<void>;
    /** Checks that need the database (references, cross-field rules); throw `invalidField`. */
    validate?: (input: Partial<Create & Update>, context: ResourceContext, existing?: Row) => Promise<void>;
    /** Replace the plain insert / update / delete when the resource does more. */
    create?: (input: Create, context: ResourceContext) => Promise<Row>;
    update?: (existing: Row, input: Update, context: ResourceContext) => Promise<Row | undefined>;
    remove?: (existing: Row, context: ResourceContext) => Promise<Row | null>;
  };
  csv: { header: string; value: (row: Row) => CsvValue }[];
  /** Millions of rows (orders): each page reads its ids from the sort's index first, and counts alone. */
  large?: boolean;
}

/** The table's column of this name; a declared filter, sort or search field without one fails at start-up. */
export function columnOf(table: TableWithId, contract: ResourceContract, key: string): AnyPgColumn {
  const column = (table as unknown as Record<string, unknown>)[key];
  if (!column || typeof column !== 'object' || !('columnType' in column)) {
    throw new Error(`${contract.name}: "${key}" is not a column of the table; declare how to read it`);
  }
  return column as AnyPgColumn;
}

/** The engine's definition of a contract's resource: filters, sorts and search from the declarations. */
function definitionOf<Contract extends ResourceContract, Table extends TableWithId>(
  contract: Contract,
  implementation: ResourceImplementation<Contract, Table>,
) {
  const { table } = implementation;
  const custom = (implementation.filterBy ?? {}) as Record<string, (value: unknown, query: unknown) => SQL | undefined>;
  const searchColumns = contract.searchable.map((key) => columnOf(table, contract, key));
  const conditions = Object.entries(contract.filters).map(([key, spec]) => {
    if (custom[key]) return custom[key];
    if (spec.kind === 'text') return (value: unknown) => textSearch(value as string, ...searchColumns);
    const column = columnOf(table, contract, key);
    if (spec.kind === 'list') {
      return (value: unknown) => ((value as unknown[]).length ? inArray(column, value as unknown[]) : undefined);
    }
    return (value: unknown) => eq(column, value);
  });
  const filterKeys = Object.keys(contract.filters);
  const sortBy = (implementation.sortBy ?? {}) as Record<string, AnyPgColumn | SQL>;
  const hooks = implementation.hooks ?? {};
  const missing = (contract.includes ?? []).filter((name) => !hooks.includes?.[name]);
  if (missing.length) throw new Error(`${contract.name}: no fill for the declared include ${missing.join(', ')}`);
  type Query = { page: number; perPage: number; sort?: string; include?: string[] } & Record<string, unknown>;
  // The engine keeps rows as plain records; the row type above is what the hooks see of them.
  type EngineHooks = Pick<
    ResourceDefinition<Query, unknown, unknown>,
    'includes' | 'fill' | 'authorize' | 'changed' | 'validate' | 'create' | 'update' | 'remove' | 'csv'
  >;
  const engineHooks = { ...hooks, csv: implementation.csv } as unknown as EngineHooks;
  const definition: ResourceDefinition<Query, unknown, unknown> = {
    name: contract.name,
    label: contract.label,
    table,
    item: contract.item,
    listQuery: contract.listQuery as z.ZodType<Query>,
    createBody: contract.create,
    updateBody: contract.update,
    operations: contract.offers ?? ['list', 'get', 'create', 'update', 'delete'],
    access: contract.permission,
    sorts: Object.fromEntries(contract.sorts.map((key) => [key, sortBy[key] ?? columnOf(table, contract, key)])),
    defaultSort: contract.defaultSort,
    filters: (query) =>
      filterKeys.map((key, index) => (query[key] === undefined ? undefined : conditions[index]?.(query[key], query))),
    ...engineHooks,
  };
  if (implementation.scope) definition.scope = implementation.scope;
  if (contract.listAll) definition.listAll = true;
  if (implementation.large) definition.large = true;
  if (contract.parent) {
    if (!implementation.parent) throw new Error(`${contract.name}: a nested resource needs its parent's column`);
    definition.parent = { ...contract.parent, ...implementation.parent };
  } else if (implementation.parent) {
    throw new Error(`${contract.name}: the contract declares no parent`);
  }
  return definition;
}

/**
 * A resource's routes — list, export, get, create, update, delete — from its contract and its
 * implementation (`registerResource(app, manufacturersContract, { table: manufacturers, … })`).
 */
export function registerResource<Contract extends ResourceContract, Table extends TableWithId>(
  app: FastifyInstance,
  contract: Contract,
  implementation: ResourceImplementation<Contract, Table>,
): void {
  registerDefinition(app, definitionOf(contract, implementation));
}

/** The request a handler of an operation receives: params, query and body as their schemas output them. */
export type OperationRequest<Operation extends OperationDefinition> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> & {
  params: Output<Operation['params']>;
  query: Output<Operation['query']>;
  body: Output<Operation['body']>;
};
export type OperationHandler<Operation extends OperationDefinition> = (
  request: OperationRequest<Operation>,
  reply: FastifyReply,
) => Promise<OperationOutput<Operation> | FastifyReply>;

const ERROR_RESPONSES = problemResponses(400, 401, 403, 404);

/**
 * One operation that is not part of a resource's five (`POST /api/proofs/:id/approve`), registered
 * from its contract with a named handler: `implement(app, approveProof, async function approve(…) {…})`.
 * The route's schema, permission and OpenAPI entry all come from the operation.
 */
export function implement<const Operation extends OperationDefinition>(
  app: FastifyInstance,
  operation: Operation,
  handler: OperationHandler<Operation>,
): void {
  const config: FastifyContextConfig = operation.public
    ? { public: true }
    : {
        ...(operation.permission ? { permission: operation.permission } : {}),
        ...(operation.mfaStep ? { mfaStep: true } : {}),
        ...(operation.passwordStep ? { passwordStep: true } : {}),
      };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: operation.method,
    url: operation.path,
    config,
    ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
    schema: {
      ...(operation.tags ? { tags: [...operation.tags] } : {}),
      ...(operation.summary ? { summary: operation.summary } : {}),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response: { ...ERROR_RESPONSES, ...operation.responses },
    },
    // The schemas above make the request what `OperationRequest` says; Fastify cannot see that through them.
    handler: handler as never,
  });
}
