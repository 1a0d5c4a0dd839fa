import { randomUUID } from 'node:crypto';
import { type Db, layoutSoftwareUsers } from '@colophon/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LayoutSoftwareAdapter, LayoutSoftwareUserResult } from './adapter';

type Row = typeof layoutSoftwareUsers.$inferSelect;

const toResult = (row: Row, status: LayoutSoftwareUserResult['status']): LayoutSoftwareUserResult => ({
  id: row.id,
  software: row.software,
  projectId: row.projectId,
  accountId: row.accountId,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role === 'adviser' ? 'adviser' : 'staff',
  externalUserId: row.externalUserId,
  status,
  createdAt: row.createdAt,
});

/**
 * The embedded default: works offline and keeps its users in `layout_software_users`, one per
 * (software, book, e-mail), with an external id of its own — what a vendor would answer with.
 * Adding the same person twice is harmless (the unique index decides, so concurrent calls agree).
 */
export function createOfflineLayoutSoftware(db: Db): LayoutSoftwareAdapter {
  return {
    name: 'offline',
    async addUser(request) {
      const email = request.email.trim().toLowerCase();
      const [inserted] = await db
        .insert(layoutSoftwareUsers)
        .values({
          software: request.software,
          projectId: request.projectId,
          accountId: request.accountId,
          email,
          firstName: request.firstName,
          lastName: request.lastName,
          role: request.role,
          externalUserId: `offline-${request.software}-${randomUUID()}`,
          addedByUserId: request.addedByUserId,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) return toResult(inserted, 'added');
      const [existing] = await db
        .select()
        .from(layoutSoftwareUsers)
        .where(
          and(
            eq(layoutSoftwareUsers.software, request.software),
            eq(layoutSoftwareUsers.projectId, request.projectId),
            sql`lower(${layoutSoftwareUsers.email}) = ${email}`,
          ),
        )
        .limit(1);
      if (!existing) throw new Error('layout software user vanished between insert and select');
      return toResult(existing, 'already_added');
    },
    async listUsers(software, projectId) {
      const rows = await db
        .select()
        .from(layoutSoftwareUsers)
        .where(and(eq(layoutSoftwareUsers.software, software), eq(layoutSoftwareUsers.projectId, projectId)))
        .orderBy(asc(layoutSoftwareUsers.createdAt), asc(layoutSoftwareUsers.id));
      return rows.map((row) => toResult(row, 'already_added'));
    },
  };
}
