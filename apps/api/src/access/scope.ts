import { accounts, type Db, userAccounts, users } from '@colophon/db';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserRow } from '../context';

/**
 * Tenant visibility, stated once: which accounts a caller sees.
 *
 * A caller sees the accounts linked to them (`user_accounts`) and every account below those: their
 * children and grandchildren (accounts nest two levels at most). A super administrator sees every
 * account. During an impersonation the caller is the impersonated user (`auth.user`), never the
 * super administrator behind it.
 *
 * Every route and report filters through one of the forms below. Each is this one set, starting
 * from the caller's links (`linkedTo`) and walking accounts_parent_idx, in the shape its query
 * needs: a subquery of ids, a condition on an account column, a condition on `accounts` rows, one
 * account asked upwards. None is one OR over every account. Each answers `null`/`undefined` for a
 * super administrator (no limit).
 */

/** Who is asking: an `AuthContext`, or anything holding the user a call acts as. */
export interface Viewer {
  user: Pick<UserRow, 'id' | 'bSuperAdmin'>;
}

/** The accounts linked to a user, where their view of the tree starts (a select, for `in (…)`). */
function linkedTo(userId: number): SQL {
  return sql`select ua.account_id from user_accounts ua where ua.user_id = ${userId}`;
}

/** The user whose tree limits the caller, or null for a super administrator. */
function limitedTo(viewer: Viewer): number | null {
  return viewer.user.bSuperAdmin ? null : viewer.user.id;
}

/**
 * The account ids a user sees, as a subquery: three index-friendly branches (linked, children,
 * grandchildren) rather than one OR over every account; each walks accounts_parent_idx from the
 * user's links, so a large tree stays fast. Ignores super administration (see `visibleAccountIds`).
 */
export function visibleAccountIdsSql(userId: number): SQL {
  return sql`(
    ${linkedTo(userId)}
    union all
    select child.id from accounts child
      join user_accounts ua on child.parent_account_id = ua.account_id
      where ua.user_id = ${userId}
    union all
    select grandchild.id from accounts grandchild
      join accounts child on grandchild.parent_account_id = child.id
      join user_accounts ua on child.parent_account_id = ua.account_id
      where ua.user_id = ${userId}
  )`;
}

/** The account ids the caller sees as a subquery (null for a super administrator: no limit). */
export function visibleAccountIds(viewer: Viewer): SQL | null {
  const userId = limitedTo(viewer);
  return userId === null ? null : visibleAccountIdsSql(userId);
}

/** Rows whose account (`column`) the caller sees: the condition of every tenant-owned table. */
export function accountVisible(viewer: Viewer, column: AnyPgColumn): SQL | undefined {
  const visible = visibleAccountIds(viewer);
  return visible ? inArray(column, visible) : undefined;
}

/** The caller's tree as plain ids: the linked accounts, and those with the children of those. */
export interface ResolvedTree {
  linked: number[];
  parents: number[];
}

/**
 * The caller's tree read first as plain ids (null for a super administrator), so that a search
 * then reads only their accounts through the id and parent indexes (`visibleAccountRows`).
 */
export async function resolveVisibleTree(db: Db, viewer: Viewer): Promise<ResolvedTree | null> {
  const userId = limitedTo(viewer);
  if (userId === null) return null;
  const linked = (
    await db.select({ id: userAccounts.accountId }).from(userAccounts).where(eq(userAccounts.userId, userId))
  ).map((row) => row.id);
  const children =
    linked.length === 0
      ? []
      : (await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.parentAccountId, linked))).map(
          (row) => row.id,
        );
  return { linked, parents: [...linked, ...children] };
}

/**
 * The same set tested on a row of `accounts`: the account is linked, or its parent is linked or a
 * child of a linked account. With a resolved tree the ids are literal (index reads); without one
 * they are hashed subplans, tested on each row rather than joined against a second scan.
 */
export function visibleAccountRows(viewer: Viewer, resolved?: ResolvedTree | null): SQL | undefined {
  const userId = limitedTo(viewer);
  if (userId === null) return undefined;
  if (resolved) {
    if (resolved.linked.length === 0) return sql`false`;
    return or(inArray(accounts.id, resolved.linked), inArray(accounts.parentAccountId, resolved.parents));
  }
  const linked = sql`(${linkedTo(userId)})`;
  return sql`(${accounts.id} in ${linked} or ${accounts.parentAccountId} in (
    ${linkedTo(userId)}
    union all select c.id from accounts c where c.parent_account_id in ${linked}))`;
}

/**
 * The same rule asked of one account, upwards with index lookups: the account, its parent or its
 * grandparent is linked to the caller.
 */
export function oneAccountVisible(viewer: Viewer, accountId: number): SQL | undefined {
  const userId = limitedTo(viewer);
  if (userId === null) return undefined;
  return sql`exists (
    select 1 from user_accounts ua
    where ua.user_id = ${userId}
      and ua.account_id in (
        select a.id from accounts a where a.id = ${accountId}
        union all select a.parent_account_id from accounts a where a.id = ${accountId}
        union all select p.parent_account_id from accounts a join accounts p on p.id = a.parent_account_id where a.id = ${accountId}
      )
  )`;
}

/**
 * The accounts the caller sees and those above them (the parents and grandparents of their linked
 * accounts): what is shared downwards, as presets are, reads through this.
 */
export function accountVisibleOrAbove(viewer: Viewer, column: AnyPgColumn): SQL | undefined {
  const userId = limitedTo(viewer);
  if (userId === null) return undefined;
  const linked = linkedTo(userId);
  const above = sql`(
    select a.parent_account_id from accounts a
    where a.id in (${linked}) and a.parent_account_id is not null
    union all
    select p.parent_account_id from accounts a join accounts p on p.id = a.parent_account_id
    where a.id in (${linked}) and p.parent_account_id is not null
  )`;
  return or(inArray(column, visibleAccountIdsSql(userId)), inArray(column, above));
}

/** Users the caller sees: themselves, and everyone linked to an account of their tree. */
export function userVisible(viewer: Viewer): SQL | undefined {
  const visible = visibleAccountIds(viewer);
  if (!visible) return undefined;
  return or(
    eq(users.id, viewer.user.id),
    sql`exists (select 1 from ${userAccounts} where ${userAccounts.userId} = ${users.id} and ${userAccounts.accountId} in ${visible})`,
  );
}
