import { createHash } from 'node:crypto';
import type { clientErrorReportSchema } from '@colophon/contract';
import { clientErrorReports, clientErrors } from '@colophon/db';
import {
  CLIENT_ERROR_REPORTS_KEPT,
  clientErrorGroupKey,
  firstStackFrame,
  isStoredClientError,
  redactReportUrl,
} from '@colophon/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext, Services } from '../../context';

type Report = z.output<typeof clientErrorReportSchema>;

export interface Reporter {
  /** The session's user (the impersonated one during an impersonation: the page ran as them). */
  auth: AuthContext | null;
  ip: string;
  userAgent: string | undefined;
}

/** sha256 of the group key: the same message (ids aside) thrown from the same place is one group. */
export function clientErrorFingerprint(message: string, stack: string): string {
  return createHash('sha256').update(clientErrorGroupKey(message, stack)).digest('hex');
}

/**
 * Files one batch: each report that is not console-only noise counts in its group (made on its
 * first sight) and is kept among the group's latest; older reports of the group are dropped.
 */
export async function fileClientErrors(
  services: Pick<Services, 'db' | 'clock'>,
  reports: readonly Report[],
  reporter: Reporter,
): Promise<{ stored: number; ignored: number }> {
  const now = services.clock.now();
  const user = reporter.auth?.user ?? null;
  const userName = user ? `${user.firstName} ${user.lastName}`.trim() || null : null;
  let stored = 0;
  for (const report of reports) {
    if (!isStoredClientError(report.message)) continue;
    // A sign-in link's token in the page address is not kept (the reports are read and exported).
    const url = report.url === undefined ? null : redactReportUrl(report.url);
    await services.db.transaction(async (tx) => {
      const [group] = await tx
        .insert(clientErrors)
        .values({
          fingerprint: clientErrorFingerprint(report.message, report.stack),
          message: report.message,
          firstFrame: firstStackFrame(report.stack),
          count: 1,
          firstSeenAt: now,
          lastSeenAt: now,
          lastUserId: user?.id ?? null,
          lastUrl: url,
        })
        .onConflictDoUpdate({
          target: clientErrors.fingerprint,
          set: {
            count: sql`${clientErrors.count} + 1`,
            lastSeenAt: sql`greatest(${clientErrors.lastSeenAt}, excluded.last_seen_at)`,
            lastUserId: sql`excluded.last_user_id`,
            lastUrl: sql`excluded.last_url`,
          },
        })
        .returning({ id: clientErrors.id, count: clientErrors.count });
      if (!group) throw new Error('client error group upsert returned nothing');
      await tx.insert(clientErrorReports).values({
        groupId: group.id,
        message: report.message,
        stack: report.stack,
        context: report.context ?? null,
        url,
        userId: user?.id ?? null,
        userEmail: user?.email ?? null,
        userName,
        userAgent: reporter.userAgent?.replaceAll('\u0000', '').slice(0, 500) ?? null,
        ip: reporter.ip.slice(0, 64),
        createdAt: now,
      });
      if (group.count > CLIENT_ERROR_REPORTS_KEPT) {
        await tx.execute(sql`
          delete from client_error_reports
          where group_id = ${group.id}
            and id < (
              select id from client_error_reports where group_id = ${group.id}
              order by created_at desc, id desc offset ${CLIENT_ERROR_REPORTS_KEPT - 1} limit 1
            )`);
      }
    });
    stored += 1;
  }
  return { stored, ignored: reports.length - stored };
}
