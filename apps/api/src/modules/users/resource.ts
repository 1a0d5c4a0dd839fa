import { usersContract } from '@colophon/contract';
import { accounts, userAccounts, users } from '@colophon/db';
import { userRole } from '@colophon/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible, userVisible } from '../../access/scope';
import type { UserRow } from '../../context';
import { registerResource } from '../../engine/implement';
import type { ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { sendSetPasswordLink } from '../auth/password-links';
import { assertEmailFree, isNewEmail, requestEmailChange } from './email-change';
import { assertMayAssignRole, assertMayChangeUser } from './guard';
import { pendingEmailOf, pendingEmailsOf } from './pending-email';

describeConstraint('users_email_key', 'email', 'Another user already has this e-mail address.');

export async function assertAccountVisible(context: ResourceContext, accountId: number, path = 'accountId') {
  const [account] = await context.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), accountVisible(context.auth, accounts.id)))
    .limit(1);
  if (!account) throw invalidField(path, `Account ${accountId} does not exist or is not yours.`);
}

/** Users (/admin/users): created into an account, deactivated rather than deleted. */
export function registerUsersResource(app: FastifyInstance) {
  registerResource(app, usersContract, {
    table: users,
    scope: (context) => userVisible(context.auth),
    filterBy: {
      search: (search) =>
        textSearch(
          search,
          users.email,
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
        ),
      accountId: (accountId) =>
        inArray(
          users.id,
          sql`(select ${userAccounts.userId} from ${userAccounts} where ${userAccounts.accountId} = ${accountId})`,
        ),
    },
    hooks: {
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
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'First name', value: (row) => row.firstName },
      { header: 'Last name', value: (row) => row.lastName },
      { header: 'Email', value: (row) => row.email },
      { header: 'Role', value: (row) => userRole.label(row.role) },
      { header: 'Super admin', value: (row) => (row.bSuperAdmin ? 'Yes' : 'No') },
      { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
      { header: 'Time zone', value: (row) => row.timezone },
      {
        header: 'Last sign-in',
        value: (row) => (row.lastSignInAt instanceof Date ? row.lastSignInAt.toISOString() : ''),
      },
    ],
  });
}
