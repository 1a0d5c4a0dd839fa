import { listEnvelopeSchema } from '@colophon/contract';
import { queueStatus, rosterJobKind } from '@colophon/domain';
import { z } from 'zod';
import { exportDownloadSchema } from './exports-contract';
import { pageQuery } from './page-query';

/**
 * The roster's jobs page (issue 16: `queue-management/jobs`): the `queue_roster` rows the caller's
 * schools own, with their status, progress, counts and faults. zod only, like contract.ts.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Job ids are bigserial: larger than an account id may be. */
export const jobIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const statusCode = z.coerce
  .number()
  .int()
  .refine((value) => queueStatus.has(value), { message: 'Unknown queue status (0 Waiting … 5 Addressed)' });

export const rosterJobListQuerySchema = z.object({
  ...pageQuery,
  kind: z.enum(rosterJobKind.codes).optional(),
  status: statusCode.optional(),
  schoolId: id.optional(),
});

export const rosterJobCountsSchema = z.object({
  added: z.number(),
  changed: z.number(),
  removed: z.number(),
  skipped: z.number(),
});

export const rosterJobFaultSchema = z.object({
  file: z.string(),
  line: z.number(),
  field: z.string().optional(),
  message: z.string(),
});

const rosterJobFields = {
  id: z.number(),
  kind: z.enum(rosterJobKind.codes),
  kindLabel: z.string(),
  status: z.number(),
  statusLabel: z.string(),
  /** 0–100. */
  progress: z.number(),
  counts: rosterJobCountsSchema,
  /** The last error (a failed attempt's, or what a person must look at). */
  error: z.string().nullable(),
  accountId: z.number(),
  schoolId: z.number().nullable(),
  districtId: z.number().nullable(),
  requestedBy: z.number().nullable(),
  attempts: z.number(),
  maxAttempts: z.number(),
  runAfter: z.date(),
  createdAt: z.date(),
  updatedAt: z.date(),
  completedAt: z.date().nullable(),
};

/** A job in the list: its faults counted, not listed. */
export const rosterJobSummarySchema = z.object({ ...rosterJobFields, faultCount: z.number() });
export type RosterJobSummary = z.infer<typeof rosterJobSummarySchema>;

/** One job: its first 1,000 faults by file and line, and how many there were. */
export const rosterJobSchema = z.object({
  ...rosterJobFields,
  faults: z.object({ items: z.array(rosterJobFaultSchema), total: z.number() }),
  /** A finished export's zip (a signed link, fresh on each read) while it is kept; null otherwise. */
  download: exportDownloadSchema,
});
export type RosterJob = z.infer<typeof rosterJobSchema>;

export const rosterJobPageSchema = listEnvelopeSchema(rosterJobSummarySchema);
