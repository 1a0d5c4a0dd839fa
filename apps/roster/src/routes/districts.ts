import { accounts } from '@colophon/db';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  districtsVisible,
  manageRoster,
  type RosterContext,
  requireDistrict,
  schoolsVisible,
  viewRoster,
} from '../access';
import {
  districtAccountsSchema,
  districtCreateSchema,
  districtListQuerySchema,
  districtPageSchema,
  districtSchema,
  districtUpdateSchema,
  idParamsSchema,
} from '../contract';
import { pageOf } from '../paging';
import { districts, schools } from '../schema';

const tags = ['districts'];
const schoolCount = sql<number>`(select count(*)::int from roster.schools s where s.district_id = ${districts.id})`;
const districtColumns = {
  id: districts.id,
  name: districts.name,
  studioAccountId: districts.studioAccountId,
  sourcedId: districts.sourcedId,
  schoolCount,
  createdAt: districts.createdAt,
  updatedAt: districts.updatedAt,
};

const sortOrders = {
  name: [asc(districts.name), asc(districts.id)],
  '-name': [desc(districts.name), desc(districts.id)],
  createdAt: [asc(districts.createdAt), asc(districts.id)],
  '-createdAt': [desc(districts.createdAt), desc(districts.id)],
} as const;

/** `%` and `_` in a search are letters, not patterns (LIKE's default escape is the backslash). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
export const containing = (text: string) => `%${likeLiteral(text)}%`;
/** The roster's name search matches from the start, so the prefix indexes serve it. */
export const startingWith = (text: string) => `${likeLiteral(text)}%`;

/** The studio a district belongs to must be an account the caller sees; another's reads as unknown. */
async function requireStudioAccount(context: RosterContext, accountId: number, field: string) {
  const visible = context.host.visibleAccountIds(context.caller);
  const [account] = await context.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), visible ? sql`${accounts.id} in ${visible}` : undefined))
    .limit(1);
  if (!account) throw context.host.problem('validation', 'No such account among yours', field);
}

async function readDistrict(context: RosterContext, id: number) {
  await requireDistrict(context, id);
  const [row] = await context.db.select(districtColumns).from(districts).where(eq(districts.id, id));
  if (!row) throw context.host.problem('not_found', 'The district was not found.');
  return row;
}

export function registerDistrictRoutes(
  instance: FastifyInstance,
  contextOf: (request: FastifyRequest) => RosterContext,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/roster/districts',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: 'Districts the caller sees, a page at a time',
        querystring: districtListQuerySchema,
        response: { 200: districtPageSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { page, perPage, sort, search, studioAccountId } = request.query;
      const where = and(
        districtsVisible(context),
        search ? ilike(districts.name, containing(search)) : undefined,
        studioAccountId ? eq(districts.studioAccountId, studioAccountId) : undefined,
      );
      return pageOf(
        { page, perPage },
        (window) =>
          context.db
            .select(districtColumns)
            .from(districts)
            .where(where)
            .orderBy(...sortOrders[sort])
            .limit(window.limit)
            .offset(window.offset),
        context.db.select({ value: count() }).from(districts).where(where),
      );
    },
  );

  app.get(
    '/roster/districts/:id',
    {
      config: viewRoster,
      schema: { tags, summary: 'One district', params: idParamsSchema, response: { 200: districtSchema } },
    },
    async (request) => readDistrict(contextOf(request), request.params.id),
  );

  app.post(
    '/roster/districts',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: "Add a district to one of the caller's studios",
        body: districtCreateSchema,
        response: { 201: districtSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      await requireStudioAccount(context, request.body.studioAccountId, 'studioAccountId');
      const [created] = await context.db
        .insert(districts)
        .values({
          name: request.body.name,
          studioAccountId: request.body.studioAccountId,
          sourcedId: request.body.sourcedId ?? null,
        })
        .returning({ id: districts.id });
      if (!created) throw new Error('district insert returned nothing');
      return reply.code(201).send(await readDistrict(context, created.id));
    },
  );

  app.put(
    '/roster/districts/:id',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: 'Rename a district or change its sourcedId',
        params: idParamsSchema,
        body: districtUpdateSchema,
        response: { 200: districtSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      await requireDistrict(context, request.params.id);
      await context.db
        .update(districts)
        .set({ name: request.body.name, sourcedId: request.body.sourcedId ?? null, updatedAt: new Date() })
        .where(eq(districts.id, request.params.id));
      return readDistrict(context, request.params.id);
    },
  );

  app.delete(
    '/roster/districts/:id',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: 'Remove a district; its schools stay, unlinked',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      await requireDistrict(context, request.params.id);
      await context.db.delete(districts).where(eq(districts.id, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/roster/districts/:id/accounts',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: "The dashboard accounts of a district's schools",
        params: idParamsSchema,
        response: { 200: districtAccountsSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      await requireDistrict(context, request.params.id);
      return context.db
        .select({
          accountId: schools.accountId,
          accountName: accounts.name,
          schoolId: schools.id,
          sourcedId: schools.sourcedId,
        })
        .from(schools)
        .innerJoin(accounts, eq(accounts.id, schools.accountId))
        .where(and(eq(schools.districtId, request.params.id), schoolsVisible(context)))
        .orderBy(asc(accounts.name), asc(schools.id));
    },
  );
}
