import {
  createUserNotifications,
  createUserPermissions,
  getUserNotifications,
  getUserPermissions,
  linkUserAccount,
  listUserAccounts,
  unlinkUserAccount,
  updateUserNotifications,
  updateUserPermissions,
  type userAccountSchema,
} from '@colophon/contract';
import { accounts, userAccounts, userNotificationPreferences, users } from '@colophon/db';
import { notificationType, permissionsOf } from '@colophon/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import { implement, type OperationRequest } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { listPage } from '../../engine/list-page';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { forbidden, invalidField, notFound } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { assertMayAssignRole, changeableUser, readableUser } from './guard';
import { assertAccountVisible } from './resource';

describeConstraint('user_accounts_user_account_key', 'accountId', 'This account is already linked to the user.');

const permissionsView = (user: typeof users.$inferSelect) => ({
  userId: user.id,
  role: user.role,
  bSuperAdmin: user.bSuperAdmin,
  mfaRequired: user.mfaRequired,
  permissions: permissionsOf(user),
});

async function notificationsView(context: ResourceContext, userId: number) {
  const stored = await context.db
    .select()
    .from(userNotificationPreferences)
    .where(eq(userNotificationPreferences.userId, userId));
  const byType = new Map(stored.map((preference) => [preference.typeNotification, preference.email]));
  // Every notification type is e-mailed unless the user turned it off.
  return {
    userId,
    preferences: notificationType.codes.map((code) => ({ typeNotification: code, email: byType.get(code) ?? true })),
  };
}

const userAccountColumns = {
  id: userAccounts.id,
  userId: userAccounts.userId,
  accountId: userAccounts.accountId,
  createdAt: userAccounts.createdAt,
  account: { id: accounts.id, code: accounts.code, name: accounts.name, type: accounts.type },
};

/** A user's permissions, notification preferences and linked accounts (/api/users/{id}/…, /api/user_accounts). */
export async function registerUserRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  // Every GET under /api/users/{id}/ follows the user's read rule (`readableUser`): oneself, or with
  // users.view a user of one's tenant. Every change follows the change rule (`changeableUser`).
  implement(app, getUserPermissions, async function userPermissions(request) {
    return permissionsView(await readableUser(contextOf(request), request.params.id));
  });

  async function saveUserPermissions(request: OperationRequest<typeof updateUserPermissions>) {
    const context = contextOf(request);
    const user = await changeableUser(context, request.params.id, 'permissions', 'role');
    const { role, bSuperAdmin, mfaRequired } = request.body;
    if ((bSuperAdmin || user.bSuperAdmin) && !context.auth.user.bSuperAdmin) {
      throw forbidden('Only super administrators grant or withdraw super administration.');
    }
    if (role !== user.role) assertMayAssignRole(context, role);
    const [updated] = await context.db
      .update(users)
      // New permissions end every session of the user: their tokens carry the old ones.
      .set({ role, bSuperAdmin, mfaRequired, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw notFound(`User ${user.id}`);
    return permissionsView(updated);
  }
  implement<typeof createUserPermissions>(app, createUserPermissions, saveUserPermissions);
  implement(app, updateUserPermissions, saveUserPermissions);

  implement(app, getUserNotifications, async function userNotifications(request) {
    const context = contextOf(request);
    const user = await readableUser(context, request.params.id);
    return notificationsView(context, user.id);
  });

  async function saveUserNotifications(request: OperationRequest<typeof updateUserNotifications>) {
    const context = contextOf(request);
    // Everyone sets their own; someone else's takes users.manage and a higher rank.
    const user = await changeableUser(context, request.params.id, 'edit');
    const { preferences } = request.body;
    preferences.forEach((preference, index) => {
      if (!notificationType.has(preference.typeNotification)) {
        throw invalidField(
          `preferences.${index}.typeNotification`,
          `Unknown notification type ${preference.typeNotification}.`,
        );
      }
    });
    await context.db.transaction(async (tx) => {
      for (const preference of preferences) {
        await tx
          .insert(userNotificationPreferences)
          .values({ userId: user.id, typeNotification: preference.typeNotification, email: preference.email })
          .onConflictDoUpdate({
            target: [userNotificationPreferences.userId, userNotificationPreferences.typeNotification],
            set: { email: preference.email },
          });
      }
    });
    return notificationsView(context, user.id);
  }
  implement<typeof createUserNotifications>(app, createUserNotifications, saveUserNotifications);
  implement(app, updateUserNotifications, saveUserNotifications);

  implement(app, listUserAccounts, async function userAccountList(request) {
    const context = contextOf(request);
    const query = request.query;
    await readableUser(context, query.userId);
    const where = and(eq(userAccounts.userId, query.userId), accountVisible(context.auth, userAccounts.accountId));
    const order =
      query.sort === '-accountName'
        ? desc(accounts.name)
        : query.sort === 'accountName'
          ? asc(accounts.name)
          : query.sort === '-createdAt'
            ? desc(userAccounts.createdAt)
            : asc(userAccounts.createdAt);
    const { items, total } = await listPage(context.db, {
      fields: userAccountColumns,
      from: userAccounts,
      joins: (select) => select.innerJoin(accounts, eq(accounts.id, userAccounts.accountId)),
      where,
      orderBy: [order],
      id: userAccounts.id,
      page: query.page,
      perPage: query.perPage,
    });
    return { data: items.map(jsonRow), total, page: query.page, perPage: query.perPage };
  });

  implement(app, linkUserAccount, async function linkAccount(request, reply) {
    const context = contextOf(request);
    const user = await changeableUser(context, request.body.userId, 'edit');
    await assertAccountVisible(context, request.body.accountId);
    const [link] = await context.db
      .insert(userAccounts)
      .values({ userId: user.id, accountId: request.body.accountId })
      .returning({ id: userAccounts.id });
    if (!link) throw new Error('user_accounts insert returned nothing');
    const [row] = await context.db
      .select(userAccountColumns)
      .from(userAccounts)
      .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
      .where(eq(userAccounts.id, link.id));
    return reply.status(201).send(jsonRow(row as Record<string, unknown>) as z.infer<typeof userAccountSchema>);
  });

  implement(app, unlinkUserAccount, async function unlinkAccount(request, reply) {
    const context = contextOf(request);
    const [link] = await context.db
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, request.params.id), accountVisible(context.auth, userAccounts.accountId)))
      .limit(1);
    if (!link) throw notFound(`Account link ${request.params.id}`);
    await changeableUser(context, link.userId, 'edit');
    await context.db.delete(userAccounts).where(eq(userAccounts.id, link.id));
    return reply.status(204).send(null);
  });
}
