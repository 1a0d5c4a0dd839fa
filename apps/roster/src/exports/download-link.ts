import { queueStatus } from '@colophon/domain';
import type { RosterContext } from '../access';
import type { ExportDownload } from '../exports-contract';
import type { RosterHost } from '../host';
import { EXPORT_KEPT_MS, type RosterExportResult, rosterExportResultSchema } from './export-job';

/**
 * The signed download of a finished export (issue 16: "downloadable through a signed link"). The
 * link is clicked, not called with the roster's session headers, so the link itself is the right to
 * the file: HMAC-SHA256 (host.signLink) over the job and the link's expiry. It lives 15 minutes; the
 * job's page hands out a fresh one each time it is read. The zip is kept 7 days after the export
 * finished; after that the page offers no link and an old link is answered 410.
 */

export const EXPORT_LINK_TTL_MS = 15 * 60_000;

const linkText = (jobId: number, expires: number) => `roster-export-download:${jobId}:${expires}`;

/** The download path (the roster's own, under /roster whether mounted or on ROSTER_URL) and its expiry. */
export function signExportDownload(
  host: Pick<RosterHost, 'signLink'>,
  jobId: number,
  now: Date,
  ttlMs = EXPORT_LINK_TTL_MS,
): { url: string; expiresAt: Date } {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: host.signLink(linkText(jobId, expires)) });
  return { url: `/roster/exports/${jobId}/download?${query}`, expiresAt: new Date(expires * 1000) };
}

/** A forged or altered link is 'invalid'; a genuine one past its time is 'expired'. */
export function checkExportDownload(
  host: Pick<RosterHost, 'verifyLink'>,
  jobId: number,
  expires: number,
  signature: string,
  now: Date,
): 'valid' | 'expired' | 'invalid' {
  if (!host.verifyLink(linkText(jobId, expires), signature)) return 'invalid';
  return expires * 1000 > now.getTime() ? 'valid' : 'expired';
}

/** A finished export's stored zip, while it is kept; null for any other job or result. */
export function keptExport(
  job: { kind: string; status: number; completedAt: Date | null; result: unknown },
  now: Date,
): RosterExportResult | null {
  if (job.kind !== 'export' || job.status !== queueStatus.Complete || !job.completedAt) return null;
  if (now.getTime() - job.completedAt.getTime() >= EXPORT_KEPT_MS) return null;
  const result = rosterExportResultSchema.safeParse(job.result);
  return result.success ? result.data : null;
}

/**
 * What a job's page offers to download: a fresh link for a finished export still kept, to those who
 * may export (roster.manage, as POST export-queue-job); null for every other job or caller.
 */
export function exportDownloadOf(
  context: RosterContext,
  job: { id: number; kind: string; status: number; completedAt: Date | null; result: unknown },
  now = new Date(),
): ExportDownload {
  if (job.kind !== 'export' || !context.caller.can('roster.manage')) return null;
  return keptExport(job, now) ? signExportDownload(context.host, job.id, now) : null;
}
