import { users } from '@colophon/db';
import { can, mayAssignRole, type UserChange, userChangeRefusal, userRole } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import { userVisible } from '../../access/scope';
import type { UserRow } from '../../context';
import type { ResourceContext } from '../../engine/resource';
import { forbidden, invalidField, notFound } from '../../errors';

/**
 * Who may read and who may change a user, in one place: every route that reads a user's
 * sub-resources or changes a user asks here (issue 8). The rank rule itself is the domain's
 * (`userChangeRefusal` in packages/domain/src/roleRanks.ts), shared with the web.
 */

/** A user of the caller's tenant (another tenant's user answers as missing, 404). */
export async function visibleUser(context: ResourceContext, id: number): Promise<UserRow> {
  const [user] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), userVisible(context.auth)))
    .limit(1);
  if (!user) throw notFound(`User ${id}`);
  return user;
}

/**
 * The read rule of a user and of everything under `/api/users/{id}/…`: oneself always; anyone else
 * with `users.view` (403 without), and only within the caller's tenant (404 outside it), as
 * `GET /api/users/{id}` reads them.
 */
export async function readableUser(context: ResourceContext, id: number): Promise<UserRow> {
  if (id === context.auth.user.id) return context.auth.user;
  if (!can(context.auth.user, 'users.view')) throw forbidden('You may see only your own user.');
  return visibleUser(context, id);
}

/**
 * The change rule: changing another user takes `users.manage`, and the domain's rank rule (only
 * oneself or users ranking below; never a super administrator but oneself). A rule about one's own
 * account (no deactivating oneself, no changing one's own role) is a 400 on `selfField`; any other
 * refusal a 403 that says why.
 */
export function assertMayChangeUser(
  context: ResourceContext,
  target: UserRow,
  change: UserChange,
  selfField = 'id',
): void {
  const actor = context.auth.user;
  if (target.id !== actor.id && !can(actor, 'users.manage')) throw forbidden();
  const refusal = userChangeRefusal(actor, target, change);
  if (!refusal) return;
  if (refusal.kind === 'self') throw invalidField(selfField, refusal.message);
  throw forbidden(refusal.message);
}

/** A user of the caller's tenant whom the caller may change this way (404, then 403 / 400). */
export async function changeableUser(
  context: ResourceContext,
  id: number,
  change: UserChange,
  selfField?: string,
): Promise<UserRow> {
  const user = await visibleUser(context, id);
  assertMayChangeUser(context, user, change, selfField);
  return user;
}

/** A role the caller may give (the domain's `mayAssignRole`), else 400 on `role`. */
export function assertMayAssignRole(context: ResourceContext, role: number) {
  if (!mayAssignRole(context.auth.user, role)) {
    throw invalidField('role', `You cannot give the role ${userRole.label(role)}.`);
  }
}
