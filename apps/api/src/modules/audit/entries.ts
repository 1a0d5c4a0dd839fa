import { type auditLog, users } from '@colophon/db';
import { auditActionLabel } from '@colophon/domain';
import { inArray } from 'drizzle-orm';
import type { ResourceContext } from '../../engine/resource';

type Person = { name: string | null; email: string };
type AuditRow = typeof auditLog.$inferSelect & {
  actorName?: string | null;
  actorEmail?: string | null;
  asName?: string | null;
  asEmail?: string | null;
  actionLabel?: string;
};

/** "Olivia Owner", or null when the name is blank. */
const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim() || null;

/** The actor and the impersonated user of a page of entries, by id, in one query. */
async function peopleOf(context: ResourceContext, rows: AuditRow[]): Promise<Map<number, Person>> {
  const ids = [...new Set(rows.flatMap((row) => [row.actorUserId, row.asUserId]).filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await context.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((user) => [user.id, { name: fullName(user.firstName, user.lastName), email: user.email }]));
}

/** Who did it (null: the system, a queue, a scheduled job), as whom, and the action in words. */
export async function fillAuditEntries(rows: AuditRow[], context: ResourceContext) {
  const people = await peopleOf(context, rows);
  for (const row of rows) {
    const actor = row.actorUserId === null ? undefined : people.get(row.actorUserId);
    const actingAs = row.asUserId === null ? undefined : people.get(row.asUserId);
    row.actorName = actor?.name ?? null;
    row.actorEmail = actor?.email ?? null;
    row.asName = actingAs?.name ?? null;
    row.asEmail = actingAs?.email ?? null;
    row.actionLabel = auditActionLabel(row.action, row.resource);
  }
}
