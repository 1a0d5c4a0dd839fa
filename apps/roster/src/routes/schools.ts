import { accounts } from '@colophon/db';
import { type RosterSignatureMethodCode, rosterSignatureMethod } from '@colophon/domain';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  manageRoster,
  type RosterContext,
  requireDistrict,
  requireOwner,
  requireSchool,
  schoolsVisible,
  viewRoster,
} from '../access';
import {
  configurationCreateSchema,
  configurationSchema,
  configurationUpdateSchema,
  idParamsSchema,
  inheritedConfigSchema,
  linkDistrictSchema,
  mappingSchema,
  mappingUpdateSchema,
  NO_CONFIGURATION,
  ownerQuerySchema,
  rosterJobSchema,
  schoolDataSchema,
  schoolListQuerySchema,
  schoolPageSchema,
  schoolSchema,
  settingsSchema,
  settingsUpdateSchema,
  syncRequestSchema,
} from '../contract';
import { pageOf } from '../paging';
import { configurations, schools, settings } from '../schema';
import { configurationOfSchool } from '../sync/configuration';
import { enqueueSchoolSync } from '../sync/enqueue';
import { readSchoolData } from '../sync/school-data';
import { containing } from './districts';
import { readJob } from './jobs';

const schoolColumns = {
  id: schools.id,
  accountId: schools.accountId,
  accountName: accounts.name,
  sourcedId: schools.sourcedId,
  name: schools.name,
  districtId: schools.districtId,
  lastSyncAt: schools.lastSyncAt,
  syncStatus: schools.syncStatus,
  syncError: schools.syncError,
  syncCounts: schools.syncCounts,
};

const sortOrders = {
  name: [asc(schools.name), asc(schools.id)],
  '-name': [desc(schools.name), desc(schools.id)],
  lastSyncAt: [sql`${schools.lastSyncAt} asc nulls first`, asc(schools.id)],
  '-lastSyncAt': [sql`${schools.lastSyncAt} desc nulls last`, desc(schools.id)],
} as const;

type ConfigurationRow = typeof configurations.$inferSelect;
/** A configuration as answered: whether a secret is held, never the secret. */
const configurationOf = ({ clientSecretSealed, createdAt: _createdAt, ...row }: ConfigurationRow) => ({
  ...row,
  hasSecret: clientSecretSealed !== null,
});

/**
 * The vendor fields as stored: each only with its kind of authentication (the contract refuses the
 * other), and OAuth 1 signs with HMAC-SHA256 unless the vendor wants HMAC-SHA1.
 */
const vendorColumns = ({
  authKind,
  tokenUrl,
  signatureMethod,
}: {
  authKind: ConfigurationRow['authKind'];
  tokenUrl?: string | null | undefined;
  signatureMethod?: RosterSignatureMethodCode | null | undefined;
}) => ({
  tokenUrl: authKind === 'oauth2' ? (tokenUrl ?? null) : null,
  signatureMethod: authKind === 'oauth1' ? (signatureMethod ?? rosterSignatureMethod.HmacSha256) : null,
});

async function readSchool(context: RosterContext, id: number) {
  const [row] = await context.db
    .select(schoolColumns)
    .from(schools)
    .innerJoin(accounts, eq(accounts.id, schools.accountId))
    .where(eq(schools.id, id));
  if (!row) throw context.host.problem('not_found', 'The school was not found.');
  return row;
}

async function readMapping(context: RosterContext) {
  return context.db
    .select({
      schoolId: schools.id,
      sourcedId: schools.sourcedId,
      name: schools.name,
      accountId: schools.accountId,
      accountName: accounts.name,
      districtId: schools.districtId,
    })
    .from(schools)
    .innerJoin(accounts, eq(accounts.id, schools.accountId))
    .where(schoolsVisible(context))
    .orderBy(asc(accounts.name), asc(schools.id));
}

export function registerSchoolRoutes(instance: FastifyInstance, contextOf: (request: FastifyRequest) => RosterContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/roster/schools',
    {
      config: viewRoster,
      schema: {
        tags: ['schools'],
        summary: 'Schools the caller sees, with their sync state',
        querystring: schoolListQuerySchema,
        response: { 200: schoolPageSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { page, perPage, sort, districtId, search } = request.query;
      const where = and(
        schoolsVisible(context),
        districtId ? eq(schools.districtId, districtId) : undefined,
        search ? ilike(schools.name, containing(search)) : undefined,
      );
      return pageOf(
        { page, perPage },
        (window) =>
          context.db
            .select(schoolColumns)
            .from(schools)
            .innerJoin(accounts, eq(accounts.id, schools.accountId))
            .where(where)
            .orderBy(...sortOrders[sort])
            .limit(window.limit)
            .offset(window.offset),
        context.db.select({ value: count() }).from(schools).where(where),
      );
    },
  );

  app.post(
    '/roster/schools/:id/link-district',
    {
      config: manageRoster,
      schema: {
        tags: ['schools'],
        summary: 'Link a school to a district',
        params: idParamsSchema,
        body: linkDistrictSchema,
        response: { 200: schoolSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      await requireSchool(context, request.params.id);
      await requireDistrict(context, request.body.districtId);
      await context.db
        .update(schools)
        .set({ districtId: request.body.districtId, updatedAt: new Date() })
        .where(eq(schools.id, request.params.id));
      return readSchool(context, request.params.id);
    },
  );

  app.post(
    '/roster/schools/:id/unlink-district',
    {
      config: manageRoster,
      schema: {
        tags: ['schools'],
        summary: 'Take a school out of its district',
        params: idParamsSchema,
        response: { 200: schoolSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      await requireSchool(context, request.params.id);
      await context.db
        .update(schools)
        .set({ districtId: null, updatedAt: new Date() })
        .where(eq(schools.id, request.params.id));
      return readSchool(context, request.params.id);
    },
  );

  app.get(
    '/roster/mapping',
    {
      config: viewRoster,
      schema: {
        tags: ['mapping'],
        summary: 'Roster orgs and the dashboard accounts they are mapped to',
        response: { 200: mappingSchema },
      },
    },
    async (request) => readMapping(contextOf(request)),
  );

  app.put(
    '/roster/mapping',
    {
      config: manageRoster,
      schema: {
        tags: ['mapping'],
        summary: 'Map roster orgs (sourcedId) to dashboard accounts; an account has one roster school',
        body: mappingUpdateSchema,
        response: { 200: mappingSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const visible = context.host.visibleAccountIds(context.caller);
      for (const [index, mapping] of request.body.mappings.entries()) {
        const [account] = await context.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.id, mapping.accountId), visible ? sql`${accounts.id} in ${visible}` : undefined))
          .limit(1);
        if (!account) {
          throw context.host.problem('validation', 'No such account among yours', `mappings.${index}.accountId`);
        }
        if (mapping.districtId) await requireDistrict(context, mapping.districtId);
      }
      await context.db.transaction(async (tx) => {
        for (const mapping of request.body.mappings) {
          const district = mapping.districtId === undefined ? {} : { districtId: mapping.districtId };
          await tx
            .insert(schools)
            .values({ accountId: mapping.accountId, sourcedId: mapping.sourcedId, name: mapping.name, ...district })
            .onConflictDoUpdate({
              target: schools.accountId,
              set: { sourcedId: mapping.sourcedId, name: mapping.name, ...district, updatedAt: new Date() },
            });
        }
      });
      return readMapping(context);
    },
  );

  app.get(
    '/roster/settings',
    {
      config: viewRoster,
      schema: {
        tags: ['settings'],
        summary: "A school's or district's roster settings (the defaults until saved)",
        querystring: ownerQuerySchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const owner = await requireOwner(context, request.query);
      const [row] = await context.db
        .select({
          schoolId: settings.schoolId,
          districtId: settings.districtId,
          syncSchedule: settings.syncSchedule,
          grades: settings.grades,
        })
        .from(settings)
        .where(ownerIs(settings, owner));
      return row ?? { ...owner, syncSchedule: 'off' as const, grades: [] };
    },
  );

  app.put(
    '/roster/settings',
    {
      config: manageRoster,
      schema: {
        tags: ['settings'],
        summary: "Save a school's or district's roster settings",
        body: settingsUpdateSchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const owner = await requireOwner(context, request.body);
      const values = { syncSchedule: request.body.syncSchedule, grades: request.body.grades };
      const [existing] = await context.db.select({ id: settings.id }).from(settings).where(ownerIs(settings, owner));
      if (existing) {
        await context.db
          .update(settings)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(settings.id, existing.id));
      } else {
        await context.db.insert(settings).values({ ...owner, ...values });
      }
      return { ...owner, ...values };
    },
  );

  app.get(
    '/roster/one-roster/inherited-config/:id',
    {
      config: viewRoster,
      schema: {
        tags: ['configurations'],
        summary: "A school's OneRoster configuration: its own, else its district's",
        params: idParamsSchema,
        response: { 200: inheritedConfigSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const school = await requireSchool(context, request.params.id);
      const [own] = await context.db.select().from(configurations).where(eq(configurations.schoolId, school.id));
      if (own) return { schoolId: school.id, source: 'school' as const, configuration: configurationOf(own) };
      if (school.districtId !== null) {
        const [inherited] = await context.db
          .select()
          .from(configurations)
          .where(eq(configurations.districtId, school.districtId));
        if (inherited) {
          return { schoolId: school.id, source: 'district' as const, configuration: configurationOf(inherited) };
        }
      }
      return { schoolId: school.id, source: 'none' as const, configuration: null };
    },
  );

  /** A configuration, if the caller sees the school or district it belongs to; else 404. */
  async function requireConfiguration(context: RosterContext, id: number) {
    const [row] = await context.db.select().from(configurations).where(eq(configurations.id, id));
    if (!row) throw context.host.problem('not_found', 'The configuration was not found.');
    try {
      if (row.schoolId !== null) await requireSchool(context, row.schoolId);
      else if (row.districtId !== null) await requireDistrict(context, row.districtId);
    } catch {
      throw context.host.problem('not_found', 'The configuration was not found.');
    }
    return row;
  }

  app.get(
    '/roster/configurations',
    {
      config: viewRoster,
      schema: {
        tags: ['configurations'],
        summary:
          "A school's or a district's own OneRoster configuration (one per owner, never its secret); 404 when it has none",
        querystring: ownerQuerySchema,
        response: { 200: configurationSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const owner = await requireOwner(context, request.query);
      // The owner's own only: a school's inherited one is inherited-config's answer, not this one's.
      const [row] = await context.db.select().from(configurations).where(ownerIs(configurations, owner));
      if (!row) throw context.host.problem('not_found', NO_CONFIGURATION);
      return configurationOf(row);
    },
  );

  app.get(
    '/roster/configurations/:id',
    {
      config: viewRoster,
      schema: {
        tags: ['configurations'],
        summary: 'One OneRoster configuration (never its secret)',
        params: idParamsSchema,
        response: { 200: configurationSchema },
      },
    },
    async (request) => configurationOf(await requireConfiguration(contextOf(request), request.params.id)),
  );

  app.post(
    '/roster/configurations',
    {
      config: manageRoster,
      schema: {
        tags: ['configurations'],
        summary: "A school's or district's OneRoster endpoint and credentials; the secret is sealed at rest",
        body: configurationCreateSchema,
        response: { 201: configurationSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const owner = await requireOwner(context, request.body);
      const {
        clientSecret,
        schoolId: _school,
        districtId: _district,
        tokenUrl,
        signatureMethod,
        ...fields
      } = request.body;
      const [created] = await context.db
        .insert(configurations)
        .values({
          ...owner,
          ...fields,
          ...vendorColumns({ authKind: fields.authKind, tokenUrl, signatureMethod }),
          clientSecretSealed: clientSecret === undefined ? null : context.host.secrets.seal(clientSecret),
        })
        .returning();
      if (!created) throw new Error('configuration insert returned nothing');
      return reply.code(201).send(configurationOf(created));
    },
  );

  app.put(
    '/roster/configurations/:id',
    {
      config: manageRoster,
      schema: {
        tags: ['configurations'],
        summary: 'Change a OneRoster configuration; without clientSecret the stored one stays',
        params: idParamsSchema,
        body: configurationUpdateSchema,
        response: { 200: configurationSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      await requireConfiguration(context, request.params.id);
      const { clientSecret, tokenUrl, signatureMethod, ...fields } = request.body;
      const secret =
        clientSecret === undefined
          ? {}
          : { clientSecretSealed: clientSecret === null ? null : context.host.secrets.seal(clientSecret) };
      const [updated] = await context.db
        .update(configurations)
        .set({
          ...fields,
          ...vendorColumns({ authKind: fields.authKind, tokenUrl, signatureMethod }),
          ...secret,
          updatedAt: new Date(),
        })
        .where(eq(configurations.id, request.params.id))
        .returning();
      if (!updated) throw context.host.problem('not_found', 'The configuration was not found.');
      return configurationOf(updated);
    },
  );

  app.post(
    '/roster/schools/:id/sync',
    {
      config: manageRoster,
      schema: {
        tags: ['schools'],
        summary:
          "Queue a OneRoster sync of the school (its own configuration, else its district's): 202 with the job; 409 if one already waits or runs",
        params: idParamsSchema,
        body: syncRequestSchema,
        response: { 202: rosterJobSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const school = await requireSchool(context, request.params.id);
      if (!(await configurationOfSchool(context.db, school))) {
        throw context.host.problem(
          'validation',
          'The school has no OneRoster configuration, nor has its district: add one first',
          'configuration',
        );
      }
      const job = await enqueueSchoolSync(context.db, school, {
        full: request.body.full,
        requestedBy: context.caller.user.id,
      });
      if (!job) throw context.host.problem('conflict', 'A sync of this school is already waiting or running.');
      return reply.code(202).send(await readJob(context, job.id));
    },
  );

  app.get(
    '/roster/schools/:id/data',
    {
      config: viewRoster,
      schema: {
        tags: ['schools'],
        summary: "The school's roster at a glance: sync state, people by role and grade, homerooms, newest job",
        params: idParamsSchema,
        response: { 200: schoolDataSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      await requireSchool(context, request.params.id);
      return readSchoolData(context, request.params.id);
    },
  );
}

function ownerIs(
  table: typeof settings | typeof configurations,
  owner: { schoolId: number | null; districtId: number | null },
) {
  return owner.schoolId !== null ? eq(table.schoolId, owner.schoolId) : eq(table.districtId, owner.districtId ?? 0);
}
