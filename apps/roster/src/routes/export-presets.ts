import { and, asc, count, desc, eq, getTableColumns, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  districtsVisible,
  manageRoster,
  type RosterContext,
  requireDistrict,
  requireOwner,
  requireSchool,
  schoolsVisible,
  viewRoster,
} from '../access';
import {
  exportPresetCreateSchema,
  exportPresetListQuerySchema,
  exportPresetPageSchema,
  exportPresetSchema,
  exportPresetUpdateSchema,
  idParamsSchema,
  presetOwnerLookupPageSchema,
  presetOwnerLookupQuerySchema,
} from '../contract';
import { pageOf } from '../paging';
import { districts, exportPresets, schools } from '../schema';
import { containing } from './districts';

const presetColumns = {
  ...getTableColumns(exportPresets),
  ownerName: sql<string>`coalesce(${schools.name}, ${districts.name})`,
};

const sortOrders = {
  name: [asc(exportPresets.name), asc(exportPresets.id)],
  '-name': [desc(exportPresets.name), desc(exportPresets.id)],
  updatedAt: [asc(exportPresets.updatedAt), asc(exportPresets.id)],
  '-updatedAt': [desc(exportPresets.updatedAt), desc(exportPresets.id)],
} as const;

/** A preset is seen by whoever sees its school, or its district's studio. */
const presetsVisible = (context: RosterContext): SQL | undefined =>
  or(schoolsVisible(context), districtsVisible(context));

function selectPresets(context: RosterContext) {
  return context.db
    .select(presetColumns)
    .from(exportPresets)
    .leftJoin(schools, eq(schools.id, exportPresets.schoolId))
    .leftJoin(districts, eq(districts.id, exportPresets.districtId));
}

/** A preset of a school or district the caller sees; anyone else's reads as unknown. */
async function requirePreset(context: RosterContext, id: number) {
  const [row] = await selectPresets(context)
    .where(and(eq(exportPresets.id, id), presetsVisible(context)))
    .limit(1);
  if (!row) throw context.host.problem('not_found', 'The export preset was not found.');
  return row;
}

/** A name names one preset of a school or district, whatever its case. */
async function requireFreeName(
  context: RosterContext,
  owner: { schoolId: number | null; districtId: number | null },
  name: string,
  self?: number,
) {
  const [taken] = await context.db
    .select({ id: exportPresets.id })
    .from(exportPresets)
    .where(
      and(
        owner.schoolId !== null
          ? eq(exportPresets.schoolId, owner.schoolId)
          : eq(exportPresets.districtId, owner.districtId ?? 0),
        sql`lower(${exportPresets.name}) = lower(${name})`,
        self ? ne(exportPresets.id, self) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw context.host.problem('conflict', 'Another export preset here has this name', 'name');
}

/** Two saves of one name at once: the unique index refuses the second, answered like the check above. */
async function nameGuarded<T>(context: RosterContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
      const candidate = current as { code?: string; constraint?: string; cause?: unknown };
      if (candidate.code === '23505' && (candidate.constraint ?? '').startsWith('roster_export_presets_')) {
        throw context.host.problem('conflict', 'Another export preset here has this name', 'name');
      }
      current = candidate.cause;
    }
    throw error;
  }
}

export function registerExportPresetRoutes(
  instance: FastifyInstance,
  contextOf: (request: FastifyRequest) => RosterContext,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['export presets'];

  app.get(
    '/roster/export-presets',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: "Export presets of the caller's schools and districts, a page at a time",
        querystring: exportPresetListQuerySchema,
        response: { 200: exportPresetPageSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { page, perPage, sort, schoolId, districtId, search } = request.query;
      if (schoolId) await requireSchool(context, schoolId);
      if (districtId) await requireDistrict(context, districtId);
      const where = and(
        presetsVisible(context),
        schoolId ? eq(exportPresets.schoolId, schoolId) : undefined,
        districtId ? eq(exportPresets.districtId, districtId) : undefined,
        search ? ilike(exportPresets.name, containing(search)) : undefined,
      );
      return pageOf(
        { page, perPage },
        (window) =>
          selectPresets(context)
            .where(where)
            .orderBy(...sortOrders[sort])
            .limit(window.limit)
            .offset(window.offset),
        context.db
          .select({ value: count() })
          .from(exportPresets)
          .leftJoin(schools, eq(schools.id, exportPresets.schoolId))
          .leftJoin(districts, eq(districts.id, exportPresets.districtId))
          .where(where),
      );
    },
  );

  app.get(
    '/roster/export-presets/lookups/schools',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: 'Schools the caller may make an export preset for, by name',
        querystring: presetOwnerLookupQuerySchema,
        response: { 200: presetOwnerLookupPageSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { page, perPage, search } = request.query;
      const where = and(schoolsVisible(context), search ? ilike(schools.name, containing(search)) : undefined);
      return pageOf(
        { page, perPage },
        (window) =>
          context.db
            .select({ id: schools.id, name: schools.name })
            .from(schools)
            .where(where)
            .orderBy(asc(schools.name), asc(schools.id))
            .limit(window.limit)
            .offset(window.offset),
        context.db.select({ value: count() }).from(schools).where(where),
      );
    },
  );

  app.get(
    '/roster/export-presets/lookups/districts',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: 'Districts the caller may make an export preset for, by name',
        querystring: presetOwnerLookupQuerySchema,
        response: { 200: presetOwnerLookupPageSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { page, perPage, search } = request.query;
      const where = and(districtsVisible(context), search ? ilike(districts.name, containing(search)) : undefined);
      return pageOf(
        { page, perPage },
        (window) =>
          context.db
            .select({ id: districts.id, name: districts.name })
            .from(districts)
            .where(where)
            .orderBy(asc(districts.name), asc(districts.id))
            .limit(window.limit)
            .offset(window.offset),
        context.db.select({ value: count() }).from(districts).where(where),
      );
    },
  );

  app.get(
    '/roster/export-presets/:id',
    {
      config: viewRoster,
      schema: { tags, summary: 'One export preset', params: idParamsSchema, response: { 200: exportPresetSchema } },
    },
    async (request) => requirePreset(contextOf(request), request.params.id),
  );

  app.post(
    '/roster/export-presets',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: "Save an export preset for one of the caller's schools or districts",
        body: exportPresetCreateSchema,
        response: { 201: exportPresetSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { schoolId, districtId, ...fields } = request.body;
      const owner = await requireOwner(context, { schoolId, districtId });
      await requireFreeName(context, owner, fields.name);
      const [created] = await nameGuarded(context, () =>
        context.db
          .insert(exportPresets)
          .values({ ...owner, ...fields, createdBy: context.caller.user.id })
          .returning({ id: exportPresets.id }),
      );
      if (!created) throw new Error('export preset insert returned nothing');
      return reply.code(201).send(await requirePreset(context, created.id));
    },
  );

  app.put(
    '/roster/export-presets/:id',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: "Change an export preset's people, columns, layout or order (it stays its owner's)",
        params: idParamsSchema,
        body: exportPresetUpdateSchema,
        response: { 200: exportPresetSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const preset = await requirePreset(context, request.params.id);
      await requireFreeName(context, preset, request.body.name, preset.id);
      await nameGuarded(context, () =>
        context.db
          .update(exportPresets)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(exportPresets.id, preset.id)),
      );
      return requirePreset(context, preset.id);
    },
  );

  app.delete(
    '/roster/export-presets/:id',
    {
      config: manageRoster,
      schema: { tags, summary: 'Delete an export preset', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const preset = await requirePreset(context, request.params.id);
      await context.db.delete(exportPresets).where(eq(exportPresets.id, preset.id));
      return reply.code(204).send(null);
    },
  );
}
