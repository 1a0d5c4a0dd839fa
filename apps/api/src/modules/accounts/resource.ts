import { accountListQuerySchema, accountSchema } from '@colophon/contract';
import { accounts } from '@colophon/db';
import { accountType } from '@colophon/domain';
import { eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { accountScope } from '../../access/scope';
import { defineResource } from '../../engine/resource';

/** Accounts as far as access needs them (pickers, linking); the accounts capability adds writing. */
export const accountsResource = defineResource({
  name: 'accounts',
  label: 'Account',
  table: accounts,
  item: accountSchema,
  listQuery: accountListQuerySchema,
  operations: ['list', 'get'],
  access: { read: 'accounts.view', write: 'accounts.manage' },
  sorts: { name: accounts.name, code: accounts.code, type: accounts.type, createdAt: accounts.createdAt },
  defaultSort: 'name',
  scope: (context) => {
    const visible = accountScope(context.auth);
    return visible ? inArray(accounts.id, visible) : undefined;
  },
  filters: (query: z.output<typeof accountListQuerySchema>) => [
    query.search ? or(ilike(accounts.name, `%${query.search}%`), ilike(accounts.code, `%${query.search}%`)) : undefined,
    query.type?.length ? inArray(accounts.type, query.type) : undefined,
    query.country?.length ? inArray(accounts.country, query.country) : undefined,
    query.parentAccountId ? eq(accounts.parentAccountId, query.parentAccountId) : undefined,
    query.isActive === undefined ? undefined : eq(accounts.isActive, query.isActive),
  ],
  csv: [
    { header: 'Code', value: (row) => row.code as string },
    { header: 'Name', value: (row) => row.name as string },
    { header: 'Type', value: (row) => accountType.label(row.type as number) },
    { header: 'Country', value: (row) => row.country as string },
  ],
});
