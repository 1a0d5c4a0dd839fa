import { enqueueRosterJob } from '@colophon/api/roster-jobs';
import { type Db, queueRoster } from '@colophon/db';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { districtsVisible, manageRoster, type RosterContext, schoolsVisible } from '../access';
import { checkExportDownload, keptExport } from '../exports/download-link';
import type { RosterExportPayload } from '../exports/export-job';
import { exportDownloadParamsSchema, exportDownloadQuerySchema, exportQueueJobBodySchema } from '../exports-contract';
import type { RosterHost } from '../host';
import { rosterJobSchema } from '../jobs-contract';
import { districts, exportPresets, schools } from '../schema';
import { readJob } from './jobs';

const tags = ['exports'];

/** A preset is seen by whoever sees its school, or its district's studio (as on the presets' own calls). */
const presetsVisible = (context: RosterContext): SQL | undefined =>
  or(schoolsVisible(context), districtsVisible(context));

/**
 * Roster exports (issue 16, "Getting rosters out"): `individuals/export-queue-job` queues a preset's
 * export as a roster job (its zip is made by the export processor), and the finished zip is
 * downloaded through the signed link the job's page hands out, without the session headers.
 */
export function registerExportRoutes(
  instance: FastifyInstance,
  contextOf: (request: FastifyRequest) => RosterContext,
  options: { db: Db; host: RosterHost; now?: () => Date },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const now = options.now ?? (() => new Date());

  app.post(
    '/roster/individuals/export-queue-job',
    {
      // Exporting only reads, but it hands out every person's name, e-mail and portrait at once: the
      // people who keep the roster (roster.manage) do it, not those who read it to caption pages.
      config: manageRoster,
      schema: {
        tags,
        summary:
          "Export a preset's people as a zip of the CSV and the portraits: a roster job, answered 202; the job's page offers the download",
        body: exportQueueJobBodySchema,
        response: { 202: rosterJobSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { host } = context;
      const { presetId, schoolId } = request.body;
      const [preset] = await context.db
        .select({ id: exportPresets.id, schoolId: exportPresets.schoolId, districtId: exportPresets.districtId })
        .from(exportPresets)
        .leftJoin(schools, eq(schools.id, exportPresets.schoolId))
        .leftJoin(districts, eq(districts.id, exportPresets.districtId))
        .where(and(eq(exportPresets.id, presetId), presetsVisible(context)))
        .limit(1);
      // Another tenant's preset reads as one that does not exist.
      if (!preset) throw host.problem('not_found', 'The export preset was not found.');

      // The job belongs to one school (its account sees it) or to the district (its studio's account).
      let owner: { accountId: number; rosterSchoolId: number | null; rosterDistrictId: number | null };
      if (preset.schoolId !== null) {
        if (schoolId !== undefined && schoolId !== preset.schoolId) {
          throw host.problem(
            'validation',
            "A school's preset exports that school only; leave schoolId out",
            'schoolId',
          );
        }
        const [school] = await context.db
          .select({ accountId: schools.accountId })
          .from(schools)
          .where(eq(schools.id, preset.schoolId))
          .limit(1);
        if (!school) throw host.problem('not_found', 'The export preset was not found.');
        owner = { accountId: school.accountId, rosterSchoolId: preset.schoolId, rosterDistrictId: null };
      } else if (schoolId !== undefined) {
        const [school] = await context.db
          .select({ accountId: schools.accountId, districtId: schools.districtId })
          .from(schools)
          .where(and(eq(schools.id, schoolId), schoolsVisible(context)))
          .limit(1);
        if (!school) throw host.problem('not_found', 'The school was not found.');
        if (school.districtId !== preset.districtId) {
          throw host.problem('validation', "The school is not one of the preset's district's schools", 'schoolId');
        }
        owner = { accountId: school.accountId, rosterSchoolId: schoolId, rosterDistrictId: null };
      } else {
        const [district] = await context.db
          .select({ studioAccountId: districts.studioAccountId })
          .from(districts)
          .where(eq(districts.id, preset.districtId ?? -1))
          .limit(1);
        if (!district) throw host.problem('not_found', 'The export preset was not found.');
        owner = { accountId: district.studioAccountId, rosterSchoolId: null, rosterDistrictId: preset.districtId };
      }

      const payload: Pick<RosterExportPayload, 'presetId'> = { presetId };
      const job = await enqueueRosterJob(context.db, {
        kind: 'export',
        ...owner,
        requestedBy: context.caller.user.id,
        payload,
      });
      return reply.code(202).send(await readJob(context, job.id));
    },
  );

  app.get(
    '/roster/exports/:jobId/download',
    {
      // Clicked from the job's page: the signed link is the permission, no session headers.
      config: { rosterOpen: true },
      schema: {
        tags,
        summary:
          "A finished export's zip, through the signed link its job's page hands out (15 minutes); 403 when altered, 410 when expired or deleted",
        security: [],
        params: exportDownloadParamsSchema,
        querystring: exportDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { host } = options;
      const { jobId } = request.params;
      const { expires, signature } = request.query;
      const at = now();
      const check = checkExportDownload(host, jobId, expires, signature, at);
      if (check === 'invalid') {
        return host.sendProblem(
          reply,
          403,
          'Forbidden',
          'This download link is not valid. Open the job again for a new one.',
        );
      }
      if (check === 'expired') {
        return host.sendProblem(
          reply,
          410,
          'Gone',
          'This download link has expired. Open the job again for a new one.',
        );
      }
      const [job] = await options.db
        .select({
          kind: queueRoster.kind,
          status: queueRoster.status,
          completedAt: queueRoster.completedAt,
          result: queueRoster.result,
        })
        .from(queueRoster)
        .where(eq(queueRoster.id, jobId))
        .limit(1);
      if (!job) return host.sendProblem(reply, 404, 'Not Found', 'The export was not found.');
      const kept = keptExport(job, at);
      if (!kept) {
        return host.sendProblem(reply, 410, 'Gone', 'This export is no longer kept (7 days). Run the export again.');
      }
      const file = await host.files.getStream(kept.fileKey);
      if (!file) {
        return host.sendProblem(reply, 410, 'Gone', 'This export is no longer kept (7 days). Run the export again.');
      }
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(kept.size))
        .header('Content-Disposition', `attachment; filename="${kept.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(file);
    },
  );
}
