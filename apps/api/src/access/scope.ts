import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../context';

/**
 * The account ids a user may see: the accounts linked to them plus their children and grandchildren
 * (accounts nest two levels at most). As SQL, so a list filters in the database, never in memory.
 */
export function visibleAccountIdsSql(userId: number): SQL {
  // Three index-friendly branches (linked, children, grandchildren) rather than one OR over every
  // account: each walks accounts_parent_idx from the user's links, so a large tree stays fast.
  return sql`(
    select ua.account_id from user_accounts ua where ua.user_id = ${userId}
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

/** Null for a super administrator (no tenant limit), else the visible-accounts subquery. */
export function accountScope(auth: AuthContext): SQL | null {
  return auth.user.bSuperAdmin ? null : visibleAccountIdsSql(auth.user.id);
}
