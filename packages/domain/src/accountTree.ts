/**
 * The account tree (part 3: parentAccount is nested up to two levels): a studio (depth 0) holds
 * sub-studios or branch offices (depth 1), which hold schools (depth 2). Nothing sits deeper.
 */
export const MAX_ACCOUNT_DEPTH = 2;

/** Any account as seen with its ancestry; `parent` and its `parent` are optional. */
export interface AccountNode {
  readonly parent?: AccountNode | null;
}

/** How deep an account sits: 0 for a root account, 1 under a root, 2 under that. */
export function accountDepth(account: AccountNode): number {
  let depth = 0;
  for (let parent = account.parent; parent; parent = parent.parent) depth += 1;
  return depth;
}

/** The account itself, then its parent, then its grandparent (as far as the tree goes). */
export function accountLineage<Account extends { readonly parent?: Account | null }>(account: Account): Account[] {
  const lineage: Account[] = [];
  for (let node: Account | null | undefined = account; node; node = node.parent) lineage.push(node);
  return lineage;
}

/** Whether a new child may be placed under a parent sitting at `parentDepth` (null: no parent). */
export function canNestUnder(parentDepth: number | null): boolean {
  if (parentDepth === null) return true;
  return Number.isInteger(parentDepth) && parentDepth >= 0 && parentDepth + 1 <= MAX_ACCOUNT_DEPTH;
}

/**
 * Whether a subtree of height `subtreeHeight` (0: a leaf account) may move under a parent at
 * `parentDepth`: its deepest account must still be within two levels.
 */
export function canMoveSubtreeUnder(parentDepth: number | null, subtreeHeight: number): boolean {
  const newRootDepth = parentDepth === null ? 0 : parentDepth + 1;
  return canNestUnder(parentDepth) && newRootDepth + subtreeHeight <= MAX_ACCOUNT_DEPTH;
}
