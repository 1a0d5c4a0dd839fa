import type { Db } from '@colophon/db';
import { emailChangeRequests } from '@colophon/db';
import { and, desc, gt, inArray, isNull } from 'drizzle-orm';

/**
 * The address each user asked to change to and has not confirmed yet (the newest request still
 * open: unused and unexpired). Users without one are absent from the map.
 */
export async function pendingEmailsOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const pending = new Map<number, string>();
  if (userIds.length === 0) return pending;
  const rows = await db
    .select({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(
      and(
        inArray(emailChangeRequests.userId, [...userIds]),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id));
  for (const row of rows) if (!pending.has(row.userId)) pending.set(row.userId, row.newEmail);
  return pending;
}

export async function pendingEmailOf(db: Db, userId: number): Promise<string | null> {
  return (await pendingEmailsOf(db, [userId])).get(userId) ?? null;
}
