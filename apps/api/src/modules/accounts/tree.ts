import { accounts, rowsOf } from '@colophon/db';
import { type AccountWithCountry, canSeeBrazil } from '@colophon/domain';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { accountVisible, oneAccountVisible } from '../../access/scope';
import type { ResourceContext } from '../../engine/resource';
import { includeAccount } from '../../engine/search-page';
import { invalidField, notFound } from '../../errors';

export type AccountRow = typeof accounts.$inferSelect;

/**
 * The ids of an account and of every account below it (children and grandchildren: nesting stops
 * at two levels), as a subquery for `in (…)`.
 */
export function subtreeIdsSql(rootId: number): SQL {
  return sql`(
    select ${rootId}::int
    union all select c.id from accounts c where c.parent_account_id = ${rootId}
    union all select g.id from accounts g join accounts c on g.parent_account_id = c.id where c.parent_account_id = ${rootId}
  )`;
}

type AccountColumns = typeof accounts._.columns;

/** These columns of `accounts`, for a select: what a related account (a parent, a project's) shows of it. */
export function accountColumns<const Key extends keyof AccountColumns>(...keys: Key[]): Pick<AccountColumns, Key> {
  const columns = getTableColumns(accounts);
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<AccountColumns, Key>;
}

/** What a row that belongs to an account shows of it with `include=account`. */
export interface AccountName {
  id: number;
  code: string;
  name: string;
}

/** `include=account` of rows that belong to an account (notifications, manufacturer relationships). */
export async function includeAccountNames(rows: readonly object[], context: ResourceContext): Promise<void> {
  await includeAccount(
    rows,
    (ids): Promise<AccountName[]> =>
      context.db
        .select(accountColumns('id', 'code', 'name'))
        .from(accounts)
        .where(inArray(accounts.id, ids)),
  );
}

/** The account if the caller may see it, else null (another tenant's account looks missing). */
export async function findVisibleAccount(context: ResourceContext, accountId: number): Promise<AccountRow | null> {
  const [row] = await context.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), oneAccountVisible(context.auth, accountId)))
    .limit(1);
  return row ?? null;
}

/**
 * Which of these accounts the caller may open (the tenant visibility of access/scope.ts), in one
 * query: a screen names a parent or a deciding account to everyone, but links only these (issue 9).
 */
export async function openableAccountIds(
  context: ResourceContext,
  accountIds: readonly number[],
): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  if (context.auth.user.bSuperAdmin) return new Set(accountIds);
  const rows = await context.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, [...accountIds]), accountVisible(context.auth, accounts.id)));
  return new Set(rows.map((row) => row.id));
}

/** The account a call acts on with the ids of its children, in one lookup: 404 when it is missing or another tenant's. */
export async function requireVisibleAccountWithChildren(
  context: ResourceContext,
  accountId: number,
): Promise<{ id: number; children: number[] }> {
  const visible = oneAccountVisible(context.auth, accountId);
  const [row] = await rowsOf<{ id: number; children: number[] }>(
    context.db.execute(sql`
      select a.id, array(select c.id from accounts c where c.parent_account_id = a.id) as children
      from accounts a where a.id = ${accountId}${visible ? sql` and ${visible}` : sql``}`),
  );
  if (!row) throw notFound(`Account ${accountId}`);
  return { id: Number(row.id), children: (row.children ?? []).map(Number) };
}

/** The account a call acts on: 404 when it is missing or another tenant's. */
export async function requireVisibleAccount(context: ResourceContext, accountId: number): Promise<AccountRow> {
  const row = await findVisibleAccount(context, accountId);
  if (!row) throw notFound(`Account ${accountId}`);
  return row;
}

/** An account a body refers to: 400 naming the field when it is missing or another tenant's. */
export async function requireReferencedAccount(
  context: ResourceContext,
  accountId: number,
  path: string,
): Promise<AccountRow> {
  const row = await findVisibleAccount(context, accountId);
  if (!row) throw invalidField(path, `Account ${accountId} does not exist or is not yours.`);
  return row;
}

/** Accounts a call acts on, all or nothing: 404 naming the first one the caller may not see. */
export async function requireVisibleAccounts(context: ResourceContext, accountIds: readonly number[]) {
  const found = await context.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, [...accountIds]), accountVisible(context.auth, accounts.id)));
  const foundIds = new Set(found.map((row) => row.id));
  const missing = accountIds.find((id) => !foundIds.has(id));
  if (missing !== undefined) throw notFound(`Account ${missing}`);
}

/** The account, its parent and its grandparent (as far as the tree goes), nearest first. */
export async function lineageOf(context: Pick<ResourceContext, 'db'>, accountId: number): Promise<AccountRow[]> {
  const lineage: AccountRow[] = [];
  let nextId: number | null = accountId;
  for (let level = 0; nextId !== null && level < 3; level++) {
    const [row] = await context.db.select().from(accounts).where(eq(accounts.id, nextId)).limit(1);
    if (!row) break;
    lineage.push(row);
    nextId = row.parentAccountId;
  }
  return lineage;
}

/** How many levels hang below an account: 0 for a leaf, 1 with children, 2 with grandchildren. */
export async function subtreeHeight(context: Pick<ResourceContext, 'db'>, accountId: number): Promise<number> {
  const [row] = await rowsOf<{ height: number }>(
    context.db.execute(sql`
      select case
        when exists (select 1 from accounts g join accounts c on g.parent_account_id = c.id where c.parent_account_id = ${accountId}) then 2
        when exists (select 1 from accounts c where c.parent_account_id = ${accountId}) then 1
        else 0 end as height`),
  );
  return Number(row?.height ?? 0);
}

/** Part 6: Brazil is offered to super administrators and to users with an account, parent or grandparent in Brazil. */
export async function callerCanSeeBrazil(context: ResourceContext): Promise<boolean> {
  if (context.auth.user.bSuperAdmin) return true;
  const rows = await rowsOf<{ own: string; parent: string | null; grandparent: string | null }>(
    context.db.execute(sql`
      select a.country as own, p.country as parent, g.country as grandparent
      from user_accounts ua
      join accounts a on a.id = ua.account_id
      left join accounts p on p.id = a.parent_account_id
      left join accounts g on g.id = p.parent_account_id
      where ua.user_id = ${context.auth.user.id}`),
  );
  const linked: AccountWithCountry[] = rows.map((row) => ({
    country: row.own,
    parent: row.parent ? { country: row.parent, parent: row.grandparent ? { country: row.grandparent } : null } : null,
  }));
  return canSeeBrazil(context.auth.user, linked);
}
