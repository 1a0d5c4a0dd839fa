import { userCreateSchema, userListQuerySchema, userSchema, userUpdateSchema } from '@colophon/contract';
import { accounts, userAccounts, users } from '@colophon/db';
import { assignableRoles, userRole } from '@colophon/domain';
import { and, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountScope } from '../../access/scope';
import { defineResource, type ResourceContext } from '../../engine/resource';
import { forbidden, invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { sendSetPasswordLink } from '../auth/routes';

describeConstraint('users_email_key', 'email', 'Another user already has this e-mail address.');

type UserListQuery = z.output<typeof userListQuerySchema>;

/** Users sharing an account in the caller's tree, and the caller; a super admin sees everyone. */
export function usersScope(context: ResourceContext): SQL | undefined {
  const visible = accountScope(context.auth);
  if (!visible) return undefined;
  return or(
    eq(users.id, context.auth.user.id),
    exists(
      context.db
        .select({ one: sql`1` })
        .from(userAccounts)
        .where(and(eq(userAccounts.userId, users.id), inArray(userAccounts.accountId, visible))),
    ),
  );
}

export async function assertAccountVisible(context: ResourceContext, accountId: number, path = 'accountId') {
  const visible = accountScope(context.auth);
  const [account] = await context.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), visible ? inArray(accounts.id, visible) : undefined))
    .limit(1);
  if (!account) throw invalidField(path, `Account ${accountId} does not exist or is not yours.`);
}

export function assertMayAssignRole(context: ResourceContext, role: number) {
  if (!assignableRoles(context.auth.user).includes(role as never)) {
    throw invalidField('role', `You cannot give the role ${userRole.label(role)}.`);
  }
}

export const usersResource = defineResource({
  name: 'users',
  label: 'User',
  table: users,
  item: userSchema,
  listQuery: userListQuerySchema,
  createBody: userCreateSchema,
  updateBody: userUpdateSchema,
  access: { read: 'users.view', write: 'users.manage' },
  sorts: {
    lastName: users.lastName,
    email: users.email,
    role: users.role,
    createdAt: users.createdAt,
    lastSignInAt: users.lastSignInAt,
  },
  defaultSort: 'lastName',
  scope: usersScope,
  filters: (query: UserListQuery) => [
    query.search
      ? or(
          ilike(users.email, `%${query.search}%`),
          ilike(users.firstName, `%${query.search}%`),
          ilike(users.lastName, `%${query.search}%`),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, `%${query.search}%`),
        )
      : undefined,
    query.role?.length ? inArray(users.role, query.role) : undefined,
    query.isActive === undefined ? undefined : eq(users.isActive, query.isActive),
    query.accountId
      ? inArray(
          users.id,
          sql`(select ${userAccounts.userId} from ${userAccounts} where ${userAccounts.accountId} = ${query.accountId})`,
        )
      : undefined,
  ],
  async create(input, context) {
    assertMayAssignRole(context, input.role);
    await assertAccountVisible(context, input.accountId);
    const row = await context.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          timezone: input.timezone,
        })
        .returning();
      if (!created) throw new Error('user insert returned nothing');
      await tx.insert(userAccounts).values({ userId: created.id, accountId: input.accountId });
      return created;
    });
    await sendSetPasswordLink(context.request.server, row, 'welcome');
    return row;
  },
  async update(existing, input, context) {
    if (input.isActive === false && existing.id === context.auth.user.id) {
      throw invalidField('isActive', 'You cannot deactivate yourself.');
    }
    if (existing.bSuperAdmin && !context.auth.user.bSuperAdmin) throw forbidden();
    const [row] = await context.db
      .update(users)
      .set({
        ...input,
        updatedAt: new Date(),
        // Deactivating (or changing the sign-in e-mail) ends every session of the user.
        ...(input.isActive === false || (input.email && input.email !== existing.email)
          ? { tokenVersion: sql`${users.tokenVersion} + 1` }
          : {}),
      })
      .where(eq(users.id, existing.id))
      .returning();
    if (!row) throw new Error('user update returned nothing');
    return row;
  },
  async remove(existing, context) {
    if (existing.id === context.auth.user.id) throw invalidField('id', 'You cannot deactivate yourself.');
    if (existing.bSuperAdmin && !context.auth.user.bSuperAdmin) throw forbidden();
    const [row] = await context.db
      .update(users)
      .set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return row ?? null;
  },
  csv: [
    { header: 'ID', value: (row) => row.id },
    { header: 'First name', value: (row) => row.firstName as string },
    { header: 'Last name', value: (row) => row.lastName as string },
    { header: 'Email', value: (row) => row.email as string },
    { header: 'Role', value: (row) => userRole.label(row.role as number) },
    { header: 'Super admin', value: (row) => (row.bSuperAdmin ? 'Yes' : 'No') },
    { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
    { header: 'Time zone', value: (row) => row.timezone as string },
    {
      header: 'Last sign-in',
      value: (row) => (row.lastSignInAt instanceof Date ? row.lastSignInAt.toISOString() : ''),
    },
  ],
});
