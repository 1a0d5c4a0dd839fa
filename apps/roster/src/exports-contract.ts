import { z } from 'zod';

/**
 * A roster export (issue 16, "Getting rosters out"): `individuals/export-queue-job` queues a preset's
 * export as a roster job; its zip is downloaded through a signed link. zod only, like jobs-contract.ts.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const exportQueueJobBodySchema = z.object({
  /** The preset to run: a school's runs over that school, a district's over the district's schools. */
  presetId: id,
  /** Narrows a district's preset to one of its schools (for a school's preset: that school, or absent). */
  schoolId: id.optional(),
});
export type ExportQueueJobBody = z.infer<typeof exportQueueJobBodySchema>;

/** Job ids are bigserial: larger than an account id may be. */
export const exportDownloadParamsSchema = z.object({
  jobId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The signed link's query: until when (unix seconds) and the signature over the job and that time. */
export const exportDownloadQuerySchema = z.object({
  expires: z.coerce.number().int().positive().max(99_999_999_999),
  signature: z
    .string()
    .trim()
    .regex(/^[\w-]{43}$/, 'Expected the signature of the download link'),
});

/** What a finished export's job offers its page: a link valid until `expiresAt`, or null. */
export const exportDownloadSchema = z
  .object({
    url: z.string(),
    expiresAt: z.date(),
  })
  .nullable();
export type ExportDownload = z.infer<typeof exportDownloadSchema>;
