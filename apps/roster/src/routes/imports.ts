import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { enqueueRosterJob } from '@colophon/api/roster-jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { manageRoster, type RosterContext, requireDistrict, requireSchool } from '../access';
import { MAX_ROSTER_BUNDLE_BYTES, openRosterBundle, RosterBundleError } from '../imports';
import type { RosterImportPayload } from '../imports/import-job';
import { rosterJobSchema } from '../jobs-contract';
import { readJob } from './jobs';

const positiveId = /^[1-9]\d{0,9}$/;
const sizeOf = (bytes: number) =>
  bytes >= 1_048_576 ? `${Math.floor(bytes / 1_048_576)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;

/**
 * `POST /roster/imports`: a OneRoster bundle (multipart `file`) for a school or district becomes an
 * import job. The upload is spooled to a temporary file under the size cap and opened (a zip that is
 * no bundle is refused here, 400 naming `file`, and nothing is kept), then stored in the dashboard's
 * file store, where the worker of any process reads it, and the job queued: 202 with the job.
 */
export function registerImportRoutes(
  instance: FastifyInstance,
  contextOf: (request: FastifyRequest) => RosterContext,
  options: { maxBundleBytes?: number } = {},
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const maxBundleBytes = options.maxBundleBytes ?? MAX_ROSTER_BUNDLE_BYTES;

  app.post(
    '/roster/imports',
    {
      config: manageRoster,
      bodyLimit: maxBundleBytes + 1_048_576,
      schema: {
        tags: ['imports'],
        summary:
          'Import a OneRoster 1.1 or 1.2 CSV bundle (multipart: file, the zip, and schoolId or districtId): validated and written by a job, answered 202 with it',
        consumes: ['multipart/form-data'],
        response: { 202: rosterJobSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { host } = context;
      if (!request.isMultipart()) {
        throw host.problem('validation', 'Send the bundle as multipart/form-data with a file field', 'file');
      }
      const folder = await mkdtemp(join(tmpdir(), 'roster-upload-'));
      try {
        const path = join(folder, 'bundle.zip');
        const fields: Record<string, string> = {};
        let fileName: string | undefined;
        let truncated = false;
        for await (const part of request.parts({
          limits: { fileSize: maxBundleBytes, files: 1, fields: 10 },
        })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || fileName !== undefined) {
              part.file.resume();
              continue;
            }
            fileName = part.filename || 'bundle.zip';
            await pipeline(part.file, createWriteStream(path));
            truncated = part.file.truncated;
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value.trim();
          }
        }
        if (truncated) {
          throw host.problem(
            'validation',
            `The bundle is larger than ${sizeOf(maxBundleBytes)}; nothing was imported`,
            'file',
          );
        }
        if (fileName === undefined) throw host.problem('validation', 'Attach the OneRoster bundle (a zip)', 'file');

        const schoolText = fields.schoolId ?? '';
        const districtText = fields.districtId ?? '';
        if ((schoolText === '') === (districtText === '')) {
          throw host.problem('validation', 'Name either a schoolId or a districtId', 'schoolId');
        }
        const field = schoolText ? 'schoolId' : 'districtId';
        if (!positiveId.test(schoolText || districtText)) throw host.problem('validation', 'Expected an id', field);
        const owner = schoolText
          ? { school: await requireSchool(context, Number(schoolText)) }
          : { district: await requireDistrict(context, Number(districtText)) };

        try {
          await openRosterBundle(path, { maxBundleBytes });
        } catch (error) {
          if (error instanceof RosterBundleError) throw host.problem('validation', error.message, 'file');
          throw error;
        }

        const fileKey = `roster-imports/${randomUUID()}.zip`;
        await host.files.putStream(fileKey, createReadStream(path), 'application/zip', { maxBytes: maxBundleBytes });
        const payload: Omit<RosterImportPayload, 'kind'> = { fileKey, fileName };
        const job = await enqueueRosterJob(context.db, {
          kind: 'import',
          accountId: owner.school ? owner.school.accountId : owner.district.studioAccountId,
          rosterSchoolId: owner.school?.id ?? null,
          rosterDistrictId: owner.district?.id ?? null,
          requestedBy: context.caller.user.id,
          payload,
        });
        return reply.code(202).send(await readJob(context, job.id));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );
}
