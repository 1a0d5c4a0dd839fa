import type { SessionUser } from '@colophon/contract';
import { type AdminPage, adminPages, navigationGroupOf } from '@colophon/domain';
import { userCan } from '../lib/access';

export interface NavigationGroup {
  group: AdminPage['group'];
  pages: AdminPage[];
}

/**
 * The navigation: the admin pages of the domain's catalogue that this app has built AND that
 * `can()` allows the user, grouped by their group for this user (`navigationGroupOf`) in catalogue order.
 */
export function navigationFor(
  user: SessionUser | null | undefined,
  builtPaths: ReadonlySet<string>,
): NavigationGroup[] {
  const groups: NavigationGroup[] = [];
  for (const page of adminPages as readonly AdminPage[]) {
    if (!builtPaths.has(page.path) || !userCan(user, page.permission)) continue;
    const group = navigationGroupOf(page, user);
    let entry = groups.find((candidate) => candidate.group === group);
    if (!entry) {
      entry = { group, pages: [] };
      groups.push(entry);
    }
    entry.pages.push(page);
  }
  return groups;
}
