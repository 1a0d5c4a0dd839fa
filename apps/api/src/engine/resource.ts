import {
  bigIdParam,
  bigIdParamsSchema,
  idParam,
  idParamsSchema,
  listEnvelopeSchema,
  problemResponses,
  queryList,
} from '@colophon/contract';
import type { Db } from '@colophon/db';
import type { Permission } from '@colophon/domain';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../context';
import { invalidField, notFound } from '../errors';
import { callerOf } from '../plugins/authentication';
import { toCsv } from './csv';
import { jsonRow } from './json-row';
import { listPage } from './list-page';

type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
type TableWithId = PgTable & { id: AnyPgColumn };
type Row = Record<string, unknown> & { id: number };
export type ResourceChange = 'created' | 'updated' | 'removed';
type IncludeFill = (rows: Row[], context: ResourceContext) => Promise<void>;

interface ListQueryBase {
  page: number;
  perPage: number;
  sort?: string | undefined;
  include?: string[] | undefined;
}

export interface ResourceContext {
  db: Db;
  auth: AuthContext;
  request: FastifyRequest;
  /** The parent's id, on the routes of a nested resource (`/api/proofs/7/proof_comments`). */
  parentId?: number;
}

/** The parent's id of a nested resource's request; a hook of a nested resource can rely on it. */
export function parentIdOf(context: ResourceContext): number {
  if (context.parentId === undefined) throw new Error('parentIdOf: not a nested resource');
  return context.parentId;
}

/** A DELETE that keeps the row and its history (accounts, projects): the row, inactive from now on. */
export async function deactivateRow<Table extends TableWithId>(
  context: ResourceContext,
  table: Table,
  id: number,
): Promise<Table['$inferSelect'] | null> {
  const update = context.db.update(table as TableWithId).set({ isActive: false, updatedAt: new Date() });
  const [row] = (await update.where(eq(table.id, id)).returning()) as Table['$inferSelect'][];
  return row ?? null;
}

/** Where a nested resource hangs: `/api/<name>/:<param>/<child>`, the child's `column` holding the parent's id. */
export interface ResourceParentDefinition {
  name: string;
  param: string;
  /** The child's id parameter (default `id`). */
  itemParam?: string;
  column: AnyPgColumn;
  /** Throws the 404 of a parent the caller cannot see; checked before anything else of the request. */
  visible: (context: ResourceContext, parentId: number) => Promise<unknown>;
}

/** The context every handler hands to scopes and queries: the app's database and the caller. */
export const requestContext = (app: FastifyInstance, request: FastifyRequest): ResourceContext => ({
  db: app.services.db,
  auth: callerOf(request),
  request,
});

/**
 * A resource declared once — table, schemas, filters, sorts, access — gets the spec's generic
 * routes (list, get, create, update, delete) plus a CSV export of the filtered list. A resource
 * writes code only for what is special about it (hooks below).
 */
export interface ResourceDefinition<Query extends ListQueryBase, Create, Update> {
  /** URL segment under /api, and the tag in the OpenAPI document. */
  name: string;
  /** 'Manufacturer': used in messages such as 'Manufacturer 7 was not found.' */
  label: string;
  table: TableWithId;
  item: z.ZodType;
  listQuery: z.ZodType<Query>;
  createBody?: z.ZodType<Create>;
  updateBody?: z.ZodType<Update>;
  operations?: readonly Operation[];
  access: { read?: Permission; write: Permission };
  sorts: Record<string, AnyPgColumn | SQL>;
  defaultSort: string;
  /** Conditions from the list query's own filters. */
  filters?: (query: Query) => (SQL | undefined)[];
  /** The tenant limit: a condition that keeps the caller to their own rows (undefined = none). */
  scope?: (context: ResourceContext) => SQL | undefined;
  /** Extra related data for `include=<name>`, filled in for a page of rows at once. */
  includes?: Record<string, IncludeFill>;
  /** The item's fields that are not columns, filled in for every row the resource answers. */
  fill?: IncludeFill;
  /** A resource under another; its routes check the parent first and keep to its rows. */
  parent?: ResourceParentDefinition;
  /** The list answers every row (of the parent) as `{ data }`, unpaged, without an export. */
  listAll?: boolean;
  /** Millions of rows: a page reads its ids from the sort's index first (`listPage`'s `large`). */
  large?: boolean;
  /** Who may change or remove this row (the author…); throw `forbidden`. Checked before an update and a delete. */
  authorize?: (existing: Row, context: ResourceContext) => void;
  /** After a create, an update or a delete (a history line, a notification). */
  changed?: (change: ResourceChange, row: Row, context: ResourceContext) => Promise<void>;
  /** Checks that need the database (references, cross-field rules); throw `invalidField`. */
  validate?: (input: Partial<Create & Update>, context: ResourceContext, existing?: Row) => Promise<void>;
  /** Replaces the plain insert / update / delete when the resource does more. */
  create?: (input: Create, context: ResourceContext) => Promise<Row>;
  update?: (existing: Row, input: Update, context: ResourceContext) => Promise<Row>;
  remove?: (existing: Row, context: ResourceContext) => Promise<Row | null>;
  csv: { header: string; value: (row: Row) => string | number | boolean | null | undefined }[];
}

const EXPORT_BATCH = 1000;
const EXPORT_MAX_ROWS = 100_000;

export function registerResource<Query extends ListQueryBase, Create, Update>(
  app: FastifyInstance,
  definition: ResourceDefinition<Query, Create, Update>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { table, name, label } = definition;
  const operations = new Set(definition.operations ?? ['list', 'get', 'create', 'update', 'delete']);
  const { parent } = definition;
  const path = parent ? `/api/${parent.name}/:${parent.param}/${name}` : `/api/${name}`;
  const itemParam = parent?.itemParam ?? 'id';
  const itemPath = `${path}/:${itemParam}`;
  // A nested resource is listed under its parent's tag.
  const tags = [parent?.name ?? name];
  const errorResponses = problemResponses(400, 401, 403, 404);
  const changeResponses = problemResponses(400, 401, 403, 404, 409);
  const readPermission = definition.access.read;
  const writePermission = definition.access.write;

  /** The caller and, on a nested route, the parent's id, once the caller may see the parent (404 otherwise). */
  const contextOf = async (request: FastifyRequest): Promise<ResourceContext> => {
    const context = requestContext(app, request);
    if (!parent) return context;
    const parentId = (request.params as Record<string, number>)[parent.param];
    if (parentId === undefined) throw new Error(`${name}: the route has no ${parent.param}`);
    await parent.visible(context, parentId);
    return { ...context, parentId };
  };

  const whereOf = (context: ResourceContext, query?: Query): SQL | undefined =>
    and(
      parent ? eq(parent.column, parentIdOf(context)) : undefined,
      definition.scope?.(context),
      ...(query && definition.filters ? definition.filters(query) : []),
    );

  const isDescending = (sort: string | undefined) => (sort ?? definition.defaultSort).startsWith('-');
  const orderOf = (sort: string | undefined) => {
    const key = sort ?? definition.defaultSort;
    const descending = key.startsWith('-');
    const column = definition.sorts[descending ? key.slice(1) : key] ?? definition.sorts[definition.defaultSort];
    if (!column) throw new Error(`${name}: default sort ${definition.defaultSort} is not declared`);
    return descending ? desc(column) : asc(column);
  };

  // A Map, not the object: `include=__proto__` or `valueOf` must not find Object.prototype's members.
  const includeFills = new Map(Object.entries(definition.includes ?? {}));
  const includeNames = [...includeFills.keys()];
  /** The fills of `include=…`, checked before the handler reads anything: an unknown name is a 400. */
  const fillsOf = (include: string[] | undefined) => {
    const fills = (include ?? []).map((key) => {
      const fill = includeFills.get(key);
      if (!fill) {
        const known = includeNames.length
          ? `one of ${includeNames.join(', ')}`
          : 'none (this resource has no includes)';
        throw invalidField('include', `Unknown include "${key.slice(0, 40)}"; expected ${known}`);
      }
      return fill;
    });
    return [...new Set(fills)];
  };
  const withIncludes = async (rows: Row[], fills: IncludeFill[], context: ResourceContext) => {
    if (definition.fill) await definition.fill(rows, context);
    for (const fill of fills) await fill(rows, context);
    return rows.map(jsonRow);
  };
  // Tables keyed by bigserial (queue rows) take ids past int4; every other table stops at int4.
  const bigIds = table.id.getSQLType().startsWith('big');
  const parentParams = parent ? z.object({ [parent.param]: idParam }) : undefined;
  const idParams = parent
    ? z.object({ [parent.param]: idParam, [itemParam]: bigIds ? bigIdParam : idParam })
    : bigIds
      ? bigIdParamsSchema
      : idParamsSchema;
  const pathParams = parentParams ? { params: parentParams } : {};
  // The key of the parent's column in the table: a plain insert of a nested resource sets it.
  const parentKey = parent ? Object.entries(table).find(([, column]) => column === parent.column)?.[0] : undefined;
  if (parent && !parentKey) throw new Error(`${name}: the parent's column is not a column of the table`);
  const valuesOf = (input: Record<string, unknown>, context: ResourceContext) =>
    parentKey ? { ...input, [parentKey]: parentIdOf(context) } : input;
  const idOf = (request: FastifyRequest) => (request.params as Record<string, number>)[itemParam] as number;

  const findVisible = async (id: number, context: ResourceContext): Promise<Row> => {
    const [row] = (await context.db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), whereOf(context)))
      .limit(1)) as Row[];
    // Another tenant's record answers exactly like a missing one.
    if (!row) throw notFound(`${label} ${id}`);
    return row;
  };

  const readConfig: FastifyContextConfig = readPermission ? { permission: readPermission } : {};
  /** The list's route, whether it pages (with its query) or answers every row. */
  const listRoute = { config: readConfig, schema: { tags, summary: `List ${name}`, ...pathParams } };

  if (operations.has('list') && definition.listAll) {
    routes.get(
      path,
      {
        ...listRoute,
        schema: {
          ...listRoute.schema,
          response: { 200: z.object({ data: z.array(definition.item) }), ...errorResponses },
        },
      },
      async function listAll(request) {
        const context = await contextOf(request);
        const rows = (await context.db
          .select()
          .from(table as PgTable)
          .where(whereOf(context))
          .orderBy(orderOf(undefined), asc(table.id))) as Row[];
        return { data: await withIncludes(rows, [], context) };
      },
    );
  } else if (operations.has('list')) {
    routes.get(
      path,
      {
        ...listRoute,
        schema: {
          ...listRoute.schema,
          querystring: definition.listQuery,
          response: { 200: listEnvelopeSchema(definition.item), ...errorResponses },
        },
      },
      async (request) => {
        const context = await contextOf(request);
        const query = request.query as Query;
        const fills = fillsOf(query.include);
        const { items, total } = await listPage(context.db, {
          from: table as PgTable,
          where: whereOf(context, query),
          orderBy: [orderOf(query.sort)],
          id: table.id,
          // Ties keep the sort's direction, so one index (key desc, id desc) serves the whole order.
          idOrder: isDescending(query.sort) ? 'desc' : 'asc',
          page: query.page,
          perPage: query.perPage,
          large: definition.large ?? false,
        });
        return {
          data: await withIncludes(items as Row[], fills, context),
          total,
          page: query.page,
          perPage: query.perPage,
        };
      },
    );

    routes.get(
      `${path}/export`,
      {
        config: readConfig,
        schema: {
          tags,
          summary: `Export the filtered ${name} as CSV`,
          ...pathParams,
          querystring: definition.listQuery,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const context = await contextOf(request);
        const query = request.query as Query;
        const fills = fillsOf(query.include);
        const where = whereOf(context, query);
        const lines: string[] = [toCsv([definition.csv.map((column) => column.header)])];
        // Batches keep memory flat on large exports; the cap keeps one request bounded.
        for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
          const rows = (await context.db
            .select()
            .from(table as PgTable)
            .where(where)
            // The id breaks ties so batches neither repeat nor skip rows.
            .orderBy(orderOf(query.sort), asc(table.id))
            .limit(EXPORT_BATCH)
            .offset(offset)) as Row[];
          await withIncludes(rows, fills, context);
          lines.push(toCsv(rows.map((row) => definition.csv.map((column) => column.value(row)))));
          if (rows.length < EXPORT_BATCH) break;
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(lines.filter(Boolean).join('\r\n'));
      },
    );
  }

  if (operations.has('get')) {
    routes.get(
      itemPath,
      {
        config: readConfig,
        schema: {
          tags,
          summary: `One ${label.toLowerCase()}`,
          params: idParams,
          querystring: z.object({ include: queryList(z.string().max(40)).optional() }),
          response: { 200: definition.item, ...errorResponses },
        },
      },
      async (request) => {
        const context = await contextOf(request);
        const fills = fillsOf(request.query.include);
        const row = await findVisible(idOf(request), context);
        const [item] = await withIncludes([row], fills, context);
        return item;
      },
    );
  }

  if (operations.has('create') && definition.createBody) {
    routes.post(
      path,
      {
        config: { permission: writePermission },
        schema: {
          tags,
          summary: `Create a ${label.toLowerCase()}`,
          ...pathParams,
          body: definition.createBody,
          response: { 201: definition.item, ...changeResponses },
        },
      },
      async (request, reply) => {
        const context = await contextOf(request);
        const input = request.body as Create;
        await definition.validate?.(input as Partial<Create & Update>, context);
        const row = definition.create
          ? await definition.create(input, context)
          : (
              (await context.db
                .insert(table)
                .values(valuesOf(input as Record<string, unknown>, context))
                .returning()) as Row[]
            )[0];
        if (!row) throw new Error(`${name}: insert returned nothing`);
        await definition.changed?.('created', row, context);
        const [item] = await withIncludes([row], [], context);
        return reply.status(201).send(item);
      },
    );
  }

  if (operations.has('update') && definition.updateBody) {
    routes.put(
      itemPath,
      {
        config: { permission: writePermission },
        schema: {
          tags,
          summary: `Update a ${label.toLowerCase()}`,
          params: idParams,
          body: definition.updateBody,
          response: { 200: definition.item, ...changeResponses },
        },
      },
      async (request) => {
        const context = await contextOf(request);
        const existing = await findVisible(idOf(request), context);
        definition.authorize?.(existing, context);
        const input = request.body as Update;
        await definition.validate?.(input as Partial<Create & Update>, context, existing);
        const changes = { ...(input as Record<string, unknown>) };
        if ('updatedAt' in table) changes.updatedAt = new Date();
        const row = definition.update
          ? await definition.update(existing, input, context)
          : Object.keys(input as object).length === 0
            ? existing
            : ((await context.db.update(table).set(changes).where(eq(table.id, existing.id)).returning()) as Row[])[0];
        if (!row) throw notFound(`${label} ${existing.id}`);
        await definition.changed?.('updated', row, context);
        const [item] = await withIncludes([row], [], context);
        return item;
      },
    );
  }

  if (operations.has('delete')) {
    routes.delete(
      itemPath,
      {
        config: { permission: writePermission },
        schema: {
          tags,
          summary: `Delete a ${label.toLowerCase()}`,
          params: idParams,
          response: { 200: definition.item, 204: z.null(), ...changeResponses },
        },
      },
      async (request, reply) => {
        const context = await contextOf(request);
        const existing = await findVisible(idOf(request), context);
        definition.authorize?.(existing, context);
        if (definition.remove) {
          const kept = await definition.remove(existing, context);
          await definition.changed?.('removed', existing, context);
          if (kept) return reply.status(200).send((await withIncludes([kept], [], context))[0]);
          return reply.status(204).send(null);
        }
        await context.db.delete(table).where(eq(table.id, existing.id));
        await definition.changed?.('removed', existing, context);
        return reply.status(204).send(null);
      },
    );
  }
}
