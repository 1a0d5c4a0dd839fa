import { rosterGrade } from '@colophon/domain';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  manageRoster,
  type RosterContext,
  requireDistrict,
  requireSchool,
  schoolsVisible,
  viewRoster,
} from '../access';
import {
  bulkInsertUpdateResultSchema,
  bulkInsertUpdateSchema,
  bulkRemoveResultSchema,
  bulkRemoveSchema,
  idParamsSchema,
  individualCreateSchema,
  individualDeleteQuerySchema,
  individualListQuerySchema,
  individualPageSchema,
  individualSchema,
  individualUpdateSchema,
  relationCreateSchema,
  relationListQuerySchema,
  relationSchema,
} from '../contract';
import { pageOf } from '../paging';
import { individuals, relations, schools } from '../schema';
import { writeIndividuals } from '../write-individuals';
import { startingWith } from './districts';

const individualColumns = getTableColumns(individuals);

/** The school's order of grades (PK, KG, 01 … 13, Other), not the codes' alphabetical one. */
const gradeOrder = sql`array_position(${sql.raw(
  `array[${rosterGrade.codes.map((code) => `'${code}'`).join(',')}]::text[]`,
)}, ${individuals.grade}::text)`;
const byName = [asc(individuals.familyName), asc(individuals.givenName), asc(individuals.id)];
const byNameDescending = [desc(individuals.familyName), desc(individuals.givenName), desc(individuals.id)];
// People without a grade or homeroom (staff, mostly) come last either way.
const sortOrders = {
  familyName: byName,
  '-familyName': byNameDescending,
  givenName: [asc(individuals.givenName), asc(individuals.familyName), asc(individuals.id)],
  '-givenName': [desc(individuals.givenName), desc(individuals.familyName), desc(individuals.id)],
  grade: [sql`${gradeOrder} asc nulls last`, ...byName],
  '-grade': [sql`${gradeOrder} desc nulls last`, ...byName],
  homeroom: [sql`${individuals.homeroom} asc nulls last`, ...byName],
  '-homeroom': [sql`${individuals.homeroom} desc nulls last`, ...byName],
  updatedAt: [asc(individuals.updatedAt), asc(individuals.id)],
  '-updatedAt': [desc(individuals.updatedAt), desc(individuals.id)],
} as const;

/** A case-blind prefix of the given, family or preferred name, or of "given family". */
function nameSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = sql`lower(${startingWith(search)})`;
  return or(
    sql`lower(${individuals.familyName}) like ${pattern}`,
    sql`lower(${individuals.givenName}) like ${pattern}`,
    sql`lower(${individuals.preferredName}) like ${pattern}`,
    sql`lower(${individuals.givenName} || ' ' || ${individuals.familyName}) like ${pattern}`,
  );
}

/** A person of a school the caller sees; anyone else's reads as unknown. */
export async function requireIndividual(context: RosterContext, id: number, field?: string) {
  const [row] = await context.db
    .select(individualColumns)
    .from(individuals)
    .innerJoin(schools, eq(schools.id, individuals.schoolId))
    .where(and(eq(individuals.id, id), schoolsVisible(context)))
    .limit(1);
  if (!row) {
    throw field
      ? context.host.problem('not_found', 'The person was not found.', field)
      : context.host.problem('not_found', 'The person was not found.');
  }
  return row;
}

/** A sourcedId names one person of a school. */
async function requireFreeSourcedId(context: RosterContext, schoolId: number, sourcedId: string | null, self?: number) {
  if (sourcedId === null) return;
  const [taken] = await context.db
    .select({ id: individuals.id })
    .from(individuals)
    .where(
      and(
        eq(individuals.schoolId, schoolId),
        eq(individuals.sourcedId, sourcedId),
        self ? ne(individuals.id, self) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw context.host.problem('conflict', 'Another person of this school has this sourcedId', 'sourcedId');
}

export function registerIndividualRoutes(
  instance: FastifyInstance,
  contextOf: (request: FastifyRequest) => RosterContext,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['individuals'];

  app.get(
    '/roster/individuals',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: "A school's or district's people, searched by name and filtered, a page at a time",
        querystring: individualListQuerySchema,
        response: { 200: individualPageSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { page, perPage, sort, schoolId, districtId, search, grade, homeroom, role, status } = request.query;
      if (schoolId) await requireSchool(context, schoolId);
      if (districtId) await requireDistrict(context, districtId);
      const where = and(
        schoolsVisible(context),
        schoolId ? eq(individuals.schoolId, schoolId) : undefined,
        districtId ? eq(schools.districtId, districtId) : undefined,
        eq(individuals.status, status),
        grade ? inArray(individuals.grade, grade) : undefined,
        homeroom ? eq(individuals.homeroom, homeroom) : undefined,
        role ? eq(individuals.role, role) : undefined,
        nameSearch(search),
      );
      return pageOf(
        { page, perPage },
        (window) =>
          context.db
            .select(individualColumns)
            .from(individuals)
            .innerJoin(schools, eq(schools.id, individuals.schoolId))
            .where(where)
            .orderBy(...sortOrders[sort])
            .limit(window.limit)
            .offset(window.offset),
        context.db
          .select({ value: count() })
          .from(individuals)
          .innerJoin(schools, eq(schools.id, individuals.schoolId))
          .where(where),
      );
    },
  );

  app.get(
    '/roster/individuals/:id',
    {
      config: viewRoster,
      schema: { tags, summary: 'One person', params: idParamsSchema, response: { 200: individualSchema } },
    },
    async (request) => requireIndividual(contextOf(request), request.params.id),
  );

  app.post(
    '/roster/individuals',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: 'Add a person to a school by hand',
        body: individualCreateSchema,
        response: { 201: individualSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { schoolId, ...fields } = request.body;
      await requireSchool(context, schoolId);
      await requireFreeSourcedId(context, schoolId, fields.sourcedId);
      const [created] = await context.db
        .insert(individuals)
        .values({ schoolId, ...fields, source: 'manual' })
        .returning();
      if (!created) throw new Error('individual insert returned nothing');
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/roster/individuals/:id',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: "Change a person's details; status active brings a removed person back",
        params: idParamsSchema,
        body: individualUpdateSchema,
        response: { 200: individualSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const person = await requireIndividual(context, request.params.id);
      const { status, ...fields } = request.body;
      await requireFreeSourcedId(context, person.schoolId, fields.sourcedId, person.id);
      const now = new Date();
      const statusChange =
        status && status !== person.status ? { status, removedAt: status === 'removed' ? now : null } : {};
      const [updated] = await context.db
        .update(individuals)
        .set({ ...fields, ...statusChange, source: 'manual', updatedAt: now })
        .where(eq(individuals.id, person.id))
        .returning();
      if (!updated) throw context.host.problem('not_found', 'The person was not found.');
      return updated;
    },
  );

  app.delete(
    '/roster/individuals/:id',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: 'Remove a person (kept, marked removed, so a sync can bring them back); purge=true deletes for good',
        params: idParamsSchema,
        querystring: individualDeleteQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const person = await requireIndividual(context, request.params.id);
      if (request.query.purge) {
        const [deleted] = await context.db
          .delete(individuals)
          .where(eq(individuals.id, person.id))
          .returning({ photoKey: individuals.photoKey });
        // Their portrait goes with them; a failed delete only leaves a file nothing points at.
        if (deleted?.photoKey)
          await context.host.files.delete(deleted.photoKey).catch((err) => request.log.warn({ err }, 'portrait'));
      } else if (person.status !== 'removed') {
        const now = new Date();
        await context.db
          .update(individuals)
          .set({ status: 'removed', removedAt: now, updatedAt: now })
          .where(eq(individuals.id, person.id));
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/roster/individuals/bulk-remove',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: "Remove up to 5,000 of a school's people at once, in one transaction",
        body: bulkRemoveSchema,
        response: { 200: bulkRemoveResultSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { schoolId } = request.body;
      await requireSchool(context, schoolId);
      const ids = [...new Set(request.body.ids)];
      return context.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: individuals.id, status: individuals.status })
          .from(individuals)
          .where(and(eq(individuals.schoolId, schoolId), inArray(individuals.id, ids)))
          .for('update');
        const active = found.filter((row) => row.status === 'active').map((row) => row.id);
        if (active.length > 0) {
          const now = new Date();
          await tx
            .update(individuals)
            .set({ status: 'removed', removedAt: now, updatedAt: now })
            .where(inArray(individuals.id, active));
        }
        return {
          removed: active.length,
          alreadyRemoved: found.length - active.length,
          notFound: ids.length - found.length,
        };
      });
    },
  );

  app.post(
    '/roster/individuals/bulk-insert-update',
    {
      config: manageRoster,
      // 5,000 people with long names and emails pass the service's 1 MiB default.
      bodyLimit: 8 * 1_048_576,
      schema: {
        tags,
        summary:
          "Write up to 5,000 of a school's people: matched by sourcedId and changed, else added; a bad row writes nothing",
        body: bulkInsertUpdateSchema,
        response: { 200: bulkInsertUpdateResultSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { schoolId } = request.body;
      await requireSchool(context, schoolId);
      const { added, changed, unchanged } = await writeIndividuals(context.db, schoolId, request.body.individuals);
      return { added, changed, unchanged };
    },
  );

  app.get(
    '/roster/relation',
    {
      config: viewRoster,
      schema: {
        tags: ['relations'],
        summary: "A person's relations, either way round",
        querystring: relationListQuerySchema,
        response: { 200: z.array(relationSchema) },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const person = await requireIndividual(context, request.query.individualId, 'individualId');
      const otherId = sql<number>`case when ${relations.individualId} = ${person.id}
        then ${relations.relatedIndividualId} else ${relations.individualId} end`;
      const rows = await context.db
        .select({
          id: relations.id,
          individualId: relations.individualId,
          relatedIndividualId: relations.relatedIndividualId,
          kind: relations.kind,
          createdAt: relations.createdAt,
          other: {
            id: individuals.id,
            givenName: individuals.givenName,
            familyName: individuals.familyName,
            role: individuals.role,
          },
        })
        .from(relations)
        .innerJoin(individuals, eq(individuals.id, otherId))
        .where(or(eq(relations.individualId, person.id), eq(relations.relatedIndividualId, person.id)))
        .orderBy(asc(relations.kind), asc(individuals.familyName), asc(individuals.givenName), asc(relations.id));
      return rows;
    },
  );

  app.post(
    '/roster/relation',
    {
      config: manageRoster,
      schema: {
        tags: ['relations'],
        summary: 'Relate two people of one school: guardian, sibling or teacher of',
        body: relationCreateSchema,
        response: { 201: relationSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { individualId, relatedIndividualId, kind } = request.body;
      const person = await requireIndividual(context, individualId, 'individualId');
      const related = await requireIndividual(context, relatedIndividualId, 'relatedIndividualId');
      if (person.id === related.id) {
        throw context.host.problem('validation', 'A person cannot be related to themselves', 'relatedIndividualId');
      }
      if (person.schoolId !== related.schoolId) {
        throw context.host.problem('validation', 'Relate people of the same school only', 'relatedIndividualId');
      }
      const [taken] = await context.db
        .select({ id: relations.id })
        .from(relations)
        .where(
          and(
            eq(relations.individualId, person.id),
            eq(relations.relatedIndividualId, related.id),
            eq(relations.kind, kind),
          ),
        )
        .limit(1);
      if (taken) throw context.host.problem('conflict', 'These two people are already related so', 'kind');
      const [created] = await context.db
        .insert(relations)
        .values({ schoolId: person.schoolId, individualId: person.id, relatedIndividualId: related.id, kind })
        .returning();
      if (!created) throw new Error('relation insert returned nothing');
      const { schoolId: _schoolId, ...relation } = created;
      return reply.code(201).send({
        ...relation,
        other: { id: related.id, givenName: related.givenName, familyName: related.familyName, role: related.role },
      });
    },
  );

  app.delete(
    '/roster/relation/:id',
    {
      config: manageRoster,
      schema: {
        tags: ['relations'],
        summary: 'Remove a relation',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const [relation] = await context.db
        .select({ id: relations.id })
        .from(relations)
        .innerJoin(schools, eq(schools.id, relations.schoolId))
        .where(and(eq(relations.id, request.params.id), schoolsVisible(context)))
        .limit(1);
      if (!relation) throw context.host.problem('not_found', 'The relation was not found.');
      await context.db.delete(relations).where(eq(relations.id, relation.id));
      return reply.code(204).send(null);
    },
  );
}
