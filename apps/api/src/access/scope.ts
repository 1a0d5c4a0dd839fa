import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../context';

/**
 * The account ids a user may see: the accounts linked to them plus their children and grandchildren
 * (accounts nest two levels at most). As SQL, so a list filters in the database, never in memory.
 */
export function visibleAccountIdsSql(userId: number): SQL {
  return sql`(
    select a.id from accounts a
    where a.id in (select ua.account_id from user_accounts ua where ua.user_id = ${userId})
       or a.parent_account_id in (select ua.account_id from user_accounts ua where ua.user_id = ${userId})
       or a.parent_account_id in (
         select c.id from accounts c
         where c.parent_account_id in (select ua.account_id from user_accounts ua where ua.user_id = ${userId})
       )
  )`;
}

/** Null for a super administrator (no tenant limit), else the visible-accounts subquery. */
export function accountScope(auth: AuthContext): SQL | null {
  return auth.user.bSuperAdmin ? null : visibleAccountIdsSql(auth.user.id);
}
