import { userCreateSchema, userListQuerySchema, userSchema, userUpdateSchema } from '@colophon/contract';
import { accounts, userAccounts, users } from '@colophon/db';
import { userRole } from '@colophon/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountVisible, userVisible } from '../../access/scope';
import type { UserRow } from '../../context';
import { defineResource, type ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { sendSetPasswordLink } from '../auth/routes';
import { assertEmailFree, isNewEmail, requestEmailChange } from './email-change';
import { assertMayAssignRole, assertMayChangeUser } from './guard';
import { pendingEmailOf, pendingEmailsOf } from './pending-email';

describeConstraint('users_email_key', 'email', 'Another user already has this e-mail address.');

type UserListQuery = z.output<typeof userListQuerySchema>;

export async function assertAccountVisible(context: ResourceContext, accountId: number, path = 'accountId') {
  const [account] = await context.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), accountVisible(context.auth, accounts.id)))
    .limit(1);
  if (!account) throw invalidField(path, `Account ${accountId} does not exist or is not yours.`);
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
  scope: (context) => userVisible(context.auth),
  includes: {
    /** The address each user asked to change to and has not confirmed yet (null when none). */
    pendingEmail: async (rows, context) => {
      const pending = await pendingEmailsOf(
        context.db,
        rows.map((row) => row.id),
      );
      for (const row of rows) row.pendingEmail = pending.get(row.id) ?? null;
    },
  },
  filters: (query: UserListQuery) => [
    textSearch(
      query.search,
      users.email,
      users.firstName,
      users.lastName,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
    ),
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
    const target = existing as UserRow;
    assertMayChangeUser(context, target, input.isActive === false ? 'deactivate' : 'edit', 'isActive');
    const { email, ...fields } = input;
    // A new e-mail is only asked for: the link sent to it sets it (email-change.ts).
    const newEmail = isNewEmail(target, email) ? email : null;
    if (newEmail) await assertEmailFree(context.db, newEmail, target.id);
    let row: UserRow = target;
    if (Object.keys(fields).length > 0) {
      const [updated] = await context.db
        .update(users)
        .set({
          ...fields,
          updatedAt: new Date(),
          // Deactivating ends every session of the user.
          ...(fields.isActive === false ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, target.id))
        .returning();
      if (!updated) throw new Error('user update returned nothing');
      row = updated;
    }
    if (newEmail) await requestEmailChange(context.request.server, row, newEmail, context.auth.user);
    return { ...row, pendingEmail: await pendingEmailOf(context.db, row.id) };
  },
  async remove(existing, context) {
    assertMayChangeUser(context, existing as UserRow, 'deactivate', 'id');
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
